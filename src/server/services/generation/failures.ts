import { isAiError } from "~/server/ai/errors";
import { isAppError } from "~/server/errors";
import type { JobFailure } from "~/server/jobs/queue";

export const INTERRUPTED_MESSAGE = "Course generation was interrupted. Please try again.";

export const JOB_TIMEOUT_FAILURE: JobFailure = { code: "SERVICE_UNAVAILABLE", message: "Course generation took too long and was stopped. Please try again." };
export const UNEXPECTED_FAILURE: JobFailure = { code: "SERVICE_UNAVAILABLE", message: "Something went wrong while generating your course. Please try again." };
export const INTERRUPTED_FAILURE: JobFailure = { code: "SERVICE_UNAVAILABLE", message: INTERRUPTED_MESSAGE };
export const UNREADABLE_FAILURE: JobFailure = { code: "UNPROCESSABLE", message: "This generation request could not be read. Please start it again." };

/** What a learner is told when a job fails, and the HTTP status a waiting REST call answers with. */
export function describeJobFailure(error: unknown): JobFailure | null {
  if (isAppError(error)) return { code: error.code, message: error.message };
  if (isAiError(error)) return { code: error.kind === "rate-limited" ? "TOO_MANY_REQUESTS" : "SERVICE_UNAVAILABLE", message: error.message };
  return null;
}
