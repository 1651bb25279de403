import type { ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";

/**
 * The user's progress records, one per course they have progress in (a current section or any
 * completion), with the completed section ids (oldest first) and each course's real section
 * count. `courseIds` narrows it to those courses; without it, every course. Courses without
 * progress get no record: callers decide what "no progress" means for them.
 * Authorization is the caller's job: this reads only `userId`'s own rows, nothing else.
 */
export async function buildProgressRecords(db: DbClient, userId: number, courseIds?: number[]): Promise<ProgressRecord[]> {
  const courseFilter = courseIds ? { courseId: { in: courseIds } } : {};
  const [records, completions] = await Promise.all([
    db.courseProgress.findMany({ where: { userId, ...courseFilter }, select: { courseId: true, currentSectionId: true }, orderBy: { courseId: "asc" } }),
    db.sectionCompletion.findMany({
      where: { userId, ...courseFilter },
      select: { courseId: true, sectionId: true },
      orderBy: [{ completedAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const byCourse = new Map<number, ProgressRecord>();
  const recordFor = (courseId: number) => {
    let record = byCourse.get(courseId);
    if (!record) {
      record = { courseId, userId, currentSectionId: null, completedSections: [], totalSections: 0 };
      byCourse.set(courseId, record);
    }
    return record;
  };
  for (const { courseId, currentSectionId } of records) recordFor(courseId).currentSectionId = currentSectionId;
  for (const { courseId, sectionId } of completions) recordFor(courseId).completedSections.push(sectionId);
  if (byCourse.size === 0) return [];

  const chapters = await db.chapter.findMany({
    where: { courseId: { in: [...byCourse.keys()] } },
    select: { courseId: true, _count: { select: { sections: true } } },
  });
  for (const chapter of chapters) recordFor(chapter.courseId).totalSections += chapter._count.sections;
  return [...byCourse.values()];
}
