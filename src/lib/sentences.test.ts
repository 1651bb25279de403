import { describe, expect, it } from "vitest";

import { endsSentence, hasFinalPunctuation, isPunctuated } from "./sentences";

describe("endsSentence", () => {
  it("sees the end of a sentence in every script, before closing quotes", () => {
    for (const text of [
      "It works.",
      "Really?",
      "Yes!",
      "And then…",
      "He said “stop.”",
      "微分です。",
      "本当？",
      "好！",
      "هل هذا صحيح؟",
      "यह दर है।",
      "「そうです。」",
    ]) {
      expect(endsSentence(text)).toBe(true);
    }
  });

  it("not in the middle of one, nor after an abbreviation", () => {
    for (const text of ["and then the", "微分とは", "Ask Dr.", "as in e.g.", "the sum, ", "هذا صحيح"]) expect(endsSentence(text)).toBe(false);
  });

  it("an abbreviation still has final punctuation, for a clean-up that must not add a second stop", () => {
    expect(hasFinalPunctuation("Ask Dr.")).toBe(true);
    expect(hasFinalPunctuation("微分です")).toBe(false);
  });
});

describe("isPunctuated", () => {
  const lines = (...texts: string[]) => texts.map((text) => ({ text }));

  it("tells captions with sentence ends from automatic ones, in spaced and unspaced scripts", () => {
    expect(isPunctuated(lines("So here we are.", "Then we go on.", "And that is it."))).toBe(true);
    expect(isPunctuated(lines("so here we are", "then we go on", "and that is it"))).toBe(false);
    expect(isPunctuated(lines("微分は傾きです。", "積分は面積です。"))).toBe(true);
    expect(isPunctuated([])).toBe(false);
  });

  it("needs a sentence end every 40 words on average, whether the pieces are lines or words", () => {
    expect(isPunctuated(lines("word ".repeat(100).trim(), "It ends."))).toBe(false);
    expect(isPunctuated(lines("word ".repeat(30).trim(), "It ends."))).toBe(true);
    expect(isPunctuated(lines(..."word ".repeat(30).trim().split(" "), "It", "ends."))).toBe(true);
  });
});
