import { describe, expect, it } from "vitest";

import { hasContent, rankKeyPhrases, sentencePhrases, titleCandidates, TitleRegistry } from "./titles";

describe("sentencePhrases", () => {
  it("yields content-word phrases that never start or end with a stop word", () => {
    const surfaces = sentencePhrases("So the chain rule tells you the rate of change of a composition.").map((p) => p.surface);
    expect(surfaces).toContain("chain rule");
    expect(surfaces).toContain("rate of change");
    for (const s of surfaces) {
      expect(s).not.toMatch(/^(?:the|of|a|so)\b/i);
      expect(s).not.toMatch(/\b(?:the|of|a)$/i);
    }
  });

  it("does not cross punctuation and keeps proper nouns' capitals", () => {
    const surfaces = sentencePhrases("Next come Taylor series, polynomials and Euler's number.").map((p) => p.surface);
    expect(surfaces).toContain("Taylor series");
    expect(surfaces).not.toContain("series polynomials");
    expect(surfaces).toContain("Euler's number");
  });

  it("lower-cases the sentence's first word (sentence case is not a name)", () => {
    expect(sentencePhrases("Gradients point uphill.").map((p) => p.surface)).toContain("gradients");
  });

  it("skips generic words alone, adverbs, numbers and past participles at the end", () => {
    const surfaces = sentencePhrases("The number is divided quickly by two hundred").map((p) => p.surface);
    expect(surfaces).not.toContain("number");
    expect(surfaces.some((s) => /quickly|hundred|divided$/.test(s))).toBe(false);
  });

  it("marks noun use after a determiner and verb use after a pronoun", () => {
    const noun = sentencePhrases("the gradient is steep").find((p) => p.surface === "gradient");
    const verb = sentencePhrases("we combine them").find((p) => p.surface === "combine");
    expect(noun?.nounEvidence).toBe(true);
    expect(verb?.verbEvidence).toBe(true);
  });
});

describe("rankKeyPhrases", () => {
  const spans = [
    ["The cobweb diagram shows the iteration.", "Draw the cobweb diagram again.", "A cobweb diagram converges to the fixed point."],
    ["The golden ratio appears in the fraction.", "The golden ratio is about 1.618.", "We call the golden ratio phi."],
  ];

  it("ranks each span's distinctive phrases first", () => {
    const [first, second] = rankKeyPhrases(spans);
    expect(first?.[0]?.surface).toBe("cobweb diagram");
    expect(second?.[0]?.surface).toBe("golden ratio");
  });

  it("drops phrases subsumed by a better one", () => {
    const [first] = rankKeyPhrases(spans);
    expect(first?.map((p) => p.surface)).not.toContain("cobweb");
  });

  it("is deterministic", () => {
    expect(rankKeyPhrases(spans)).toEqual(rankKeyPhrases(spans));
  });
});

describe("titles", () => {
  it("builds Title Cased candidates of at most six words", () => {
    const [first] = rankKeyPhrases([
      ["The cobweb diagram and the fixed point.", "The cobweb diagram again, and the fixed point again."],
      ["Other words entirely."],
    ]);
    const candidates = titleCandidates(first ?? []);
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) {
      expect(c.split(" ").length).toBeLessThanOrEqual(6);
      expect(c.charAt(0)).toMatch(/[A-Z]/);
      expect(hasContent(c)).toBe(true);
    }
    expect(titleCandidates([])).toEqual([]);
  });

  it("keeps titles unique in a course", () => {
    const registry = new TitleRegistry(["Limits"]);
    expect(registry.claim(["limits", "Derivatives"], "Part")).toBe("Derivatives");
    expect(registry.claim(["Derivatives"], "Derivatives")).toBe("Derivatives (2)");
    expect(registry.claim([], "Derivatives")).toBe("Derivatives (3)");
    expect(registry.claim(["  "], "")).toBe("Part");
  });

  it("recognises stop-word-only titles", () => {
    expect(hasContent("And of the")).toBe(false);
    expect(hasContent("Fixed Points")).toBe(true);
  });
});
