import type { Prisma } from "~/generated/prisma/client";
import type { CourseDetail, CourseSearchResult } from "~/lib/schemas/course";

import { batchedLookupFor, type BatchedStatement } from "../batched-lookup";
import type { DbClient } from "../client";
import { visibleToSql } from "./course-visibility";
import { queryRows } from "./run";

/**
 * The ids of the sections in the outline of the courses `courseCondition` picks ("= c.id",
 * "= ANY($2::int[])"): a section an edit took out keeps its completions, which then count for nothing.
 */
export const outlineSectionIdsSql = (courseCondition: string) =>
  `(SELECT s.id FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id WHERE ch."courseId" ${courseCondition})`;

/**
 * The videos of a course as rows (position, videoId, transcriptId, offsetSeconds,
 * durationSeconds, title, language), `course` being the SQL of its id: its "CourseVideo" rows
 * (every generated course has them; the migration that added them wrote them for older courses)
 * with the language of the track each was built from.
 */
export function courseVideosSql(course: string): string {
  return `(
    SELECT cv.position, cv."videoId", cv."transcriptId", cv."offsetSeconds", cv."durationSeconds", cv.title, t.language
    FROM "CourseVideo" cv LEFT JOIN "Transcript" t ON t.id = cv."transcriptId"
    WHERE cv."courseId" = ${course}
  )`;
}

export type CourseTreeRow = {
  course: Omit<CourseDetail["course"], "isOwner"> & { userId: number; status: string };
  chapters: CourseDetail["chapters"];
  /** The course's "treeStamp" (migration course_tree_stamp) when this tree was read, as text (a bigint). */
  stamp: string;
};

/** A course with its chapters and sections in order, in one statement (the course page, on every visit). */
const COURSE_TREE_SQL = `
  SELECT json_build_object('id', c.id, 'userId', c."userId", 'title', c.title, 'description', c.description,
           'thumbnailUrl', c."thumbnailUrl", 'complexity', c.complexity, 'videoId', c."videoId", 'isPublic', c."isPublic",
           'engine', c.engine, 'language', c.language, 'playlistId', c."playlistId", 'status', c.status, 'version', c.version,
           'videos', coalesce((SELECT json_agg(json_build_object('videoId', v."videoId", 'title', v.title, 'offsetSeconds', v."offsetSeconds",
                                                'durationSeconds', v."durationSeconds") ORDER BY v.position)
                               FROM ${courseVideosSql("c.id")} v), '[]'::json)) AS course,
         coalesce((SELECT json_agg(json_build_object('id', ch.id, 'title', ch.title, 'order', ch."order",
                     'sections', coalesce((SELECT json_agg(json_build_object('id', s.id, 'title', s.title, 'order', s."order",
                                            'content', s.content, 'timeStart', s."timeStart", 'timeEnd', s."timeEnd") ORDER BY s."order")
                                          FROM "Section" s WHERE s."chapterId" = ch.id), '[]'::json)) ORDER BY ch."order")
                   FROM "Chapter" ch WHERE ch."courseId" = c.id), '[]'::json) AS chapters,
         c."treeStamp"::text AS stamp
  FROM "Course" c WHERE c.id = $1`;

export async function selectCourseTree(db: DbClient, courseId: number): Promise<CourseTreeRow | undefined> {
  const [row] = await queryRows<CourseTreeRow>(db, COURSE_TREE_SQL, [courseId], "course-tree");
  return row;
}

export type CourseAccessRow = { visible: boolean; stamp: string };

const COURSE_ACCESS_SQL = `SELECT ${visibleToSql("c", "$2")} AS visible, c."treeStamp"::text AS stamp FROM "Course" c WHERE c.id = $1`;

/** Access and stamp for many (course, user) pairs at once: a row per course that exists, with its pair's position (from 1). */
const COURSE_ACCESSES_SQL = `SELECT k.position::int AS position, ${visibleToSql("c", "k.user_id")} AS visible, c."treeStamp"::text AS stamp
  FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS k(course_id, user_id, position)
  JOIN "Course" c ON c.id = k.course_id`;

