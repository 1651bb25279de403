import { createEmptyCard, fsrs, Rating, State } from "ts-fsrs";
import { describe, expect, test } from "vitest";

import { fromFsrsCard, newCardSchedule, previewIntervals, scheduleReview, toFsrsCard } from "./fsrs";
import { quizCardBack } from "./quiz-cards";

const now = new Date("2026-11-24T12:00:00.000Z");

describe("the Card columns ⇄ ts-fsrs's Card", () => {
  test("a reviewed card round-trips field by field", () => {
    const reviewed = fsrs().next(createEmptyCard(now), now, Rating.Good).card;
    const columns = fromFsrsCard(reviewed);
    expect(columns).toEqual({
      due: reviewed.due,
      stability: reviewed.stability,
      difficulty: reviewed.difficulty,
      elapsedDays: reviewed.elapsed_days,
      scheduledDays: reviewed.scheduled_days,
      learningSteps: reviewed.learning_steps,
      reps: 1,
      lapses: 0,
      state: State.Learning,
      lastReview: now,
    });
    expect(toFsrsCard(columns)).toEqual(reviewed);
  });

  test("a new card is due now, state new, never reviewed (null, not undefined, in the column)", () => {
    const columns = newCardSchedule(now);
    expect(columns).toMatchObject({ due: now, state: State.New, reps: 0, lapses: 0, lastReview: null });
    expect(toFsrsCard(columns).last_review).toBeUndefined();
  });
});

describe("scheduling", () => {
  test("a review is ts-fsrs's schedule at the learner's retention", () => {
    const card = newCardSchedule(now);
    const { card: next, log } = scheduleReview(card, "easy", now, 0.8);
    const expected = fsrs({ request_retention: 0.8 }).next(createEmptyCard(now), now, Rating.Easy);
    expect(next).toEqual(expected.card);
    expect(log.rating).toBe(Rating.Easy);
    expect(next.due.getTime()).toBeGreaterThan(now.getTime());
  });

  test("a higher retention schedules a mature card sooner", () => {
    let card = newCardSchedule(now);
    let when = now;
    for (let i = 0; i < 4; i++) {
      card = fromFsrsCard(scheduleReview(card, "good", when, 0.9).card);
      when = card.due;
    }
    const at = (retention: number) => scheduleReview(card, "good", when, retention).card.due.getTime();
    expect(at(0.97)).toBeLessThan(at(0.9));
    expect(at(0.9)).toBeLessThan(at(0.75));
  });

  test("the preview labels each rating's next interval, shortest for again", () => {
    const labels = previewIntervals(newCardSchedule(now), now, 0.9);
    expect(Object.keys(labels)).toEqual(["again", "hard", "good", "easy"]);
    expect(labels.again).toBe("1m");
    expect(labels.good).toMatch(/^\d+m$/);
    expect(labels.easy).toMatch(/^\d+d$/);
  });
});

describe("quizCardBack", () => {
  test("the right answer, the explanation and the moment to rewatch", () => {
    expect(quizCardBack({ correctAnswer: "O(log n)", explanation: "It halves the range. ", sourceTime: 125 })).toBe(
      "O(log n)\n\nIt halves the range.\n\nRewatch at 2:05",
    );
    expect(quizCardBack({ correctAnswer: "Yes", explanation: "", sourceTime: null })).toBe("Yes");
  });
});
