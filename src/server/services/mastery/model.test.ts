import { describe, expect, test } from "vitest";

import { STRONG_FROM, WEAK_BELOW } from "~/lib/mastery-bands";

import {
  afterEvent,
  ANSWER_SEEN_WINDOW_MS,
  answerSeenRecently,
  cardCredit,
  type Evidence,
  MASTERY_PARAMETERS,
  type MasteryState,
  masteryAt,
  shownMastery,
  splitAcrossConcepts,
} from "./model";

const start = new Date("2026-11-01T10:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** The state after one piece of evidence on its own (an event of one piece); null only for a first piece of weight 0. */
const afterEvidence = (state: MasteryState | null, piece: Evidence) => afterEvent(state, [piece]);

/** Each piece an event of its own. */
function replay(evidence: Evidence[], from: MasteryState | null = null): MasteryState {
  let state = from;
  for (const piece of evidence) state = afterEvidence(state, piece);
  return state!;
}

const answers = (credits: number[], kind: Evidence["kind"] = "choice", at = (i: number) => later(i)) =>
  credits.map((credit, i): Evidence => ({ kind, credit, at: at(i), optionCount: kind === "choice" ? 4 : undefined }));
/** One quiz attempt: all its answers at one moment, one event. */
const attempt = (credits: number[], minute: number, from: MasteryState | null = null) =>
  afterEvent(
    from,
    answers(credits, "choice", () => later(minute)),
  )!;

describe("mastery (Bayesian Knowledge Tracing with forgetting)", () => {
  test("a learner who misses the questions on a concept ends lower than one who answers them right; one miss from the start is weak", () => {
    const missed = replay(answers([0, 0, 0, 0]));
    const right = replay(answers([1, 1, 1, 1]));
    expect(missed.pKnown).toBeLessThan(MASTERY_PARAMETERS.prior);
    expect(right.pKnown).toBeGreaterThan(0.9);
    expect(missed.evidenceCount).toBe(4);
    expect(afterEvidence(null, answers([0])[0]!)!.pKnown).toBeLessThan(WEAK_BELOW);
  });

  test("two poor attempts (1 of 7, then 3 of 7 on one concept) are not strong, nor are they with cards reviewed right after", () => {
    const first = attempt([1, 0, 0, 0, 0, 0, 0], 0);
    const second = attempt([1, 1, 1, 0, 0, 0, 0], 5, first);
    expect(second.pKnown).toBeLessThan(WEAK_BELOW);
    expect(second.evidenceCount).toBe(14);
    // The cards of the missed questions, reviewed "Good" minutes after their answers were shown.
    const reviewed = replay(
      [10, 11, 12].map((minute): Evidence => ({ kind: "card", credit: cardCredit("good"), at: later(minute), answerSeen: true })),
      second,
    );
    expect(reviewed.pKnown).toBeLessThan(STRONG_FROM);
  });

  test("the learn rate applies once per event: seven misses in one attempt end below seven misses in seven events", () => {
    const oneEvent = attempt([0, 0, 0, 0, 0, 0, 0], 0);
    const sevenEvents = replay(answers([0, 0, 0, 0, 0, 0, 0]));
    expect(oneEvent.pKnown).toBeLessThan(sevenEvents.pKnown);
    expect(oneEvent.pKnown).toBeGreaterThanOrEqual(MASTERY_PARAMETERS.learn);
  });

  test("a card review moves it: Again down, Good up", () => {
    const before = replay(answers([1, 0]));
    const again = afterEvidence(before, { kind: "card", credit: cardCredit("again"), at: later(5) })!;
    const good = afterEvidence(before, { kind: "card", credit: cardCredit("good"), at: later(5) })!;
    expect(again.pKnown).toBeLessThan(before.pKnown);
    expect(good.pKnown).toBeGreaterThan(before.pKnown);
  });

  test("a right answer given within a day of seeing it is weak evidence: it moves far less, still counts, and a miss then still says a lot", () => {
    const base = replay(answers([1, 0]));
    const recalled = afterEvidence(base, { kind: "card", credit: 1, at: later(60) })!;
    const remembered = afterEvidence(base, { kind: "card", credit: 1, at: later(60), answerSeen: true })!;
    expect(remembered.pKnown - base.pKnown).toBeLessThan((recalled.pKnown - base.pKnown) / 2);
    expect(remembered.evidenceCount).toBe(base.evidenceCount + 1);
    expect(afterEvidence(base, { kind: "card", credit: 0, at: later(60), answerSeen: true })!.pKnown).toBeLessThan(base.pKnown);
  });

  test("answerSeenRecently: within a day of its answer being shown, not after, and never without it", () => {
    expect(answerSeenRecently(start, new Date(start.getTime() + ANSWER_SEEN_WINDOW_MS - 1))).toBe(true);
    expect(answerSeenRecently(start, new Date(start.getTime() + ANSWER_SEEN_WINDOW_MS))).toBe(false);
    expect(answerSeenRecently(null, start)).toBe(false);
  });

  test("a question on several concepts gives each a share: half a right answer moves less than a whole one, weight 0 is no evidence", () => {
    const piece: Evidence = { kind: "choice", credit: 1, at: start, optionCount: 4 };
    const whole = afterEvidence(null, piece)!.pKnown;
    const half = afterEvidence(null, splitAcrossConcepts(piece, 2))!.pKnown;
    const third = afterEvidence(null, splitAcrossConcepts(piece, 3))!.pKnown;
    expect(third).toBeLessThan(half);
    expect(half).toBeLessThan(whole);
    expect(splitAcrossConcepts(piece, 1)).toBe(piece);
    expect(splitAcrossConcepts(piece, 4).weight).toBe(0.25);
    const state = replay(answers([1]));
    expect(afterEvidence(state, { ...piece, weight: 0 })).toBe(state);
    expect(afterEvidence(null, { ...piece, weight: 0 })).toBeNull();
  });

  test("more credit for an open answer is more mastery, and a right recall says more than a right guessable choice", () => {
    const credits = [0, 0.3, 0.6, 1].map((credit) => afterEvidence(null, { kind: "open", credit, at: start })!.pKnown);
    expect([...credits].sort((a, b) => a - b)).toEqual(credits);
    expect(new Set(credits).size).toBe(4);
    const recalled = afterEvidence(null, { kind: "open", credit: 1, at: start })!.pKnown;
    const chosenOfTwo = afterEvidence(null, { kind: "choice", credit: 1, at: start, optionCount: 2 })!.pKnown;
    const chosenOfFour = afterEvidence(null, { kind: "choice", credit: 1, at: start, optionCount: 4 })!.pKnown;
    expect(chosenOfTwo).toBeLessThan(chosenOfFour);
    expect(chosenOfFour).toBeLessThan(recalled);
  });

  test("a half-right open answer is not near-proof: it moves the estimate by little", () => {
    const half = afterEvidence(null, { kind: "open", credit: 0.5, at: start })!.pKnown;
    expect(half).toBeLessThan(0.5);
    const manyHalves = afterEvent(
      null,
      answers([0.43, 0.43, 0.43, 0.43, 0.43, 0.43, 0.43], "open", () => start),
    )!.pKnown;
    expect(manyHalves).toBeLessThan(STRONG_FROM);
  });

  test("it returns halfway to the prior in a half-life without evidence, and is read without changing the state", () => {
    const state = replay(answers([1, 1, 1]));
    const { prior, halfLifeDays } = MASTERY_PARAMETERS;
    const halfLifeLater = new Date(state.lastEvidenceAt.getTime() + halfLifeDays * 86_400_000);
    expect(masteryAt(state, state.lastEvidenceAt)).toBeCloseTo(state.pKnown, 12);
    expect(masteryAt(state, halfLifeLater)).toBeCloseTo(prior + (state.pKnown - prior) / 2, 12);
    expect(masteryAt(replay(answers([0, 0, 0])), halfLifeLater)).toBeLessThan(prior);
  });

  test("old evidence counts for less: a right answer after a long gap starts from the aged estimate", () => {
    const fresh = afterEvidence(replay(answers([0, 0, 0])), { kind: "choice", credit: 1, at: later(10) })!;
    const aged = afterEvidence(replay(answers([0, 0, 0])), { kind: "choice", credit: 1, at: new Date(start.getTime() + 90 * 86_400_000) })!;
    expect(aged.pKnown).toBeGreaterThan(fresh.pKnown);
  });

  test("stays a probability whatever arrives: out-of-range, NaN or out-of-order evidence and weights", () => {
    let state: MasteryState | null = null;
    for (let i = 0; i < 500; i++) {
      const credit = [Number.NaN, -3, 7, 0.5, 1, 0][i % 6]!;
      const weight = [undefined, 0.5, Number.NaN, 3, 1][i % 5];
      state = afterEvidence(state, { kind: (["choice", "open", "card"] as const)[i % 3]!, credit, at: later((i * 7919) % 1000), weight }) ?? state;
      expect(state!.pKnown).toBeGreaterThanOrEqual(0);
      expect(state!.pKnown).toBeLessThanOrEqual(1);
    }
    expect(state!.lastEvidenceAt.getTime()).toBe(later(999).getTime());
  });
});

describe("shownMastery", () => {
  test("gives the aged estimate to three decimals, and the prior before any evidence", () => {
    const state: MasteryState = { pKnown: 0.87654321, evidenceCount: 3, lastEvidenceAt: new Date("2026-01-01T00:00:00Z") };
    expect(shownMastery(state, new Date("2026-01-01T00:00:00Z"))).toBe(0.877);
    expect(shownMastery(state, new Date("2026-01-31T00:00:00Z"))).toBe(Math.round(masteryAt(state, new Date("2026-01-31T00:00:00Z")) * 1000) / 1000);
    expect(shownMastery(null, new Date())).toBe(MASTERY_PARAMETERS.prior);
  });
});
