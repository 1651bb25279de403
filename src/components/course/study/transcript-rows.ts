import type { TranscriptSegment } from "~/lib/schemas/transcript";

/** A row of the virtualised transcript: a section title, or a line (by its index in the segments). */
export type TranscriptRow = { kind: "heading"; key: string; title: string } | { kind: "line"; key: string; line: number };

/**
 * The transcript's rows: each line, with its section's title before the first line of each
 * section. Lines outside every section stay under the title before them.
 */
export function transcriptRows(
  segments: readonly TranscriptSegment[],
  sectionTitles: ReadonlyMap<number, string>,
): { rows: TranscriptRow[]; rowOfLine: number[] } {
  const rows: TranscriptRow[] = [];
  const rowOfLine: number[] = [];
  let section: number | null = null;
  segments.forEach((segment, line) => {
    if (segment.sectionId !== null && segment.sectionId !== section) {
      section = segment.sectionId;
      rows.push({ kind: "heading", key: `s${section}-${line}`, title: sectionTitles.get(section) ?? "Section" });
    }
    rowOfLine.push(rows.length);
    rows.push({ kind: "line", key: `l${line}`, line });
  });
  return { rows, rowOfLine };
}
