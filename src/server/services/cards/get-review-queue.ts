import { REVIEW_QUEUE_PAGE, type ReviewQueue } from "~/lib/schemas/cards";
import type { DbClient } from "~/server/db";
import { selectDueSummary, selectReviewQueue } from "~/server/db/queries/cards";

import { toQueueCards } from "./queue-cards";

/**
 * GET /api/review/queue: the learner's cards due now across all courses, oldest due first (one
 * page), each with the next interval of every rating as ts-fsrs previews it at the learner's
 * desired retention, and its moment as the course page shows it (with its video's number in a
 * playlist course); how many are due; and, when none is, when the next one will be.
 */
export async function getReviewQueue(db: DbClient, { userId, now = new Date() }: { userId: number; now?: Date }): Promise<ReviewQueue> {
  const [summary, rows] = await Promise.all([selectDueSummary(db, { userId, now }), selectReviewQueue(db, { userId, now, limit: REVIEW_QUEUE_PAGE })]);
  const cards = await toQueueCards(db, rows, now, summary.desiredRetention);
  return { cards, dueCount: summary.dueCount, nextDueAt: summary.dueCount > 0 ? null : summary.nextDueAt };
}
