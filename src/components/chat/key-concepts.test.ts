import { describe, expect, it } from "vitest";

import { KEY_CONCEPTS_LIMIT, keyConcepts } from "./key-concepts";

const chapter = (title: string, ...sections: string[]) => ({ title, sections: sections.map((s) => ({ title: s })) });

describe("keyConcepts", () => {
  it("lists chapter titles first, then first words of long section titles", () => {
    const chapters = [chapter("  Intro  ", "Closures in depth", "Short title"), chapter("Async", "Promises and you")];
    expect(keyConcepts(chapters)).toEqual(["Intro", "Async", "Closures", "Promises"]);
  });

  it("skips section titles of two words or fewer", () => {
    expect(keyConcepts([chapter("A", "Two words", "One", "   ", "  spaced   out  ")])).toEqual(["A"]);
  });

  it("strips punctuation around the first word and drops what is left empty", () => {
    expect(keyConcepts([chapter("", '"Hooks," said the docs', "— dash first here", "C++ for beginners")])).toEqual(["Hooks", "C++"]);
  });

  it("de-duplicates case-insensitively, keeping the first spelling", () => {
    expect(keyConcepts([chapter("React", "react hooks explained", "Hooks: a guide"), chapter("hooks")])).toEqual(["React", "hooks"]);
  });

  it("returns at most the limit", () => {
    const chapters = Array.from({ length: 8 }, (_, i) => chapter(`Chapter ${i}`));
    expect(keyConcepts(chapters)).toHaveLength(KEY_CONCEPTS_LIMIT);
    expect(keyConcepts(chapters, 2)).toEqual(["Chapter 0", "Chapter 1"]);
  });

  it("handles no chapters", () => {
    expect(keyConcepts([])).toEqual([]);
  });
});
