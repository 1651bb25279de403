/** Levels as the spec computes them: two courses started per level, up to level 5. */

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
