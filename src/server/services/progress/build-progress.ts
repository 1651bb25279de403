import type { ProgressRecord } from "~/lib/schemas/progress";
import type { DbClient } from "~/server/db";
import { selectProgress } from "~/server/db/queries/progress";

/**
 * The user's progress records, one per course they have progress in (a current section or any
 * completion), with the completed section ids (oldest first) and each course's real section
 * count. `courseIds` narrows it to those courses; without it, every course. Courses without
 * progress get no record: callers decide what "no progress" means for them.
 * Authorization is the caller's job: this reads only `userId`'s own rows, nothing else.
 */
export function buildProgressRecords(db: DbClient, { userId, courseIds }: { userId: number; courseIds?: number[] }): Promise<ProgressRecord[]> {
  return selectProgress(db, { userId, courseIds: courseIds ?? null });
}
