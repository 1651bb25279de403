import { describe, expect, it } from "vitest";

import { courseFollowsSentence, quizWording } from "./wording";

describe("courseFollowsSentence", () => {
  it("names the video and lists the chapters in the transcript's language, with its full stop", () => {
    expect(courseFollowsSentence("Volcanoes", ["Magma", "Lava flows"], "en")).toBe(
      'This course follows the video "Volcanoes" in 2 chapters: Magma; Lava flows.',
    );
    expect(courseFollowsSentence(null, ["Magma"], "en")).toBe('This course follows the video "this video" in 1 chapter: Magma.');
    expect(courseFollowsSentence("Volcanes", ["Magma", "Lava"], "es-MX")).toBe("Este curso sigue el vídeo «Volcanes» en 2 capítulos: Magma; Lava.");
    expect(courseFollowsSentence("火山", ["マグマ", "溶岩"], "ja")).toBe("このコースは動画「火山」を2章でたどります：マグマ、溶岩。");
    expect(courseFollowsSentence("Vulkane", ["Magma"], "de")).toBe("Dieser Kurs folgt dem Video „Vulkane“ in 1 Kapitel: Magma.");
  });

  it("adds no second stop after a chapter title that ends a sentence, and falls back to English", () => {
    expect(courseFollowsSentence("V", ["Why?"], "en")).toBe('This course follows the video "V" in 1 chapter: Why?');
    expect(courseFollowsSentence("V", ["A"], "it")).toBe('This course follows the video "V" in 1 chapter: A.');
  });
});

describe("quizWording", () => {
  it("words a quiz in the language, or in English for one without wording", () => {
    expect(quizWording("fr").question("x _____ y")).toBe("Complétez ce que dit la vidéo : « x _____ y »");
    expect(quizWording("sv").title("S")).toBe("Quiz: S");
  });
});