type CourseAccessKey = { courseId: number; userId: number };

const COURSE_ACCESSES: BatchedStatement<CourseAccessKey> = { name: "course-accesses", text: COURSE_ACCESSES_SQL, fields: ["courseId", "userId"] };

/**
 * Whether the user may see the course now (the visibility rule, decided by the database on every
 * read), and the stamp of its tree, which says whether a tree read before is still the course's.
 * On the pool, requests that meet share one statement (db/batched-lookup.ts).
 */
export async function selectCourseAccess(db: DbClient, key: CourseAccessKey): Promise<CourseAccessRow | undefined> {
  const lookup = batchedLookupFor<CourseAccessKey, CourseAccessRow>(db, COURSE_ACCESSES);
  if (lookup) return lookup.load(key);
  const [row] = await queryRows<CourseAccessRow>(db, COURSE_ACCESS_SQL, [key.courseId, key.userId]);
  return row;
}

export type CourseSectionIdsRow = { userId: number; isPublic: boolean; status: string; sectionIds: number[] };

const COURSE_SECTION_IDS_SQL = `SELECT c."userId", c."isPublic", c.status,
            coalesce((SELECT array_agg(s.id) FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = c.id), '{}') AS "sectionIds"
     FROM "Course" c WHERE c.id = $1`;

/** A course's owner, visibility fields and section ids, without titles and contents. */
export async function selectCourseSectionIds(db: DbClient, courseId: number): Promise<CourseSectionIdsRow | undefined> {
  const [row] = await queryRows<CourseSectionIdsRow>(db, COURSE_SECTION_IDS_SQL, [courseId]);
  return row;
}

/** Words of a search query that count. */
const MAX_WORDS = 6;
/** Shorter words match only at the start of a word: "br" finds "Breadth", not "Abracadabra". */
const SUBSTRING_MIN_LENGTH = 3;
/** At most this many candidates per table and tier from other learners' public courses. */
const PUBLIC_CANDIDATES = 100;

/**
 * What a title is searched as: lower-cased, after a space, so that "% br%" means "a word starts
 * with br". The trigram indexes of migration 20261122180000_title_search are on exactly this
 * expression, for each of the three tables (and btree indexes on lower(title), for prefixes).
 */
export const searchable = (column: string) => `(' ' || lower(${column}))`;

const TABLES = {
  course: { from: `"Course" c`, title: "c.title", timeStart: "NULL::int", depth: 0 },
  chapter: { from: `"Chapter" ch JOIN "Course" c ON c.id = ch."courseId"`, title: "ch.title", timeStart: "NULL::int", depth: 1 },
  section: {
    from: `"Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" JOIN "Course" c ON c.id = ch."courseId"`,
    title: "s.title",
    timeStart: `s."timeStart"`,
    depth: 2,
  },
} as const;

/** $1 the learner, $2 the limit, $3 the prefix pattern, then one parameter per word. */
const FIRST_WORD_PARAM = 4;
const OWN = `c."userId" = $1 AND ${visibleToSql("c", "$1")}`;
const OTHERS = `c."userId" <> $1 AND ${visibleToSql("c", "$1")}`;

type Match = "every word" | "starts with the query";

/** The titles of one table that match, in courses that pass `where`. */
function titleHits(kind: keyof typeof TABLES, wordCount: number, match: Match, where: string, limit?: number): string {
  const table = TABLES[kind];
  const title = searchable(table.title);
  // A title that starts with the query holds every word; its btree index reads it in order, so the LIMIT stops the scan early.
  const matches =
    match === "every word" ? Array.from({ length: wordCount }, (_, i) => `${title} LIKE $${FIRST_WORD_PARAM + i}`) : [`lower(${table.title}) LIKE $3`];
  const conditions = [...matches, where];
  return `(SELECT '${kind}' AS kind, c.id AS "courseId", c.title AS "courseTitle", ${table.title} AS title, ${table.timeStart} AS "timeStart", c."userId" = $1 AS own, ${table.depth} AS depth
    FROM ${table.from} WHERE ${conditions.join(" AND ")}${limit ? ` LIMIT ${limit}` : ""})`;
}

