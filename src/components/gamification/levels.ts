import { PRODUCT_NAME } from "~/components/layout/logo";

/** Achievements as the spec computes them. The level arithmetic is in ~/lib/levels: the public achievements card computes it on the server too. */
export { levelFor, MAX_LEVEL, progressToNextLevel } from "~/lib/levels";

export type Achievement = { key: string; name: string; description: string; unlocked: boolean };

const QUIZ_MASTER_BADGE = "quiz-master";

export function achievements({ hasCourse, badgeKeys }: { hasCourse: boolean; badgeKeys: readonly string[] }): Achievement[] {
  return [
    { key: "course-creator", name: "Course Creator", description: "Created your first learning course", unlocked: hasCourse },
    { key: "learning-explorer", name: "Learning Explorer", description: "Started your learning journey", unlocked: true },
    { key: "quiz-master", name: "Quiz Master", description: "Completed 5 quizzes with perfect scores", unlocked: badgeKeys.includes(QUIZ_MASTER_BADGE) },
  ];
}

/** What "Share Your Achievements" copies; a streak is only mentioned while there is one. */
export function shareText(level: number, currentStreak?: number): string {
  const streak = currentStreak ? ` with a ${currentStreak}-day streak` : "";
  return `I'm at Level ${level} on ${PRODUCT_NAME}${streak}!`;
}
