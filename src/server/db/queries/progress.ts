import type { ProgressRecord } from "~/lib/schemas/progress";

import type { DbClient } from "../client";
import { outlineSectionIdsSql } from "./course";
import { visibleToSql } from "./course-visibility";
import { queryRows } from "./run";

export type ProgressRow = ProgressRecord;

const PROGRESS_SQL = `
  WITH courses AS (
    SELECT "courseId" FROM "CourseProgress" WHERE "userId" = $1 AND ($2::int[] IS NULL OR "courseId" = ANY($2::int[]))
    UNION
    SELECT DISTINCT "courseId" FROM "SectionCompletion" WHERE "userId" = $1 AND ($2::int[] IS NULL OR "courseId" = ANY($2::int[]))
  )
  SELECT k."courseId", $1::int AS "userId",
         (SELECT p."currentSectionId" FROM "CourseProgress" p WHERE p."userId" = $1 AND p."courseId" = k."courseId") AS "currentSectionId",
         coalesce((SELECT array_agg(sc."sectionId" ORDER BY sc."completedAt", sc.id) FROM "SectionCompletion" sc
                   WHERE sc."userId" = $1 AND sc."courseId" = k."courseId" AND sc."sectionId" IN ${outlineSectionIdsSql(`= k."courseId"`)}), '{}') AS "completedSections",
         (SELECT count(*)::int FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = k."courseId") AS "totalSections"
  FROM courses k ORDER BY k."courseId"`;

/**
 * One row per course the user has progress in (a current section or any completion), by course
 * id, with the completed section ids (oldest first) and the course's real section count.
 * `courseIds` null: every course.
 */
export function selectProgress(db: DbClient, { userId, courseIds }: { userId: number; courseIds: number[] | null }): Promise<ProgressRow[]> {
  return queryRows<ProgressRow>(db, PROGRESS_SQL, [userId, courseIds]);
}

export type SavedProgressRow = {
  visible: boolean;
  sectionIds: number[];
  newlyCompleted: boolean;
} & Pick<ProgressRecord, "currentSectionId" | "completedSections">;

/**
 * $1 user, $2 course, $3 current section or null, $4 section to (un)complete or null, $5 complete
 * (true) or un-complete (false). No row: no such course. The final SELECT sees the rows as they
 * were when the statement began, so it applies this statement's own changes to them: the new
 * current section, the section just completed (last, as the newest; one completed before keeps
 * its place), minus the one just un-completed; and whether the completion is new. "updatedAt" and "completedAt" are timestamp(3)
 * without time zone holding UTC, as Prisma writes them.
 *
 * The statement commits asynchronously (synchronous_commit off for its own transaction only):
 * it answers once the commit is in the WAL buffers, not once the WAL is on disk. If PostgreSQL
 * itself crashes, the last fraction of a second of progress writes can be lost whole, never half
 * written; the player's next report puts the current section back, and a lost completion is a
 * checkbox to tick again. Waiting for the flush made a learner's own writes, which queue behind
 * each other (row-writers.ts), wait for the disk one after another: ~1.7× the throughput on a
 * 2-core VM (bench:course-api). Everything else the app writes stays synchronous.
 */
const SAVE_PROGRESS_SQL = `
  WITH course AS (
    SELECT ${visibleToSql("c", "$1")} AS visible,
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
    FROM "SectionCompletion" sc, course WHERE sc."userId" = $1 AND sc."courseId" = $2 AND sc."sectionId" = ANY(course."sectionIds")
  ), asynchronous_commit AS (
    SELECT set_config('synchronous_commit', 'off', true)
  )
  SELECT course.visible, course."sectionIds",
         coalesce((SELECT "currentSectionId" FROM current),
                  (SELECT p."currentSectionId" FROM "CourseProgress" p WHERE p."userId" = $1 AND p."courseId" = $2)) AS "currentSectionId",
         CASE WHEN NOT EXISTS (SELECT 1 FROM allowed) OR $4::int IS NULL THEN b.ids
              WHEN NOT $5::boolean THEN array_remove(b.ids, $4::int)
              WHEN $4::int = ANY(b.ids) THEN b.ids
              ELSE b.ids || $4::int END AS "completedSections",
         EXISTS (SELECT 1 FROM completed) AS "newlyCompleted"
  FROM course, before b, asynchronous_commit`;

/**
 * The progress write: saves the current section and/or one section's (un)completion, each only
 * when the course is visible to the user and the section is its own, and answers the course's
 * visibility fields and section ids (for the caller's refusal) with the progress after the write.
 */
export async function saveProgress(
  db: DbClient,
  {
    userId,
    courseId,
    currentSectionId,
    completedSectionId,
    isCompleted,
  }: { userId: number; courseId: number; currentSectionId: number | null; completedSectionId: number | null; isCompleted: boolean },
): Promise<SavedProgressRow | undefined> {
  const [row] = await queryRows<SavedProgressRow>(
    db,
    SAVE_PROGRESS_SQL,
    [userId, courseId, currentSectionId, completedSectionId, isCompleted],
    "save-progress",
  );
  return row;
}

export type CompletedSectionsRow = { completed: number };

const COMPLETED_SECTIONS_SQL = `SELECT count(*)::int AS completed FROM "SectionCompletion"
  WHERE "userId" = $1 AND "courseId" = $2 AND "sectionId" IN ${outlineSectionIdsSql("= $2")}`;

/** How many of the course's sections the user has completed, as this statement sees them. */
export async function countCompletedSections(
  db: DbClient,
  { userId, courseId }: { userId: number; courseId: number },
): Promise<CompletedSectionsRow | undefined> {
  const [row] = await queryRows<CompletedSectionsRow>(db, COMPLETED_SECTIONS_SQL, [userId, courseId]);
  return row;
}
