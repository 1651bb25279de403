import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { QUIZ_TOO_SHORT_MESSAGE, type QuizSource } from "~/server/ai/quiz/types";
import type { TimedSegment } from "~/server/video/types";

import { readVideoFolder, SHARED_TRANSLATIONS } from "../../../../test/fixtures/video-folder";
import { buildOfflineQuiz } from "./quiz-engine";
import { buildTermQuiz } from "./term-quiz";
import { tokenize } from "~/server/language/text";
import { createWordClasser } from "./word-class";

const BLANK = "_____";

function sourceOf(texts: readonly string[], sectionTitle = "Volcanes"): QuizSource {
  const segments: TimedSegment[] = texts.map((text, index) => ({ index, startMs: index * 8_000, endMs: index * 8_000 + 7_000, text }));
  return { courseTitle: "Curso", sectionTitle, timeStart: 0, timeEnd: null, segments };
}

const SPANISH = [
  "Los volcanes expulsan lava y ceniza durante una erupción violenta.",
  "La cámara de magma alimenta cada erupción del volcán activo.",
  "La lava basáltica se enfría lentamente y forma nuevas rocas volcánicas.",
  "Los geólogos miden los temblores para predecir la próxima erupción.",
  "Una columna de ceniza puede cubrir ciudades enteras durante semanas.",
  "El cráter del volcán se llena de agua cuando termina la actividad.",
  "Los gases volcánicos contienen azufre, vapor de agua y dióxido de carbono.",
  "Las placas tectónicas se separan y el magma asciende por las grietas.",
];

/** Every question's blank, filled with the answer, gives back a sentence of the transcript. */
function expectSound(quiz: ReturnType<typeof buildTermQuiz>, source: QuizSource, language: string) {
  expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
  for (const q of quiz.questions) {
    expect(q.options).toHaveLength(4);
    expect(new Set(q.options).size).toBe(4);
    expect(q.options).toContain(q.correctAnswer);
    const quoted = q.questionText.slice(q.questionText.indexOf(q.questionText.match(/[«“„「]/u)![0]) + 1, -1).trim();
    const restored = quoted.replace(BLANK, q.correctAnswer);
    const sentence = source.segments.find((s) => s.text.trim() === restored);
    expect(sentence, restored).toBeDefined();
    // No wrong option is a word of the sentence.
    const said = new Set(tokenize(sentence!.text, language));
    for (const wrong of q.options.filter((o) => o !== q.correctAnswer)) for (const stem of tokenize(wrong, language)) expect(said.has(stem)).toBe(false);
  }
}

describe("buildTermQuiz", () => {
  it("blanks a key term of a Spanish sentence, with wrong options from the video, worded in Spanish", () => {
    const source = sourceOf(SPANISH);
    const quiz = buildTermQuiz(source, "es");
    expectSound(quiz, source, "es");
    expect(quiz.title).toBe("Cuestionario: Volcanes");
    expect(quiz.questions[0]!.questionText.startsWith("Completa lo que dice el vídeo: «")).toBe(true);
    expect(quiz.questions[0]!.explanation).toMatch(/^En \d+:\d\d el vídeo dice: «/);
  });

  it("works on Japanese, which has no spaces between words", () => {
    const japanese = [
      "火山は噴火のときに溶岩と火山灰を噴き出します。",
      "マグマだまりが火山の噴火を支えています。",
      "玄武岩の溶岩はゆっくり冷えて新しい岩石になります。",
      "地質学者は地震を測定して次の噴火を予測します。",
      "火山灰の柱は何週間も都市を覆うことがあります。",
      "火口は活動が終わると水で満たされます。",
      "火山ガスには硫黄と水蒸気と二酸化炭素が含まれます。",
      "プレートが離れるとマグマが割れ目を上昇します。",
    ];
    const source = sourceOf(japanese, "火山");
    const quiz = buildTermQuiz(source, "ja");
    expectSound(quiz, source, "ja");
    expect(quiz.title).toBe("クイズ：火山");
  });

  it("offers wrong options of the answer's word class: no adjective among nouns", () => {
    // Nouns and adjectives of about the same length, each said in its own sentences.
    const texts = [
      "La función crece cuando la variable aumenta en el intervalo.",
      "Una curva continua tiene una tangente en cada punto suave.",
      "El límite de la sucesión existe si los términos se acercan.",
      "La pendiente positiva indica que la gráfica sube hacia arriba.",
      "Un número racional se escribe como cociente de dos enteros.",
      "La derivada mide el cambio instantáneo de la función estudiada.",
      "Una serie infinita puede converger a un valor finito y preciso.",
      "El teorema fundamental une la derivada con la integral definida.",
      "La integral calcula el área bajo una curva continua y positiva.",
      "Cada polinomio tiene un grado entero y coeficientes reales.",
    ];
    const classOf = createWordClasser("es")!;
    const quiz = buildTermQuiz(sourceOf(texts, "Cálculo"), "es");
    expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
    for (const q of quiz.questions) {
      const classes = q.options.map((option) =>
        classOf(
          option,
          texts.find((text) => text.includes(option))!,
        ),
      );
      expect(new Set(classes.filter(Boolean)), q.options.join(", ")).toHaveProperty("size", 1);
    }
  });

  it("refuses a section with too little to ask about, as the English quiz does", () => {
    expect(() => buildTermQuiz(sourceOf(["Hola.", "Sí."]), "es")).toThrow(QUIZ_TOO_SHORT_MESSAGE);
  });
});

