import type { ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { getVisibleCourseSectionIds } from "~/server/services/course/get-course";

import { buildProgressRecords } from "./build-progress";

const NO_PROGRESS_YET = "No progress yet";

/**
 * The user's progress in one course they can see (their own, or a public ready one: the rule of
 * getVisibleCourseSectionIds, whose "Course Not Found" a hidden course gets); null while there is
 * no current section and no completion yet.
 */
export async function findCourseProgress(db: DbClient, { courseId, userId }: { courseId: number; userId: number }): Promise<ProgressRecord | null> {
  await getVisibleCourseSectionIds(db, { courseId, userId });
  const [record] = await buildProgressRecords(db, { userId, courseIds: [courseId] });
  return record ?? null;
}

/** findCourseProgress, with no progress yet NOT_FOUND "No progress yet": the documented clients read 404 as "no progress". */
export async function getCourseProgressOrThrow(db: DbClient, where: { courseId: number; userId: number }): Promise<ProgressRecord> {
  const record = await findCourseProgress(db, where);
  if (!record) throw new AppError("NOT_FOUND", NO_PROGRESS_YET);
  return record;
}