/** The search statement for `wordCount` words: one text per number of words. */
function searchSql(wordCount: number): string {
  const branches = (["course", "chapter", "section"] as const).flatMap((kind) => [
    titleHits(kind, wordCount, "every word", OWN),
    titleHits(kind, wordCount, "starts with the query", OTHERS, PUBLIC_CANDIDATES),
    titleHits(kind, wordCount, "every word", OTHERS, PUBLIC_CANDIDATES),
  ]);
  return `
  WITH hits AS (
    ${branches.join("\n    UNION\n    ")}
  )
  SELECT kind, "courseId", "courseTitle", title,
         '/course/' || "courseId" || coalesce('?t=' || "timeStart", '') AS href
  FROM hits
  ORDER BY lower(title) LIKE $3 DESC, own DESC, depth, length(title), "courseId" DESC
  LIMIT $2`;
}
const SEARCH_SQL = Array.from({ length: MAX_WORDS + 1 }, (_, wordCount) => searchSql(wordCount));

export type SearchPatterns = { words: string[]; prefix: string };

/**
 * The query's words (at most MAX_WORDS) as LIKE patterns over a searchable title (LIKE's
 * wildcards escaped), and the pattern of a title that starts with the query.
 */
export function searchPatterns(query: string): SearchPatterns {
  const fold = (text: string) => text.toLowerCase();
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const words = fold(query).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const pattern = (word: string) => (word.length < SUBSTRING_MIN_LENGTH ? `% ${escape(word)}%` : `%${escape(word)}%`);
  return { words: words.map(pattern), prefix: `${escape(fold(query.trim()))}%` };
}

export type CourseSearchRow = CourseSearchResult;

/**
 * Courses the learner can open (their own, and public ones) whose title, chapter titles or
 * section titles hold every word of the query. Titles that start with the query come first, then
 * the learner's own courses, then courses before chapters before sections, shorter titles first.
 *
 * The learner's own courses are few and read whole. Public courses can be a whole catalogue, so
 * each table is entered through an index: first for titles that start with the query (ranked
 * first; a btree on lower(title)), then for titles that hold every word (a trigram index, which
 * takes all the words at once). A word in thousands of titles yields the best-ranked of the
 * first PUBLIC_CANDIDATES of each, not a sort of them all. Takes the patterns of searchPatterns.
 */
export function searchCourseTitles(
  db: DbClient,
  { userId, limit, words, prefix }: { userId: number; limit: number } & SearchPatterns,
): Promise<CourseSearchRow[]> {
  return queryRows<CourseSearchRow>(db, SEARCH_SQL[words.length]!, [userId, limit, prefix, ...words]);
}

/** What Prisma selects of a course to know how long its timeline is (courseLengthOf in services/course/get-course.ts): its last video. */
export const courseLengthSelect = {
  videos: { select: { offsetSeconds: true, durationSeconds: true }, orderBy: { position: "desc" }, take: 1 },
} as const;

/** A course's owner, whether it is public, and its status (what sharing and assigning it decide on); null for an unknown id. */
/** A course's title, owner, sharing and state (what assigning or linking it needs). */
export function findCourseTitleAndSharing(db: DbClient, courseId: number) {
  return db.course.findUnique({ where: { id: courseId }, select: { title: true, userId: true, isPublic: true, status: true } });
}

export function findCourseSharing(db: DbClient, courseId: number) {
  return db.course.findUnique({ where: { id: courseId }, select: { userId: true, isPublic: true, status: true } });
}

/** Makes a course public or private; answers its id and the new flag. */
export function updateCoursePublic(db: DbClient, { courseId, isPublic }: { courseId: number; isPublic: boolean }): Promise<{ id: number; isPublic: boolean }> {
  return db.course.update({ where: { id: courseId }, data: { isPublic }, select: { id: true, isPublic: true } });
}

