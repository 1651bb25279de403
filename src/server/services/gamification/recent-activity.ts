import type { RecentActivity } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";
import { selectRecentActivity } from "~/server/db/queries/gamification";

/** How many items the sidebar lists. */
const RECENT_ACTIVITY_LIMIT = 5;

/**
 * The learner's latest learning: sections completed, quizzes passed, courses finished (in a
 * course they can still open) and badges earned, newest first.
 */
export async function listRecentActivity(db: DbClient, userId: number, limit = RECENT_ACTIVITY_LIMIT): Promise<RecentActivity> {
  return selectRecentActivity(db, { userId, limit });
}
