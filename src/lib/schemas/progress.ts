import { z } from "zod";

export const progressRecordOutput = z.object({
  courseId: z.number().int(),
  userId: z.number().int(),
  currentSectionId: z.number().int().nullable(),
  completedSections: z.array(z.number().int()),
  /** The course's real number of sections, so progress is completed ÷ this. */
  totalSections: z.number().int(),
});
export type ProgressRecord = z.infer<typeof progressRecordOutput>;
