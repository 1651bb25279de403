import { NOTHING_TO_UPDATE, type ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";
import { queryRows } from "~/server/db/sql";
import { AppError } from "~/server/errors";
import { courseNotFound, isVisibleTo, visibleToSql } from "~/server/services/course/get-course";
import { type LearningEvent, recordLearningEvents } from "~/server/services/gamification/record-event";

export const SECTION_NOT_IN_COURSE = "That section is not part of this course";

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
 */
export async function updateCourseProgress(db: DbClient, options: UpdateCourseProgressOptions): Promise<ProgressRecord> {
  const { courseId, userId, currentSectionId, completedSectionId, isCompleted = true, timeZone } = options;
  if (currentSectionId === undefined && completedSectionId === undefined) {
    throw new AppError("BAD_REQUEST", NOTHING_TO_UPDATE);
  }
  const [row] = await queryRows<SavedRow>(db, SAVE_PROGRESS_SQL, [userId, courseId, currentSectionId ?? null, completedSectionId ?? null, isCompleted], "save-progress");
  if (!row || !isVisibleTo(row, userId)) throw courseNotFound();
  const sectionIds = new Set(row.sectionIds);
  for (const sectionId of [currentSectionId, completedSectionId]) {
    if (sectionId !== undefined && !sectionIds.has(sectionId)) throw new AppError("BAD_REQUEST", SECTION_NOT_IN_COURSE);
  }
  const record = { courseId, userId, currentSectionId: row.currentSectionId, completedSections: row.completedSections, totalSections: sectionIds.size };
  if (completedSectionId !== undefined && row.newlyCompleted) {
    // A first completion is learning (streaks, challenges, badges); completing again, or undoing, is not.
    const events: LearningEvent[] = [{ userId, type: "section_completed", subjectKey: String(completedSectionId), timeZone }];
    if (await isCourseCompleted(db, record)) events.push({ userId, type: "course_completed", subjectKey: String(courseId), timeZone });
    await recordLearningEvents(db, events);
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
  const [fresh] = await queryRows<{ completed: number }>(db, `SELECT count(*)::int AS completed FROM "SectionCompletion" WHERE "userId" = $1 AND "courseId" = $2`, [
    record.userId,
    record.courseId,
  ]);
  return (fresh?.completed ?? 0) >= record.totalSections;
}

type SavedRow = { userId: number; isPublic: boolean; status: string; sectionIds: number[]; newlyCompleted: boolean } & Pick<ProgressRecord, "currentSectionId" | "completedSections">;

/**
 * $1 user, $2 course, $3 current section or null, $4 section to (un)complete or null, $5 complete
 * (true) or un-complete (false). No row: no such course. The final SELECT sees the rows as they
 * were when the statement began, so it applies this statement's own changes to them: the new
 * current section, the section just completed (last, as the newest; one completed before keeps
 * its place), minus the one just un-completed; and whether the completion is new. "updatedAt" and "completedAt" are timestamp(3)
 * without time zone holding UTC, as Prisma writes them.
 */
const SAVE_PROGRESS_SQL = `
  WITH course AS (
    SELECT c."userId", c."isPublic", c.status, ${visibleToSql("c", "$1")} AS visible,
           coalesce((SELECT array_agg(s.id) FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = c.id), '{}') AS "sectionIds"
    FROM "Course" c WHERE c.id = $2
  ), allowed AS (
    SELECT 1 FROM course
    WHERE visible AND ($3::int IS NULL OR $3::int = ANY("sectionIds")) AND ($4::int IS NULL OR $4::int = ANY("sectionIds"))
  ), current AS (
    INSERT INTO "CourseProgress" ("userId", "courseId", "currentSectionId", "updatedAt")
    SELECT $1, $2, $3::int, now() AT TIME ZONE 'UTC' FROM allowed WHERE $3::int IS NOT NULL
    ON CONFLICT ("userId", "courseId") DO UPDATE SET "currentSectionId" = EXCLUDED."currentSectionId", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING "currentSectionId"
  ), completed AS (
    INSERT INTO "SectionCompletion" ("userId", "courseId", "sectionId", "completedAt")
    SELECT $1, $2, $4::int, now() AT TIME ZONE 'UTC' FROM allowed WHERE $4::int IS NOT NULL AND $5::boolean
    ON CONFLICT ("userId", "sectionId") DO NOTHING
    RETURNING "sectionId"
  ), uncompleted AS (
    DELETE FROM "SectionCompletion" WHERE "userId" = $1 AND "sectionId" = $4::int AND NOT $5::boolean AND EXISTS (SELECT 1 FROM allowed)
  ), before AS (
    SELECT coalesce(array_agg(sc."sectionId" ORDER BY sc."completedAt", sc.id), '{}') AS ids
    FROM "SectionCompletion" sc WHERE sc."userId" = $1 AND sc."courseId" = $2
  )
  SELECT course."userId", course."isPublic", course.status, course."sectionIds",
         coalesce((SELECT "currentSectionId" FROM current),
                  (SELECT p."currentSectionId" FROM "CourseProgress" p WHERE p."userId" = $1 AND p."courseId" = $2)) AS "currentSectionId",
         CASE WHEN NOT EXISTS (SELECT 1 FROM allowed) OR $4::int IS NULL THEN b.ids
              WHEN NOT $5::boolean THEN array_remove(b.ids, $4::int)
              WHEN $4::int = ANY(b.ids) THEN b.ids
              ELSE b.ids || $4::int END AS "completedSections",
         EXISTS (SELECT 1 FROM completed) AS "newlyCompleted"
  FROM course, before b`;
