import { isAiError } from "~/server/ai/errors";
import { type AppErrorCode, isAppError } from "~/server/errors";

export type JobFailure = { code: AppErrorCode; message: string };

export const JOB_TIMEOUT_FAILURE: JobFailure = { code: "SERVICE_UNAVAILABLE", message: "Course generation took too long and was stopped. Please try again." };
export const UNEXPECTED_FAILURE: JobFailure = { code: "SERVICE_UNAVAILABLE", message: "Something went wrong while generating your course. Please try again." };

/** What a learner is told when a job fails, and the HTTP status a waiting REST call answers with. */
export function describeJobFailure(error: unknown): JobFailure | null {
  if (isAppError(error)) return { code: error.code, message: error.message };
  if (isAiError(error)) return { code: error.kind === "rate-limited" ? "TOO_MANY_REQUESTS" : "SERVICE_UNAVAILABLE", message: error.message };
  return null;
}
