import type { Transcript } from "~/lib/schemas/transcript";
import { sectionAt } from "~/lib/transcript";
import type { DbClient } from "~/server/db";
import { selectCourseTranscriptRef, selectTranscriptLines } from "~/server/db/queries/transcript";

import { courseNotFound } from "../course/get-course";

type Line = { start: number; end: number; text: string };

/**
 * A transcript's lines by transcript id, kept per process. A transcript is written once, when its
 * video is first cached, and never changed (a video fetched again gets a new transcript row), so
 * an entry cannot go stale; the map only bounds memory (a 2-hour transcript is about 1 MB).
 */
const LINES_CACHE_ENTRIES = 16;
const linesCache = new Map<number, readonly Line[]>();

async function transcriptLines(db: DbClient, transcriptId: number): Promise<readonly Line[]> {
  const cached = linesCache.get(transcriptId);
  if (cached) {
    // Most recently used last.
    linesCache.delete(transcriptId);
    linesCache.set(transcriptId, cached);
    return cached;
  }
  const rows = await selectTranscriptLines(db, transcriptId);
  const lines = rows.map(([startMs, endMs, text]) => ({ start: startMs / 1000, end: endMs / 1000, text }));
  linesCache.set(transcriptId, lines);
  if (linesCache.size > LINES_CACHE_ENTRIES) linesCache.delete(linesCache.keys().next().value!);
  return lines;
}

/**
 * The transcript of a course, each line with the section it falls in, under the course's
 * visibility rule (anything the caller may not see is the course's NOT_FOUND). A course from a
 * playlist has its videos' lines one after another, each at its time on the course's timeline. A
 * course without a video or without a transcript has no lines.
 */
export async function getCourseTranscript(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<Transcript> {
  const row = await selectCourseTranscriptRef(db, { courseId, userId });
  if (!row?.visible) throw courseNotFound();
  const sections = row.sections.map(([id, start, end]) => ({ id, start, end }));
  const tracks = await Promise.all(row.tracks.map(async ([transcriptId, offset]) => ({ offset, lines: await transcriptLines(db, transcriptId) })));
  return {
    segments: tracks.flatMap(({ offset, lines }) =>
      lines.map((line) => {
        const start = line.start + offset;
        return { start, end: line.end + offset, text: line.text, sectionId: sectionAt(sections, start)?.id ?? null };
      }),
    ),
  };
}
