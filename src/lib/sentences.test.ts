import { describe, expect, it } from "vitest";

import { endsSentence, hasFinalPunctuation } from "./sentences";

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
