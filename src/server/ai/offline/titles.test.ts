import { describe, expect, it } from "vitest";

import { fallbackTitle, indexPhrases, keyness, normalise, rankKeyPhrases, titleCandidates, TitleRegistry } from "./titles";

/** The phrases of one text, as spelled in it. */
function phrasesOf(lines: string[]): string[] {
  const index = indexPhrases(lines);
  return [...new Set(index.byLine.flat().map((id) => [...index.phrases[id]!.surfaces.keys()][0]!))];
}

/** Titles of consecutive spans of lines, ranked against each other, unique as in a course. */
function titlesOf(spans: string[][]): string[] {
  const lines = spans.flat();
  const bounds: { start: number; end: number }[] = [];
  let start = 0;
  for (const span of spans) {
    bounds.push({ start, end: start + span.length });
    start += span.length;
  }
  const registry = new TitleRegistry();
  return rankKeyPhrases(indexPhrases(lines), bounds).map((phrases, k) => registry.claim(titleCandidates(phrases), fallbackTitle("Lesson", k + 1)));
}

const FUNCTION_WORDS = new Set("a an the of in on at by for with to from and or but is are was be this that these it its".split(" "));

function expectWellFormed(title: string) {
  const words = title.split(" ");
  expect(words.length).toBeGreaterThanOrEqual(2);
  expect(words.length).toBeLessThanOrEqual(7);
  expect(FUNCTION_WORDS.has(words[0]!.toLowerCase())).toBe(false);
  expect(FUNCTION_WORDS.has(words[words.length - 1]!.toLowerCase())).toBe(false);
  expect(words[words.length - 1]).not.toMatch(/['’]s?$/);
  expect(title.charAt(0)).toMatch(/[A-Z]/);
}

describe("indexPhrases", () => {
  it("finds noun phrases by their tags, never a verb fragment", () => {
    // The lite model tags "block" here as a verb; the transcript's other uses show it is a noun.
    const phrases = phrasesOf(["The attention block consists of a query matrix and a key matrix.", "Each block has weights.", "The block is deep."]);
    expect(phrases).toContain("attention block");
    expect(phrases).toContain("key matrix");
    expect(phrases.some((p) => /consist/.test(p))).toBe(false);
  });

  it("joins phrases by 'of' and keeps a possessive inside, never at the end", () => {
    const phrases = phrasesOf(["The rate of change is slow.", "We prove Cauchy's theorem, then we use Cauchy's."]);
    expect(phrases).toContain("rate of change");
    expect(phrases).toContain("cauchy's theorem");
    expect(phrases.every((p) => !/'s$/.test(p))).toBe(true);
  });

  it("does not cut a phrase after 'of' ('number of lattice' from 'number of lattice points')", () => {
    const phrases = phrasesOf(["Count the number of lattice points inside the circle."]);
    expect(phrases).toContain("number of lattice points");
    expect(phrases).not.toContain("number of lattice");
  });

  it("does not join a plural noun to the word after it ('numbers factor' is a clause)", () => {
    const phrases = phrasesOf(["Whole numbers factor into primes.", "Prime numbers are rare.", "The numbers grow."]);
    expect(phrases).not.toContain("numbers factor");
    expect(phrases).toContain("prime numbers");
  });

  it("keeps a lone noun only when the transcript mostly uses the word as a noun", () => {
    const phrases = phrasesOf(["Take a look at the graph.", "Look at it.", "We look again.", "The graph rises."]);
    expect(phrases).toContain("graph");
    expect(phrases).not.toContain("look");
  });

  it("takes no phrase with a word said twice in a row (a stammer)", () => {
    const phrases = phrasesOf(["The side angle angle rule holds.", "Each angle is known."]);
    expect(phrases).toContain("side angle");
    expect(phrases.some((p) => /angle angle/.test(p))).toBe(false);
  });

  it("chunks across caption lines with no punctuation or capitals", () => {
    const phrases = phrasesOf(["so today we look at the heat", "equation and how the heat equation", "describes diffusion in a metal rod"]);
    expect(phrases).toContain("heat equation");
    expect(phrases).toContain("metal rod");
  });

  it("keeps inner capitals and drops the sentence's capital", () => {
    const phrases = phrasesOf(["Messenger RNA carries the code.", "DNA polymerase copies the strand."]);
    expect(phrases).toContain("messenger RNA");
    expect(phrases).toContain("DNA polymerase");
  });
});

describe("keyness", () => {
  it("grows with the evidence and is zero when the span uses a term less than the rest", () => {
    expect(keyness(10, 100, 2, 900)).toBeGreaterThan(keyness(2, 100, 0, 900));
    expect(keyness(1, 100, 50, 900)).toBe(0);
    expect(keyness(3, 100, 0, 0)).toBe(0);
  });
});

describe("rankKeyPhrases", () => {
  const spans = [
    ["The cobweb diagram shows the iteration.", "Draw the cobweb diagram again.", "A cobweb diagram converges to the fixed point."],
    ["The golden ratio appears in the fraction.", "The golden ratio is about 1.618.", "We call the golden ratio phi."],
  ];
  const index = indexPhrases(spans.flat());
  const bounds = [
    { start: 0, end: 3 },
    { start: 3, end: 6 },
  ];

  it("ranks each span's distinctive phrases first and drops the words of a better phrase", () => {
    const [first, second] = rankKeyPhrases(index, bounds);
    expect(first?.[0]?.surface).toBe("cobweb diagram");
    expect(second?.[0]?.surface).toBe("golden ratio");
    expect(first?.map((p) => p.surface)).not.toContain("cobweb");
  });

  it("is deterministic", () => {
    expect(rankKeyPhrases(index, bounds)).toEqual(rankKeyPhrases(indexPhrases(spans.flat()), bounds));
  });

  it("never ranks a phrase of generic words only", () => {
    const [ranked] = rankKeyPhrases(indexPhrases(["The number is large.", "Each number has a value.", "The number and the value."]), [{ start: 0, end: 3 }]);
    expect(ranked?.map((p) => p.surface)).not.toContain("number");
    expect(ranked?.map((p) => p.surface)).not.toContain("value");
  });
});

describe("titles", () => {
  it("never gives a one-word title: a lone noun takes its modifier from the text", () => {
    const [first] = titlesOf([
      ["A mole is a unit.", "One mole of carbon weighs twelve grams.", "A mole of carbon holds many atoms.", "The mole matters."],
      ["Pressure rises with heat.", "The gas laws relate pressure and heat."],
    ]);
    expect(first).toBe("Mole of Carbon");
  });

  it("pairs a lone noun with another repeated noun phrase as 'X and Y'", () => {
    const [first] = titlesOf([
      ["Gravity pulls the apple.", "Gravity bends light.", "The orbital period grows.", "Each orbital period is fixed."],
      ["Friction slows the block.", "Friction heats the surface."],
    ]);
    expectWellFormed(first!);
    expect(first).toMatch(/^Gravity and Orbital Period$|^Orbital Period/);
  });

  it("leaves out a name the span only mentions, keeps one the span is about", () => {
    const titles = titlesOf([
      ["As Harry said, the prime gap grows.", "The prime gap is the distance between primes.", "A larger prime gap appears later."],
      ["Sophie Germain studied primes.", "Germain proved a theorem about exponents.", "Germain wrote letters under a pseudonym.", "Germain worked alone."],
    ]);
    expect(titles[0]).not.toMatch(/Harry/);
    expect(titles[0]).toMatch(/Prime Gap/);
    expect(titles[1]).toMatch(/Germain/);
  });

  it("keeps every title well formed and distinct, even for spans of fillers", () => {
    const titles = titlesOf([
      ["Um, so, yeah.", "Okay."],
      ["The Fourier transform splits a signal.", "The Fourier transform of a pulse is wide."],
      ["The Fourier transform again.", "A Fourier transform and the signal."],
    ]);
    for (const t of titles) expectWellFormed(t);
    expect(new Set(titles.map(normalise)).size).toBe(titles.length);
    expect(titles[0]).toBe("Lesson: Part 1");
  });

  it("builds Title Cased candidates of two to six words", () => {
    const [ranked] = rankKeyPhrases(
      indexPhrases(["The cobweb diagram and the fixed point.", "The cobweb diagram again, and the fixed point again.", "Other words entirely."]),
      [
        { start: 0, end: 2 },
        { start: 2, end: 3 },
      ],
    );
    const candidates = titleCandidates(ranked ?? []);
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expectWellFormed(c);
    expect(titleCandidates([])).toEqual([]);
  });
});

describe("fallbackTitle", () => {
  it("derives a well-formed title from the chapter's title", () => {
    expect(fallbackTitle("Grinding", 2)).toBe("Grinding: Part 2");
    expect(fallbackTitle("Water and brewing")).toBe("Water and Brewing: Overview");
    expect(fallbackTitle("The fundamental theorem of calculus and why", 3)).toBe("Fundamental Theorem of Calculus: Part 3");
    expect(fallbackTitle("", 1)).toBe("Video: Part 1");
  });
});

describe("TitleRegistry", () => {
  it("keeps titles unique in a course, ignoring case, plurals and the order of 'X and Y'", () => {
    const registry = new TitleRegistry(["Limits"]);
    expect(registry.claim(["limit", "Derivatives"], "Part")).toBe("Derivatives");
    expect(registry.claim(["Derivative"], "Derivatives")).toBe("Derivatives (2)");
    expect(registry.claim(["Slopes and Areas", "Area and Slope", "Tangent Lines"], "x")).toBe("Slopes and Areas");
    expect(registry.claim(["Area and Slope", "Tangent Lines"], "x")).toBe("Tangent Lines");
    expect(registry.claim(["  "], "")).toBe("Part");
  });
});
