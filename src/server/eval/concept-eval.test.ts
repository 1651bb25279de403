import { describe, expect, test } from "vitest";

import type { ExtractedConcept } from "~/server/ai/offline/concepts";

import {
  consistencyWithEnglish,
  isSingleWord,
  keysSharedByCourses,
  momentTimes,
  shareOf,
  spreadOf,
  summariseLanguage,
  timesMatched,
  type CourseConcepts,
} from "./concept-eval";

/** A concept with a moment at each of `times` (seconds), one section each. */
const concept = (key: string, times: number[] = [0]): ExtractedConcept => ({
  key,
  label: key.charAt(0).toUpperCase() + key.slice(1),
  definition: "",
  moments: times.map((timeSeconds, sectionId) => ({ sectionId, timeSeconds })),
});

const course = (videoId: string, concepts: ExtractedConcept[], ms = 1, language = "en"): CourseConcepts => ({ videoId, language, concepts, ms });

describe("spreadOf", () => {
  test("min, median and max; the median of an even count is the mean of the middle two", () => {
    expect(spreadOf([7, 1, 4])).toEqual({ min: 1, median: 4, max: 7 });
    expect(spreadOf([10, 2, 4, 8])).toEqual({ min: 2, median: 6, max: 10 });
    expect(spreadOf([])).toEqual({ min: 0, median: 0, max: 0 });
  });
});

describe("keys", () => {
  test("a concept of one stem is single-word", () => {
    expect(isSingleWord(concept("vector"))).toBe(true);
    expect(isSingleWord(concept("binary search"))).toBe(false);
  });

  test("a key is shared when two courses have it; a course that repeats it counts once", () => {
    const courses = [
      course("a", [concept("vector"), concept("vector"), concept("matrix")]),
      course("b", [concept("vector"), concept("hash tabl")]),
      course("c", [concept("matrix")]),
    ];
    expect(keysSharedByCourses(courses)).toBe(2);
    expect(keysSharedByCourses([courses[0]!])).toBe(0);
  });
});

describe("summariseLanguage", () => {
  test("counts per course, slowest extraction, keys and single-word concepts", () => {
    const courses = [course("a", [concept("people"), concept("vector"), concept("binary search")], 12), course("b", [concept("vector")], 30)];
    const summary = summariseLanguage("en", courses);
    expect(summary).toEqual({
      language: "en",
      courses: 2,
      concepts: { min: 1, median: 2, max: 3 },
      maxMs: 30,
      distinctKeys: 3,
      sharedKeys: 1,
      singleWord: 3,
    });
  });
});

describe("cross-language consistency", () => {
  test("moment times of every concept, in order", () => {
    expect(momentTimes([concept("a", [40, 5]), concept("b", [20])])).toEqual([5, 20, 40]);
  });

  test("a time matches when the other side has one within the tolerance", () => {
    expect(timesMatched([10, 100, 200], [25, 195], 15)).toEqual({ matched: 2, total: 3 });
    expect(timesMatched([10], [26], 15)).toEqual({ matched: 0, total: 1 });
  });

  test("sums both directions over the videos English has, and skips the others", () => {
    const english = new Map([
      ["v1", course("v1", [concept("vector", [0, 60]), concept("matrix", [300])])],
      ["v2", course("v2", [concept("circle", [10])])],
    ]);
    const spanish = [
      course("v1", [concept("vector", [5]), concept("matriz", [310, 500])], 1, "es"),
      course("v2", [concept("círculo", [100])], 1, "es"),
      course("only-in-spanish", [concept("pendiente", [0])], 1, "es"),
    ];
    const result = consistencyWithEnglish("es", spanish, english, 30);
    expect(result.videos).toBe(2);
    // English 0, 60, 300 | 10 against Spanish 5, 310, 500 | 100: 0 and 300 are found.
    expect(result.englishFound).toEqual({ matched: 2, total: 4 });
    // Spanish 5 and 310 have English moments near them; 500 and 100 do not.
    expect(result.languageFound).toEqual({ matched: 2, total: 4 });
    expect(shareOf(result.englishFound)).toBe(0.5);
    expect(shareOf({ matched: 0, total: 0 })).toBe(0);
  });
});
