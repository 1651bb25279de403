import { describe, expect, it } from "vitest";

import { addCounts, matchBoundaries, scoreCounts } from "./evaluate";

describe("matchBoundaries", () => {
  it("matches within the tolerance, one to one", () => {
    expect(matchBoundaries([100_000, 200_000], [110_000, 260_000], 30_000)).toEqual({ truePositives: 1, falsePositives: 1, falseNegatives: 1 });
    // Two predictions near one reference: only one counts.
    expect(matchBoundaries([100_000, 105_000], [102_000], 30_000)).toEqual({ truePositives: 1, falsePositives: 1, falseNegatives: 0 });
  });

  it("finds the maximum matching when windows overlap", () => {
    // Greedy by distance would pair 125 with 120 and leave 95 unmatched.
    expect(matchBoundaries([95_000, 125_000], [120_000, 150_000], 30_000).truePositives).toBe(2);
  });

  it("counts the tolerance inclusively and ignores order", () => {
    expect(matchBoundaries([130_000], [100_000], 30_000).truePositives).toBe(1);
    expect(matchBoundaries([300_000, 100_000], [99_000, 301_000], 30_000).truePositives).toBe(2);
  });
});

describe("scoreCounts", () => {
  it("computes precision, recall and F1", () => {
    const s = scoreCounts({ truePositives: 3, falsePositives: 1, falseNegatives: 2 });
    expect(s.precision).toBeCloseTo(0.75);
    expect(s.recall).toBeCloseTo(0.6);
    expect(s.f1).toBeCloseTo((2 * 0.75 * 0.6) / 1.35);
  });

  it("handles empty sets", () => {
    expect(scoreCounts({ truePositives: 0, falsePositives: 0, falseNegatives: 0 }).f1).toBe(1);
    expect(scoreCounts({ truePositives: 0, falsePositives: 2, falseNegatives: 3 }).f1).toBe(0);
  });

  it("adds counts", () => {
    expect(addCounts({ truePositives: 1, falsePositives: 2, falseNegatives: 3 }, { truePositives: 4, falsePositives: 5, falseNegatives: 6 })).toEqual({
      truePositives: 5,
      falsePositives: 7,
      falseNegatives: 9,
    });
  });
});
