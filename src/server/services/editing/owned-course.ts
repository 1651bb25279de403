import type { DbClient } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { EDIT_MESSAGES } from "~/lib/rules/editing";

/** The course, if the caller owns it: versions are the owner's alone (everyone else gets the course's 404). */
export async function ownedCourse(db: DbClient, { courseId, userId }: { courseId: number; userId: number }) {
  const course = await db.course.findUnique({ where: { id: courseId }, select: { userId: true, status: true, version: true, createdAt: true } });
  if (!course || course.userId !== userId || course.status !== "ready") throw new AppError("NOT_FOUND", EDIT_MESSAGES.notFound);
  return course;
}
