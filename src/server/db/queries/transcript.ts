import type { DbClient } from "../client";
import { visibleToSql } from "./course";
import { queryRows } from "./run";

/** [section id, timeStart s, timeEnd s or null], ordered by start. */
export type SectionRangeRow = [number, number, number | null];
/** [startMs, endMs, text], in time order. */
export type SegmentRow = [number, number, string];

export type CourseTranscriptRefRow = {
  /** Whether the caller may see the course; when false, nothing else was read. */
  visible: boolean;
  sections: SectionRangeRow[];
  /** The transcript of the course's video, if it has one. */
  transcriptId: number | null;
};

/**
 * The transcript a course was built from: the one it names, or for a course that names none
 * (its track was removed, or a row written by hand) its video's own track.
 */
export function courseTranscriptIdSql(course: string): string {
  return `coalesce(${course}."transcriptId", (SELECT t.id FROM "Transcript" t WHERE t."videoId" = ${course}."videoId" AND NOT t.translated ORDER BY t.id LIMIT 1))`;
}

/** What the transcript of a course is, for a caller who may see it: the course's sections and its transcript id. */
const COURSE_TRANSCRIPT_REF_SQL = `
  SELECT ${visibleToSql("c", "$2")} AS visible,
         CASE WHEN ${visibleToSql("c", "$2")} THEN
           coalesce((SELECT json_agg(json_build_array(s.id, s."timeStart", s."timeEnd") ORDER BY s."timeStart", ch."order", s."order")
                     FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = c.id), '[]'::json)
         ELSE '[]'::json END AS sections,
         CASE WHEN ${visibleToSql("c", "$2")} THEN ${courseTranscriptIdSql("c")} END AS "transcriptId"
  FROM "Course" c WHERE c.id = $1`;

export async function selectCourseTranscriptRef(db: DbClient, courseId: number, userId: number): Promise<CourseTranscriptRefRow | undefined> {
  const [row] = await queryRows<CourseTranscriptRefRow>(db, COURSE_TRANSCRIPT_REF_SQL, [courseId, userId], "course-transcript-ref");
  return row;
}

/**
 * A transcript's lines in time order, as one JSON array of arrays: for 3,600 lines that is much
 * less to build and parse than a row or an object with repeated keys per line.
 */
const TRANSCRIPT_LINES_SQL = `
  SELECT coalesce(json_agg(json_build_array(ts."startMs", ts."endMs", ts.text) ORDER BY ts."startMs", ts.index), '[]'::json) AS lines
  FROM "TranscriptSegment" ts WHERE ts."transcriptId" = $1`;

export async function selectTranscriptLines(db: DbClient, transcriptId: number): Promise<SegmentRow[]> {
  const [row] = await queryRows<{ lines: SegmentRow[] }>(db, TRANSCRIPT_LINES_SQL, [transcriptId], "transcript-lines");
  return row?.lines ?? [];
}

export type CourseTrackRow = { transcriptId: number; language: string };

/** Which transcript a course was built from, and its language; undefined when it has none. */
const COURSE_TRACK_SQL = `
  SELECT t.id AS "transcriptId", t.language
  FROM "Course" c JOIN "Transcript" t ON t.id = ${courseTranscriptIdSql("c")}
  WHERE c.id = $1`;

export async function selectCourseTrack(db: DbClient, courseId: number): Promise<CourseTrackRow | undefined> {
  const [row] = await queryRows<CourseTrackRow>(db, COURSE_TRACK_SQL, [courseId], "course-track");
  return row;
}
