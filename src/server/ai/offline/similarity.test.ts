import { describe, expect, it } from "vitest";

import { addInto, cosine, depthScores, documentFrequencies, inverseDocumentFrequencies, mean, smooth, standardDeviation } from "./similarity";

const vector = (stems: string[]) => {
  const v = new Map<string, number>();
  addInto(v, stems);
  return v;
};

describe("cosine", () => {
  it("is 1 for the same direction, 0 for disjoint or empty vectors", () => {
    expect(cosine(vector(["a", "b"]), vector(["a", "b", "a", "b"]))).toBeCloseTo(1, 10);
    expect(cosine(vector(["a"]), vector(["b"]))).toBe(0);
    expect(cosine(new Map(), vector(["a"]))).toBe(0);
  });

  it("is symmetric and bounded", () => {
    const a = vector(["x", "y", "y", "z"]);
    const b = vector(["y", "z", "z", "w"]);
    expect(cosine(a, b)).toBeCloseTo(cosine(b, a), 12);
    expect(cosine(a, b)).toBeGreaterThan(0);
    expect(cosine(a, b)).toBeLessThan(1);
  });

  it("lets term weights discount a shared but common word", () => {
    const a = vector(["common", "alpha"]);
    const b = vector(["common", "beta"]);
    const plain = cosine(a, b);
    const weighted = cosine(
      a,
      b,
      new Map([
        ["common", 0.1],
        ["alpha", 2],
        ["beta", 2],
      ]),
    );
    expect(weighted).toBeLessThan(plain);
  });
});

describe("idf", () => {
  it("weighs words in every sentence least, never zero", () => {
    const df = documentFrequencies([
      ["a", "b"],
      ["a", "c"],
      ["a", "a"],
    ]);
    expect(df.get("a")).toBe(3);
    const idf = inverseDocumentFrequencies(df, 3);
    expect(idf.get("a")!).toBeGreaterThan(0);
    expect(idf.get("a")!).toBeLessThan(idf.get("b")!);
  });
});

describe("smooth and depth", () => {
  it("averages neighbours and keeps the length", () => {
    expect(smooth([0, 3, 0], 1)).toEqual([1.5, 1, 1.5]);
    expect(smooth([1, 2, 3], 0)).toEqual([1, 2, 3]);
  });

  it("scores a valley by how far both sides climb", () => {
    const depth = depthScores([0.9, 0.8, 0.2, 0.7, 0.9]);
    expect(depth[2]).toBeCloseTo(0.9 - 0.2 + (0.9 - 0.2), 10);
    expect(Math.max(...depth)).toBe(depth[2]);
    expect(depthScores([0.5, 0.5, 0.5])).toEqual([0, 0, 0]);
  });

  it("computes mean and standard deviation", () => {
    expect(mean([])).toBe(0);
    expect(mean([1, 2, 3])).toBe(2);
    expect(standardDeviation([2, 2])).toBe(0);
    expect(standardDeviation([1, 3])).toBe(1);
  });
});
