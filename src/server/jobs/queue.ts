import { z } from "zod";

import { complexitySchema } from "~/lib/schemas/course";
import type { GenerationStage } from "~/lib/schemas/generation";
import type { Db, DbClient } from "~/server/db/client";
import type { AppErrorCode } from "~/server/errors";
import { releaseCourseSlot } from "~/server/services/subscription/monthly-usage";

import { WORKER_LOCK_SPACE } from "./liveness";

/**
 * The course-generation queue: rows of "GenerationJob" in PostgreSQL. Any number of app
 * instances claim jobs with FOR UPDATE SKIP LOCKED, so each job runs in one place at a time.
 * A running job is resumed elsewhere, up to MAX_ATTEMPTS and then failed cleanly, when its
 * runner is gone. Two signs tell: its runner's liveness lock (liveness.ts) is free, because the
 * session holding it ended with its process, and it has missed two heartbeats (a live runner
 * whose lock connection merely dropped goes on beating and keeps its job); or, whatever the lock
 * says, its heartbeat is STALE_AFTER_MS old (a runner hung, or a host that vanished without
 * closing its connections). A worker that shuts down puts its jobs back in the queue.
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

export const INTERRUPTED_MESSAGE = "Course generation was interrupted. Please try again.";

export const generationJobInputSchema = z.object({
  topic: z.string(),
  complexity: complexitySchema,
  additionalInstructions: z.string().nullable(),
  /** The month whose allowance the job reserved ("2026-11"), given back if it fails. */
  quotaMonth: z.string(),
});
export type GenerationJobInput = z.infer<typeof generationJobInputSchema>;

export type ClaimedJob = { id: string; userId: number; attempt: number; input: GenerationJobInput; startedAt: Date };

export class JobLostError extends Error {
  override readonly name = "JobLostError";
  constructor(jobId: string) {
    super(`job ${jobId} was taken over by another attempt or already finished`);
  }
}

type ClaimRow = { id: string; userId: number; attempts: number; input: unknown; startedAt: Date };

export type ClaimOptions = {
  staleAfterMs?: number;
  deadAfterMs?: number;
  /** The claiming worker's liveness lock, recorded on the job (null: it has none right now). */
  runnerLock?: number | null;
};

/** Claims the oldest queued job, or a running one whose runner is gone; null when none. */
export async function claimNextJob(db: Db, { staleAfterMs = STALE_AFTER_MS, deadAfterMs = DEAD_AFTER_MS, runnerLock = null }: ClaimOptions = {}): Promise<ClaimedJob | null> {
  // pg_try_advisory_xact_lock succeeds only when no session holds the runner's lock, and lets
  // go of it when this statement ends.
  const rows = await db.$queryRaw<ClaimRow[]>`
    UPDATE "GenerationJob" SET status = 'running', attempts = attempts + 1, "heartbeatAt" = now(),
      "runnerLock" = ${runnerLock}::int, "startedAt" = COALESCE("startedAt", now()), "updatedAt" = now()
    WHERE id = (
      SELECT id FROM "GenerationJob"
      WHERE status = 'queued' OR (status = 'running' AND (
        "heartbeatAt" < now() - ${staleAfterMs} * interval '1 millisecond'
        OR ("runnerLock" IS NOT NULL AND "heartbeatAt" < now() - ${deadAfterMs} * interval '1 millisecond'
            AND pg_try_advisory_xact_lock(${WORKER_LOCK_SPACE}::int, "runnerLock"))))
      ORDER BY "createdAt" FOR UPDATE SKIP LOCKED LIMIT 1)
    RETURNING id, "userId", attempts, input, "startedAt"`;
  const row = rows[0];
  if (!row) return null;
  const input = generationJobInputSchema.safeParse(row.input);
  const job: ClaimedJob = { id: row.id, userId: row.userId, attempt: row.attempts, input: input.success ? input.data : { topic: "", complexity: "beginner", additionalInstructions: null, quotaMonth: "" }, startedAt: row.startedAt };
  if (!input.success) {
    await failJob(db, job, { code: "UNPROCESSABLE", message: "This generation request could not be read. Please start it again." });
    return null;
  }
  return job;
}

const fence = (job: ClaimedJob) => ({ id: job.id, attempts: job.attempt, status: "running" as const });

/** Records the stage a runner reached (and that it is alive); false when the job is no longer its own. */
export async function recordJobStage(db: DbClient, job: ClaimedJob, stage: GenerationStage, progress: number): Promise<boolean> {
  const { count } = await db.generationJob.updateMany({
    where: fence(job),
    data: { stage, progress: Math.max(0, Math.min(100, Math.round(progress))), heartbeatAt: new Date() },
  });
  return count === 1;
}

/** Proves the runner alive and records its current liveness lock (a new one after a reconnect). */
export async function beatHeart(db: DbClient, job: ClaimedJob, runnerLock: number | null = null): Promise<boolean> {
  const { count } = await db.generationJob.updateMany({ where: fence(job), data: { heartbeatAt: new Date(), runnerLock } });
  return count === 1;
}

/** Marks the job succeeded inside the transaction that saves its course; throws if the job is no longer this runner's. */
export async function completeJob(tx: DbClient, job: ClaimedJob, courseId: number): Promise<void> {
  const { count } = await tx.generationJob.updateMany({
    where: fence(job),
    data: { status: "succeeded", stage: "done", progress: 100, courseId, finishedAt: new Date(), heartbeatAt: new Date(), runnerLock: null },
  });
  if (count !== 1) throw new JobLostError(job.id);
}

/** Puts a job this runner is giving up (the worker is stopping) back in the queue, for any worker to take at once. */
export async function requeueJob(db: DbClient, job: ClaimedJob): Promise<boolean> {
  const { count } = await db.generationJob.updateMany({ where: fence(job), data: { status: "queued", stage: "queued", progress: 0, runnerLock: null } });
  return count === 1;
}

/** Fails the job and gives back the course it reserved, together; false when it was not this runner's. */
export async function failJob(db: Db, job: ClaimedJob, failure: { code: AppErrorCode; message: string }): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.generationJob.updateMany({
      where: fence(job),
      data: { status: "failed", error: failure.message, errorCode: failure.code, finishedAt: new Date(), runnerLock: null },
    });
    if (count === 1 && job.input.quotaMonth) await releaseCourseSlot(tx, job.userId, job.input.quotaMonth);
    return count === 1;
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
