import type { DueCount } from "~/lib/schemas/cards";
import type { DbClient } from "~/server/db";
import { countDueCards } from "~/server/db/queries/cards";

/** review.dueCount: the learner's cards due now (of one course, when given), and when the next one falls due. */
export function getDueCount(db: DbClient, { userId, courseId, now = new Date() }: { userId: number; courseId?: number; now?: Date }): Promise<DueCount> {
  return countDueCards(db, { userId, courseId, now });
}
