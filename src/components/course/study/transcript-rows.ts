import type { TranscriptSegment } from "~/lib/schemas/transcript";

/** A row of the virtualised transcript: a section title, or a line (by its index in the segments). */
export type TranscriptRow = { kind: "heading"; key: string; title: string } | { kind: "line"; key: string; line: number };

/**
 * The transcript's rows: each line, with its section's title before the first line of each
 * section. Lines outside every section stay under the title before them. With `only`, just those
 * lines (and the titles of their sections) are rows; the others' `rowOfLine` is -1.
 */
export function transcriptRows(
  segments: readonly TranscriptSegment[],
  sectionTitles: ReadonlyMap<number, string>,
  only: ReadonlySet<number> | null = null,
): { rows: TranscriptRow[]; rowOfLine: number[] } {
  const rows: TranscriptRow[] = [];
  const rowOfLine: number[] = [];
  let section: number | null = null;
  segments.forEach((segment, line) => {
    if (only && !only.has(line)) {
      rowOfLine.push(-1);
      return;
    }
    if (segment.sectionId !== null && segment.sectionId !== section) {
      section = segment.sectionId;
      rows.push({ kind: "heading", key: `s${section}-${line}`, title: sectionTitles.get(section) ?? "Section" });
    }
    rowOfLine.push(rows.length);
    rows.push({ kind: "line", key: `l${line}`, line });
  });
  return { rows, rowOfLine };
}
