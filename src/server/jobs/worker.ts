import { type Db, poolOf } from "~/server/db/client";
import { logger } from "~/server/logger";

import { holdWorkerLiveness } from "./liveness";
import { claimNextJob, onJobQueued, STALE_AFTER_MS } from "./queue";
import { type JobHandler, type JobTimings, runJob } from "./run";

export type JobWorkerOptions = JobTimings & {
  concurrency: number;
  /** How often an idle worker looks for jobs queued by other instances, or orphaned. */
  pollMs?: number;
  staleAfterMs?: number;
};

const LIVENESS_WAIT_MS = 2_000;

export type JobWorker = { stop(): Promise<void>; idle(): Promise<void> };

/**
 * Claims and runs jobs with `handler`, up to `concurrency` at once. Wakes at once when this
 * process queues a job and polls for the rest. `stop` lets running jobs be resumed elsewhere: it
 * ends the worker's liveness lock once they have let go.
 */
export function startJobWorker<Input>(db: Db, handler: JobHandler<Input>, options: JobWorkerOptions): JobWorker {
  const stopping = new AbortController();
  const pool = poolOf(db);
  const liveness = pool ? holdWorkerLiveness(pool, handler.name) : null;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let filling = false;
  let again = false;

  const schedule = () => {
    clearTimeout(timer);
    if (!stopping.signal.aborted) timer = setTimeout(() => void fill(), options.pollMs ?? 1_000);
  };

  async function fill(): Promise<void> {
    if (filling) {
      again = true;
      return;
    }
    filling = true;
    try {
      do {
        again = false;
        while (!stopping.signal.aborted && running.size < options.concurrency) {
          const job = await claimNextJob(db, { staleAfterMs: options.staleAfterMs ?? STALE_AFTER_MS, runnerLock: liveness?.lockId ?? null });
          if (!job) break;
          const run = runJob(db, job, handler, { ...options, stop: stopping.signal, liveness: liveness ?? undefined }).finally(() => {
            running.delete(run);
            void fill();
          });
          running.add(run);
        }
      } while (again);
    } catch (error) {
      logger.warn(`${handler.name} worker could not claim a job`, { error });
    } finally {
      filling = false;
      schedule();
    }
  }

  const unsubscribe = onJobQueued(() => void fill());
  // A job claimed before the liveness lock is held could only be resumed once its heartbeat is
  // stale, so the first look waits for the lock, though never long on a slow database.
  const firstLook = setTimeout(() => void fill(), liveness ? LIVENESS_WAIT_MS : 0);
  void liveness?.ready.then(() => {
    clearTimeout(firstLook);
    void fill();
  });

  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      clearTimeout(firstLook);
      unsubscribe();
      await Promise.allSettled(running);
      await liveness?.close();
    },
    async idle() {
      while (running.size > 0 || filling) await Promise.allSettled([...running, new Promise((resolve) => setTimeout(resolve, 10))]);
    },
  };
}
