/**
 * Finds the concepts of the courses saved before concepts existed (or whose concepts could not be
 * found when they were saved), a few at a time in the background, newest first: never on a read.
 * Every server process runs one; two that pick the same course both compute it, and the one that
 * stores second leaves it (refreshCourseConcepts' onlyIfPending).
 */
import type { Db } from "~/server/db";
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

/** The ready courses without concepts, newest first; those that failed this run are skipped. */
async function pendingCourses(db: Db, batch: number, failed: ReadonlySet<number>): Promise<number[]> {
  const rows = await db.course.findMany({
    where: { status: "ready", conceptsAt: null, id: { notIn: [...failed] } },
    orderBy: { id: "desc" },
    take: batch,
    select: { id: true },
  });
  return rows.map((row) => row.id);
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
        const ids = await pendingCourses(db, batch, failed);
        if (ids.length === 0) return;
        for (const id of ids) {
          if (stopping.signal.aborted) return;
          try {
            await refreshCourseConcepts(db, id, { onlyIfPending: true });
          } catch (error) {
            // Tried again at the next start; the others go on.
            failed.add(id);
            logger.warn("could not find a course's concepts", { courseId: id, error: String(error) });
          }
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
