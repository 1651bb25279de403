import { streamText, type LanguageModel, type TextStreamPart, type ToolSet } from "ai";

import { AI_FAILURE_MESSAGES, toAiError } from "~/server/ai/call";
import { AiError, isAiError } from "~/server/ai/errors";

import { keepKnownCitationsInStream } from "./citations";
import { buildTutorPrompt, type TutorPromptInput } from "./prompt";

/** The cap on a reply's length. */
const REPLY_MAX_TOKENS = 800;

/** What the tutor says when the model wrote nothing. */
const EMPTY_REPLY = "I could not put an answer together. Please ask again.";

/**
 * A reply as the model writes it: text pieces, in order. Iteration ends early, without an error,
 * when `signal` aborts (the learner stopped it); failures are AiErrors with safe messages.
 */
export type Tutor = (input: TutorPromptInput, signal: AbortSignal) => AsyncIterable<string>;

/**
 * The tutor's model call: the grounded prompt (buildTutorPrompt) in, a bounded reply streamed
 * out, with citations of moments it was not given removed on the way. Leaving the loop early
 * (the learner went away) aborts the model call, so it stops costing tokens.
 */
export function createLlmTutor(model: LanguageModel, { timeoutMs }: { timeoutMs: number }): Tutor {
  return async function* tutor(input, signal) {
    const { system, messages } = buildTutorPrompt(input);
    const timeout = AbortSignal.timeout(timeoutMs);
    const abandoned = new AbortController();
    const known = { passages: input.passages, sectionStarts: input.course.chapters.flatMap((chapter) => chapter.sections.map((section) => section.timeStart)) };
    let finished = false;
    let said = false;
    try {
      const result = streamText({
        model,
        system,
        messages,
        maxOutputTokens: REPLY_MAX_TOKENS,
        abortSignal: AbortSignal.any([signal, timeout, abandoned.signal]),
        maxRetries: 2,
        // Errors arrive as the stream's error parts (textOf throws them); the default logs them as well.
        onError: () => undefined,
      });
      for await (const piece of keepKnownCitationsInStream(textOf(result.fullStream), known)) {
        said ||= piece.trim() !== "";
        yield piece;
      }
      // The SDK ends an aborted stream quietly: when our own timeout (not the learner) ended it,
      // the reply is not complete, whether or not anything was said.
      if (timeout.aborted && !signal.aborted) throw new AiError("timeout", AI_FAILURE_MESSAGES.timeout);
      if (!said && !signal.aborted) yield EMPTY_REPLY;
      finished = true;
    } catch (error) {
      if (signal.aborted) return;
      if (timeout.aborted) throw new AiError("timeout", AI_FAILURE_MESSAGES.timeout, { cause: error });
      const failure = toAiError(error);
      // Anything else that ends a model stream (a dropped connection) is the service's failure too.
      throw isAiError(failure) ? failure : new AiError("unavailable", AI_FAILURE_MESSAGES.unavailable, { cause: error });
    } finally {
      if (!finished) abandoned.abort();
    }
  };
}

/** The text of a model stream; its error parts are thrown, an abort ends it. */
async function* textOf(parts: AsyncIterable<TextStreamPart<ToolSet>>): AsyncGenerator<string> {
  for await (const part of parts) {
    if (part.type === "text-delta") yield part.text;
    else if (part.type === "error") throw part.error;
    else if (part.type === "abort") return;
  }
}
