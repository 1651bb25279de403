import { z } from "zod";

import { idSchema, storableText } from "./common";

export const CARD_FRONT_MAX_LENGTH = 1_000;
export const CARD_BACK_MAX_LENGTH = 5_000;

/**
 * `POST /api/courses/{id}/cards`: a card made by hand from one of the learner's notes or from a
 * transcript line. `timeSeconds` is the moment of the video it is about.
 */
export const cardCreateInput = z
  .object({
    id: idSchema,
    source: z.enum(["note", "transcript"], { error: 'source must be "note" or "transcript"' }),
    front: storableText("Front")
      .trim()
      .min(1, "The front of the card is empty")
      .max(CARD_FRONT_MAX_LENGTH, `The front must be at most ${CARD_FRONT_MAX_LENGTH} characters`),
    back: storableText("Back")
      .trim()
      .min(1, "The back of the card is empty")
      .max(CARD_BACK_MAX_LENGTH, `The back must be at most ${CARD_BACK_MAX_LENGTH} characters`),
    timeSeconds: z
      .number({ error: "timeSeconds must be a number of seconds" })
      .finite("timeSeconds must be a number of seconds")
      .min(0, "timeSeconds cannot be negative")
      .nullable()
      .optional(),
    /** The note it was made from (source "note"): must be one of the learner's notes of this course. */
    noteId: idSchema.optional(),
  })
  .strict();
export type CardCreateInput = z.infer<typeof cardCreateInput>;
