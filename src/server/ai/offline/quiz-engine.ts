/** The offline quiz engine: a section's quiz by the rules of its transcript's language. */
import type { GeneratedQuiz, QuizSource } from "~/server/ai/quiz/types";

import { transcriptLanguage } from "./language";
import { rulesFor } from "./language-rules";

/**
 * 3–5 questions on the section: up to three cloze and two statement questions, each on its own
 * sentence and cloze terms all different, in video order. A section whose text yields fewer
 * than three (too short, or sentences too long to quiz on) borrows more and more neighbouring
 * text, up to QUIZ_WINDOW_WORDS' widest. Throws AppError UNPROCESSABLE when even that cannot give three.
 */
export function buildOfflineQuiz(source: QuizSource): GeneratedQuiz {
  return rulesFor(transcriptLanguage(source.segments)).buildQuiz(source);
}

/** The offline engine as a QuizEngine. */
export function createOfflineQuizEngine() {
  return {
    name: "offline",
    generate: (source: QuizSource) => Promise.resolve(buildOfflineQuiz(source)),
  } as const;
}
