import { NOTHING_TO_UPDATE, type ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { getVisibleCourseSectionIds } from "~/server/services/course/get-course";

import { buildProgressRecords } from "./build-progress";

export const SECTION_NOT_IN_COURSE = "That section is not part of this course";

export type UpdateCourseProgressOptions = {
  courseId: number;
  /** The caller, from the session. */
  userId: number;
  currentSectionId?: number;
  completedSectionId?: number;
  /** true (default): mark completedSectionId completed; false: remove that completion. */
  isCompleted?: boolean;
};

/**
 * Saves the user's place in a course they can see and/or one section's completion, then returns
 * the updated record. Every statement is a single idempotent, race-safe write, so two tabs (or
 * retries) posting at once never fail and never overwrite each other's completions:
 * - the current section is an INSERT … ON CONFLICT (userId, courseId) DO UPDATE (a Prisma
 *   upsert may run as find-then-create and fail on the unique index under concurrency);
 * - a completion is an INSERT … ON CONFLICT DO NOTHING on (userId, sectionId): twice is one row;
 * - un-completing deletes only that row.
 * Section ids are checked against this course before anything is written (the
 * "section filed under another course" invariant).
 */
export async function updateCourseProgress(db: DbClient, options: UpdateCourseProgressOptions): Promise<ProgressRecord> {
  const { courseId, userId, currentSectionId, completedSectionId, isCompleted = true } = options;
  if (currentSectionId === undefined && completedSectionId === undefined) {
    throw new AppError("BAD_REQUEST", NOTHING_TO_UPDATE);
  }
  const sectionIds = await getVisibleCourseSectionIds(db, { courseId, userId });
  for (const sectionId of [currentSectionId, completedSectionId]) {
    if (sectionId !== undefined && !sectionIds.has(sectionId)) throw new AppError("BAD_REQUEST", SECTION_NOT_IN_COURSE);
  }

  if (currentSectionId !== undefined) {
    // "updatedAt" is timestamp(3) without time zone holding UTC, as Prisma writes it.
    await db.$executeRaw`
      INSERT INTO "CourseProgress" ("userId", "courseId", "currentSectionId", "updatedAt")
      VALUES (${userId}, ${courseId}, ${currentSectionId}, now() AT TIME ZONE 'UTC')
      ON CONFLICT ("userId", "courseId")
      DO UPDATE SET "currentSectionId" = EXCLUDED."currentSectionId", "updatedAt" = EXCLUDED."updatedAt"`;
  }
  if (completedSectionId !== undefined) {
    if (isCompleted) {
      await db.sectionCompletion.createMany({ data: [{ userId, courseId, sectionId: completedSectionId }], skipDuplicates: true });
    } else {
      await db.sectionCompletion.deleteMany({ where: { userId, sectionId: completedSectionId } });
    }
  }

  const [record] = await buildProgressRecords(db, userId, [courseId]);
  // Un-completing the only completion of a learner with no current section leaves no progress.
  return record ?? { courseId, userId, currentSectionId: null, completedSections: [], totalSections: sectionIds.size };
}
