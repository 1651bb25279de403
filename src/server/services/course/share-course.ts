import type { DbClient } from "~/server/db";
import { findCourseSharing, updateCoursePublic } from "~/server/db/queries/course";
import { AppError } from "~/server/errors";

import { courseNotFound } from "./get-course";

/**
 * Makes the creator's course public or private again. Only the creator may: anyone else gets
 * "Course Not Found" for a private course and 403 for a public one. A course still being
 * generated (or failed) cannot be shared. Every read decides access anew (getCourseOrThrow), so
 * the change holds on every process as soon as it commits.
 */
export async function setCourseSharing(
  db: DbClient,
  { courseId, userId, isPublic }: { courseId: number; userId: number; isPublic: boolean },
): Promise<{ id: number; isPublic: boolean }> {
  const course = await findCourseSharing(db, courseId);
  if (!course || (course.userId !== userId && !course.isPublic)) throw courseNotFound();
  if (course.userId !== userId) throw new AppError("FORBIDDEN", "Only the course's creator can change who sees it.");
  if (isPublic && course.status !== "ready") throw new AppError("CONFLICT", "Only a finished course can be shared.");
  return updateCoursePublic(db, { courseId, isPublic });
}
