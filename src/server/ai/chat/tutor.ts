import { generateText, type LanguageModel } from "ai";

import { AI_FAILURE_MESSAGES, toAiError } from "~/server/ai/call";
import { AiError } from "~/server/ai/errors";

import { buildTutorPrompt, keepKnownCitations, type TutorPromptInput } from "./prompt";

/** The cap on a reply's length. */
export const REPLY_MAX_TOKENS = 800;

export type Tutor = (input: TutorPromptInput) => Promise<string>;

/**
 * The tutor's model call: the grounded prompt (buildTutorPrompt) in, a bounded reply out, with
 * citations of moments it was not given removed. Failures are AiErrors with safe messages.
 */
export function createLlmTutor(model: LanguageModel, { timeoutMs }: { timeoutMs: number }): Tutor {
  return async (input) => {
    const { system, messages } = buildTutorPrompt(input);
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const { text } = await generateText({ model, system, messages, maxOutputTokens: REPLY_MAX_TOKENS, abortSignal: timeout, maxRetries: 2 });
      const sectionStarts = input.course.chapters.flatMap((chapter) => chapter.sections.map((section) => section.timeStart));
      return keepKnownCitations(text.trim(), { passages: input.passages, sectionStarts }) || "I could not put an answer together. Please ask again.";
    } catch (error) {
      if (timeout.aborted) throw new AiError("timeout", AI_FAILURE_MESSAGES.timeout, { cause: error });
      throw toAiError(error);
    }
  };
}
