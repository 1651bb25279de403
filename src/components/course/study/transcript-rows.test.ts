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

  test("an empty transcript has no rows", () => {
    expect(transcriptRows([], new Map())).toEqual({ rows: [], rowOfLine: [] });
  });
});
