import { z } from "zod";

import type { GenerationJobView, StartGenerationInput } from "~/lib/schemas/generation";
import { generationStageSchema } from "~/lib/schemas/generation";
import type { Db, DbClient } from "~/server/db/client";
import { countActiveJobs, findCourseJob, insertCourseJob } from "~/server/db/queries/generation";
import { lockUserForJobStart } from "~/server/db/queries/jobs";
import { AppError, type AppErrorCode, isAppErrorCode } from "~/server/errors";
import { notifyJobQueued, onJobFinished } from "~/server/jobs/queue";
import { classifyVideoInput } from "~/server/video/parse-video-id";

import { getEntitlements } from "../subscription/entitlements";
import { monthKey, reserveCourseSlot } from "../subscription/monthly-usage";
import type { GenerationJobInput } from "./generation-job";
import { INVALID_LINK_MESSAGE } from "./run-job";
import { MONTHLY_LIMIT_MESSAGE } from "~/lib/rules/subscription";

/** Jobs one learner may have queued or running at once (premium is otherwise unlimited). */
export const MAX_ACTIVE_JOBS_PER_USER = 3;
export const TOO_MANY_ACTIVE_JOBS_MESSAGE = `You already have ${MAX_ACTIVE_JOBS_PER_USER} courses being generated. Please wait for one to finish.`;

/** How long POST /api/courses/generate-from-topic waits for its job before answering 503. */
const GENERATE_WAIT_MS = 12 * 60_000;
const POLL_MS = 250;

/**
 * Queues a course-generation job for the user after taking one course from their monthly
 * allowance; both happen in one transaction, so a refused or failed insert reserves nothing.
 * At most MAX_ACTIVE_JOBS_PER_USER jobs of one user wait or run at a time (429 beyond).
 * A free user who has used the month's course gets the spec's limit message (403).
 */
export async function startCourseGeneration(db: Db, userId: number, input: StartGenerationInput, now = new Date()): Promise<GenerationJobView> {
  if (classifyVideoInput(input.topic).kind === "invalid-link") throw new AppError("BAD_REQUEST", INVALID_LINK_MESSAGE);
  const quotaMonth = monthKey(now);
  const jobInput: GenerationJobInput = {
    topic: input.topic,
    complexity: input.complexity,
    additionalInstructions: input.additionalInstructions,
    language: input.language,
    quotaMonth,
  };
  const job = await db.$transaction(async (tx) => {
    await lockUserForJobStart(tx, userId);
    const active = await countActiveJobs(tx, { userId, kind: "course" });
    if (active >= MAX_ACTIVE_JOBS_PER_USER) throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ACTIVE_JOBS_MESSAGE, { retryAfterSeconds: 30 });
    const { monthlyCourseLimit } = await getEntitlements(tx, userId, now);
    if (!(await reserveCourseSlot(tx, userId, quotaMonth, monthlyCourseLimit))) throw new AppError("FORBIDDEN", MONTHLY_LIMIT_MESSAGE);
    return insertCourseJob(tx, { userId, input: jobInput });
  });
  notifyJobQueued();
  return toView(job);
}

/** A job of the user's (someone else's job is "not found", like a missing one). */
export async function getGenerationJob(db: DbClient, { userId, jobId }: { userId: number; jobId: string }): Promise<JobView> {
  const job = await findCourseJob(db, { userId, jobId });
  if (!job) throw new AppError("NOT_FOUND", "Generation job not found.");
  return toView(job);
}

/**
 * Waits until the job finishes and returns its course id, or throws the job's failure with its
 * status. Wakes at once when this instance finishes the job, and polls for jobs finished by
 * another instance.
 */
export async function waitForGeneration(
  db: DbClient,
  { userId, jobId }: { userId: number; jobId: string },
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<{ courseId: number; notices: string[] }> {
  const deadline = Date.now() + (options.timeoutMs ?? GENERATE_WAIT_MS);
  for (;;) {
    const job = await getGenerationJob(db, { userId, jobId });
    if (job.status === "succeeded" && job.courseId !== null) return { courseId: job.courseId, notices: job.notices };
    if (job.status === "failed") throw new AppError(failureCode(job), job.error ?? "Failed to create course");
    if (Date.now() >= deadline)
      throw new AppError("SERVICE_UNAVAILABLE", "The course is still being generated. It will appear in your courses when it is ready.");
    options.signal?.throwIfAborted();
    await untilFinishedOrTimeout(jobId, Math.min(POLL_MS * 4, Math.max(0, deadline - Date.now())), options.signal);
  }
}

function untilFinishedOrTimeout(jobId: string, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = onJobFinished((finished) => finished === jobId && done());
    signal?.addEventListener("abort", done, { once: true });
  });
}

type JobRow = {
  id: string;
  status: GenerationJobView["status"];
  stage: string;
  stageDetail: string | null;
  progress: number;
  courseId: number | null;
  error: string | null;
  errorCode: string | null;
  notices: unknown;
  course: { engine: string | null } | null;
};

const noticesSchema = z.array(z.string());

const failureCode = (job: { errorCode: string | null }): AppErrorCode => (isAppErrorCode(job.errorCode) ? job.errorCode : "SERVICE_UNAVAILABLE");

type JobView = GenerationJobView & { errorCode: string | null };

function toView(job: JobRow): JobView {
  const stage = generationStageSchema.safeParse(job.stage);
  return {
    id: job.id,
    status: job.status,
    stage: stage.success ? stage.data : "queued",
    stageDetail: job.stageDetail,
    progress: job.progress,
    courseId: job.courseId,
    engine: job.course?.engine ?? null,
    error: job.error,
    errorCode: job.errorCode,
    notices: noticesSchema.catch([]).parse(job.notices),
  };
}
