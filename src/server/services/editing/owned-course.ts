import type { DbClient } from "~/server/db/client";
import { findCourseForVersions } from "~/server/db/queries/editing";
import { AppError } from "~/server/errors";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/** The course, if the caller owns it: versions are the owner's alone (everyone else gets the course's 404). */
export async function ownedCourse(db: DbClient, { courseId, userId }: { courseId: number; userId: number }) {
  const course = await findCourseForVersions(db, courseId);
  if (!course || course.userId !== userId || course.status !== "ready") throw new AppError("NOT_FOUND", EDIT_MESSAGES.notFound);
  return course;
}
