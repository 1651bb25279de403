import { describe, expect, it } from "vitest";

import { createTagger, tag, tagLines } from "./nlp";

describe("tag", () => {
  it("tags nouns, verbs and determiners with offsets into the original text", () => {
    const text = "The attention head takes the key matrix to a  smaller space.";
    const tokens = tag(text);
    const byText = new Map(tokens.map((t) => [t.text, t]));
    expect(byText.get("The")?.pos).toBe("DET");
    expect(byText.get("matrix")?.pos).toBe("NOUN");
    expect(byText.get("takes")?.pos).toBe("VERB");
    expect(byText.get("takes")?.lemma).toBe("take");
    for (const t of tokens) expect(text.slice(t.offset, t.offset + t.text.length)).toBe(t.text);
  });

  it("gives an empty list for empty text and is deterministic", () => {
    expect(tag("")).toEqual([]);
    expect(tag("Derivatives measure change.")).toEqual(tag("Derivatives measure change."));
  });

  it("caches per text in a tagger", () => {
    const tagger = createTagger();
    expect(tagger("A vector has a length.")).toBe(tagger("A vector has a length."));
  });
});

describe("tagLines", () => {
  it("tags caption lines that do not end a sentence together, with offsets into each line", () => {
    const lines = ["so the fourier", "transform of a signal", "Next topic."];
    const tokens = tagLines(lines);
    for (const t of tokens) expect(lines[t.line]!.slice(t.offset, t.offset + t.text.length)).toBe(t.text);
    expect(tokens.find((t) => t.text === "transform")?.line).toBe(1);
    expect(tokens.filter((t) => t.line === 2).map((t) => t.text)).toEqual(["Next", "topic", "."]);
  });

  it("joins hyphenated words the tagger splits", () => {
    const tokens = tagLines(["The light-sensitive cells respond."]);
    expect(tokens.map((t) => t.text)).toContain("light-sensitive");
  });
});
