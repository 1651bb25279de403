import type { StreakView, UserBadgeView } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";

import { getStreak } from "./get-streak";
import { localDateOf } from "./local-date";
import { learnerTimeZone, recordLearningEvent } from "./record-event";

/** POST /api/streaks/{userId}/activity: today's visit of the gamification page, recorded once a day. */
export async function recordDailyVisit(
  db: DbClient,
  { userId, timeZone, now = new Date() }: { userId: number; timeZone?: string | null; now?: Date },
): Promise<{ streak: StreakView; newBadges: UserBadgeView[] }> {
  const zone = await learnerTimeZone(db, userId, timeZone);
  const { newBadges } = await recordLearningEvent(db, { userId, type: "daily_visit", subjectKey: localDateOf(now, zone), at: now, timeZone: zone });
  return { streak: await getStreak(db, userId, now), newBadges };
}
