import { MONTHLY_LIMIT_MESSAGE } from "~/lib/rules/subscription";

export const GENERATION_FAILED_TITLE = "Failed to generate course";
export const GENERATION_FAILED_FALLBACK = "Failed to create course";
const SUPPORT_NOTE = ". Please contact support to ensure the YouTube API is properly configured.";

/** Messages about configuration the learner cannot fix (the spec: an API key or the video service). */
const CONFIGURATION_PROBLEM = /api key|youtube api|video service/i;

/**
 * The description of the 'Failed to generate course' toast: the server's message, with the
 * spec's support note when it is about the API key or the video service, else the fallback.
 */
export function generationFailureMessage(message: string | null | undefined): string {
  const text = message?.trim() ?? "";
  if (!text) return GENERATION_FAILED_FALLBACK;
  if (!CONFIGURATION_PROBLEM.test(text)) return text;
  // The note starts with its own full stop; drop the message's so it never reads "..".
  return `${text.replace(/[.\s]+$/, "")}${SUPPORT_NOTE}`;
}

type ErrorLike = { message: string; data?: { code?: string } | null };

/** A 403 from starting a generation that says the free month's course is used. */
export function isMonthlyLimitError(error: ErrorLike): boolean {
  return error.data?.code === "FORBIDDEN" && (error.message === MONTHLY_LIMIT_MESSAGE || /monthly limit/i.test(error.message));
}

/** An error the learner fixes in the topic field (a too-short topic, a link we cannot read). */
export function isTopicError(error: ErrorLike): boolean {
  return error.data?.code === "BAD_REQUEST";
}
