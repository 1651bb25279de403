import { env } from "~/env";
import { db } from "~/server/db";
import { logger } from "~/server/logger";
import { getGenerationDeps } from "~/server/services/generation/deps";

import { type GenerationWorker, startGenerationWorker } from "./worker";

const globalForWorker = globalThis as unknown as { generationWorker?: GenerationWorker };

/** Starts this process's generation worker once (the server calls it at start-up). */
export function ensureGenerationWorker(): GenerationWorker {
  if (!globalForWorker.generationWorker) {
    // Fail at start-up, not on the first job, when the video sources are misconfigured.
    getGenerationDeps();
    globalForWorker.generationWorker = startGenerationWorker(db, getGenerationDeps, { concurrency: env.GENERATION_CONCURRENCY });
    logger.info("generation worker started", { concurrency: env.GENERATION_CONCURRENCY, engine: getGenerationDeps().engine.name, sources: getGenerationDeps().sources.map((source) => source.name) });
  }
  return globalForWorker.generationWorker;
}
