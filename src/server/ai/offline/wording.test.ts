import { describe, expect, it } from "vitest";

import { courseFollowsSentence, endSentence, joinSentences, quizWording } from "./wording";

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

describe("endSentence and joinSentences", () => {
  it("ends a sentence with the language's full stop, in place of a trailing comma or colon", () => {
    expect(endSentence("A lesson on diffraction", "en")).toBe("A lesson on diffraction.");
    expect(endSentence("Topics covered:", "en")).toBe("Topics covered.");
    expect(endSentence("Why?", "en")).toBe("Why?");
    expect(endSentence("回折についての授業", "ja")).toBe("回折についての授業。");
    expect(endSentence("衍射课，", "zh")).toBe("衍射课。");
    expect(endSentence("विवर्तन पर एक पाठ", "hi")).toBe("विवर्तन पर एक पाठ।");
    expect(endSentence("درس عن الحيود،", "ar")).toBe("درس عن الحيود.");
    expect(endSentence("  ", "en")).toBe("");
  });

  it("never runs one sentence into the next", () => {
    expect(joinSentences(["A lesson on diffraction", "This course follows the video."], "en")).toBe("A lesson on diffraction. This course follows the video.");
    expect(joinSentences([null, "Este curso sigue el vídeo"], "es")).toBe("Este curso sigue el vídeo.");
    expect(joinSentences(["回折の授業", "このコースは動画をたどります"], "ja")).toBe("回折の授業。このコースは動画をたどります。");
    expect(joinSentences(["A lesson on diffraction…", "このコースは動画をたどります"], "ja")).toBe("A lesson on diffraction… このコースは動画をたどります。");
  });
});
