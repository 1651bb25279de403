import type { ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";

/**
 * One record per course the user has progress in (a current section or any completion), with
 * the completed section ids and the course's real section count.
 */
export async function listUserProgress(db: DbClient, userId: number): Promise<ProgressRecord[]> {
  const [records, completions] = await Promise.all([
    db.courseProgress.findMany({ where: { userId }, select: { courseId: true, currentSectionId: true } }),
    db.sectionCompletion.findMany({ where: { userId }, select: { courseId: true, sectionId: true }, orderBy: { completedAt: "asc" } }),
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

  const counts = await db.section.groupBy({
    by: ["chapterId"],
    where: { chapter: { courseId: { in: [...byCourse.keys()] } } },
    _count: { _all: true },
  });
  const chapters = await db.chapter.findMany({ where: { id: { in: counts.map((c) => c.chapterId) } }, select: { id: true, courseId: true } });
  const courseOfChapter = new Map(chapters.map((chapter) => [chapter.id, chapter.courseId]));
  for (const count of counts) {
    const courseId = courseOfChapter.get(count.chapterId);
    if (courseId !== undefined) recordFor(courseId).totalSections += count._count._all;
  }
  return [...byCourse.values()];
}
