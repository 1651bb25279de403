import type { UserBadgeView } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";

/** GET /api/users/{userId}/badges: the badges the learner earned, newest first. */
export async function listUserBadges(db: DbClient, userId: number): Promise<UserBadgeView[]> {
  const rows = await db.userBadge.findMany({
    where: { userId },
    orderBy: [{ awardedAt: "desc" }, { id: "desc" }],
    select: { id: true, awardedAt: true, badge: { select: { id: true, key: true, type: true, name: true, description: true } } },
  });
  return rows.map((row) => ({ ...row, awardedAt: row.awardedAt.toISOString() }));
}
