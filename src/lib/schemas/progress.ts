import { z } from "zod";

import { idParam, idSchema } from "./common";

export const progressRecordOutput = z.object({
  courseId: z.number().int(),
  userId: z.number().int(),
  currentSectionId: z.number().int().nullable(),
  /** Completed section ids, oldest completion first. */
  completedSections: z.array(z.number().int()),
  /** The course's real number of sections, so progress is completed ÷ this. */
  totalSections: z.number().int(),
});
export type ProgressRecord = z.infer<typeof progressRecordOutput>;

/** GET /api/courses/{id}/progress?userId={userId}: `userId`, when sent, must be the caller's. */
export const progressByCourseInput = z.object({ id: idParam, userId: idParam.optional() }).strict();

export const NOTHING_TO_UPDATE = "Send a currentSectionId or a completedSectionId";

/**
 * POST /api/courses/{id}/progress (`id` from the path). Sets the current section and/or marks
 * `completedSectionId` completed (`isCompleted` true, the default) or not completed (false).
 */
export const progressUpdateInput = z
  .object({
    id: idParam,
    userId: idSchema.optional(),
    currentSectionId: idSchema.optional(),
    completedSectionId: idSchema.optional(),
    // A literal, not z.boolean(): the REST adapter (trpc-to-openapi) switches every z.boolean()
    // of an input to coercion in place, where "false" and "no" would mean true.
    isCompleted: z.literal([true, false], { error: "isCompleted must be true or false" }).default(true),
  })
  .strict()
  .refine((input) => input.currentSectionId !== undefined || input.completedSectionId !== undefined, { message: NOTHING_TO_UPDATE });
