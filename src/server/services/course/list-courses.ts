import type { CourseSummary } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db";

const courseSummarySelect = { id: true, title: true, description: true, thumbnailUrl: true, complexity: true, language: true, createdAt: true } as const;

/** The user's own finished courses, newest first. */
export async function listUserCourses(db: DbClient, userId: number): Promise<CourseSummary[]> {
  const courses = await db.course.findMany({
    where: { userId, status: "ready" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: courseSummarySelect,
    take: 200,
  });
  return courses.map((course) => ({ ...course, createdAt: course.createdAt.toISOString() }));
}