describe("buildOfflineQuiz", () => {
  it("detects the transcript's language and quizzes in it", () => {
    const quiz = buildOfflineQuiz(sourceOf(SPANISH));
    expect(quiz.title).toBe("Cuestionario: Volcanes");
  });
});

const languages = existsSync(SHARED_TRANSLATIONS) ? readdirSync(SHARED_TRANSLATIONS).sort() : [];

describe.skipIf(languages.length === 0)(
  languages.length > 0
    ? "offline quizzes on the shared translations"
    : "offline quizzes on the shared translations — skipped: ../shared/fixtures/translations not found",
  () => {
    // With a tagger (es, fr, de) or class endings (pt), the wrong options are of the answer's class.
    it.each(languages.filter((language) => ["es", "fr", "de", "pt", "it"].includes(language)))(
      "%s: almost no question mixes word classes among its options",
      (language) => {
        const videos = readVideoFolder(join(SHARED_TRANSLATIONS, language)).filter((v) => v.segments.length > 40);
        const classOf = createWordClasser(language)!;
        let questions = 0;
        const mixed: string[] = [];
        for (const video of videos) {
          const middle = Math.floor(video.durationSeconds / 2);
          const source: QuizSource = { courseTitle: video.title, sectionTitle: "§", timeStart: middle, timeEnd: middle + 90, segments: video.segments };
          for (const q of buildTermQuiz(source, language).questions) {
            questions++;
            const classes = q.options.map((option) => {
              const said = video.segments.find((s) => s.text.includes(option));
              return said ? classOf(option, said.text) : null;
            });
            if (new Set(classes.filter(Boolean)).size > 1) mixed.push(q.options.map((o, i) => `${o}/${classes[i]}`).join(", "));
          }
        }
        expect(questions).toBeGreaterThan(50);
        expect(mixed.length / questions, mixed.join("\n")).toBeLessThanOrEqual(0.02);
      },
      60_000,
    );

    it.each(languages)("%s: two sections of five videos each get a sound quiz in that language", (language) => {
      const videos = readVideoFolder(join(SHARED_TRANSLATIONS, language))
        .filter((v) => v.segments.length > 40)
        .slice(0, 5);
      expect(videos.length).toBeGreaterThan(0);
      for (const video of videos) {
        const middle = Math.floor(video.durationSeconds / 2);
        for (const [timeStart, timeEnd] of [
          [60, 180],
          [middle, middle + 120],
        ] as const) {
          const source: QuizSource = { courseTitle: video.title, sectionTitle: "§", timeStart, timeEnd, segments: video.segments };
          expectSound(buildOfflineQuiz(source), source, language);
        }
      }
    });
  },
);
