import type { ProgressRecord } from "~/lib/schemas/progress";

/** Completed sections over the course's real section count, as a whole percent. */
export function courseProgressPercent(progress: Pick<ProgressRecord, "completedSections" | "totalSections"> | undefined): number {
  if (!progress || progress.totalSections <= 0) return 0;
  return Math.min(100, Math.round((progress.completedSections.length / progress.totalSections) * 100));
}

/** The sidebar bar is never drawn narrower than this, so a new course still shows a sliver. */
export const MIN_PROGRESS_BAR_PERCENT = 5;
