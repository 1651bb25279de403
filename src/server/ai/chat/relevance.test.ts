import { existsSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { coversQuestion, MIN_COVERAGE } from "./relevance";
import { FIXTURES_DIR, judge, leaveOneVideoOut, ratesAt, relevanceCases, tuneRule } from "./relevance-eval";
import { RELEVANCE_QUESTIONS } from "./relevance-questions";
import { buildPassages, createPassageIndex, UNKNOWN_TERM_WEIGHT, type PassageSegment } from "./retrieval";

function timed(texts: readonly string[], seconds = 10): PassageSegment[] {
  return texts.map((text, i) => ({ startMs: i * seconds * 1000, endMs: (i + 1) * seconds * 1000, text }));
}

// A lesson of our own: the bread is explained at length; "capital" is said once, in passing.
const LESSON = createPassageIndex(
  buildPassages(
    timed([
      "Welcome to this lesson on baking bread at home, made possible by a small venture capital fund.",
      "First we mix flour, water, salt and a little yeast in a large bowl.",
      "The dough needs kneading for about ten minutes until it feels smooth and elastic.",
      "Kneading builds gluten, the protein network that traps the gas the yeast produces.",
      "Then the dough rests in a warm place and rises until it doubles in size.",
      "After shaping the loaf, we bake it in a very hot oven with some steam.",
      "Steam keeps the crust soft at first so the loaf can expand before the crust sets.",
      "Finally, let the bread cool on a rack before slicing, or the crumb turns gummy.",
      "Kneading again briefly after the first rise helps the gluten and the dough keep their shape.",
      "The yeast feeds on the flour, and the gluten holds the gas the yeast gives off.",
    ]),
    { targetWords: 20, strideWords: 10 },
  ),
);

describe("coversQuestion", () => {
  it("answers a question the video explains", () => {
    expect(coversQuestion(LESSON.search("Why does the dough need kneading?"))).toBe(true);
    expect(coversQuestion(LESSON.search("What does the gluten do with the gas from the yeast?"))).toBe(true);
  });

  it("refuses a question about something the video never mentions", () => {
    expect(coversQuestion(LESSON.search("Who painted the Mona Lisa?"))).toBe(false);
    expect(coversQuestion(LESSON.search("How tall is Mount Everest?"))).toBe(false);
  });

  it("refuses a question that shares only a word said in passing", () => {
    const hits = LESSON.search("What's the capital of France?");
    expect(hits.length).toBeGreaterThan(0); // search alone would quote the passage with "capital"
    expect(coversQuestion(hits)).toBe(false);
  });

  it("refuses when nothing matched, and ignores the watched moment", () => {
    expect(coversQuestion([])).toBe(false);
    const atMoment = LESSON.search("What is the capital of France?", 3, { atSeconds: 5 });
    expect(atMoment[0]!.atMoment).toBe(true);
    expect(coversQuestion(atMoment)).toBe(false);
    expect(coversQuestion(LESSON.search("why knead the dough", 3, { atSeconds: 5 }))).toBe(true);
  });

  it("weighs words the video never uses: the more of the question is missing, the lower the coverage", () => {
    const [full] = LESSON.search("kneading gluten");
    const [half] = LESSON.search("kneading sourdough");
    expect(full!.coverage).toBeCloseTo(1, 5);
    expect(half!.coverage).toBeGreaterThan(0);
    expect(half!.coverage).toBeLessThan(full!.coverage);
    expect(coversQuestion([{ ...full!, coverage: MIN_COVERAGE }])).toBe(true);
    expect(coversQuestion([{ ...full!, coverage: MIN_COVERAGE - 0.001 }])).toBe(false);
  });
});

const corpusPresent = existsSync(FIXTURES_DIR);

describe.skipIf(!corpusPresent)(
  corpusPresent ? "the not-covered decision on the shared corpus" : "the not-covered decision on the shared corpus — skipped: ../shared/fixtures not found",
  () => {
    // English chapter titles only: every language's would index 288 transcripts (npm run eval:relevance does).
    const cases = corpusPresent ? relevanceCases(FIXTURES_DIR, ["en"]) : [];
    const handWritten = cases.filter((c) => c.kind !== "chapter-title");

    it("has a labelled set in every language, with each kind of out-of-scope question", () => {
      expect(new Set(RELEVANCE_QUESTIONS.map((q) => q.language)).size).toBe(9);
      for (const kind of ["general", "other-topic", "near-topic"] as const)
        expect(RELEVANCE_QUESTIONS.filter((q) => q.kind === kind).length).toBeGreaterThanOrEqual(14);
      expect(handWritten.filter((c) => c.covered).length).toBeGreaterThanOrEqual(70);
      expect(handWritten.filter((c) => !c.covered).length).toBeGreaterThanOrEqual(60);
    });

    it("keeps its held-out figures (leave one video out)", () => {
      const held = leaveOneVideoOut(cases);
      expect(held.handWritten.accuracy).toBeGreaterThanOrEqual(0.89);
      expect(held.handWritten.falseNotCovered).toBeLessThanOrEqual(0.12);
      expect(held.handWritten.falseCovered).toBeLessThanOrEqual(0.1);
      expect(held.falseCoveredByKind.general).toBe(0);
      expect(held.chapterTitles.falseNotCovered).toBeLessThanOrEqual(0.2);
    });

    it("ships the rule tuned on the whole set", () => {
      const rule = tuneRule(handWritten);
      expect(rule.weight).toBe(UNKNOWN_TERM_WEIGHT);
      expect(Math.abs(rule.threshold - MIN_COVERAGE)).toBeLessThan(0.01);
      expect(ratesAt(handWritten, { weight: UNKNOWN_TERM_WEIGHT, threshold: MIN_COVERAGE }).accuracy).toBeGreaterThanOrEqual(0.9);
    });

    it('says "not covered" to the capital of France in every language', () => {
      const capital = cases.filter((c) => c.kind === "general" && /capital|Hauptstadt|首都|عاصمة|राजधानी/i.test(c.question));
      expect(capital.length).toBeGreaterThanOrEqual(9);
      for (const c of capital) expect(judge(c, { weight: UNKNOWN_TERM_WEIGHT, threshold: MIN_COVERAGE }), c.question).toBe(false);
    });
  },
);
