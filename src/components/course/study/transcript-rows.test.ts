import { describe, expect, test } from "vitest";

import { transcriptRows } from "./transcript-rows";

const line = (start: number, sectionId: number | null) => ({ start, end: start + 1, text: `at ${start}`, sectionId });

describe("transcriptRows", () => {
  test("puts each section's title before its first line and maps every line to its row", () => {
    const titles = new Map([
      [1, "Intro"],
      [2, "Merging"],
    ]);
    const { rows, rowOfLine } = transcriptRows([line(0, null), line(1, 1), line(2, 1), line(3, 2), line(4, null)], titles);
    expect(rows.map((row) => (row.kind === "heading" ? `# ${row.title}` : row.line))).toEqual([0, "# Intro", 1, 2, "# Merging", 3, 4]);
    expect(rowOfLine).toEqual([0, 2, 3, 5, 6]);
  });

  test("filtered to some lines: only they and the titles of their sections are rows; the others map to -1", () => {
    const titles = new Map([
      [1, "Intro"],
      [2, "Merging"],
    ]);
    const { rows, rowOfLine } = transcriptRows([line(0, 1), line(1, 1), line(2, 2), line(3, 2)], titles, new Set([1, 3]));
    expect(rows.map((row) => (row.kind === "heading" ? `# ${row.title}` : row.line))).toEqual(["# Intro", 1, "# Merging", 3]);
    expect(rowOfLine).toEqual([-1, 1, -1, 3]);
    expect(transcriptRows([line(0, 1)], titles, new Set()).rows).toEqual([]);
  });

  test("an empty transcript has no rows", () => {
    expect(transcriptRows([], new Map())).toEqual({ rows: [], rowOfLine: [] });
  });
});
