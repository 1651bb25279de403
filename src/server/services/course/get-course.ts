import type { CourseDetail } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { existingNotifiedCache, notifiedCacheFor } from "~/server/db/notified-cache";
import { queryRows } from "~/server/db/sql";
import { AppError } from "~/server/errors";

/**
 * A ready course with its chapters and sections in order, for its creator or, once the creator
 * has made it public, for any signed-in learner. Anything else — someone else's private course,
 * a course still generating or failed, an unknown id — is the same NOT_FOUND, so ids reveal
 * nothing about courses the caller may not see.
 */
export async function getCourseOrThrow(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<CourseDetail> {
  // The course page and the REST API read the tree on every visit, and it rarely changes: it is
  // kept per process (see NotifiedCache; the triggers of migration course_changed_notify announce
  // every change) and otherwise read in one statement (Prisma's nested select costs three
  // statements plus ~4 ms of query compilation).
  const cache = notifiedCacheFor<CourseTree>(db, TREE_CACHE);
  let row = cache?.get(courseId);
  if (!row) {
    const lookup = cache?.startLookup() ?? 0;
    [row] = await queryRows<CourseTree>(db, COURSE_TREE_SQL, [courseId]);
    if (row?.course.status === "ready") cache?.remember(courseId, row, lookup);
  }
  if (!row || !isVisibleTo(row.course, userId)) throw courseNotFound();
  const { userId: owner, status: _status, ...fields } = row.course;
  return { course: { ...fields, isOwner: owner === userId }, chapters: row.chapters };
}

type CourseTree = { course: CourseRow; chapters: CourseDetail["chapters"] };
const TREE_CACHE = { channel: "course_changed", ttlMs: 10 * 60_000, maxEntries: 500 };

/**
 * For a service that changes a course: drops this process's copy at once (the NOTIFY reaches
 * every process a moment after the commit; the caller's next request may come sooner).
 */
export function forgetCourse(db: DbClient, courseId: number): void {
  existingNotifiedCache(db, TREE_CACHE.channel)?.evict(courseId);
}

const COURSE_TREE_SQL = `
  SELECT json_build_object('id', c.id, 'userId', c."userId", 'title', c.title, 'description', c.description,
           'thumbnailUrl', c."thumbnailUrl", 'complexity', c.complexity, 'videoId', c."videoId", 'isPublic', c."isPublic",
           'engine', c.engine, 'status', c.status) AS course,
         coalesce((SELECT json_agg(json_build_object('id', ch.id, 'title', ch.title, 'order', ch."order",
                     'sections', coalesce((SELECT json_agg(json_build_object('id', s.id, 'title', s.title, 'order', s."order",
                                            'content', s.content, 'timeStart', s."timeStart") ORDER BY s."order")
                                          FROM "Section" s WHERE s."chapterId" = ch.id), '[]'::json)) ORDER BY ch."order")
                   FROM "Chapter" ch WHERE ch."courseId" = c.id), '[]'::json) AS chapters
  FROM "Course" c WHERE c.id = $1`;

type CourseRow = Omit<CourseDetail["course"], "isOwner"> & { userId: number; status: string };

/**
 * The ids of a course's sections, under the same visibility rule as getCourseOrThrow, without
 * loading titles and contents: for the frequent writes (progress) that only need to check ids.
 */
export async function getVisibleCourseSectionIds(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<Set<number>> {
  const [course] = await queryRows<{ userId: number; isPublic: boolean; status: string; sectionIds: number[] }>(
    db,
    `SELECT c."userId", c."isPublic", c.status,
            coalesce((SELECT array_agg(s.id) FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = c.id), '{}') AS "sectionIds"
     FROM "Course" c WHERE c.id = $1`,
    [courseId],
  );
  if (!course || !isVisibleTo(course, userId)) throw courseNotFound();
  return new Set(course.sectionIds);
}

/** The one visibility rule: a ready course, seen by its creator or, once public, by anyone signed in. */
export function isVisibleTo(course: { userId: number; isPublic: boolean; status: string }, userId: number): boolean {
  return course.status === "ready" && (course.userId === userId || course.isPublic);
}

/**
 * isVisibleTo in SQL, for a statement that must decide before it writes: `course` is the alias
 * of a "Course" row, `user` the placeholder of the user id. A test holds the two to agreement.
 */
export function visibleToSql(course: string, user: string): string {
  return `(${course}.status = 'ready' AND (${course}."userId" = ${user} OR ${course}."isPublic"))`;
}

export const courseNotFound = () => new AppError("NOT_FOUND", "Course Not Found");
