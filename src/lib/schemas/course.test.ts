import { describe, expect, test } from "vitest";

import { courseSearchInput } from "./course";

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe("courseSearchInput", () => {
  test("accepts emoji and HTML as they are (positive control)", () => {
    for (const q of ["🧪 sorting", "👩‍💻 pairing", "<script>alert(1)</script>"]) {
      expect(courseSearchInput.parse({ q })).toEqual({ q });
    }
  });

  test("cleans the query like the titles it looks for: overrides and zero-width spaces go, NFC, one line", () => {
    expect(courseSearchInput.parse({ q: "\u202Eevil" })).toEqual({ q: "evil" });
    expect(courseSearchInput.parse({ q: "merge\u200Bsort" })).toEqual({ q: "mergesort" });
    expect(courseSearchInput.parse({ q: "e\u0301\tcole\nnormale" })).toEqual({ q: "é cole normale" });
    expect(messages(courseSearchInput.safeParse({ q: "\u200B\u202E" }))).toEqual(["Please type something to search for"]);
  });

  // Regression (bad-input suite): NUL reached PostgreSQL (refused there with a generic message),
  // and a lone surrogate was sent as U+FFFD, so it matched titles holding a replacement character.
  test("refuses NUL and lone surrogates before the database sees them", () => {
    expect(messages(courseSearchInput.safeParse({ q: "sort\u0000ing" }))).toContain("Search must not contain NUL characters");
    for (const q of ["\uD800", "sort \uDFFF", "\uDE00\uD83D"]) {
      expect(messages(courseSearchInput.safeParse({ q }))).toContain("Search contains an invalid character");
    }
  });

  test("trims, and refuses empty, long and non-text queries", () => {
    expect(courseSearchInput.parse({ q: "  merge sort  " })).toEqual({ q: "merge sort" });
    expect(courseSearchInput.safeParse({ q: "   " }).success).toBe(false);
    expect(courseSearchInput.safeParse({ q: "x".repeat(101) }).success).toBe(false);
    expect(messages(courseSearchInput.safeParse({ q: 42 }))).toContain("Search must be text");
    expect(courseSearchInput.safeParse({ q: "x", extra: 1 }).success).toBe(false);
  });
});
