import type { CourseSummary } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { selectReadyCoursesOf } from "~/server/db/queries/course";

/** The user's own finished courses, newest first. */
export async function listUserCourses(db: DbClient, userId: number): Promise<CourseSummary[]> {
  const courses = await selectReadyCoursesOf(db, { userId, limit: 200 });
  return courses.map((course) => ({ ...course, createdAt: course.createdAt.toISOString() }));
}
