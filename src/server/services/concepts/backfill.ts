/**
 * Finds the concepts of the courses saved before concepts existed (or whose concepts could not be
 * found when they were saved), one at a time in the background, never on a read, resting after each
 * as long as it took. Every server process runs one, each in its own random order; two that still
 * pick the same course both compute it, and the one that stores second leaves it
 * (refreshCourseConcepts' onlyIfPending).
 */
import type { Db } from "~/server/db";
import { selectCoursesWithoutConcepts } from "~/server/db/queries/concepts";
import { logger } from "~/server/logger";

import { refreshCourseConcepts } from "./course-concepts";

export type ConceptBackfill = { stop(): Promise<void> };

export type BackfillOptions = {
  /** Courses read per look. */
  batch?: number;
  /** How long to wait before looking again once none is left. */
  idleMs?: number;
  /** How long to wait before the first look, so start-up is not slowed. */
  delayMs?: number;
};

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** Runs the backfill until `stop`: in batches while courses are pending, then once every `idleMs`. */
export function startConceptBackfill(db: Db, { batch = 20, idleMs = 60_000, delayMs = 5_000 }: BackfillOptions = {}): ConceptBackfill {
  const stopping = new AbortController();
  const failed = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function runOnce(): Promise<void> {
    try {
      for (;;) {
        const ids = await selectCoursesWithoutConcepts(db, { limit: batch, skip: [...failed] });
        if (ids.length === 0) return;
        for (const id of ids) {
          if (stopping.signal.aborted) return;
          const started = performance.now();
          try {
            await refreshCourseConcepts(db, id, { onlyIfPending: true });
          } catch (error) {
            // Tried again at the next start; the others go on.
            failed.add(id);
            logger.warn("could not find a course's concepts", { courseId: id, error: String(error) });
          }
          // Rest as long as the course took: the backfill never takes more than half of this process's time from its requests.
          await pause(performance.now() - started, stopping.signal);
        }
      }
    } catch (error) {
      logger.warn("concept backfill could not read the pending courses", { error: String(error) });
    }
  }

  const schedule = (ms: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => schedule(idleMs));
    }, ms);
  };
  schedule(delayMs);

  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
