import type { Db, DbClient } from "~/server/db/client";
import { logger } from "~/server/logger";

import type { WorkerLiveness } from "./liveness";
import {
  beatHeart,
  type ClaimedJob,
  failJob,
  HEARTBEAT_INTERVAL_MS,
  JOB_TIMEOUT_MS,
  type JobFailure,
  JobLostError,
  MAX_ATTEMPTS,
  notifyJobFinished,
  requeueJob,
} from "./queue";

/**
 * What a kind of job means. The runtime claims, beats, times out, retries and records how a job
 * ended; the handler does the work and says what its failures mean for the learner.
 */
export type JobHandler<Input> = {
  /** Names the kind in log lines ("generation job succeeded"). */
  name: string;
  /** The job's stored input, read; null when it cannot be read (the job fails with failures.unreadable). */
  parseInput(input: unknown): Input | null;
  /**
   * Does the job, which it must mark done (completeJob) in its final transaction. Throws what
   * went wrong; stops when `signal` aborts. Resolves to fields for the success log line.
   */
  run(db: Db, job: ClaimedJob<Input>, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** The failure recorded for an error `run` threw; null for one nobody expected (failures.unexpected). */
  describeError(error: unknown): JobFailure | null;
  failures: {
    /** The job ran past its timeout. */
    timeout: JobFailure;
    /** Its runners were interrupted MAX_ATTEMPTS times. */
    interrupted: JobFailure;
    /** Its input could not be read. */
    unreadable: JobFailure;
    /** `run` threw an error describeError does not know. */
    unexpected: JobFailure;
  };
  /**
   * Runs in the transaction that fails the job for good (never for a job requeued at shutdown or
   * taken over by another attempt, nor one whose input could not be read).
   */
  onFinalFailure(this: void, tx: DbClient, job: ClaimedJob<Input>): Promise<void>;
};

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
export async function runJob<Input>(db: Db, claimed: ClaimedJob, handler: JobHandler<Input>, options: JobRunOptions = {}): Promise<void> {
  const { stop, liveness } = options;
  const log = { jobId: claimed.id, attempt: claimed.attempt };
  const record = (failing: Promise<boolean>) =>
    failing.then(
      () => undefined,
      (error: unknown) => logger.error("could not record the job's failure; it will be retried", { ...log, error }),
    );

  const input = handler.parseInput(claimed.input);
  if (input === null) {
    logger.warn(`${handler.name} job failed: its input could not be read`, log);
    await record(failJob(db, claimed, handler.failures.unreadable));
    notifyJobFinished(claimed.id);
    return;
  }
  const job: ClaimedJob<Input> = { ...claimed, input };
  if (job.attempt > MAX_ATTEMPTS) {
    logger.warn(`${handler.name} job failed: interrupted too often`, log);
    await record(failJob(db, job, handler.failures.interrupted, handler.onFinalFailure));
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
      .catch((error: unknown) => logger.warn(`${handler.name} heartbeat failed`, { ...log, error }));
  }, options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);

  const started = Date.now();
  try {
    const fields = await handler.run(db, job, signal);
    logger.info(`${handler.name} job succeeded`, { ...log, ...fields, ms: Date.now() - started });
  } catch (error) {
    if (error instanceof JobLostError || lost.signal.aborted) {
      logger.warn(`${handler.name} job taken over by another attempt`, log);
    } else if (stop?.aborted && !timeout.aborted) {
      // Shutting down: another instance takes the job from the queue and resumes it.
      await requeueJob(db, job).catch((requeueError: unknown) =>
        logger.warn("could not requeue the job; it resumes once its runner counts as gone", { ...log, error: requeueError }),
      );
      logger.info(`${handler.name} job requeued at shutdown`, log);
    } else {
      const described = timeout.aborted ? handler.failures.timeout : handler.describeError(error);
      if (described) logger.info(`${handler.name} job failed`, { ...log, code: described.code, reason: described.message });
      else logger.error(`${handler.name} job failed unexpectedly`, { ...log, error });
      await record(failJob(db, job, described ?? handler.failures.unexpected, handler.onFinalFailure));
    }
  } finally {
    clearInterval(heartbeat);
    notifyJobFinished(job.id);
  }
}
