import type { StreakView, UserBadgeView } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";

import { addDays, daysBetween, fromDateColumn, localDateOf, dateColumn } from "./local-date";
import { learnerTimeZone, recordLearningEvent } from "./record-event";

/**
 * GET /api/streaks/{userId}: the stored streak as of today in the learner's time zone (a streak
 * whose last day is before yesterday has ended, even if no event has come since to say so).
 */
export async function getStreak(db: DbClient, userId: number, now = new Date()): Promise<StreakView> {
  const [user, streak] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } }),
    db.streak.findUnique({ where: { userId } }),
  ]);
  const today = localDateOf(now, user.timeZone);
  const last = streak?.lastActivityDate ? fromDateColumn(streak.lastActivityDate) : null;
  const alive = last !== null && daysBetween(last, today) <= 1;
  return {
    userId,
    currentStreak: alive ? (streak?.currentStreak ?? 0) : 0,
    longestStreak: streak?.longestStreak ?? 0,
    lastActivityDate: last,
    totalCoursesCompleted: streak?.totalCoursesCompleted ?? 0,
    totalSectionsCompleted: streak?.totalSectionsCompleted ?? 0,
    totalQuizzesCompleted: streak?.totalQuizzesCompleted ?? 0,
    timeZone: user.timeZone,
  };
}

/** POST /api/streaks/{userId}/activity: today's visit of the gamification page, recorded once a day. */
export async function recordDailyVisit(
  db: DbClient,
  { userId, timeZone, now = new Date() }: { userId: number; timeZone?: string | null; now?: Date },
): Promise<{ streak: StreakView; newBadges: UserBadgeView[] }> {
  const zone = await learnerTimeZone(db, userId, timeZone);
  const { newBadges } = await recordLearningEvent(db, { userId, type: "daily_visit", subjectKey: localDateOf(now, zone), at: now, timeZone: zone });
  return { streak: await getStreak(db, userId, now), newBadges };
}

/** GET /api/users/{userId}/badges: the badges the learner earned, newest first. */
export async function listUserBadges(db: DbClient, userId: number): Promise<UserBadgeView[]> {
  const rows = await db.userBadge.findMany({
    where: { userId },
    orderBy: [{ awardedAt: "desc" }, { id: "desc" }],
    select: { id: true, awardedAt: true, badge: { select: { id: true, key: true, type: true, name: true, description: true } } },
  });
  return rows.map((row) => ({ ...row, awardedAt: row.awardedAt.toISOString() }));
}

/** The heatmap: learning events per local day over the last `weeks` weeks (whole weeks, ending today). */
export async function getActivityCalendar(db: DbClient, userId: number, { weeks, now = new Date() }: { weeks: number; now?: Date }) {
  const { timeZone } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } });
  const today = localDateOf(now, timeZone);
  const first = addDays(today, -(weeks * 7 - 1));
  const rows = await db.activityEvent.groupBy({ by: ["localDate"], where: { userId, localDate: { gte: dateColumn(first) } }, _count: { _all: true } });
  const counts = new Map(rows.map((row) => [fromDateColumn(row.localDate), row._count._all]));
  const days = Array.from({ length: weeks * 7 }, (_, i) => addDays(first, i)).map((date) => ({ date, count: counts.get(date) ?? 0 }));
  return { timeZone, days };
}
