import { describe, expect, test } from "vitest";

import { compareStrings, stem, termCoverage, tokenize, topicTerms } from "./text-relevance";

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

describe("topicTerms", () => {
  test.each([
    ["How does binary search work?", ["binary", "search"]],
    ["explain neural networks to me", ["neural", "network"]],
    ["Intro to eigenvalues: a tutorial for beginners", ["eigenvalu"]],
    ["what is the Fourier transform? understanding the basics", ["fourier", "transform"]],
    ["learning to sort, sorting and sorted lists", ["sort", "list"]],
    ["How do neural networks learn", ["neural", "network", "learn"]],
    ["machine learning for beginners", ["machin", "learn"]],
    ["deep learning explained", ["deep", "learn"]],
    ["work and energy in physics", ["work", "energy", "physic"]],
    ["how does work work", ["work"]],
    ["a crash course on graph theory", ["graph", "theory"]],
  ])("%j → %j", (topic, expected) => {
    expect(topicTerms(topic)).toEqual(expected);
  });

  test("a topic of nothing but filler has no terms", () => {
    expect(topicTerms("How does it work? Explain, please!")).toEqual([]);
    expect(topicTerms("")).toEqual([]);
  });

  test("filler is dropped from topics only: texts keep those words", () => {
    expect(tokenize("How neural networks learn")).toContain("learn");
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
