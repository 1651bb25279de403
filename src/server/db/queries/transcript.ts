import type { DbClient } from "../client";
import { courseVideosSql } from "./course";
import { visibleToSql } from "./course-visibility";
import { queryRows } from "./run";

/** [section id, timeStart s, timeEnd s or null], ordered by start. */
type SectionRangeRow = [number, number, number | null];
/** [startMs, endMs, text], in time order. */
export type SegmentRow = [number, number, string];

/** [transcript id, offset s]: a track of the course's timeline and where its video starts on it. */
type TrackRefRow = [number, number];

export type CourseTranscriptRefRow = {
  /** Whether the caller may see the course; when false, nothing else was read. */
  visible: boolean;
  sections: SectionRangeRow[];
  /** The tracks of the course's videos that have one, in order. */
  tracks: TrackRefRow[];
};

/** What the transcript of a course is, for a caller who may see it: the course's sections and its tracks. */
const COURSE_TRANSCRIPT_REF_SQL = `
  SELECT ${visibleToSql("c", "$2")} AS visible,
         CASE WHEN ${visibleToSql("c", "$2")} THEN
           coalesce((SELECT json_agg(json_build_array(s.id, s."timeStart", s."timeEnd") ORDER BY s."timeStart", ch."order", s."order")
                     FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = c.id), '[]'::json)
         ELSE '[]'::json END AS sections,
         CASE WHEN ${visibleToSql("c", "$2")} THEN
           coalesce((SELECT json_agg(json_build_array(v."transcriptId", v."offsetSeconds") ORDER BY v.position)
                     FROM ${courseVideosSql("c.id")} v WHERE v."transcriptId" IS NOT NULL), '[]'::json)
         ELSE '[]'::json END AS tracks
  FROM "Course" c WHERE c.id = $1`;

export async function selectCourseTranscriptRef(
  db: DbClient,
  { courseId, userId }: { courseId: number; userId: number },
): Promise<CourseTranscriptRefRow | undefined> {
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

export type CourseVideoRow = {
  position: number;
  videoId: string;
  transcriptId: number | null;
  offsetSeconds: number;
  durationSeconds: number;
  title: string;
  /** The track's language; null without a track. */
  language: string | null;
};

const COURSE_VIDEOS_SQL = `SELECT * FROM ${courseVideosSql("$1")} v ORDER BY v.position`;

/** The videos of a course on its timeline, in order (see courseVideosSql). */
export function selectCourseVideos(db: DbClient, courseId: number): Promise<CourseVideoRow[]> {
  return queryRows<CourseVideoRow>(db, COURSE_VIDEOS_SQL, [courseId], "course-videos");
}

const VIDEOS_OF_COURSES_SQL = `
  SELECT c.id AS "courseId", v.* FROM unnest($1::int[]) AS c(id), LATERAL ${courseVideosSql("c.id")} v
  ORDER BY c.id, v.position`;

/** The videos of several courses in one query, each course's in order (see courseVideosSql). */
export async function selectVideosOfCourses(db: DbClient, courseIds: readonly number[]): Promise<Map<number, CourseVideoRow[]>> {
  if (courseIds.length === 0) return new Map();
  const rows = await queryRows<CourseVideoRow & { courseId: number }>(db, VIDEOS_OF_COURSES_SQL, [[...courseIds]], "videos-of-courses");
  const byCourse = new Map<number, CourseVideoRow[]>();
  for (const { courseId, ...video } of rows) {
    const videos = byCourse.get(courseId);
    if (videos) videos.push(video);
    else byCourse.set(courseId, [video]);
  }
  return byCourse;
}

/** The segments of these tracks, by track, then in order, with their times and text. */
export function selectSegmentsOfTracks(db: DbClient, transcriptIds: number[]) {
  return db.transcriptSegment.findMany({
    where: { transcriptId: { in: transcriptIds } },
    orderBy: [{ transcriptId: "asc" }, { index: "asc" }],
    select: { transcriptId: true, startMs: true, endMs: true, text: true },
  });
}
