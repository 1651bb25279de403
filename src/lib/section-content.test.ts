import { describe, expect, it } from "vitest";

import {
  citedMoment,
  contentPieces,
  KEY_POINTS_HEADING,
  layoutSectionContent,
  parseSectionContent,
  TRANSCRIPT_HEADING,
  looksLikeMarkdown,
} from "./section-content";

const POINTS = [
  { seconds: 65, text: "The slope is the derivative." },
  { seconds: 3725, text: "The area is an integral." },
];

describe("layoutSectionContent", () => {
  it("lists the timed key points, then the transcript under its heading", () => {
    expect(layoutSectionContent(POINTS, ["First paragraph.", "Second paragraph."])).toBe(
      [
        "Key points",
        "- [1:05] The slope is the derivative.",
        "- [1:02:05] The area is an integral.",
        "",
        "Transcript",
        "",
        "First paragraph.",
        "",
        "Second paragraph.",
      ].join("\n"),
    );
  });

  it("is only the paragraphs when there are no points", () => {
    expect(layoutSectionContent([], ["One.", "Two."])).toBe("One.\n\nTwo.");
  });
});

describe("parseSectionContent", () => {
  it("reads back the layout: headings, a list of timed points, paragraphs", () => {
    const blocks = parseSectionContent(layoutSectionContent(POINTS, ["First paragraph.", "Second paragraph."]));
    expect(blocks).toEqual([
      { kind: "heading", text: KEY_POINTS_HEADING },
      {
        kind: "list",
        items: [
          [
            { kind: "time", seconds: 65 },
            { kind: "text", text: " The slope is the derivative." },
          ],
          [
            { kind: "time", seconds: 3725 },
            { kind: "text", text: " The area is an integral." },
          ],
        ],
      },
      { kind: "heading", text: TRANSCRIPT_HEADING },
      { kind: "paragraph", pieces: [{ kind: "text", text: "First paragraph." }] },
      { kind: "paragraph", pieces: [{ kind: "text", text: "Second paragraph." }] },
    ]);
  });

  it("keeps other content as paragraphs with their line breaks (the LLM engine's, older courses')", () => {
    expect(parseSectionContent("Key idea: a line.\n\nA paragraph\nwith a break.\n\n\n")).toEqual([
      { kind: "paragraph", pieces: [{ kind: "text", text: "Key idea: a line." }] },
      { kind: "paragraph", pieces: [{ kind: "text", text: "A paragraph\nwith a break." }] },
    ]);
    expect(parseSectionContent("")).toEqual([]);
  });

  it("finds citations anywhere, and only well-formed ones", () => {
    expect(contentPieces("See [2:30] and [99:99].")).toEqual([
      { kind: "text", text: "See " },
      { kind: "time", seconds: 150 },
      { kind: "text", text: " and [99:99]." },
    ]);
  });
});

describe("citedMoment", () => {
  it("plays a time cited just before the section's start from its start, and others as cited", () => {
    expect(citedMoment(75, 75.6)).toBe(75.6);
    expect(citedMoment(80, 75.6)).toBe(80);
    expect(citedMoment(30, 75.6)).toBe(30);
  });
});

describe("looksLikeMarkdown", () => {
  it("owner Markdown: emphasis, code, headings, links, numbered lists, quotes", () => {
    for (const text of [
      "**Halve** the range",
      "Use `mid`",
      "# Steps",
      "See [the docs](https://example.com)",
      "1. First\n2. Second",
      "> A quote",
      "an _important_ word",
    ]) {
      expect(looksLikeMarkdown(text)).toBe(true);
    }
  });

  it("the generated layout and plain prose are not", () => {
    const generated = layoutSectionContent([{ seconds: 65, text: "Merge sort splits the list." }], ["It sorts each half, then merges them. 5 * 3 is 15."]);
    for (const text of [generated, "Plain words, with a [1:05] citation.", "snake_case_names and 2*3*4"]) expect(looksLikeMarkdown(text)).toBe(false);
  });
});
