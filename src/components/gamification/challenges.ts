import type { ChallengeView, UserChallengeView } from "~/lib/schemas/gamification";

type ChallengeState = "open" | "joined" | "completed";
export type ChallengeEntry = { challenge: ChallengeView; state: ChallengeState; progress: number };

/** Today's challenges, each with the learner's part in it (progress only counts after joining). */
export function challengeEntries(active: ChallengeView[], mine: UserChallengeView[]): ChallengeEntry[] {
  const joined = new Map(mine.map((entry) => [entry.challengeId, entry]));
  return active.map((challenge) => {
    const entry = joined.get(challenge.id);
    if (!entry) return { challenge, state: "open", progress: 0 };
    return { challenge, state: entry.completed ? "completed" : "joined", progress: Math.min(entry.progress, challenge.target) };
  });
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** "Ends in 5 h", "Ends in 12 min", "Ended". */
export function timeLeftLabel(expiryDate: string, now: number): string {
  const left = Date.parse(expiryDate) - now;
  if (left <= 0) return "Ended";
  if (left >= HOUR_MS) return `Ends in ${Math.floor(left / HOUR_MS)} h`;
  return `Ends in ${Math.max(1, Math.floor(left / MINUTE_MS))} min`;
}

export const JOIN_FAILED_TITLE = "Couldn't join challenge";
/** The failure toast's description when the server gives no reason. */
export const JOIN_FAILED_FALLBACK = "There was an error joining the challenge";
