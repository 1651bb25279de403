import { describe, expect, it } from "vitest";

import { LANGUAGE_PACKS } from "~/server/language/language-packs";

import { quizHeading } from "./quiz-heading";

const languages = Object.keys(LANGUAGE_PACKS);

describe("quizHeading", () => {
  it("covers the nine languages", () => {
    expect(languages.sort()).toEqual(["ar", "de", "en", "es", "fr", "hi", "ja", "pt", "zh"]);
  });

  it.each(languages)("%s: counts the questions it is given and names the section as it is titled now", (language) => {
    for (const count of [3, 5, 6, 7]) {
      const { title, description } = quizHeading(language, "Gradient descent", count);
      expect(title).toContain("Gradient descent");
      expect(description).toContain("Gradient descent");
      // The count, as a number on its own: never "5" for six or seven.
      expect(description.match(/\d+/gu)).toEqual([String(count)]);
    }
  });

  it("says 6問 in Japanese and 7 questions in English for a quiz of six and seven", () => {
    expect(quizHeading("ja", "勾配降下法", 6).description).toContain("6問");
    expect(quizHeading("en", "Pixels", 7).description).toBe('7 questions on what the video says in "Pixels". Every answer is in the video.');
    expect(quizHeading("xx", "Pixels", 6).description).toContain("6 questions");
  });

  it("keeps a long title within 200 characters", () => {
    expect(quizHeading("en", "x".repeat(300), 4).title.length).toBe(200);
  });
});
