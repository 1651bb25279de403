import { z } from "zod";

import { CARD_RATINGS } from "~/lib/review";

import { decimalSchema, idParam, idSchema, learnerText, secondsSchema } from "./common";
import { CARD_BACK_MAX_LENGTH, CARD_FRONT_MAX_LENGTH, MAX_DESIRED_RETENTION, MIN_DESIRED_RETENTION } from "~/lib/rules/cards";

/**
 * `POST /api/courses/{id}/cards`: a card made by hand from one of the learner's notes or from a
 * transcript line. `timeSeconds` is the moment of the video it is about.
 */
export const cardCreateInput = z
  .object({
    id: idParam,
    source: z.enum(["note", "transcript"], { error: 'source must be "note" or "transcript"' }),
    front: learnerText("Front", "multi-line")
      .min(1, "The front of the card is empty")
      .max(CARD_FRONT_MAX_LENGTH, `The front must be at most ${CARD_FRONT_MAX_LENGTH} characters`),
    back: learnerText("Back", "multi-line")
      .min(1, "The back of the card is empty")
      .max(CARD_BACK_MAX_LENGTH, `The back must be at most ${CARD_BACK_MAX_LENGTH} characters`),
    timeSeconds: secondsSchema("timeSeconds").nullable().optional(),
    /** The note it was made from (source "note"): must be one of the learner's notes of this course. */
    noteId: idSchema.optional(),
  })
  .strict();
export type CardCreateInput = z.infer<typeof cardCreateInput>;

/** `DELETE /api/cards/{id}` */
export const cardIdInput = z.object({ id: idParam }).strict();

/** `POST /api/cards/{id}/review` */
export const cardReviewInput = z
  .object({
    id: idParam,
    rating: z.enum(CARD_RATINGS, { error: 'rating must be "again", "hard", "good" or "easy"' }),
  })
  .strict();

/** The next interval of each rating as ts-fsrs previews it ("1m", "10m", "4d"). */
const cardIntervalsOutput = z.object({ again: z.string(), hard: z.string(), good: z.string(), easy: z.string() });

export const cardOutput = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  source: z.enum(["quiz", "note", "transcript"]),
  front: z.string(),
  back: z.string(),
  /** The moment of the video the card is about; open it at `/course/{courseId}?t={timeSeconds}`. */
  timeSeconds: z.number().nullable(),
  due: z.string().describe("ISO 8601: when the card is next due"),
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: z.number().int().min(0).max(3),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: z.string().nullable().describe("ISO 8601"),
});
export type CardView = z.infer<typeof cardOutput>;

export const reviewQueueCardOutput = cardOutput.extend({
  /** False once the course was made private by another learner: the card stays, the moment cannot be opened. */
  courseAvailable: z.boolean(),
  /** The card's moment as the course page shows it ("3:45"; "Video 2 · 3:45" in a playlist course), or null without one. */
  moment: z.string().nullable(),
  intervals: cardIntervalsOutput,
  /** The rest of its ts-fsrs state, so a device that saved it can schedule it offline as the server would. */
  fsrs: z.object({
    stability: z.number(),
    difficulty: z.number(),
    elapsedDays: z.number().int(),
    scheduledDays: z.number().int(),
    learningSteps: z.number().int(),
  }),
});
export type ReviewQueueCard = z.infer<typeof reviewQueueCardOutput>;

/** `GET /api/review/queue`: no input (a cache-buster is ignored). */
export const reviewQueueInput = z.object({}).strict().optional();

export const reviewQueueOutput = z.object({
  /** Due now, oldest due first, at most REVIEW_QUEUE_PAGE. */
  cards: z.array(reviewQueueCardOutput),
  /** Every card due now, across all courses. */
  dueCount: z.number().int(),
  /** When nothing is due: the earliest due time after now (ISO 8601); null without cards or while some are due. */
  nextDueAt: z.string().nullable(),
});
export type ReviewQueue = z.infer<typeof reviewQueueOutput>;
export const REVIEW_QUEUE_PAGE = 50;

/** The card after a review, with when it is next due. */
export const cardReviewedOutput = z.object({ card: cardOutput });

/** `review.dueCount`: all due cards, or those of one course. */
export const dueCountInput = z.object({ courseId: idSchema.optional() }).strict().optional();
export const dueCountOutput = z.object({
  dueCount: z.number().int(),
  /** The earliest due time after now (ISO 8601), when the count next grows; null when no card is due later. */
  nextDueAt: z.string().nullable(),
});
export type DueCount = z.infer<typeof dueCountOutput>;

export const reviewSettingsOutput = z.object({ desiredRetention: z.number() });
export const reviewSettingsInput = z
  .object({
    desiredRetention: decimalSchema("desiredRetention", { min: MIN_DESIRED_RETENTION, max: MAX_DESIRED_RETENTION }),
  })
  .strict();
