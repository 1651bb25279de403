/**
 * The one way features call a language model for structured output: a zod schema, a per-call
 * timeout, bounded retries of malformed answers, and provider failures turned into AiErrors whose
 * messages are safe to show (no key, provider body or stack). Used by every AI feature folder
 * (course-outline, quiz, …); each passes its own wording for a malformed answer.
 */
import {
  APICallError,
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  RetryError,
  TypeValidationError,
  type LanguageModel,
} from "ai";
import type { z } from "zod";

import { AiError, type AiFailure } from "~/server/ai/errors";

/** Learner-facing messages of the failures every feature shares; `malformed` is per feature. */
export const AI_FAILURE_MESSAGES: Record<Exclude<AiFailure, "malformed">, string> = {
  timeout: "The AI service took too long to answer. Please try again.",
  "rate-limited": "The AI service is busy right now (rate limited). Please try again in a few minutes.",
  unavailable: "The AI service could not be reached. Please try again later.",
};

/** The SDK's own retries of 429, 5xx and network errors (with backoff honouring Retry-After). */
const SDK_MAX_RETRIES = 2;

/** An answer that parsed but breaks the rules the schema cannot express (ids, emptiness). */
export class MalformedOutputError extends Error {
  override readonly name = "MalformedOutputError";
}

const isMalformed = (error: unknown) =>
  error instanceof MalformedOutputError ||
  NoObjectGeneratedError.isInstance(error) ||
  NoOutputGeneratedError.isInstance(error) ||
  TypeValidationError.isInstance(error) ||
  JSONParseError.isInstance(error);

export type StructuredCallSettings = {
  /** Per model call, including the SDK's own retries. */
  timeoutMs: number;
  /** Extra attempts after an answer that fails the schema or `read`'s checks. */
  maxMalformedRetries: number;
  /** Learner-facing wording when every attempt was malformed. */
  malformedMessage: string;
};

export type StructuredCall<T, R> = {
  schema: z.ZodType<T>;
  instructions: string;
  prompt: string;
  /** Checks and converts the parsed answer; throw MalformedOutputError to retry. */
  read: (output: T) => R;
  signal?: AbortSignal;
};

/**
 * One structured model call with its own timeout, retried while the answer is malformed. A
 * caller's abort propagates as its own reason; everything else becomes an AiError.
 */
export async function callStructured<T, R>(model: LanguageModel, settings: StructuredCallSettings, request: StructuredCall<T, R>): Promise<R> {
  const { schema, instructions, prompt, read } = request;
  const signal = request.signal ?? new AbortController().signal;
  let lastProblem: unknown;
  for (let attempt = 0; attempt <= settings.maxMalformedRetries; attempt++) {
    signal.throwIfAborted();
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    try {
      const { output } = await generateText({
        model,
        output: Output.object({ schema }),
        instructions,
        prompt,
        abortSignal: AbortSignal.any([signal, timeout]),
        maxRetries: SDK_MAX_RETRIES,
      });
      return read(output);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) throw new AiError("timeout", AI_FAILURE_MESSAGES.timeout, { cause: error });
      if (!isMalformed(error)) throw toAiError(error);
      lastProblem = error;
    }
  }
  throw new AiError("malformed", settings.malformedMessage, { cause: lastProblem });
}

/** A provider's failure as an AiError; anything else (a bug of ours) is kept as is. */
export function toAiError(error: unknown): unknown {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (!APICallError.isInstance(cause)) return error;
  if (cause.statusCode === 429) return new AiError("rate-limited", AI_FAILURE_MESSAGES["rate-limited"], { cause });
  if (cause.statusCode === 408) return new AiError("timeout", AI_FAILURE_MESSAGES.timeout, { cause });
  // Connection refused, 5xx, and a misconfiguration (401 key, 404 model) alike: not reachable for us.
  return new AiError("unavailable", AI_FAILURE_MESSAGES.unavailable, { cause });
}
