import { coversQuestion } from "~/server/ai/chat/relevance";
import type { Tutor } from "~/server/ai/chat/tutor";
import { isAiError } from "~/server/ai/errors";
import { AppError } from "~/server/errors";

import { loadPassageIndex } from "./passages";
import type { ChatAnswerer } from "./answerer";

/** The passages a grounded answer is built from. */
const LLM_PASSAGES = 4;

/**
 * The tutor with a language model, answering from the question's most relevant passages and the
 * outline. An AI service failure becomes 429 / 503 with a message the page can show.
 */
export function llmAnswerer(tutor: Tutor): ChatAnswerer {
  return async function* answer(db, { course, question, mode, history, atSeconds }, signal) {
    const index = await loadPassageIndex(db, course.course.id);
    // Quizzing, the learner's message may be an answer ("the bias"): the passages of the question it answers come with it.
    const asked = mode === "quiz" ? `${history.findLast((message) => message.role === "assistant")?.content ?? ""}\n${question}` : question;
    const hits = index?.search(asked, LLM_PASSAGES, { atSeconds }) ?? [];
    const watched = hits.find((hit) => hit.atMoment)?.passage;
    const moment = atSeconds !== undefined ? { atSeconds, passage: watched ?? null } : undefined;
    const passages = hits.map(({ passage }) => passage);
    try {
      yield* tutor(
        {
          course: { title: course.course.title, language: course.course.language, videos: course.course.videos, chapters: course.chapters },
          passages,
          history,
          question,
          mode,
          moment,
          // A quiz asks from the passages whatever the message ("ready", an answer); a moment is about what is watched.
          covered: mode === "quiz" || moment?.passage ? true : coversQuestion(hits),
        },
        signal,
      );
    } catch (error) {
      if (isAiError(error)) throw new AppError(error.kind === "rate-limited" ? "TOO_MANY_REQUESTS" : "SERVICE_UNAVAILABLE", error.message);
      throw error;
    }
  };
}
