import { describe, expect, it } from "vitest";

import { COURSE_LANGUAGES } from "~/lib/languages";
import { CLOZE_PREFIX } from "~/server/ai/offline/quiz";
import { buildOfflineQuiz } from "~/server/ai/offline/quiz-engine";
import { quizWording } from "~/server/ai/offline/wording";

import { librarySectionSources } from "../../../../test/fixtures/quiz-sources";

import { distinctFront, quizCardFront } from "./quiz-cards";

const OPTIONS = ["Binary search halves the range.", "Binary search doubles the range.", "Binary search sorts the range.", "Binary search skips the range."];

describe("quizCardFront", () => {
  it("keeps the options, lettered, under a stem that means nothing without them", () => {
    expect(quizCardFront({ questionText: "Which statement does the video make in this section?", options: OPTIONS })).toBe(
      [
        "Which statement does the video make in this section?",
        "",
        "A. Binary search halves the range.",
        "B. Binary search doubles the range.",
        "C. Binary search sorts the range.",
        "D. Binary search skips the range.",
      ].join("\n"),
    );
  });

  it("whatever the wording or language of a choice question, its options go on the card", () => {
    const stems = [
      "Which of these is a divide-and-conquer algorithm?",
      "Which one halves the range?",
      "Which statement is true?",
      "¿Cuál de las siguientes afirmaciones hace el vídeo?",
      "¿Qué afirmación es correcta?",
      "Qual das seguintes afirmações está correta?",
      "Laquelle de ces affirmations est vraie ?",
      "Welche Aussage trifft zu?",
      "次のうち、動画の内容として正しいものはどれですか？",
      "以下哪一项是正确的？",
      "أي من العبارات التالية صحيحة؟",
      "निम्नलिखित में से कौन सा कथन सही है?",
    ];
    for (const questionText of stems) {
      const front = quizCardFront({ questionText, options: ["w", "x", "y", "z"] });
      expect(front, questionText).toBe(`${questionText}\n\nA. w\nB. x\nC. y\nD. z`);
    }
  });

  it("a cloze stands on its own, in every course language the offline engine writes", () => {
    const sentence = "Binary search _____ the range at every step.";
    const clozes = [`${CLOZE_PREFIX} "${sentence}"`, ...COURSE_LANGUAGES.map(({ code }) => quizWording(code).question(sentence))];
    expect(new Set(clozes).size).toBe(COURSE_LANGUAGES.length); // English twice, every other language its own
    for (const questionText of clozes) expect(quizCardFront({ questionText, options: OPTIONS })).toBe(questionText);
  });
});

describe("distinctFront", () => {
  it("the front itself when free, else with its moment, else numbered", () => {
    expect(distinctFront("Q", 65, new Set(["R"]))).toBe("Q");
    expect(distinctFront("Q", 65, new Set(["Q"]))).toBe("Q\n\n(at 1:05)");
    expect(distinctFront("Q", 65, new Set(["Q", "Q\n\n(at 1:05)"]))).toBe("Q\n\n(at 1:05) (2)");
    expect(distinctFront("Q", null, new Set(["Q", "Q (2)"]))).toBe("Q (3)");
  });
});

describe("an offline quiz missed entirely", () => {
  it("gives fronts that are all distinct, each a cloze or a stem with its options", async () => {
    const sources = await librarySectionSources("test/fixtures/videos", "binSearch01");
    const questions = sources.flatMap((source) => buildOfflineQuiz(source).questions);
    // The fixture's quizzes ask the offline engine's true-statement question, the one that made bare cards.
    expect(questions.some((q) => q.questionText.startsWith("Which statement"))).toBe(true);
    const fronts = questions.map(quizCardFront);
    const taken = new Set<string>();
    for (const [i, front] of fronts.entries()) taken.add(distinctFront(front, questions[i]!.sourceTime, taken));
    expect(taken.size).toBe(questions.length);
    for (const [i, front] of fronts.entries()) {
      const { questionText, options } = questions[i]!;
      if (questionText.startsWith(CLOZE_PREFIX)) expect(front).toContain("_____");
      else for (const option of options) expect(front).toContain(option);
    }
  });
});
