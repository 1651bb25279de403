type ApiFailure = { message: string; data?: { httpStatus?: number; retryAfter?: number } | null };

/** "2 min", "45 s" */
function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/** True for a 429: too many attempts. */
export const isRateLimited = (error: ApiFailure) => error.data?.httpStatus === 429;

/** The server's message, and for a rate limit how long to wait when it says. */
export function failureText(error: ApiFailure, fallback: string): string {
  const message = error.message.trim() || fallback;
  const retryAfter = error.data?.retryAfter;
  if (isRateLimited(error) && typeof retryAfter === "number" && retryAfter > 0) return `${message} You can try again in ${waitText(retryAfter)}.`;
  return message;
}
