import type { DbClient } from "../client";
import { queryRows } from "./run";

/**
 * Who may see a course, the one rule: a ready course, seen by its creator, by anyone signed in
 * once it is public, and by the members of a class its creator assigned it to. Everything that
 * decides whether a course can be seen asks here, in one of two forms: canSeeCourse for a course
 * row already read, visibleToSql inside a statement that must decide before it writes (and the
 * course read itself). A test holds the two to agreement.
 */

/** canSeeCourse in SQL: `course` is the alias of a "Course" row, `user` the placeholder of the user id. */
export function visibleToSql(course: string, user: string): string {
  return `(${course}.status = 'ready' AND (${course}."userId" = ${user} OR ${course}."isPublic" OR ${sharedThroughClassSql(course, user)}))`;
}

/**
 * Whether the course's author assigned it to a class the user is in: the one way a private course
 * reaches anyone else. An assignment made by someone else (a teacher assigning a public course)
 * shares nothing once the author makes the course private again.
 */
function sharedThroughClassSql(course: string, user: string): string {
  return `EXISTS (SELECT 1 FROM "Assignment" a JOIN "ClassMember" m ON m."classId" = a."classId"
                 WHERE a."courseId" = ${course}.id AND a."assignedById" = ${course}."userId" AND m."userId" = ${user})`;
}

const SHARED_THROUGH_CLASS_SQL = `SELECT ${sharedThroughClassSql("c", "$2")} AS shared FROM "Course" c WHERE c.id = $1`;

async function isSharedThroughClass(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<boolean> {
  const [row] = await queryRows<{ shared: boolean }>(db, SHARED_THROUGH_CLASS_SQL, [courseId, userId]);
  return row?.shared === true;
}

/** The fields of a course the rule reads. */
type CourseVisibilityFields = { id: number; userId: number; isPublic: boolean; status: string };

/** Whether the user may see the course read before (only a class share reads the database). */
export async function canSeeCourse(db: DbClient, course: CourseVisibilityFields, userId: number): Promise<boolean> {
  if (course.status !== "ready") return false;
  if (course.userId === userId || course.isPublic) return true;
  return isSharedThroughClass(db, { courseId: course.id, userId });
}
