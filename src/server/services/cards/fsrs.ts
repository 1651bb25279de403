import { type Card as FsrsCard, createEmptyCard, fsrs, type FSRS, type Grade, Rating, type RecordLogItem } from "ts-fsrs";

import { CARD_RATINGS, type CardRatingName, formatInterval } from "~/lib/review";
import type { CardScheduleColumns } from "~/server/db/queries/cards";

/** Our columns as ts-fsrs's Card (the one place the two spellings meet)... */
export function toFsrsCard(row: CardScheduleColumns): FsrsCard {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.lastReview ?? undefined,
  };
}

/** ...and back. */
export function fromFsrsCard(card: FsrsCard): CardScheduleColumns {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** A new card, due at `now` (state new), as ts-fsrs makes it. */
export function newCardSchedule(now: Date): CardScheduleColumns {
  return fromFsrsCard(createEmptyCard(now));
}

const GRADES: Record<CardRatingName, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

const schedulers = new Map<number, FSRS>();

/** The scheduler for a learner's desired retention (one per retention value; ts-fsrs's defaults otherwise, fuzz off). */
function schedulerFor(desiredRetention: number): FSRS {
  let scheduler = schedulers.get(desiredRetention);
  if (!scheduler) {
    scheduler = fsrs({ request_retention: desiredRetention });
    schedulers.set(desiredRetention, scheduler);
  }
  return scheduler;
}

/** The card after `rating` at `now`, and ts-fsrs's log of the review. */
export function scheduleReview(row: CardScheduleColumns, rating: CardRatingName, now: Date, desiredRetention: number): RecordLogItem {
  return schedulerFor(desiredRetention).next(toFsrsCard(row), now, GRADES[rating]);
}

/** The label of the next interval of each rating, as ts-fsrs previews them. */
export function previewIntervals(row: CardScheduleColumns, now: Date, desiredRetention: number): Record<CardRatingName, string> {
  const preview = schedulerFor(desiredRetention).repeat(toFsrsCard(row), now);
  const labels = {} as Record<CardRatingName, string>;
  for (const rating of CARD_RATINGS) labels[rating] = formatInterval(now, preview[GRADES[rating]].card.due);
  return labels;
}
