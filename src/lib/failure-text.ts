/**
 * The words a learner reads when a call fails: a tRPC error (the server's message, which the
 * server writes for the learner), a fetch that never reached the server, or anything else thrown.
 */

export const CONNECTION_FAILURE_TEXT = "Could not reach CourseCraft. Check your connection and try again.";
const DEFAULT_FALLBACK = "Something went wrong. Please try again.";

/** What a tRPC client error carries that matters here; a plain Error fits it too. */
type FailureShape = { message?: unknown; data?: { httpStatus?: unknown; retryAfter?: unknown } | null };

/** The messages browsers give a fetch that got no response (Chrome, Firefox, Safari, Node). */
const CONNECTION_FAILURE = /^(failed to fetch|fetch failed|load failed|networkerror\b.*|network ?error)\.?$/i;

function shapeOf(failure: unknown): FailureShape {
  return typeof failure === "object" && failure !== null ? failure : {};
}

function messageOf(failure: unknown): string {
  if (typeof failure === "string") return failure.trim();
  const { message } = shapeOf(failure);
  return typeof message === "string" ? message.trim() : "";
}

/** True for a fetch that got no answer from the server (offline, DNS, a dropped connection). */
export function isConnectionFailure(failure: unknown): boolean {
  return CONNECTION_FAILURE.test(messageOf(failure));
}

/** True for a 429: too many attempts. */
export function isRateLimited(failure: unknown): boolean {
  return shapeOf(failure).data?.httpStatus === 429;
}

/** "45 s", "2 min" */
export function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/**
 * The server's message when it has one (with how long to wait after a rate limit, when it says),
 * a sentence about the connection when the server was not reached, else the fallback.
 */
export function failureText(failure: unknown, fallback: string = DEFAULT_FALLBACK): string {
  if (isConnectionFailure(failure)) return CONNECTION_FAILURE_TEXT;
  const message = messageOf(failure) || fallback;
  const retryAfter = shapeOf(failure).data?.retryAfter;
  if (isRateLimited(failure) && typeof retryAfter === "number" && retryAfter > 0) return `${message} You can try again in ${waitText(retryAfter)}.`;
  return message;
}
