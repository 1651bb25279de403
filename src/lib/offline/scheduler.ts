import { type Card as FsrsCard, fsrs, type FSRS, type Grade, Rating } from "ts-fsrs";

import type { CardRatingName } from "~/lib/review";

import type { SavedCard } from "./store";

const GRADES: Record<CardRatingName, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

const schedulers = new Map<number, FSRS>();

/** ts-fsrs as the server builds it (services/cards/fsrs.ts): defaults with the learner's desired retention, no fuzz. */
function schedulerFor(desiredRetention: number): FSRS {
  let scheduler = schedulers.get(desiredRetention);
  if (!scheduler) {
    scheduler = fsrs({ request_retention: desiredRetention });
    schedulers.set(desiredRetention, scheduler);
  }
  return scheduler;
}

const toFsrs = (card: SavedCard): FsrsCard => ({
  due: new Date(card.due),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: card.elapsedDays,
  scheduled_days: card.scheduledDays,
  learning_steps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  last_review: card.lastReview ? new Date(card.lastReview) : undefined,
});

/** The card after `rating` at `now`, scheduled on the device exactly as the server would. */
export function scheduleOnDevice(card: SavedCard, rating: CardRatingName, now: Date, desiredRetention: number): SavedCard {
  const next = schedulerFor(desiredRetention).next(toFsrs(card), now, GRADES[rating]).card;
  return {
    ...card,
    due: next.due.toISOString(),
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsed_days,
    scheduledDays: next.scheduled_days,
    learningSteps: next.learning_steps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.last_review?.toISOString() ?? null,
  };
}