const courseSummarySelect = { id: true, title: true, description: true, thumbnailUrl: true, complexity: true, language: true, createdAt: true } as const;

/** The user's own finished courses, newest first, at most `limit`. */
export function selectReadyCoursesOf(db: DbClient, { userId, limit }: { userId: number; limit: number }) {
  return db.course.findMany({ where: { userId, status: "ready" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: courseSummarySelect, take: limit });
}

/** What a course's words are made of, for the recommendations: its summary, topic and chapter titles. */
const courseTextSelect = {
  id: true,
  title: true,
  description: true,
  thumbnailUrl: true,
  complexity: true,
  language: true,
  createdAt: true,
  topic: true,
  chapters: { select: { title: true } },
} satisfies Prisma.CourseSelect;

export type CourseTextRow = Prisma.CourseGetPayload<{ select: typeof courseTextSelect }>;

/** The user's own finished courses with their words, newest first, at most `limit`. */
export function selectOwnCourseTexts(db: DbClient, { userId, limit }: { userId: number; limit: number }): Promise<CourseTextRow[]> {
  return db.course.findMany({ where: { userId, status: "ready" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, select: courseTextSelect });
}

/** Public, finished courses of other learners than `userId` with their words, newest first, minus `exclude`, at most `limit`. */
export function selectPublicCourseTexts(
  db: DbClient,
  { userId, exclude, limit }: { userId: number; exclude: number[]; limit: number },
): Promise<CourseTextRow[]> {
  return db.course.findMany({
    where: { isPublic: true, status: "ready", userId: { not: userId }, id: { notIn: exclude } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: courseTextSelect,
  });
}

/** One course with its words (the course must exist). */
export function findCourseText(db: DbClient, courseId: number): Promise<CourseTextRow> {
  return db.course.findUniqueOrThrow({ where: { id: courseId }, select: courseTextSelect });
}

/** The ids of the courses the user has started (has a progress row for). */
export async function selectStartedCourseIds(db: DbClient, userId: number): Promise<number[]> {
  const rows = await db.courseProgress.findMany({ where: { userId }, select: { courseId: true } });
  return rows.map((row) => row.courseId);
}

/** A course's visibility fields with its last video (courseLengthSelect): whether a learner may see it, and how long it is; null for an unknown id. */
export function findCourseVisibilityAndLength(db: DbClient, courseId: number) {
  return db.course.findUnique({ where: { id: courseId }, select: { id: true, userId: true, isPublic: true, status: true, ...courseLengthSelect } });
}

export type PickableCourseRow = {
  id: number;
  title: string;
  description: string | null;
  thumbnailUrl: string | null;
  language: string;
  isPublic: boolean;
  createdAt: Date;
};

/** $1 the user, $2 the limit, then one LIKE pattern (searchPatterns) per word. */
const pickableCoursesSql = (whose: "own" | "public", wordCount: number) => `
  SELECT c.id, c.title, c.description, c."thumbnailUrl", c.language, c."isPublic", c."createdAt"
  FROM "Course" c
  WHERE c.status = 'ready' AND ${whose === "own" ? `c."userId" = $1` : `c."isPublic" AND c."userId" <> $1`}
  ${Array.from({ length: wordCount }, (_, i) => `AND ${searchable("c.title")} LIKE $${3 + i}`).join(" ")}
  ORDER BY c."createdAt" DESC, c.id DESC
  LIMIT $2`;

/**
 * Finished courses a teacher may link into an LMS: their own (`own`) or other learners' public
 * ones, newest first, whose titles hold every word (`words`, as searchPatterns makes them; none:
 * any), at most `limit`. Public titles are found through the trigram index of title_search.
 */
export function selectPickableCourses(
  db: DbClient,
  { userId, whose, words, limit }: { userId: number; whose: "own" | "public"; words: string[]; limit: number },
): Promise<PickableCourseRow[]> {
  return queryRows<PickableCourseRow>(db, pickableCoursesSql(whose, words.length), [userId, limit, ...words]);
}
