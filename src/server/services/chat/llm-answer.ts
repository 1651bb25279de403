import type { Tutor } from "~/server/ai/chat/tutor";
import { isAiError } from "~/server/ai/errors";
import { AppError } from "~/server/errors";

import { loadPassageIndex } from "./passages";
import type { ChatAnswerer } from "./answerer";

/** The passages a grounded answer is built from. */
export const LLM_PASSAGES = 4;

/**
 * The tutor with a language model, answering from the question's most relevant passages and the
 * outline. An AI service failure becomes 429 / 503 with a message the page can show.
 */
export function llmAnswerer(tutor: Tutor): ChatAnswerer {
  return async function* answer(db, { course, question, mode, history }, signal) {
    const index = await loadPassageIndex(db, course.course.videoId);
    const passages = (index?.search(question, LLM_PASSAGES) ?? []).map(({ passage }) => passage);
    try {
      yield* tutor({ course: { title: course.course.title, chapters: course.chapters }, passages, history, question, mode }, signal);
    } catch (error) {
      if (isAiError(error)) throw new AppError(error.kind === "rate-limited" ? "TOO_MANY_REQUESTS" : "SERVICE_UNAVAILABLE", error.message);
      throw error;
    }
  };
}
