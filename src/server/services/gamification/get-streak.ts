import type { StreakView } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";
import { getUserTimeZone, selectActivityDays } from "~/server/db/queries/gamification";
import { selectLearnerFacts } from "~/server/db/queries/learner-facts";

import { localDateOf } from "./local-date";
import { computeStreak } from "./streak-math";

/**
 * GET /api/streaks/{userId}, and the counts every page shows (the achievements panel, the public
 * card): the streak counted now from the learner's days with learning, as of today in their time
 * zone (a streak whose last day is before yesterday has ended), and the learner's counts from
 * their one query (selectLearnerFacts).
 */
export async function getStreak(db: DbClient, userId: number, now = new Date()): Promise<StreakView> {
  const [user, days, facts] = await Promise.all([getUserTimeZone(db, userId), selectActivityDays(db, userId), selectLearnerFacts(db, userId)]);
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
