import type { CourseDetail } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { existingNotifiedCache, notifiedCacheFor } from "~/server/db/notified-cache";
import { type CourseTreeRow, isSharedThroughClass, selectCourseSectionIds, selectCourseTree } from "~/server/db/queries/course";
import { AppError } from "~/server/errors";

/**
 * A ready course with its chapters and sections in order, for whoever may see it (canSeeCourse).
 * Anything else — someone else's private course,
 * a course still generating or failed, an unknown id — is the same NOT_FOUND, so ids reveal
 * nothing about courses the caller may not see.
 */
export async function getCourseOrThrow(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<CourseDetail> {
  // The course page and the REST API read the tree on every visit, and it rarely changes: it is
  // kept per process (see NotifiedCache; the triggers of migration course_changed_notify announce
  // every change) and otherwise read in one statement (Prisma's nested select costs three
  // statements plus ~4 ms of query compilation).
  const cache = notifiedCacheFor<CourseTreeRow>(db, TREE_CACHE);
  let row = cache?.get(courseId);
  if (!row) {
    const lookup = cache?.startLookup() ?? 0;
    row = await selectCourseTree(db, courseId);
    if (row?.course.status === "ready") cache?.remember(courseId, row, lookup);
  }
  if (!row || !(await canSeeCourse(db, row.course, userId))) throw courseNotFound();
  return detailOf(row, row.course.userId === userId);
}

/**
 * The two answers a tree gives (its creator's, everyone else's), each made once per tree and
 * never changed, so that the API checks and writes each once (`validatedOnce`): a changed course
 * is a new tree in the cache.
 */
const details = new WeakMap<CourseTreeRow, { owner?: CourseDetail; viewer?: CourseDetail }>();

function detailOf(row: CourseTreeRow, isOwner: boolean): CourseDetail {
  let made = details.get(row);
  if (!made) details.set(row, (made = {}));
  return (made[isOwner ? "owner" : "viewer"] ??= withoutPrivateFields(row, isOwner));
}

function withoutPrivateFields(row: CourseTreeRow, isOwner: boolean): CourseDetail {
  const { userId: _owner, status: _status, ...fields } = row.course;
  return { course: { ...fields, isOwner }, chapters: row.chapters };
}

const TREE_CACHE = { channel: "course_changed", ttlMs: 10 * 60_000, maxEntries: 500 };

/**
 * For a service that changes a course: drops this process's copy at once (the NOTIFY reaches
 * every process a moment after the commit; the caller's next request may come sooner).
 */
export function forgetCourse(db: DbClient, courseId: number): void {
  existingNotifiedCache(db, TREE_CACHE.channel)?.evict(courseId);
}

/**
 * The ids of a course's sections, under the same visibility rule as getCourseOrThrow, without
 * loading titles and contents: for the frequent writes (progress) that only need to check ids.
 */
export async function getVisibleCourseSectionIds(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<Set<number>> {
  const course = await selectCourseSectionIds(db, courseId);
  if (!course || !(await canSeeCourse(db, { ...course, id: courseId }, userId))) throw courseNotFound();
  return new Set(course.sectionIds);
}

/**
 * The one visibility rule: a ready course, seen by its creator, by anyone signed in once it is
 * public, and by the members of a class its creator assigned it to. Statements that must decide
 * before they write use its SQL form, visibleToSql (db/queries/course.ts). Only the last case
 * reads the database.
 */
export async function canSeeCourse(db: DbClient, course: { id: number; userId: number; isPublic: boolean; status: string }, userId: number): Promise<boolean> {
  if (course.status !== "ready") return false;
  if (course.userId === userId || course.isPublic) return true;
  return isSharedThroughClass(db, { courseId: course.id, userId });
}

export const courseNotFound = () => new AppError("NOT_FOUND", "Course Not Found");

/** What Prisma selects of a course to know how long its timeline is (courseLengthOf). */
export const courseLengthSelect = {
  videos: { select: { offsetSeconds: true, durationSeconds: true }, orderBy: { position: "desc" }, take: 1 },
} as const;

/**
 * Seconds from the start of a course to the end of its last video (a playlist's videos play one
 * after another), or null for a course without a video.
 */
export function courseLengthOf(course: { videos: readonly { offsetSeconds: number; durationSeconds: number }[] }): number | null {
  const last = course.videos[0];
  return last ? last.offsetSeconds + last.durationSeconds : null;
}
