import { z } from "zod";

import { complexitySchema } from "~/lib/schemas/course";
import type { ClaimedJob } from "~/server/jobs/queue";

/** What a generation job stores as its input when it is queued. */
export const generationJobInputSchema = z.object({
  topic: z.string(),
  complexity: complexitySchema,
  additionalInstructions: z.string().nullable(),
  /** The course language asked for (a base subtag); absent for jobs of clients that send none. */
  language: z.string().optional(),
  /** The month whose allowance the job reserved ("2026-11"), given back if it fails. */
  quotaMonth: z.string(),
});
export type GenerationJobInput = z.infer<typeof generationJobInputSchema>;

export type GenerationJob = ClaimedJob<GenerationJobInput>;
