import type { DbClient } from "~/server/db";
import { getDesiredRetention, setDesiredRetention } from "~/server/db/queries/cards";

/** The learner's desired retention (0.7-0.99): what FSRS schedules every card of theirs for. */
export async function getReviewSettings(db: DbClient, userId: number): Promise<{ desiredRetention: number }> {
  return getDesiredRetention(db, userId);
}

/** Later reviews are scheduled for the new retention; cards keep their current due times. */
export async function updateReviewSettings(
  db: DbClient,
  userId: number,
  { desiredRetention }: { desiredRetention: number },
): Promise<{ desiredRetention: number }> {
  return setDesiredRetention(db, { userId, desiredRetention: Math.round(desiredRetention * 100) / 100 });
}
