import { env } from "~/env";
import { db } from "~/server/db";
import type { JobWorker } from "~/server/jobs/worker";
import { logger } from "~/server/logger";
import { processShare } from "~/server/process-share";

import { type ConceptBackfill, startConceptBackfill } from "../concepts/backfill";
import { getGenerationDeps } from "./deps";
import { startGenerationWorker } from "./worker";

const globalForWorker = globalThis as unknown as { generationWorker?: JobWorker; conceptBackfill?: ConceptBackfill };

/** Starts this process's generation worker, and the backfill of older courses' concepts, once (the server calls it at start-up). */
export function ensureGenerationWorker(): JobWorker {
  if (!globalForWorker.generationWorker) {
    // Fail at start-up, not on the first job, when the video sources are misconfigured.
    const { sources } = getGenerationDeps();
    // Say at start which entries of a local library cannot be used, not on the first request.
    for (const source of sources) {
      void source.load?.().catch((error: unknown) => logger.warn("video source could not be read at start", { source: source.name, error: String(error) }));
    }
    // GENERATION_CONCURRENCY is the instance's: each of its server processes runs a share.
    const concurrency = processShare(env.GENERATION_CONCURRENCY);
    globalForWorker.generationWorker = startGenerationWorker(db, getGenerationDeps, { concurrency });
    globalForWorker.conceptBackfill ??= startConceptBackfill(db);
    logger.info("generation worker started", {
      concurrency,
      engine: getGenerationDeps().engine.name,
      sources: getGenerationDeps().sources.map((source) => source.name),
    });
  }
  return globalForWorker.generationWorker;
}

/**
 * Stops this process's generation worker, if one runs: its running jobs go back in the queue for
 * another instance and its liveness lock is let go. A server shutting down calls it before its
 * database stops: a database stopped under a running worker ends the lock's session (the worker
 * reports the lock lost and tries to reconnect) and leaves its jobs "running" until they count
 * as dead.
 */
export async function stopGenerationWorker(): Promise<void> {
  const worker = globalForWorker.generationWorker;
  const backfill = globalForWorker.conceptBackfill;
  delete globalForWorker.generationWorker;
  delete globalForWorker.conceptBackfill;
  await Promise.all([worker?.stop(), backfill?.stop()]);
}
