/**
 * How sure we are that a learner knows a concept: Bayesian Knowledge Tracing (Corbett &
 * Anderson, 1995) with graded evidence, evidence shared between the concepts a question tests,
 * and forgetting between events. docs/mastery.md gives the parameters, how they were fitted on
 * simulated learners (scripts/eval-mastery.ts) and how calibrated they are. Pure: the caller
 * stores the state and updates it with each event, in the transaction that records the event.
 */
import type { CardRatingName } from "~/lib/review";

/** Where a piece of evidence comes from, which sets how likely a right answer is by luck. */
type EvidenceKind = "choice" | "open" | "card";

export type Evidence = {
  kind: EvidenceKind;
  /** How right the answer was, 0–1: a choice is 0 or 1, an open answer its credit, a card review its rating's. */
  credit: number;
  at: Date;
  /** A choice question's number of options (its guess is 1 in that many). */
  optionCount?: number;
  /**
   * The learner was shown this answer less than ANSWER_SEEN_WINDOW_MS before (a card made from a
   * missed question, a card's previous review, a practice question answered before): a right
   * answer may only be the memory of it, so it is guessed far more often.
   */
  answerSeen?: boolean;
  /** The share of the piece that bears on one concept, 0–1: a question testing k concepts gives each 1/k (splitAcrossConcepts). */
  weight?: number;
};

export type MasteryState = { pKnown: number; evidenceCount: number; lastEvidenceAt: Date };

/** An answer given less than this long after its answer was shown counts as `answerSeen`. */
export const ANSWER_SEEN_WINDOW_MS = 86_400_000;

/**
 * Fitted on simulated learners (scripts/eval-mastery.ts, `npm run eval:mastery`) with the quiz
 * shapes of the shared corpus, and checked on another population and other quizzes: see
 * docs/mastery.md for the figures.
 */
export type MasteryParameters = {
  prior: number;
  learn: number;
  slip: number;
  guess: { choice: number; open: number; card: number; seen: number };
  halfLifeDays: number;
};

export const MASTERY_PARAMETERS: MasteryParameters = {
  /** P(L0): the chance a learner knows a concept before any evidence. */
  prior: 0.2,
  /** P(T): the chance of learning it from one event (an attempt, a practice answer, a review: answering, then seeing the answer). */
  learn: 0.1,
  /** P(S): the chance a learner who knows it still answers wrong. */
  slip: 0.12,
  /**
   * P(G) by kind: a choice question with an unknown number of options (otherwise 1 in its
   * options), an open answer, a card recalled; `seen`: any answer given within a day of seeing it.
   */
  guess: { choice: 0.25, open: 0.06, card: 0.12, seen: 0.55 },
  /** Without new evidence, the estimate returns halfway to the prior in this many days. */
  halfLifeDays: 30,
};

/** A card review's rating as credit: Again is a miss, Hard half a recall, Good and Easy a recall. */
export function cardCredit(rating: CardRatingName): number {
  return rating === "again" ? 0 : rating === "hard" ? 0.5 : 1;
}

const DAY_MS = 86_400_000;

/** The estimate at `now`: evidence ages, so it drifts back toward the prior with time. */
export function masteryAt(state: MasteryState, now: Date, parameters = MASTERY_PARAMETERS): number {
  const days = Math.max(0, now.getTime() - state.lastEvidenceAt.getTime()) / DAY_MS;
  const { prior, halfLifeDays } = parameters;
  return prior + (state.pKnown - prior) * 2 ** (-days / halfLifeDays);
}

/** The estimate at `now` as the API gives it: three decimals say all it knows (and a read a millisecond later reads the same). */
export function shownMastery(state: MasteryState | null, now: Date): number {
  return Math.round((state ? masteryAt(state, now) : MASTERY_PARAMETERS.prior) * 1000) / 1000;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
}

/** P(a right answer | the learner does not know it) for this piece. */
function guessOf(evidence: Pick<Evidence, "kind" | "optionCount" | "answerSeen">, parameters = MASTERY_PARAMETERS): number {
  const { guess } = parameters;
  const luck = evidence.kind === "choice" && evidence.optionCount && evidence.optionCount > 1 ? 1 / evidence.optionCount : guess[evidence.kind];
  return evidence.answerSeen ? Math.max(luck, guess.seen) : luck;
}

/**
 * The likelihood ratio of a piece, P(answer | knows) / P(answer | does not), in logs. A credit
 * between 0 and 1 is a fractional observation (c right, 1 − c wrong), and the weight tempers the
 * whole likelihood, so a piece split between two concepts moves each as half a piece would.
 */
function logLikelihoodRatio(evidence: Evidence, parameters: MasteryParameters): number {
  const { slip } = parameters;
  const guess = guessOf(evidence, parameters);
  const credit = clamp01(evidence.credit);
  const weight = clamp01(evidence.weight ?? 1);
  const ifKnown = credit * Math.log(1 - slip) + (1 - credit) * Math.log(slip);
  const ifUnknown = credit * Math.log(guess) + (1 - credit) * Math.log(1 - guess);
  return weight * (ifKnown - ifUnknown);
}

/**
 * The state after one event: the estimate aged to the event's time, conditioned on all the
 * event's pieces on this concept at once (independent given the state), then the chance of
 * learning from the event, once: seeing the answers of a seven-question quiz is one lesson, not
 * seven, and an event whose every answer was seen within the day is none. Pieces of weight 0 are
 * not evidence and change nothing.
 */
export function afterEvent(state: MasteryState | null, pieces: readonly Evidence[], parameters = MASTERY_PARAMETERS): MasteryState | null {
  const counted = pieces.filter((piece) => clamp01(piece.weight ?? 1) > 0);
  if (counted.length === 0) return state;
  const { prior, learn } = parameters;
  const at = counted.reduce((latest, piece) => (piece.at > latest ? piece.at : latest), counted[0]!.at);
  const known = state ? masteryAt(state, at, parameters) : prior;
  const logOdds = Math.log(known / (1 - known)) + counted.reduce((sum, piece) => sum + logLikelihoodRatio(piece, parameters), 0);
  const posterior = known <= 0 ? 0 : known >= 1 ? 1 : 1 / (1 + Math.exp(-logOdds));
  const lastEvidenceAt = state && state.lastEvidenceAt > at ? state.lastEvidenceAt : at;
  // Seeing an answer again within a day of seeing it teaches nothing the model can count on.
  const teaches = counted.some((piece) => !piece.answerSeen);
  return {
    pKnown: clamp01(teaches ? posterior + (1 - posterior) * learn : posterior),
    evidenceCount: (state?.evidenceCount ?? 0) + counted.length,
    lastEvidenceAt,
  };
}

/** A piece of evidence on a question that tests several concepts: each gets an equal share of it. */
export function splitAcrossConcepts(evidence: Evidence, conceptCount: number): Evidence {
  return conceptCount <= 1 ? evidence : { ...evidence, weight: (evidence.weight ?? 1) / conceptCount };
}

/** Whether an answer given `at` comes within a day of its answer being shown `seenAt`. */
export function answerSeenRecently(seenAt: Date | null | undefined, at: Date): boolean {
  return seenAt != null && at.getTime() - seenAt.getTime() < ANSWER_SEEN_WINDOW_MS;
}
