import { describe, expect, it } from "vitest";

import { centralSentence, paragraphs, standAlone, summarise, writeContent, type WritableSentence } from "./content";
import { cleanSentence, tokenize } from "./text";

const sentence = (text: string, pauseBeforeMs = 300): WritableSentence => ({ text, stems: tokenize(text), pauseBeforeMs });

const LESSON = [
  "Um, so today we look at how plants make their own food.",
  "Plants capture sunlight with a green pigment called chlorophyll.",
  "Chlorophyll sits inside chloroplasts, small structures in the leaf cells.",
  "Photosynthesis turns sunlight, water and carbon dioxide into glucose and oxygen.",
  "The glucose feeds the plant, and the oxygen leaves through pores in the leaf.",
  "Those pores are called stomata, and they open and close during the day.",
  "Uh, you know, without photosynthesis there would be no oxygen in the air we breathe.",
  "So that is the big picture of how plants make food from sunlight.",
].map((t) => sentence(t));

describe("standAlone", () => {
  it("strips leading connectives and re-capitalises", () => {
    expect(standAlone("So, and now the slope is positive.")).toBe("The slope is positive.");
    expect(standAlone("Well, in other words, the function grows.")).toBe("The function grows.");
    expect(standAlone("So what.")).toBe("So what."); // too little left: keep as is
  });
});

describe("paragraphs", () => {
  it("gives beginners shorter paragraphs than advanced learners", () => {
    const beginner = paragraphs(LESSON, "beginner");
    const advanced = paragraphs(LESSON, "advanced");
    expect(beginner.length).toBeGreaterThan(advanced.length);
    for (const p of beginner) expect(p.length).toBeLessThanOrEqual(380 + 200);
  });

  it("breaks at a long pause or a strong discourse marker", () => {
    const result = paragraphs(
      [sentence("First idea here."), sentence("Still the first idea."), sentence("All right, a new idea now."), sentence("More on it.", 300)],
      "advanced",
    );
    expect(result).toEqual(["First idea here. Still the first idea.", "All right, a new idea now. More on it."]);
    const paused = paragraphs([sentence("One."), sentence("Two."), sentence("Three.", 4_000)], "advanced");
    expect(paused).toEqual(["One. Two.", "Three."]);
  });

  it("cleans every sentence and drops filler-only ones", () => {
    const result = paragraphs([sentence("um uh"), sentence("uh the the answer is four")], "beginner");
    expect(result).toEqual(["The answer is four."]);
  });
});

describe("writeContent", () => {
  it("leads with an extractive key idea and separates paragraphs with blank lines", () => {
    const content = writeContent(LESSON, "beginner");
    const [first, ...rest] = content.split("\n\n");
    expect(first).toMatch(/^Key idea: /);
    const key = first!.replace(/^Key idea: /, "");
    const cleaned = LESSON.map((s) => cleanSentence(standAlone(s.text)));
    expect(cleaned).toContain(key);
    expect(rest.length).toBeGreaterThanOrEqual(2);
    expect(content).not.toMatch(/\b(?:um|uh|you know)\b/i);
    expect(content).not.toMatch(/\n{3,}/);
  });

  it("has no key idea for very short spans and nothing for empty ones", () => {
    expect(writeContent(LESSON.slice(0, 2), "intermediate")).not.toMatch(/Key idea/);
    expect(writeContent([], "intermediate")).toBe("");
  });

  it("picks a central, declarative sentence", () => {
    const index = centralSentence(LESSON);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(LESSON[index]!.text).not.toMatch(/\?$/);
    expect(summarise(LESSON)).toBeTruthy();
    expect(summarise([sentence("Hi.")])).toBeNull();
  });
});
