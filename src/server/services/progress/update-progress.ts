import { NOTHING_TO_UPDATE, type ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";
import { countCompletedSections, saveProgress } from "~/server/db/queries/progress";
import { RowWriters } from "~/server/db/row-writers";
import { AppError } from "~/server/errors";
import { queueLtiScores, wakeScoreSender } from "~/server/lti/grades";
import { processShare } from "~/server/process-share";
import { courseNotFound } from "~/server/services/course/get-course";
import { type LearningEvent, recordLearningEvents } from "~/server/services/gamification/record-event";

const SECTION_NOT_IN_COURSE = "That section is not part of this course";

/**
 * A learner's progress row in a course is written by at most two requests of this instance at
 * once (row-writers.ts): two processes with two writers each would meet four at a time in
 * PostgreSQL's lock manager again.
 */
const progressWriters = new RowWriters(processShare(2));

export type UpdateCourseProgressOptions = {
  courseId: number;
  /** The caller, from the session. */
  userId: number;
  currentSectionId?: number;
  completedSectionId?: number;
  /** true (default): mark completedSectionId completed; false: remove that completion. */
  isCompleted?: boolean;
  /** The browser's time zone, for the learning day of a completion. */
  timeZone?: string | null;
};

/**
 * Saves the user's place in a course they can see and/or one section's completion, then returns
 * the updated record, in one statement (this is the most frequent write of the app). The
 * statement writes only when the course is visible to the user and the section ids are its own
 * (the "section filed under another course" invariant); the same row tells this function which
 * refusal to give otherwise. Each write is idempotent and race-safe, so two tabs (or retries)
 * posting at once never fail and never overwrite each other's completions:
 * - the current section is an INSERT … ON CONFLICT (userId, courseId) DO UPDATE (a Prisma
 *   upsert may run as find-then-create and fail on the unique index under concurrency);
 * - a completion is an INSERT … ON CONFLICT DO NOTHING on (userId, sectionId): twice is one row;
 * - un-completing deletes only that row.
 * Requests for one learner and course beyond two at once queue in this process (RowWriters), not
 * in PostgreSQL's lock manager.
 */
export async function updateCourseProgress(db: DbClient, options: UpdateCourseProgressOptions): Promise<ProgressRecord> {
  const { courseId, userId, currentSectionId, completedSectionId, isCompleted = true, timeZone } = options;
  if (currentSectionId === undefined && completedSectionId === undefined) {
    throw new AppError("BAD_REQUEST", NOTHING_TO_UPDATE);
  }
  const row = await progressWriters.run(`${userId}:${courseId}`, () =>
    saveProgress(db, {
      userId,
      courseId,
      currentSectionId: currentSectionId ?? null,
      completedSectionId: completedSectionId ?? null,
      isCompleted,
    }),
  );
  if (!row?.visible) throw courseNotFound();
  const sectionIds = new Set(row.sectionIds);
  for (const sectionId of [currentSectionId, completedSectionId]) {
    if (sectionId !== undefined && !sectionIds.has(sectionId)) throw new AppError("BAD_REQUEST", SECTION_NOT_IN_COURSE);
  }
  const record = { courseId, userId, currentSectionId: row.currentSectionId, completedSections: row.completedSections, totalSections: sectionIds.size };
  if (completedSectionId !== undefined && row.newlyCompleted) {
    // A first completion is learning (streaks, challenges, badges); completing again, or undoing, is not.
    const events: LearningEvent[] = [{ userId, type: "section_completed", subjectKey: String(completedSectionId), timeZone }];
    const completed = await isCourseCompleted(db, record);
    if (completed) events.push({ userId, type: "course_completed", subjectKey: String(courseId), timeZone });
    await recordLearningEvents(db, events);
    // A finished course is the LMS gradebook's final word (Completed, FullyGraded): queued for the score sender.
    if (completed && (await queueLtiScores(db, { userId, courseId, at: new Date() })) > 0) wakeScoreSender();
  }
  return record;
}

/**
 * Whether every section of the course is completed now. The statement's snapshot misses
 * completions committed by requests running at the same time (two tabs finishing the last two
 * sections at once each see the other's as missing, and neither would complete the course), so
 * when it shows the course unfinished a fresh read decides: of two such requests, the one that
 * committed later sees both. The event is stored once however many see it.
 */
async function isCourseCompleted(db: DbClient, record: Pick<ProgressRecord, "courseId" | "userId" | "completedSections" | "totalSections">): Promise<boolean> {
  if (record.completedSections.length === record.totalSections) return true;
  const fresh = await countCompletedSections(db, { userId: record.userId, courseId: record.courseId });
  return (fresh?.completed ?? 0) >= record.totalSections;
}
