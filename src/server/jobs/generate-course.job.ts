import type { Db } from "~/server/db/client";
import { logger } from "~/server/logger";
import { describeJobFailure, JOB_TIMEOUT_FAILURE, UNEXPECTED_FAILURE } from "~/server/services/generation/failures";
import { type GenerationDeps, runGenerationJob } from "~/server/services/generation/run-job";

import type { WorkerLiveness } from "./liveness";
import { beatHeart, type ClaimedJob, failJob, HEARTBEAT_INTERVAL_MS, INTERRUPTED_MESSAGE, JOB_TIMEOUT_MS, JobLostError, MAX_ATTEMPTS, notifyJobFinished, requeueJob } from "./queue";

export type JobTimings = { heartbeatMs?: number; timeoutMs?: number };
export type JobRunOptions = JobTimings & {
  /** Aborted when the worker shuts down: the job goes back in the queue for another instance. */
  stop?: AbortSignal;
  /** The worker's liveness (liveness.ts), written on the job with every heartbeat. */
  liveness?: Pick<WorkerLiveness, "lockId">;
};

/**
 * Runs one claimed job with a heartbeat and an overall timeout, and records how it ended. A job
 * claimed after MAX_ATTEMPTS interrupted runs is failed without another try. Never throws.
 */
export async function processGenerationJob(db: Db, job: ClaimedJob, deps: GenerationDeps, options: JobRunOptions = {}): Promise<void> {
  const { stop, liveness } = options;
  const log = { jobId: job.id, attempt: job.attempt };
  if (job.attempt > MAX_ATTEMPTS) {
    logger.warn("generation job failed: interrupted too often", log);
    await failJob(db, job, { code: "SERVICE_UNAVAILABLE", message: INTERRUPTED_MESSAGE }).catch((error: unknown) => logger.error("could not fail job", { ...log, error }));
    notifyJobFinished(job.id);
    return;
  }

  // The timeout counts from the job's first start, so resumed attempts share one budget.
  const remainingMs = Math.max(1_000, job.startedAt.getTime() + (options.timeoutMs ?? JOB_TIMEOUT_MS) - Date.now());
  const timeout = AbortSignal.timeout(remainingMs);
  const lost = new AbortController();
  const signal = AbortSignal.any([timeout, lost.signal, ...(stop ? [stop] : [])]);
  const heartbeat = setInterval(() => {
    beatHeart(db, job, liveness?.lockId ?? null)
      .then((ours) => ours || lost.abort(new JobLostError(job.id)))
      .catch((error: unknown) => logger.warn("generation heartbeat failed", { ...log, error }));
  }, options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);

  const started = Date.now();
  try {
    const { courseId } = await runGenerationJob(db, job, deps, signal);
    logger.info("generation job succeeded", { ...log, courseId, ms: Date.now() - started });
  } catch (error) {
    if (error instanceof JobLostError || lost.signal.aborted) {
      logger.warn("generation job taken over by another attempt", log);
    } else if (stop?.aborted && !timeout.aborted) {
      // Shutting down: another instance takes the job from the queue and resumes it.
      await requeueJob(db, job).catch((requeueError: unknown) => logger.warn("could not requeue the job; it resumes once its runner counts as gone", { ...log, error: requeueError }));
      logger.info("generation job requeued at shutdown", log);
    } else {
      const failure = (timeout.aborted ? JOB_TIMEOUT_FAILURE : describeJobFailure(error)) ?? UNEXPECTED_FAILURE;
      if (failure === UNEXPECTED_FAILURE) logger.error("generation job failed unexpectedly", { ...log, error });
      else logger.info("generation job failed", { ...log, code: failure.code, reason: failure.message });
      await failJob(db, job, failure).catch((failError: unknown) => logger.error("could not record the job's failure; it will be retried", { ...log, error: failError }));
    }
  } finally {
    clearInterval(heartbeat);
    notifyJobFinished(job.id);
  }
}
