import { describe, expect, test } from "vitest";

import { buildBm25Index, compareStrings, scoreBm25, stem, termCoverage, tokenize } from "./text-relevance";

describe("tokenize", () => {
  test("lowercases, drops stop words and punctuation, stems", () => {
    expect(tokenize("How do Neural Networks learn? A visual introduction!")).toEqual(["neural", "network", "learn", "visual", "introduction"]);
  });

  test("strips accents and links", () => {
    expect(tokenize("L'Hôpital's rule https://example.org/lhopital www.x.org/y mail@example.org")).toEqual(["hopital", "rule"]);
  });

  test("keeps numbers and words of other scripts", () => {
    expect(tokenize("SHA-256 in 3 steps, Ελληνικά")).toEqual(["sha", "256", "3", "step", "ελληνικα"]);
  });

  test("an empty or stop-word-only text has no tokens", () => {
    expect(tokenize("")).toEqual([]);
    expect(tokenize("how to do it for the video")).toEqual([]);
  });
});

describe("stem", () => {
  test.each([
    ["networks", "network"],
    ["network", "network"],
    ["sorting", "sort"],
    ["sorted", "sort"],
    ["sorts", "sort"],
    ["running", "run"],
    ["probabilities", "probability"],
    ["classes", "class"],
    ["calculus", "calculus"],
    ["analysis", "analysis"],
    ["integration", "integr"],
    ["integrate", "integr"],
    ["tables", "tabl"],
    ["table", "tabl"],
    ["256", "256"],
    ["map", "map"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe("BM25", () => {
  const index = buildBm25Index([
    {
      id: "a",
      fields: [
        { text: "Binary search explained", weight: 3 },
        { text: "Searching sorted arrays quickly.", weight: 1 },
      ],
    },
    {
      id: "b",
      fields: [
        { text: "Sorting algorithms", weight: 3 },
        { text: "Bubble sort, merge sort and a word on binary search.", weight: 1 },
      ],
    },
    {
      id: "c",
      fields: [
        { text: "Cooking pasta", weight: 3 },
        { text: "Water, salt, pasta.", weight: 1 },
      ],
    },
  ]);

  test("ranks a title match above a description mention and leaves out non-matches", () => {
    const results = scoreBm25(index, "binary search");
    expect(results.map((result) => result.id)).toEqual(["a", "b"]);
    expect(results[0]?.score).toBeGreaterThan(results[1]?.score ?? Infinity);
  });

  test("a query of stop words or unknown words finds nothing", () => {
    expect(scoreBm25(index, "the and of")).toEqual([]);
    expect(scoreBm25(index, "quantum")).toEqual([]);
  });

  test("an empty index finds nothing", () => {
    expect(scoreBm25(buildBm25Index([]), "binary search")).toEqual([]);
  });

  test("ties break by id", () => {
    const twins = buildBm25Index([
      { id: "z", fields: [{ text: "graphs", weight: 1 }] },
      { id: "m", fields: [{ text: "graphs", weight: 1 }] },
    ]);
    expect(scoreBm25(twins, "graph").map((result) => result.id)).toEqual(["m", "z"]);
  });
});

describe("termCoverage", () => {
  test("is the share of distinct query terms present", () => {
    expect(termCoverage(tokenize("binary search trees"), "Binary trees")).toBeCloseTo(2 / 3);
    expect(termCoverage([], "anything")).toBe(0);
  });
});

test("compareStrings is a plain code-unit order", () => {
  expect(["b", "B", "a"].sort(compareStrings)).toEqual(["B", "a", "b"]);
});
