import type { Db } from "~/server/db/client";
import type { ClaimedJob } from "~/server/jobs/queue";
import { type JobHandler, type JobRunOptions, runJob } from "~/server/jobs/run";
import { type JobWorker, type JobWorkerOptions, startJobWorker } from "~/server/jobs/worker";

import { releaseCourseSlot } from "../subscription/monthly-usage";
import { describeJobFailure, INTERRUPTED_FAILURE, JOB_TIMEOUT_FAILURE, UNEXPECTED_FAILURE, UNREADABLE_FAILURE } from "./failures";
import { type GenerationJobInput, generationJobInputSchema } from "./generation-job";
import { type GenerationDeps, runGenerationJob } from "./run-job";

/** Course generation as a kind of job, for the jobs runtime; `getDeps` is asked at every run. */
export function generationJobs(getDeps: () => GenerationDeps): JobHandler<GenerationJobInput> {
  return {
    name: "generation",
    parseInput: (input) => {
      const parsed = generationJobInputSchema.safeParse(input);
      return parsed.success ? parsed.data : null;
    },
    run: (db, job, signal) => runGenerationJob(db, job, getDeps(), signal),
    describeError: describeJobFailure,
    failures: { timeout: JOB_TIMEOUT_FAILURE, interrupted: INTERRUPTED_FAILURE, unreadable: UNREADABLE_FAILURE, unexpected: UNEXPECTED_FAILURE },
    // A job that fails for good gives its course back to the learner's monthly allowance.
    onFinalFailure: (tx, job) => releaseCourseSlot(tx, job.userId, job.input.quotaMonth),
  };
}

/** Runs one claimed generation job to its end (see runJob). Never throws. */
export function processGenerationJob(db: Db, job: ClaimedJob, deps: GenerationDeps, options?: JobRunOptions): Promise<void> {
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
