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
  if (!course || !isVisibleTo(course, userId)) throw courseNotFound();
  const isOwner = course.userId === userId;
  const { userId: _owner, status: _status, chapters, ...fields } = course;
  return { course: { ...fields, isOwner }, chapters };
}

/**
 * The ids of a course's sections, under the same visibility rule as getCourseOrThrow, without
 * loading titles and contents: for the frequent writes (progress) that only need to check ids.
 */
export async function getVisibleCourseSectionIds(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<Set<number>> {
  const course = await db.course.findUnique({
    where: { id: courseId },
    select: { userId: true, isPublic: true, status: true, chapters: { select: { sections: { select: { id: true } } } } },
  });
  if (!course || !isVisibleTo(course, userId)) throw courseNotFound();
  return new Set(course.chapters.flatMap((chapter) => chapter.sections.map((section) => section.id)));
}

/** The one visibility rule: a ready course, seen by its creator or, once public, by anyone signed in. */
export function isVisibleTo(course: { userId: number; isPublic: boolean; status: string }, userId: number): boolean {
  return course.status === "ready" && (course.userId === userId || course.isPublic);
}

const courseNotFound = () => new AppError("NOT_FOUND", "Course Not Found");
