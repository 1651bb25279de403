import type { Transcript } from "~/lib/schemas/transcript";
import { sectionAt } from "~/lib/transcript";
import type { DbClient } from "~/server/db";
import { selectCourseTranscript } from "~/server/db/queries/transcript";

import { courseNotFound } from "../course/get-course";

/**
 * The transcript of a course's video, each line with the section it falls in, under the course's
 * visibility rule (anything the caller may not see is the course's NOT_FOUND). A course without a
 * video or without a transcript has no lines.
 */
export async function getCourseTranscript(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<Transcript> {
  const row = await selectCourseTranscript(db, courseId, userId);
  if (!row?.visible) throw courseNotFound();
  const sections = row.sections.map(([id, start, end]) => ({ id, start, end }));
  const segments = row.segments.map(([startMs, endMs, text]) => {
    const start = startMs / 1000;
    return { start, end: endMs / 1000, text, sectionId: sectionAt(sections, start)?.id ?? null };
  });
  return { segments };
}
