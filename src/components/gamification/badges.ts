import type { UserBadgeView } from "~/lib/schemas/gamification";

/** The badge catalogue (seeded by the migrations "badge_catalog" and "review_badge"), for the page's explanations. */
export const BADGE_CATALOGUE = [
  { key: "streak-3", name: "On a Roll", earnedBy: "a 3-day streak" },
  { key: "streak-7", name: "Week Warrior", earnedBy: "a 7-day streak" },
  { key: "streak-30", name: "Unstoppable", earnedBy: "a 30-day streak" },
  { key: "course-1", name: "Course Finisher", earnedBy: "your first completed course" },
  { key: "course-5", name: "Dedicated Learner", earnedBy: "5 completed courses" },
  { key: "quiz-perfect-1", name: "Perfect Score", earnedBy: "your first perfect quiz" },
  { key: "quiz-master", name: "Quiz Master", earnedBy: "5 perfect quizzes" },
  { key: "challenge-1", name: "Challenge Accepted", earnedBy: "your first completed daily challenge" },
  { key: "review-streak-7", name: "Steady Reviewer", earnedBy: "reviewing cards 7 days in a row" },
] as const;

/** Where the badge toaster remembers the badges it has announced, per learner. */
export const seenBadgesKey = (userId: number) => `coursecraft.seenBadges.${userId}`;

/** The stored ids, or null when nothing (readable) was ever stored. */
export function parseSeenBadgeIds(stored: string | null): number[] | null {
  if (stored === null) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : null;
  } catch {
    return null;
  }
}

/** The oldest badge not yet announced (badges come newest first). */
export function nextUnseenBadge(badges: UserBadgeView[], seenIds: readonly number[]): UserBadgeView | undefined {
  return badges.findLast((badge) => !seenIds.includes(badge.id));
}

export function badgeToast({ badge }: UserBadgeView): { title: string; description: string } {
  return { title: `Badge earned: ${badge.name}`, description: badge.description };
}

/** A local calendar day ("2026-11-22") as a long date, without shifting it through a time zone. */
export function formatDay(day: string, locale?: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
}

/** An instant (when a badge was awarded) as a long date in the viewer's time zone. */
export function formatAwardedDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric" });
}
