import { describe, expect, test } from "vitest";

import { baseLanguage, courseLanguageOf, languageLabel, languageName, preferredCourseLanguage } from "./languages";

describe("course languages", () => {
  test("a BCP 47 tag gives its course language; a regional or script subtag is dropped", () => {
    expect(courseLanguageOf("es")).toBe("es");
    expect(courseLanguageOf("es-MX")).toBe("es");
    expect(courseLanguageOf("PT-br")).toBe("pt");
    expect(courseLanguageOf("zh-Hans-CN")).toBe("zh");
    expect(courseLanguageOf(" ja ")).toBe("ja");
  });

  test("a malformed tag, or a language courses are not written in, gives none", () => {
    for (const tag of ["", "e", "español", "es_MX!", "x-private", "tlh", "it", "xx-YY", "12"]) expect(courseLanguageOf(tag)).toBeNull();
  });

  test("the browser's first supported language, else English", () => {
    expect(preferredCourseLanguage(["it-IT", "fr-CA", "es"])).toBe("fr");
    expect(preferredCourseLanguage(["it", "nl"])).toBe("en");
    expect(preferredCourseLanguage([])).toBe("en");
  });

  test("names for prompts and labels for learners", () => {
    expect(languageName("ja")).toBe("Japanese");
    expect(languageLabel("ar")).toBe("العربية");
    expect(languageName("xx")).toBe("xx");
    expect(baseLanguage("zh_Hant")).toBe("zh");
  });
});
