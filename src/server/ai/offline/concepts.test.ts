import { describe, expect, test } from "vitest";

import type { TimedSegment } from "~/server/video/types";

import { extractConcepts, saidOftenRule } from "./concepts";
import { indexPhrases } from "./titles";

/** Sentences 5 s apart; each section's sentences follow each other. */
function transcript(sections: string[][]): { segments: TimedSegment[]; sections: { id: number; startMs: number; endMs: number | null }[] } {
  const segments: TimedSegment[] = [];
  const bounds: { id: number; startMs: number; endMs: number | null }[] = [];
  for (const [k, sentences] of sections.entries()) {
    bounds.push({ id: 100 + k, startMs: segments.length * 5_000, endMs: null });
    for (const text of sentences) segments.push({ index: segments.length, startMs: segments.length * 5_000, endMs: segments.length * 5_000 + 4_000, text });
  }
  return { segments, sections: bounds };
}

const course = transcript([
  [
    "Today we look at how a computer finds a name in a phone book.",
    "Binary search is a way to find an item in a sorted list by halving the range each time.",
    "With binary search you compare the middle element with the item you want.",
    "If the middle element is too big, binary search throws away the upper half.",
    "Each step of binary search halves what is left of the sorted list.",
  ],
  [
    "Now let's talk about the running time.",
    "The running time of binary search grows with the logarithm of the list length.",
    "A logarithm counts how many times you can halve a number before reaching one.",
    "So the logarithm of a million is about twenty halvings.",
    "That logarithm is why the running time stays small even for huge lists.",
  ],
  [
    "Finally, a hash table works differently.",
    "A hash table turns each key into an index with a hash function.",
    "The hash function spreads keys over the buckets of the hash table.",
    "When two keys land in one bucket, the hash table keeps both in a short chain.",
    "A good hash function keeps those chains short.",
  ],
]);

describe("extractConcepts", () => {
  const concepts = extractConcepts({ ...course, index: indexPhrases(course.segments.map((s) => s.text)), language: "en" });
  const byKey = new Map(concepts.map((c) => [c.key, c]));

  test("finds what each section explains, keyed by the stems of its words", () => {
    expect([...byKey.keys()]).toEqual(expect.arrayContaining(["binary search", "hash tabl", "hash function"]));
    expect(byKey.get("binary search")?.label).toBe("Binary search");
  });

  test("a concept's moment is the first time its section says it", () => {
    const moments = byKey.get("binary search")!.moments;
    expect(moments[0]).toEqual({ sectionId: 100, timeSeconds: 5 });
    expect(byKey.get("hash tabl")!.moments).toEqual([{ sectionId: 102, timeSeconds: 50 }]);
  });

  test("the definition is a sentence the video says about it", () => {
    expect(byKey.get("binary search")!.definition).toBe("Binary search is a way to find an item in a sorted list by halving the range each time.");
  });

  test("a word said fewer than four times alone is not a concept, and a concept inside a longer one is dropped", () => {
    expect(byKey.has("phone book")).toBe(false);
    expect(byKey.has("search")).toBe(false);
    expect(byKey.has("hash")).toBe(false);
  });

  test("an empty course has none", () => {
    expect(extractConcepts({ segments: [], sections: [], index: indexPhrases([]), language: "en" })).toEqual([]);
  });
});

describe("one concept across courses", () => {
  const lecture = (sentences: string[]) => {
    const course = transcript([sentences]);
    return extractConcepts({ ...course, index: indexPhrases(course.segments.map((s) => s.text)), language: "en" });
  };

  test("two lectures that explain the same thing in other words and forms share its key", () => {
    const first = lecture([
      "Today: binary searches on sorted arrays.",
      "Binary searches cut a sorted array in half at every step.",
      "We run binary searches on phone numbers, names and dates.",
      "Two binary searches on one array give the first and the last match.",
    ]);
    const second = lecture([
      "The binary-search idea is older than computers.",
      "A binary search halves the range until one item is left.",
      "Every binary search needs the data sorted first.",
      "Dictionaries were read with a binary search by hand.",
    ]);
    const keys = (concepts: ReturnType<typeof lecture>) => new Set(concepts.map((c) => c.key));
    expect([...keys(first)].filter((key) => keys(second).has(key))).toContain("binary search");
  });
});

describe("saidOftenRule", () => {
  /** A video of `minutes` whose one line a minute says "pivot" on its first `pivots` lines. */
  function video(minutes: number, pivots: number) {
    const lines = Array.from({ length: minutes }, (_, k) => (k < pivots ? `The pivot splits the array at step ${k}.` : `Nothing new happens at step ${k}.`));
    const segments: TimedSegment[] = lines.map((text, index) => ({ index, text, startMs: index * 60_000, endMs: (index + 1) * 60_000 }));
    const index = indexPhrases(lines);
    const pivot = index.phrases.findIndex((phrase) => phrase.key === "pivot");
    return { saidOften: saidOftenRule(index, segments), pivot };
  }

  test("a word said twice is a concept of a six-minute video, not of a twenty-minute one, where four times is", () => {
    const short = video(6, 2);
    expect(short.pivot).toBeGreaterThanOrEqual(0);
    expect(short.saidOften(short.pivot)).toBe(true);
    const long = video(20, 2);
    expect(long.saidOften(long.pivot)).toBe(false);
    const longer = video(20, 4);
    expect(longer.saidOften(longer.pivot)).toBe(true);
    const once = video(3, 1);
    expect(once.saidOften(once.pivot)).toBe(false);
  });
});
