import { describe, expect, test } from "vitest";

import { earnedBadgeKeys } from "./badges";

const none = { longestStreak: 0, coursesCompleted: 0, perfectQuizzes: 0, challengesCompleted: 0, longestReviewStreak: 0 };

describe("earnedBadgeKeys", () => {
  test("nothing earns nothing; each threshold earns its badge and the ones below", () => {
    expect(earnedBadgeKeys(none)).toEqual([]);
    expect(earnedBadgeKeys({ ...none, longestStreak: 7 })).toEqual(["streak-3", "streak-7"]);
    expect(earnedBadgeKeys({ ...none, longestStreak: 30 })).toEqual(["streak-3", "streak-7", "streak-30"]);
    expect(earnedBadgeKeys({ ...none, coursesCompleted: 5 })).toEqual(["course-1", "course-5"]);
    expect(earnedBadgeKeys({ ...none, challengesCompleted: 1 })).toEqual(["challenge-1"]);
    expect(earnedBadgeKeys({ ...none, longestReviewStreak: 6 })).toEqual([]);
    expect(earnedBadgeKeys({ ...none, longestReviewStreak: 7 })).toEqual(["review-streak-7"]);
  });

  test("Quiz Master really unlocks at five perfect quizzes", () => {
    expect(earnedBadgeKeys({ ...none, perfectQuizzes: 4 })).toEqual(["quiz-perfect-1"]);
    expect(earnedBadgeKeys({ ...none, perfectQuizzes: 5 })).toEqual(["quiz-perfect-1", "quiz-master"]);
  });
});
