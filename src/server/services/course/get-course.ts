import type { CourseDetail } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";
import { AppError } from "~/server/errors";

/**
 * A ready course with its chapters and sections in order, for its creator or, once the creator
 * has made it public, for any signed-in learner. Anything else — someone else's private course,
 * a course still generating or failed, an unknown id — is the same NOT_FOUND, so ids reveal
 * nothing about courses the caller may not see.
 */
export async function getCourseOrThrow(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<CourseDetail> {
  const course = await db.course.findUnique({
    where: { id: courseId },
    select: {
      id: true,
      userId: true,
      title: true,
      description: true,
      thumbnailUrl: true,
      complexity: true,
      videoId: true,
      isPublic: true,
      engine: true,
      status: true,
      chapters: {
        orderBy: { order: "asc" },
        select: {
          id: true,
          title: true,
          order: true,
          sections: { orderBy: { order: "asc" }, select: { id: true, title: true, order: true, content: true, timeStart: true } },
        },
      },
    },
  });
  const isOwner = course?.userId === userId;
  if (!course || course.status !== "ready" || !(isOwner || course.isPublic)) throw new AppError("NOT_FOUND", "Course Not Found");
  const { userId: _owner, status: _status, chapters, ...fields } = course;
  return { course: { ...fields, isOwner }, chapters };
}
