import { describe, expect, test } from "vitest";

import { conceptKey, extractConcepts } from "~/server/ai/offline/concepts";
import { indexPhrases } from "~/server/ai/offline/titles";
import type { TimedSegment } from "~/server/video/types";

import { conceptsFromNames, type NamedSection } from "./named-concepts";

/** Lines 5 s apart; sections of `lines.length` lines each, ids 100, 101, … */
function course(sectionLines: string[][], named: { label: string; definition: string }[][]) {
  const segments: TimedSegment[] = [];
  const sections: NamedSection[] = sectionLines.map((lines, k) => {
    const startMs = segments.length * 5_000;
    for (const text of lines) segments.push({ index: segments.length, startMs: segments.length * 5_000, endMs: segments.length * 5_000 + 4_000, text });
    return { id: 100 + k, startMs, endMs: segments.length * 5_000, named: named[k] ?? [] };
  });
  return { segments, sections };
}

const lines = [
  ["Today we look at phone books.", "Binary search halves a sorted list each time.", "It compares the middle element."],
  ["Now the running time.", "The running time of binary searches grows with the logarithm.", "A logarithm counts halvings."],
  ["Finally, hash tables.", "A hash table turns keys into indexes.", "Collisions share a bucket."],
];

describe("conceptKey", () => {
  test("a label's variants (plural, article, casing, hyphen) give one key, the extractor's key for the phrase", () => {
    const keys = ["Binary search", "binary searches", "The binary search", "BINARY SEARCH"].map((label) => conceptKey(label, "en"));
    expect(new Set(keys).size).toBe(1);
    const said = [
      "Binary search finds an item in a sorted list.",
      "With binary search you compare the middle.",
      "Binary search halves the list.",
      "Each binary search step is cheap.",
    ];
    const segments = said.map((text, index) => ({ index, startMs: index * 5_000, endMs: index * 5_000 + 4_000, text }));
    const extracted = extractConcepts({ segments, sections: [{ id: 1, startMs: 0, endMs: null }], index: indexPhrases(said), language: "en" });
    expect(extracted.map((concept) => concept.key)).toContain(keys[0]);
    expect(conceptKey("Second-order term", "en")).toBe(conceptKey("second order terms", "en"));
  });

  test("a label of stop words alone has no key; a label the tagger reads as a verb keeps its words", () => {
    expect(conceptKey("The", "en")).toBe("");
    expect(conceptKey("Machine learning", "en").split(" ")).toHaveLength(2);
  });
});

describe("conceptsFromNames", () => {
  test("a concept named in two sections is one concept with a moment in each, at the line that says it", () => {
    const { segments, sections } = course(lines, [
      [{ label: "Binary search", definition: "Finding an item by halving a sorted list." }],
      [
        { label: "binary searches", definition: "" },
        { label: "Logarithm", definition: "How many halvings reach one." },
      ],
      [{ label: "Hash table", definition: "Keys turned into indexes." }],
    ]);
    const concepts = conceptsFromNames({ sections, segments, language: "en" });
    expect(concepts.map((concept) => concept.label)).toEqual(["Binary search", "Logarithm", "Hash table"]);
    expect(concepts[0]!.moments).toEqual([
      { sectionId: 100, timeSeconds: 5 },
      { sectionId: 101, timeSeconds: 20 },
    ]);
    expect(concepts[0]!.definition).toBe("Finding an item by halving a sorted list.");
    expect(concepts[1]!.moments).toEqual([{ sectionId: 101, timeSeconds: 20 }]);
    expect(concepts[2]!.moments).toEqual([{ sectionId: 102, timeSeconds: 30 }]);
  });

  test("without the transcript, or when the section never says it, the moment is the section's start", () => {
    const named = [[{ label: "Binary search", definition: "Halving." }], [{ label: "Recursion", definition: "A function calling itself." }]];
    const { segments, sections } = course(lines.slice(0, 2), named);
    expect(conceptsFromNames({ sections, segments: null, language: "en" }).map((concept) => concept.moments)).toEqual([
      [{ sectionId: 100, timeSeconds: 0 }],
      [{ sectionId: 101, timeSeconds: 15 }],
    ]);
    expect(conceptsFromNames({ sections, segments, language: "en" })[1]!.moments).toEqual([{ sectionId: 101, timeSeconds: 15 }]);
  });

  test("a missing definition is the video's line where it comes up; labels without content words are dropped; at most 30", () => {
    const { segments, sections } = course(lines.slice(0, 1), [
      [
        { label: "binary search", definition: "" },
        { label: "the", definition: "Nothing." },
      ],
    ]);
    const [only, ...rest] = conceptsFromNames({ sections, segments, language: "en" });
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ label: "Binary search", definition: "Binary search halves a sorted list each time." });

    const many = Array.from({ length: 40 }, (_, k) => ({
      label: `Topic${String.fromCharCode(97 + (k % 26))}${String.fromCharCode(97 + Math.floor(k / 26))} idea`,
      definition: "x",
    }));
    const wide = course([["a line"]], [many]);
    expect(conceptsFromNames({ sections: wide.sections, segments: null, language: "en" })).toHaveLength(30);
  });

  test("named in more sections ranks first", () => {
    const { segments, sections } = course(lines, [
      [{ label: "Logarithm", definition: "a" }],
      [{ label: "Hash table", definition: "b" }],
      [{ label: "hash tables", definition: "c" }],
    ]);
    expect(conceptsFromNames({ sections, segments, language: "en" }).map((concept) => concept.label)).toEqual(["Hash table", "Logarithm"]);
  });
});
