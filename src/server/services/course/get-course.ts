import type { CourseDetail } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { type CourseTreeRow, selectCourseAccess, selectCourseSectionIds, selectCourseTree } from "~/server/db/queries/course";
import { canSeeCourse } from "~/server/db/queries/course-visibility";
import { stampedCacheFor } from "~/server/db/stamped-cache";
import { AppError } from "~/server/errors";

/**
 * A ready course with its chapters and sections in order, for whoever may see it (canSeeCourse,
 * db/queries/course-visibility.ts).
 * Anything else — someone else's private course,
 * a course still generating or failed, an unknown id — is the same NOT_FOUND, so ids reveal
 * nothing about courses the caller may not see.
 */
export async function getCourseOrThrow(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<CourseDetail> {
  // The course page and the REST API read the tree on every visit, and it rarely changes. Access
  // is decided by the database on every read, in a one-row statement that also returns the tree's
  // stamp; the tree itself (one larger statement; Prisma's nested select costs three plus ~4 ms of
  // query compilation) is kept per process and served only while its stamp is the course's.
  const access = await selectCourseAccess(db, { courseId, userId });
  if (!access?.visible) throw courseNotFound();
  const cache = stampedCacheFor<CourseTreeRow>(db, "course-tree", TREE_CACHE_ENTRIES);
  let row = cache?.get(courseId, access.stamp);
  if (!row) {
    row = await selectCourseTree(db, courseId);
    // Changed or made unseeable between the two statements: the later read decides.
    if (!row || !(await canSeeCourse(db, row.course, userId))) throw courseNotFound();
    cache?.set(courseId, row.stamp, row);
  }
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

const TREE_CACHE_ENTRIES = 500;

/**
 * The ids of a course's sections, under the same visibility rule as getCourseOrThrow, without
 * loading titles and contents: for the frequent writes (progress) that only need to check ids.
 */
export async function getVisibleCourseSectionIds(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<Set<number>> {
  const course = await selectCourseSectionIds(db, courseId);
  if (!course || !(await canSeeCourse(db, { ...course, id: courseId }, userId))) throw courseNotFound();
  return new Set(course.sectionIds);
}

export const courseNotFound = () => new AppError("NOT_FOUND", "Course Not Found");

/**
 * Seconds from the start of a course to the end of its last video (a playlist's videos play one
 * after another), or null for a course without a video.
 */
export function courseLengthOf(course: { videos: readonly { offsetSeconds: number; durationSeconds: number }[] }): number | null {
  const last = course.videos[0];
  return last ? last.offsetSeconds + last.durationSeconds : null;
}
