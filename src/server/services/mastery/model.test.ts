import { describe, expect, test } from "vitest";

import { afterEvidence, cardCredit, type Evidence, MASTERY_PARAMETERS, type MasteryState, masteryAt, shownMastery } from "./model";

const start = new Date("2026-11-01T10:00:00Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

function replay(evidence: Evidence[]): MasteryState {
  let state: MasteryState | null = null;
  for (const piece of evidence) state = afterEvidence(state, piece);
  return state!;
}

const answers = (credits: number[], kind: Evidence["kind"] = "choice") => credits.map((credit, i) => ({ kind, credit, at: later(i) }));

describe("mastery (Bayesian Knowledge Tracing with forgetting)", () => {
  test("a learner who misses the questions on a concept ends lower than one who answers them right", () => {
    const missed = replay(answers([0, 0, 0, 0]));
    const right = replay(answers([1, 1, 1, 1]));
    expect(missed.pKnown).toBeLessThan(MASTERY_PARAMETERS.prior);
    expect(right.pKnown).toBeGreaterThan(0.9);
    expect(missed.evidenceCount).toBe(4);
  });

  test("a card review moves it: Again down, Good up", () => {
    const before = replay(answers([1, 0]));
    const again = afterEvidence(before, { kind: "card", credit: cardCredit("again"), at: later(5) });
    const good = afterEvidence(before, { kind: "card", credit: cardCredit("good"), at: later(5) });
    expect(again.pKnown).toBeLessThan(before.pKnown);
    expect(good.pKnown).toBeGreaterThan(before.pKnown);
  });

  test("more credit for an open answer is more mastery, and a right recall says more than a right guessable choice", () => {
    const credits = [0, 0.3, 0.6, 1].map((credit) => afterEvidence(null, { kind: "open", credit, at: start }).pKnown);
    expect([...credits].sort((a, b) => a - b)).toEqual(credits);
    expect(new Set(credits).size).toBe(4);
    const recalled = afterEvidence(null, { kind: "open", credit: 1, at: start }).pKnown;
    const chosenOfTwo = afterEvidence(null, { kind: "choice", credit: 1, at: start, optionCount: 2 }).pKnown;
    const chosenOfFour = afterEvidence(null, { kind: "choice", credit: 1, at: start, optionCount: 4 }).pKnown;
    expect(chosenOfTwo).toBeLessThan(chosenOfFour);
    expect(chosenOfFour).toBeLessThan(recalled);
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
    const fresh = afterEvidence(replay(answers([0, 0, 0])), { kind: "choice", credit: 1, at: later(10) });
    const aged = afterEvidence(replay(answers([0, 0, 0])), { kind: "choice", credit: 1, at: new Date(start.getTime() + 90 * 86_400_000) });
    expect(aged.pKnown).toBeGreaterThan(fresh.pKnown);
  });

  test("stays a probability whatever arrives: out-of-range, NaN or out-of-order evidence", () => {
    let state: MasteryState | null = null;
    for (let i = 0; i < 500; i++) {
      const credit = [Number.NaN, -3, 7, 0.5, 1, 0][i % 6]!;
      state = afterEvidence(state, { kind: (["choice", "open", "card"] as const)[i % 3]!, credit, at: later((i * 7919) % 1000) });
      expect(state.pKnown).toBeGreaterThanOrEqual(0);
      expect(state.pKnown).toBeLessThanOrEqual(1);
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
