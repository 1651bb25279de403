import { z } from "zod";

import { CARD_RATINGS } from "~/lib/review";
import { CLIENT_ID_MAX_LENGTH, MAX_SYNC_REVIEWS, SYNC_MESSAGES } from "~/lib/rules/offline";

import { idSchema } from "./common";

const syncedReview = z
  .object({
    /** The id the device gave the review (a uuid): a review sent twice is applied once. */
    clientId: z.string({ error: SYNC_MESSAGES.badClientId }).regex(new RegExp(`^[A-Za-z0-9_-]{8,${CLIENT_ID_MAX_LENGTH}}$`), SYNC_MESSAGES.badClientId),
    cardId: idSchema,
    rating: z.enum(CARD_RATINGS, { error: 'rating must be "again", "hard", "good" or "easy"' }),
    reviewedAt: z.iso.datetime({ offset: true, error: "reviewedAt must be an ISO 8601 date and time" }).describe("ISO 8601: when the learner rated the card"),
  })
  .strict();

/** `POST /api/reviews/sync`: reviews made offline, in any order. */
export const reviewsSyncInput = z
  .object({
    reviews: z.array(syncedReview, { error: "reviews must be a list" }).min(1, SYNC_MESSAGES.empty).max(MAX_SYNC_REVIEWS, SYNC_MESSAGES.tooMany),
  })
  .strict()
  .refine((input) => new Set(input.reviews.map((review) => review.clientId)).size === input.reviews.length, { message: SYNC_MESSAGES.duplicateClientId });

const syncedSchedule = z.object({
  id: z.number().int(),
  due: z.string().describe("ISO 8601: when the card is next due"),
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: z.number().int().min(0).max(3),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: z.string().nullable().describe("ISO 8601"),
});
export type SyncedSchedule = z.infer<typeof syncedSchedule>;

export const reviewsSyncOutput = z.object({
  /** The clientIds applied by this request. */
  applied: z.array(z.string()),
  /** The clientIds applied before (a replayed review): nothing changed for them. */
  alreadyApplied: z.array(z.string()),
  /** The clientIds of reviews of cards that are not (or no longer) the learner's: ignored. */
  skipped: z.array(z.string()),
  /** The new schedule of every card a review was applied to. */
  cards: z.array(syncedSchedule),
});
export type ReviewsSyncResult = z.infer<typeof reviewsSyncOutput>;
