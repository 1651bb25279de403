import type { DbClient } from "~/server/db";

/** A user's progress in a course: a current section and completed sections (rows in both tables). */
export async function createProgress(
  db: DbClient,
  options: { userId: number; courseId: number; currentSectionId?: number | null; completedSectionIds?: number[] },
) {
  const { userId, courseId, currentSectionId = null, completedSectionIds = [] } = options;
  const progress = await db.courseProgress.create({ data: { userId, courseId, currentSectionId } });
  for (const sectionId of completedSectionIds) {
    await db.sectionCompletion.create({ data: { userId, courseId, sectionId } });
  }
  return progress;
}
