import { PRODUCT_NAME } from "~/components/layout/logo";

/** Levels and achievements as the spec computes them: two courses started per level, up to level 5. */

export const MAX_LEVEL = 5;
const COURSES_PER_LEVEL = 2;

export function levelFor(coursesStarted: number): number {
  return Math.min(MAX_LEVEL, Math.floor(coursesStarted / COURSES_PER_LEVEL) + 1);
}

/** Percent of the way to the next level; 100 at the top level. */
export function progressToNextLevel(coursesStarted: number): number {
  if (levelFor(coursesStarted) === MAX_LEVEL) return 100;
  return (coursesStarted % COURSES_PER_LEVEL) * (100 / COURSES_PER_LEVEL);
}

/** Started = a progress record exists; completed = at least one section completed (the spec's definition). */
export function courseCounts(records: { completedSections: readonly unknown[] }[]): { started: number; completed: number } {
  return { started: records.length, completed: records.filter((record) => record.completedSections.length > 0).length };
}

export type Achievement = { key: string; name: string; description: string; unlocked: boolean };

export const QUIZ_MASTER_BADGE = "quiz-master";

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
