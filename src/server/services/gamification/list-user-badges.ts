import type { UserBadgeView } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";
import { listUserBadgeRows } from "~/server/db/queries/gamification";

/** GET /api/users/{userId}/badges: the badges the learner earned, newest first. */
export async function listUserBadges(db: DbClient, userId: number): Promise<UserBadgeView[]> {
  const rows = await listUserBadgeRows(db, userId);
  return rows.map((row) => ({ ...row, awardedAt: row.awardedAt.toISOString() }));
}
