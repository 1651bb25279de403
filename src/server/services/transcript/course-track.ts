import { transcriptLanguage } from "~/server/ai/offline/language";
import type { DbClient } from "~/server/db";
import { selectCourseTrack } from "~/server/db/queries/transcript";
import type { TimedSegment } from "~/server/video/types";

export type CourseTrack = { transcriptId: number; language: string; segments: TimedSegment[] };

/**
 * The transcript a course was built from (for a course made from a translated track, that
 * track), or null when it has none. `segments` is read only when `needs` says the caller has no
 * copy of that transcript yet. Callers have checked that the course may be seen.
 */
export async function getCourseTrack(db: DbClient, courseId: number, needs: (transcriptId: number) => boolean = () => true): Promise<CourseTrack | null> {
  const row = await selectCourseTrack(db, courseId);
  if (!row) return null;
  if (!needs(row.transcriptId)) return { ...row, segments: [] };
  const segments = await db.transcriptSegment.findMany({
    where: { transcriptId: row.transcriptId },
    orderBy: { index: "asc" },
    select: { index: true, startMs: true, endMs: true, text: true },
  });
  if (segments.length === 0) return null;
  return { transcriptId: row.transcriptId, language: storedTrackLanguage(row.language, segments), segments };
}

/** A stored track's language; tracks stored before languages were recorded say "und", and their text says what they are. */
export function storedTrackLanguage(stored: string, segments: readonly Pick<TimedSegment, "text">[]): string {
  return stored === "und" ? transcriptLanguage(segments) : stored;
}
