/**
 * What a mastery estimate is called, in one place: the page's bands, "Weakest first" (only
 * concepts below strong) and the calibration report (how often "strong" is wrong) read them here.
 */
export type MasteryBand = "unassessed" | "weak" | "learning" | "strong";

/** Below WEAK_BELOW is weak, from STRONG_FROM on strong, between them learning. */
export const WEAK_BELOW = 0.4;
export const STRONG_FROM = 0.7;

/** A concept's band. Without evidence the number is the model's prior, so the concept is "not assessed yet", not weak. */
export function masteryBand({ mastery, evidenceCount }: { mastery: number; evidenceCount: number }): MasteryBand {
  if (evidenceCount === 0) return "unassessed";
  if (mastery < WEAK_BELOW) return "weak";
  return mastery < STRONG_FROM ? "learning" : "strong";
}
