/** The learner's totals that badges are earned by. */
export type BadgeStats = {
  longestStreak: number;
  coursesCompleted: number;
  perfectQuizzes: number;
  challengesCompleted: number;
  /** The most days in a row with a card reviewed. */
  longestReviewStreak: number;
};

/** Each badge (seeded by the migrations "badge_catalog" and "review_badge") and the rule that earns it. */
const BADGE_RULES: { key: string; earned: (stats: BadgeStats) => boolean }[] = [
  { key: "streak-3", earned: (s) => s.longestStreak >= 3 },
  { key: "streak-7", earned: (s) => s.longestStreak >= 7 },
  { key: "streak-30", earned: (s) => s.longestStreak >= 30 },
  { key: "course-1", earned: (s) => s.coursesCompleted >= 1 },
  { key: "course-5", earned: (s) => s.coursesCompleted >= 5 },
  { key: "quiz-perfect-1", earned: (s) => s.perfectQuizzes >= 1 },
  { key: "quiz-master", earned: (s) => s.perfectQuizzes >= 5 },
  { key: "challenge-1", earned: (s) => s.challengesCompleted >= 1 },
  { key: "review-streak-7", earned: (s) => s.longestReviewStreak >= 7 },
];

/** The keys of every badge these totals earn (awarding is idempotent: already-held ones are skipped). */
export function earnedBadgeKeys(stats: BadgeStats): string[] {
  return BADGE_RULES.filter((rule) => rule.earned(stats)).map((rule) => rule.key);
}
