import type { StreakView, UserBadgeView } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";
import { selectActivityDays } from "~/server/db/queries/gamification";
import { selectLearnerFacts } from "~/server/db/queries/learner-facts";

import { addDays, dateColumn, fromDateColumn, localDateOf } from "./local-date";
import { learnerTimeZone, recordLearningEvent } from "./record-event";
import { computeStreak } from "./streak-math";

/**
 * GET /api/streaks/{userId}, and the counts every page shows (the achievements panel, the public
 * card): the streak counted now from the learner's days with learning, as of today in their time
 * zone (a streak whose last day is before yesterday has ended), and the learner's counts from
 * their one query (selectLearnerFacts).
 */
export async function getStreak(db: DbClient, userId: number, now = new Date()): Promise<StreakView> {
  const [user, days, facts] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } }),
    selectActivityDays(db, userId),
    selectLearnerFacts(db, userId),
  ]);
  const streak = computeStreak(
    days.map((row) => row.localDate),
    localDateOf(now, user.timeZone),
  );
  return {
    userId,
    ...streak,
    totalCoursesCompleted: facts.coursesCompleted,
    totalSectionsCompleted: facts.sectionsCompleted,
    totalQuizzesCompleted: facts.quizzesCompleted,
    coursesStarted: facts.coursesStarted,
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
