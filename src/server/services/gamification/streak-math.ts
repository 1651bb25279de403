import { daysBetween } from "./local-date";

export type StreakCounts = { currentStreak: number; longestStreak: number; lastActivityDate: string | null };

/**
 * The streak from the days with learning (distinct "YYYY-MM-DD", any order) as of `today`, each
 * day being the learner's local day when it happened: the current streak is the run of
 * consecutive days ending today, or ending yesterday (today is not over yet, so a streak is not
 * lost until a whole day passes without learning); the longest is the longest run ever.
 * A day after `today` was learned in a time zone ahead of the learner's present one (events are
 * dated by the server's clock, never the browser's): it happened, so it counts, and the streak is
 * counted as of that day.
 */
export function computeStreak(activeDays: readonly string[], today: string): StreakCounts {
  const days = [...new Set(activeDays)].sort();
  if (days.length === 0) return { currentStreak: 0, longestStreak: 0, lastActivityDate: null };
  let longest = 1;
  let run = 1;
  for (let i = 1; i < days.length; i++) {
    run = daysBetween(days[i - 1]!, days[i]!) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const last = days.at(-1)!;
  const current = daysBetween(last, today) <= 1 ? run : 0;
  return { currentStreak: current, longestStreak: longest, lastActivityDate: last };
}
