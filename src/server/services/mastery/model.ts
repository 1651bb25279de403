/**
 * How sure we are that a learner knows a concept: Bayesian Knowledge Tracing (Corbett &
 * Anderson, 1995) with soft evidence and forgetting between pieces of evidence. docs/mastery.md
 * gives the parameters and the reasons for them. Pure: the caller stores the state and updates it
 * with each piece of evidence, in the transaction that records the evidence.
 */
import type { CardRatingName } from "~/lib/review";

/** Where a piece of evidence comes from, which sets how likely a right answer is by luck. */
export type EvidenceKind = "choice" | "open" | "card";

export type Evidence = {
  kind: EvidenceKind;
  /** How right the answer was, 0–1: a choice is 0 or 1, an open answer its credit, a card review its rating's. */
  credit: number;
  at: Date;
  /** A choice question's number of options (its guess is 1 in that many). */
  optionCount?: number;
};

export type MasteryState = { pKnown: number; evidenceCount: number; lastEvidenceAt: Date };

export const MASTERY_PARAMETERS = {
  /** P(L0): the chance a learner knows a concept before any evidence. */
  prior: 0.3,
  /** P(T): the chance of learning it from one attempt (answering, then seeing the answer). */
  learn: 0.1,
  /** P(S): the chance a learner who knows it still answers wrong. */
  slip: 0.1,
  /** P(G) by kind: a choice question is guessed 1 in its options; recalling or writing an answer is hardly guessed. */
  guess: { choice: 0.25, open: 0.05, card: 0.05 } satisfies Record<EvidenceKind, number>,
  /** Without new evidence, the estimate returns halfway to the prior in this many days. */
  halfLifeDays: 30,
} as const;

/** A card review's rating as credit: Again is a miss, Hard half a recall, Good and Easy a recall. */
export function cardCredit(rating: CardRatingName): number {
  return rating === "again" ? 0 : rating === "hard" ? 0.5 : 1;
}

const DAY_MS = 86_400_000;

/** The estimate at `now`: evidence ages, so it drifts back toward the prior with time. */
export function masteryAt(state: MasteryState, now: Date): number {
  const days = Math.max(0, now.getTime() - state.lastEvidenceAt.getTime()) / DAY_MS;
  const { prior, halfLifeDays } = MASTERY_PARAMETERS;
  return prior + (state.pKnown - prior) * 2 ** (-days / halfLifeDays);
}

/** The estimate at `now` as the API gives it: three decimals say all it knows (and a read a millisecond later reads the same). */
export function shownMastery(state: MasteryState | null, now: Date): number {
  return Math.round((state ? masteryAt(state, now) : MASTERY_PARAMETERS.prior) * 1000) / 1000;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * The state after one piece of evidence: the estimate aged to the evidence's time, conditioned
 * on the answer (a partial credit weighs the right and the wrong posterior, Jeffrey's rule), then
 * the chance of learning from the attempt.
 */
export function afterEvidence(state: MasteryState | null, evidence: Evidence): MasteryState {
  const { prior, learn, slip } = MASTERY_PARAMETERS;
  const guess =
    evidence.kind === "choice" && evidence.optionCount && evidence.optionCount > 1 ? 1 / evidence.optionCount : MASTERY_PARAMETERS.guess[evidence.kind];
  const credit = clamp01(Number.isFinite(evidence.credit) ? evidence.credit : 0);
  const known = state ? masteryAt(state, evidence.at) : prior;
  const ifRight = (known * (1 - slip)) / (known * (1 - slip) + (1 - known) * guess);
  const ifWrong = (known * slip) / (known * slip + (1 - known) * (1 - guess));
  const posterior = credit * ifRight + (1 - credit) * ifWrong;
  const lastEvidenceAt = state && state.lastEvidenceAt > evidence.at ? state.lastEvidenceAt : evidence.at;
  return { pKnown: clamp01(posterior + (1 - posterior) * learn), evidenceCount: (state?.evidenceCount ?? 0) + 1, lastEvidenceAt };
}
