import type pg from "pg";

import type { DbClient } from "../client";

import { LOCK_SPACES } from "./locks";

const WORKER_LOCK_SPACE = LOCK_SPACES.workerLiveness;

export type ClaimedJobRow = { id: string; userId: number; attempts: number; input: unknown; startedAt: Date };

/**
 * Marks the oldest claimable job running for one more attempt and answers it; no row: none.
 * Claimable: queued, or running with a heartbeat older than `staleAfterMs`, or running with a
 * heartbeat older than `deadAfterMs` while no session holds its runner's liveness lock.
 * pg_try_advisory_xact_lock succeeds only when no session holds that lock, and lets go of it when
 * this statement ends. `runnerLock` (the claiming worker's lock, or null) is written on the job.
 */
export async function claimJob(
  db: DbClient,
  { staleAfterMs, deadAfterMs, runnerLock }: { staleAfterMs: number; deadAfterMs: number; runnerLock: number | null },
): Promise<ClaimedJobRow | undefined> {
  const rows = await db.$queryRaw<ClaimedJobRow[]>`
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
  return rows[0];
}

/**
 * Takes the liveness lock `lockId` for the session `session` (a connection held for it, not a
 * pooled one: the lock lasts as long as the session); false when another session holds it.
 */
export async function tryWorkerLock(session: pg.ClientBase, lockId: number): Promise<boolean> {
  const { rows } = await session.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::int, $2::int) AS locked", [WORKER_LOCK_SPACE, lockId]);
  return rows[0]?.locked === true;
}

/**
 * Waits for, then holds until the transaction ends, the lock on the user's row: a user's job
 * starts then run one at a time, so a cap on their active jobs holds under concurrency.
 */
export async function lockUserForJobStart(tx: DbClient, userId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
}

/**
 * A job as one runner holds it: its id and the attempt the runner claimed. Every write below
 * changes the job only while it is running that attempt, and answers whether it did (false: the
 * job was taken over by a newer attempt, or finished).
 */
export type JobAttempt = { jobId: string; attempt: number };

const running = ({ jobId, attempt }: JobAttempt) => ({ id: jobId, attempts: attempt, status: "running" as const });

/** Records the stage the runner reached (progress 0-100), and that it is alive. */
export async function recordRunningJobStage(
  db: DbClient,
  { stage, stageDetail, progress, ...job }: JobAttempt & { stage: string; stageDetail: string | null; progress: number },
): Promise<boolean> {
  const { count } = await db.generationJob.updateMany({ where: running(job), data: { stage, stageDetail, progress, heartbeatAt: new Date() } });
  return count === 1;
}

/** Records that the runner is alive, and its current liveness lock. */
export async function beatRunningJob(db: DbClient, { runnerLock, ...job }: JobAttempt & { runnerLock: number | null }): Promise<boolean> {
  const { count } = await db.generationJob.updateMany({ where: running(job), data: { heartbeatAt: new Date(), runnerLock } });
  return count === 1;
}

/** Marks the job succeeded, with the course it made (null: none of its own) and its notices. */
export async function markRunningJobSucceeded(
  tx: DbClient,
  { courseId, notices, ...job }: JobAttempt & { courseId: number | null; notices: readonly string[] },
): Promise<boolean> {
  const { count } = await tx.generationJob.updateMany({
    where: running(job),
    data: {
      status: "succeeded",
      stage: "done",
      progress: 100,
      ...(courseId === null ? {} : { courseId }),
      notices: [...notices],
      finishedAt: new Date(),
      heartbeatAt: new Date(),
      runnerLock: null,
    },
  });
  return count === 1;
}

/** Puts the job back in the queue, from its first stage, for any worker to take. */
export async function requeueRunningJob(db: DbClient, job: JobAttempt): Promise<boolean> {
  const { count } = await db.generationJob.updateMany({
    where: running(job),
    data: { status: "queued", stage: "queued", stageDetail: null, progress: 0, runnerLock: null },
  });
  return count === 1;
}

/** Marks the job failed for good, with the error code and the sentence a waiting call answers with. */
export async function markRunningJobFailed(tx: DbClient, { errorCode, error, ...job }: JobAttempt & { errorCode: string; error: string }): Promise<boolean> {
  const { count } = await tx.generationJob.updateMany({
    where: running(job),
    data: { status: "failed", error, errorCode, finishedAt: new Date(), runnerLock: null },
  });
  return count === 1;
}
