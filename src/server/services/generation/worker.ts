import type { Db } from "~/server/db/client";
import type { ClaimedJob } from "~/server/jobs/queue";
import { type JobHandler, type JobRunOptions, runJob } from "~/server/jobs/run";
import { type JobWorker, type JobWorkerOptions, startJobWorker } from "~/server/jobs/worker";

import {
  defaultRegenerationDeps,
  type RegenerationDeps,
  type RegenerationJobInput,
  regenerationJobInputSchema,
  runRegenerationJob,
} from "../editing/regenerate";
import { releaseCourseSlot } from "../subscription/monthly-usage";
import { describeJobFailure, INTERRUPTED_FAILURE, JOB_TIMEOUT_FAILURE, UNEXPECTED_FAILURE, UNREADABLE_FAILURE } from "./failures";
import { type GenerationJobInput, generationJobInputSchema } from "./generation-job";
import { type GenerationDeps, runGenerationJob } from "./run-job";

type AnyJobInput = GenerationJobInput | RegenerationJobInput;
const isRegeneration = (job: ClaimedJob<AnyJobInput>): job is ClaimedJob<RegenerationJobInput> => "kind" in job.input && job.input.kind === "section";

/**
 * The jobs of the generation queue, for the jobs runtime: course generation, and an owner's
 * regeneration of one section (its input says `kind: "section"`). `getDeps` is asked at every run.
 */
/** What the queue's jobs run with; `regeneration` defaults to the configured writers. */
export type QueueDeps = GenerationDeps & { regeneration?: RegenerationDeps };

function generationJobs(getDeps: () => QueueDeps): JobHandler<AnyJobInput> {
  return {
    name: "generation",
    parseInput: (input) => {
      const parsed = generationJobInputSchema.safeParse(input);
      if (parsed.success) return parsed.data;
      const regeneration = regenerationJobInputSchema.safeParse(input);
      return regeneration.success ? regeneration.data : null;
    },
    run: (db, job, signal) => {
      const deps = getDeps();
      if (isRegeneration(job)) return runRegenerationJob(db, job, deps.regeneration ?? defaultRegenerationDeps(), signal);
      return runGenerationJob(db, job as ClaimedJob<GenerationJobInput>, deps, signal);
    },
    describeError: describeJobFailure,
    failures: { timeout: JOB_TIMEOUT_FAILURE, interrupted: INTERRUPTED_FAILURE, unreadable: UNREADABLE_FAILURE, unexpected: UNEXPECTED_FAILURE },
    // A course job that fails for good gives its course back to the learner's monthly allowance (a regeneration took none).
    onFinalFailure: async (tx, job) => {
      if (!isRegeneration(job)) await releaseCourseSlot(tx, job.userId, (job.input as GenerationJobInput).quotaMonth);
    },
  };
}

/** Runs one claimed generation job to its end (see runJob). Never throws. */
export function processGenerationJob(db: Db, job: ClaimedJob, deps: QueueDeps, options?: JobRunOptions): Promise<void> {
  return runJob(
    db,
    job,
    generationJobs(() => deps),
    options,
  );
}

export function startGenerationWorker(db: Db, getDeps: () => GenerationDeps, options: JobWorkerOptions): JobWorker {
  return startJobWorker(db, generationJobs(getDeps), options);
}
