import { describe, expect, it } from "vitest";

import { createTagger, tag } from "./nlp";

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
