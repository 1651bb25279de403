import type { DbClient } from "../client";
import { visibleToSql } from "./course";
import { queryRows } from "./run";

/** [section id, timeStart s, timeEnd s or null], ordered by start. */
export type SectionRangeRow = [number, number, number | null];
/** [startMs, endMs, text], in time order. */
export type SegmentRow = [number, number, string];

export type CourseTranscriptRow = {
  /** Whether the caller may see the course; when false, the lists are empty and were never read. */
  visible: boolean;
  sections: SectionRangeRow[];
  segments: SegmentRow[];
};

/**
 * A course's sections and its video's transcript, for a caller who may see the course, in one
 * statement. The segments come as one JSON array of arrays: for 3,600 rows that is a tenth of
 * the parse work of rows or of objects with repeated keys (bench/transcript.ts).
 */
const COURSE_TRANSCRIPT_SQL = `
  SELECT ${visibleToSql("c", "$2")} AS visible,
         CASE WHEN ${visibleToSql("c", "$2")} THEN
           coalesce((SELECT json_agg(json_build_array(s.id, s."timeStart", s."timeEnd") ORDER BY s."timeStart", ch."order", s."order")
                     FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = c.id), '[]'::json)
         ELSE '[]'::json END AS sections,
         CASE WHEN ${visibleToSql("c", "$2")} THEN
           coalesce((SELECT json_agg(json_build_array(ts."startMs", ts."endMs", ts.text) ORDER BY ts."startMs", ts.index)
                     FROM "Transcript" t JOIN "TranscriptSegment" ts ON ts."transcriptId" = t.id WHERE t."videoId" = c."videoId"), '[]'::json)
         ELSE '[]'::json END AS segments
  FROM "Course" c WHERE c.id = $1`;

export async function selectCourseTranscript(db: DbClient, courseId: number, userId: number): Promise<CourseTranscriptRow | undefined> {
  const [row] = await queryRows<CourseTranscriptRow>(db, COURSE_TRANSCRIPT_SQL, [courseId, userId], "course-transcript");
  return row;
}
