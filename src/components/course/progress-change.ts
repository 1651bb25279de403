import type { RouterOutputs } from "~/trpc/react";

type ProgressRecord = RouterOutputs["progress"]["byCourse"];
export type ProgressUpdate = { currentSectionId?: number; completedSectionId?: number };

/** The change that completes a section: nothing when it is already completed. */
export function completionOf(completedIds: ReadonlySet<number>, sectionId: number): ProgressUpdate {
  return completedIds.has(sectionId) ? {} : { completedSectionId: sectionId };
}

/**
 * The progress record as it will be once the change is saved (shown while it saves). `empty` is
 * the record of a learner with no progress yet.
 */
export function applyProgressChange(record: ProgressRecord | null | undefined, change: ProgressUpdate, empty: ProgressRecord): ProgressRecord {
  const base = record ?? empty;
  const completed =
    change.completedSectionId !== undefined && !base.completedSections.includes(change.completedSectionId)
      ? [...base.completedSections, change.completedSectionId]
      : base.completedSections;
  return { ...base, currentSectionId: change.currentSectionId ?? base.currentSectionId, completedSections: completed };
}
