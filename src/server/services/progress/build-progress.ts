import type { ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";
import { queryRows } from "~/server/db/sql";

/**
 * The user's progress records, one per course they have progress in (a current section or any
 * completion), with the completed section ids (oldest first) and each course's real section
 * count. `courseIds` narrows it to those courses; without it, every course. Courses without
 * progress get no record: callers decide what "no progress" means for them.
 * Authorization is the caller's job: this reads only `userId`'s own rows, nothing else.
 */
export function buildProgressRecords(db: DbClient, userId: number, courseIds?: number[]): Promise<ProgressRecord[]> {
  return queryRows<ProgressRecord>(db, PROGRESS_SQL, [userId, courseIds ?? null]);
}

const PROGRESS_SQL = `
  WITH courses AS (
    SELECT "courseId" FROM "CourseProgress" WHERE "userId" = $1 AND ($2::int[] IS NULL OR "courseId" = ANY($2::int[]))
    UNION
    SELECT DISTINCT "courseId" FROM "SectionCompletion" WHERE "userId" = $1 AND ($2::int[] IS NULL OR "courseId" = ANY($2::int[]))
  )
  SELECT k."courseId", $1::int AS "userId",
         (SELECT p."currentSectionId" FROM "CourseProgress" p WHERE p."userId" = $1 AND p."courseId" = k."courseId") AS "currentSectionId",
         coalesce((SELECT array_agg(sc."sectionId" ORDER BY sc."completedAt", sc.id) FROM "SectionCompletion" sc
                   WHERE sc."userId" = $1 AND sc."courseId" = k."courseId"), '{}') AS "completedSections",
         (SELECT count(*)::int FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = k."courseId") AS "totalSections"
  FROM courses k ORDER BY k."courseId"`;
