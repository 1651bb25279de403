import { describe, expect, test } from "vitest";

import { rankBySimilarity } from "./similarity";

const course = (id: number, text: string, complexity = "beginner") => ({ id, text, complexity });

describe("rankBySimilarity", () => {
  const candidates = [
    course(1, "Binary search trees: insertion, deletion and balancing", "intermediate"),
    course(2, "Sourdough bread baking for beginners: starter, kneading, proofing"),
    course(3, "Binary search explained: halving a sorted list step by step"),
    course(4, "Sorting algorithms: merge sort and quicksort compared"),
  ];

  test("the closest topics first, unrelated ones left out", () => {
    const ranked = rankBySimilarity([course(10, "How binary search works on sorted arrays")], candidates, 4);
    expect(ranked[0]!.id).toBe(3);
    expect(ranked.map((r) => r.id)).toContain(1);
    expect(ranked.map((r) => r.id)).not.toContain(2);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  test("a course sharing only a stray word is not similar", () => {
    // Every course of the catalogue opens with the same chapter title, as generated ones often do.
    const intro = (id: number, text: string) => course(id, `${text}\nChapter 1: introduction`);
    const profile = [intro(10, "Binary search on sorted arrays")];
    const catalogue = [
      intro(1, "Sourdough bread: starter, kneading, proofing"),
      intro(2, "Watercolour painting basics"),
      intro(3, "Binary search explained"),
      intro(4, "Learning Spanish verbs"),
    ];
    expect(rankBySimilarity(profile, catalogue, 4).map((r) => r.id)).toEqual([3]);
  });

  test("the same complexity breaks near-ties", () => {
    const twins = [course(1, "Merge sort in depth", "advanced"), course(2, "Merge sort in depth", "beginner")];
    expect(rankBySimilarity([course(10, "merge sort", "beginner")], twins, 2).map((r) => r.id)).toEqual([2, 1]);
  });

  test("the limit holds; no profile or no candidates: nothing", () => {
    expect(rankBySimilarity([course(10, "sorting binary search algorithms")], candidates, 1)).toHaveLength(1);
    expect(rankBySimilarity([], candidates, 3)).toEqual([]);
    expect(rankBySimilarity([course(10, "anything")], [], 3)).toEqual([]);
  });
});
