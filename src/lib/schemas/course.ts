import { z } from "zod";

import { idSchema } from "./common";

export const complexitySchema = z.enum(["beginner", "intermediate", "advanced"]);
export type Complexity = z.infer<typeof complexitySchema>;

export const courseSummaryOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  complexity: complexitySchema,
  createdAt: z.string().describe("ISO 8601"),
});
export type CourseSummary = z.infer<typeof courseSummaryOutput>;

export const coursesByUserInput = z.object({ userId: idSchema.optional() }).strict();
