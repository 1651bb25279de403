import type { Db, DbClient } from "~/server/db/client";
import { beatRunningJob, claimJob, markRunningJobFailed, markRunningJobSucceeded, recordRunningJobStage, requeueRunningJob } from "~/server/db/queries/jobs";
import type { AppErrorCode } from "~/server/errors";

/**
 * The job queue: rows of "GenerationJob" in PostgreSQL. Any number of app instances claim jobs
 * with FOR UPDATE SKIP LOCKED, so each job runs in one place at a time. A running job is resumed
 * elsewhere, up to MAX_ATTEMPTS and then failed cleanly, when its runner is gone. Two signs tell:
 * its runner's liveness lock (liveness.ts) is free, because the session holding it ended with its
 * process, and it has missed two heartbeats (a live runner whose lock connection merely dropped
 * goes on beating and keeps its job); or, whatever the lock says, its heartbeat is STALE_AFTER_MS
 * old (a runner hung, or a host that vanished without closing its connections). A worker that
 * shuts down puts its jobs back in the queue.
 * Every write a runner makes is fenced by its attempt number: a runner that lost its job to a
 * newer attempt can no longer change it, and its final save rolls back.
 */
export const HEARTBEAT_INTERVAL_MS = 2_000;
/** A job whose runner's lock is free is taken once its heartbeat is this old. */
export const DEAD_AFTER_MS = 2 * HEARTBEAT_INTERVAL_MS;
export const STALE_AFTER_MS = 30_000;
export const MAX_ATTEMPTS = 3;
/** A job still running after this long is failed, whatever it is waiting for. */
export const JOB_TIMEOUT_MS = 10 * 60_000;

/** How a failed job is recorded: the error code a waiting call answers with, and a sentence for the learner. */
export type JobFailure = { code: AppErrorCode; message: string };

/** A job a runner holds. `input` is as stored until the job's kind has read it (JobHandler.parseInput). */
export type ClaimedJob<Input = unknown> = { id: string; userId: number; attempt: number; input: Input; startedAt: Date };

export class JobLostError extends Error {
  override readonly name = "JobLostError";
  constructor(jobId: string) {
    super(`job ${jobId} was taken over by another attempt or already finished`);
  }
}

export type ClaimOptions = {
  staleAfterMs?: number;
  deadAfterMs?: number;
  /** The claiming worker's liveness lock, recorded on the job (null: it has none right now). */
  runnerLock?: number | null;
};

/** Claims the oldest queued job, or a running one whose runner is gone; null when none. */
export async function claimNextJob(
  db: DbClient,
  { staleAfterMs = STALE_AFTER_MS, deadAfterMs = DEAD_AFTER_MS, runnerLock = null }: ClaimOptions = {},
): Promise<ClaimedJob | null> {
  const row = await claimJob(db, { staleAfterMs, deadAfterMs, runnerLock });
  return row ? { id: row.id, userId: row.userId, attempt: row.attempts, input: row.input, startedAt: row.startedAt } : null;
}

/** Records the stage a runner reached (and that it is alive); false when the job is no longer its own. */
export async function recordJobStage(db: DbClient, job: ClaimedJob, stage: string, progress: number, detail: string | null = null): Promise<boolean> {
  return recordRunningJobStage(db, {
    jobId: job.id,
    attempt: job.attempt,
    stage,
    stageDetail: detail,
    progress: Math.max(0, Math.min(100, Math.round(progress))),
  });
}

/** Proves the runner alive and records its current liveness lock (a new one after a reconnect). */
export async function beatHeart(db: DbClient, job: ClaimedJob, runnerLock: number | null = null): Promise<boolean> {
  return beatRunningJob(db, { jobId: job.id, attempt: job.attempt, runnerLock });
}

/**
 * Marks the job succeeded inside the transaction that saves its course (null: a job that made no
 * course of its own); throws if the job is no longer this runner's.
 */
export async function completeJob(tx: DbClient, job: ClaimedJob, courseId: number | null, notices: readonly string[] = []): Promise<void> {
  if (!(await markRunningJobSucceeded(tx, { jobId: job.id, attempt: job.attempt, courseId, notices }))) throw new JobLostError(job.id);
}

/** Puts a job this runner is giving up (the worker is stopping) back in the queue, for any worker to take at once. */
export async function requeueJob(db: DbClient, job: ClaimedJob): Promise<boolean> {
  return requeueRunningJob(db, { jobId: job.id, attempt: job.attempt });
}

/**
 * Fails the job for good and runs `onFailed` in the same transaction (what the job's kind undoes
 * then, e.g. a reservation); false, and nothing run, when the job was not this runner's.
 */
export async function failJob<Input>(
  db: Db,
  job: ClaimedJob<Input>,
  failure: JobFailure,
  onFailed?: (tx: DbClient, job: ClaimedJob<Input>) => Promise<void>,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const failed = await markRunningJobFailed(tx, { jobId: job.id, attempt: job.attempt, errorCode: failure.code, error: failure.message });
    if (failed && onFailed) await onFailed(tx, job);
    return failed;
  });
}

// In-process signals: a queued job wakes this instance's worker at once (others poll), and a
// finished job wakes this instance's waiters at once (waiters elsewhere poll).
const queuedListeners = new Set<() => void>();
const finishedListeners = new Set<(jobId: string) => void>();

export function onJobQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}
export function notifyJobQueued(): void {
  for (const listener of queuedListeners) listener();
}
export function onJobFinished(listener: (jobId: string) => void): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}
export function notifyJobFinished(jobId: string): void {
  for (const listener of finishedListeners) listener(jobId);
}
