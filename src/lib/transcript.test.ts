import { describe, expect, test } from "vitest";

import { formatTimestamp } from "./timestamps";
import { activeLineIndex, highlightParts, matchingLines, sectionAt, stepMatch } from "./transcript";

const lines = [
  { start: 0, text: "Merge sort splits the list" },
  { start: 4.5, text: "then merges the halves" },
  { start: 9, text: "MERGE is the key step" },
  { start: 20, text: "done" },
];

describe("activeLineIndex", () => {
  test("is the last line that has started, -1 before the first", () => {
    expect(activeLineIndex(lines, -1)).toBe(-1);
    expect(activeLineIndex(lines, 0)).toBe(0);
    expect(activeLineIndex(lines, 4.49)).toBe(0);
    expect(activeLineIndex(lines, 4.5)).toBe(1);
    expect(activeLineIndex(lines, 15)).toBe(2);
    expect(activeLineIndex(lines, 7_200)).toBe(3);
    expect(activeLineIndex([], 3)).toBe(-1);
  });

  test("agrees with a linear scan on a 3,600-line transcript", () => {
    const long = Array.from({ length: 3_600 }, (_, i) => ({ start: i * 2 + (i % 3) * 0.1 }));
    for (const t of [0, 1, 2.1, 1_000.05, 7_198.2, 7_199, 9_000]) {
      const linear = long.findLastIndex((line) => line.start <= t);
      expect(activeLineIndex(long, t)).toBe(linear);
    }
  });
});

describe("sectionAt", () => {
  const sections = [
    { id: 1, start: 10, end: 60 },
    { id: 2, start: 60, end: null },
  ];
  test("the range that holds the moment; none before the first or in a gap", () => {
    expect(sectionAt(sections, 5)).toBeNull();
    expect(sectionAt(sections, 10)?.id).toBe(1);
    expect(sectionAt(sections, 59.9)?.id).toBe(1);
    expect(sectionAt(sections, 60)?.id).toBe(2);
    expect(sectionAt(sections, 99_999)?.id).toBe(2);
    expect(sectionAt([{ id: 1, start: 0, end: 30 }], 30)).toBeNull();
  });
});

describe("search", () => {
  test("matches any case, ignores surrounding spaces, and finds nothing for an empty query", () => {
    expect(matchingLines(lines, "merge")).toEqual([0, 1, 2]);
    expect(matchingLines(lines, "  HALVES ")).toEqual([1]);
    expect(matchingLines(lines, "   ")).toEqual([]);
    expect(matchingLines(lines, "quicksort")).toEqual([]);
  });

  test("highlightParts marks every occurrence, keeping the line's own case", () => {
    expect(highlightParts("Merge, then merge again", "MERGE")).toEqual([
      { text: "Merge", match: true },
      { text: ", then ", match: false },
      { text: "merge", match: true },
      { text: " again", match: false },
    ]);
    expect(highlightParts("no hit", "zzz")).toEqual([{ text: "no hit", match: false }]);
    expect(highlightParts("anything", "")).toEqual([{ text: "anything", match: false }]);
    // Lower-casing "İ" gives two characters: the mark still lands on the line's own letters.
    expect(highlightParts("İstanbul merge", "merge")).toEqual([
      { text: "İstanbul ", match: false },
      { text: "merge", match: true },
    ]);
    // A Greek final sigma cases differently in a word than alone: the line stays whole and unmarked.
    expect(highlightParts("ΟΔΟΣ merge", "merge")).toEqual([{ text: "ΟΔΟΣ merge", match: false }]);
  });

  test("finds Chinese and Japanese across a caption's line break inside a word, and Arabic with or without short vowels", () => {
    const cjk = [{ text: "导 数是函数的变 化率。" }, { text: "固有値の話に移りましょう。" }, { text: "导数" }];
    expect(matchingLines(cjk, "导数")).toEqual([0, 2]);
    expect(matchingLines(cjk, "变化率")).toEqual([0]);
    expect(matchingLines(cjk, "固有値")).toEqual([1]);
    expect(highlightParts("导 数是函数的变 化率。", "导数")).toEqual([
      { text: "导 数", match: true },
      { text: "是函数的变 化率。", match: false },
    ]);
    expect(highlightParts("这是导 数", "导数")).toEqual([
      { text: "这是", match: false },
      { text: "导 数", match: true },
    ]);
    const arabic = [{ text: "حسنًا، لننتقل إلى التكامل." }, { text: "الدالة متزايدة." }];
    expect(matchingLines(arabic, "حسنا")).toEqual([0]);
    expect(matchingLines(arabic, "حَسَنًا")).toEqual([0]);
    expect(highlightParts("حسنًا، لننتقل", "حسنا")).toEqual([
      { text: "حسنًا", match: true },
      { text: "، لننتقل", match: false },
    ]);
    // Spaces between words of other scripts still count.
    expect(matchingLines([{ text: "merge sort" }], "mergesort")).toEqual([]);
  });

  test("stepMatch wraps both ways and starts at the first or last", () => {
    expect(stepMatch(0, -1, 1)).toBe(-1);
    expect(stepMatch(3, -1, 1)).toBe(0);
    expect(stepMatch(3, -1, -1)).toBe(2);
    expect(stepMatch(3, 2, 1)).toBe(0);
    expect(stepMatch(3, 0, -1)).toBe(2);
  });
});

describe("transcript times", () => {
  test("m:ss under an hour, h:mm:ss from an hour", () => {
    expect(formatTimestamp(0)).toBe("0:00");
    expect(formatTimestamp(65.9)).toBe("1:05");
    expect(formatTimestamp(3_599)).toBe("59:59");
    expect(formatTimestamp(3_600)).toBe("1:00:00");
    expect(formatTimestamp(7_325)).toBe("2:02:05");
  });
});
