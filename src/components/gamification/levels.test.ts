import { describe, expect, it } from "vitest";

import { achievements, courseCounts, levelFor, MAX_LEVEL, progressToNextLevel, shareText } from "./levels";

describe("levelFor", () => {
  it("gains a level every two courses started, up to level 5", () => {
    expect([0, 1, 2, 3, 4, 7, 8, 9, 50].map(levelFor)).toEqual([1, 1, 2, 2, 3, 4, 5, 5, 5]);
    expect(levelFor(8)).toBe(MAX_LEVEL);
  });
});

describe("progressToNextLevel", () => {
  it("is half way after one course of the two a level takes", () => {
    expect([0, 1, 2, 3, 6, 7].map(progressToNextLevel)).toEqual([0, 50, 0, 50, 0, 50]);
  });

  it("is full at the top level", () => {
    expect(progressToNextLevel(8)).toBe(100);
    expect(progressToNextLevel(9)).toBe(100);
  });
});

describe("courseCounts", () => {
  it("counts every progress record as started, and those with a completed section as completed", () => {
    expect(courseCounts([{ completedSections: [] }, { completedSections: [4] }, { completedSections: [1, 2] }])).toEqual({ started: 3, completed: 2 });
    expect(courseCounts([])).toEqual({ started: 0, completed: 0 });
  });
});

describe("achievements", () => {
  const unlocked = (options: Parameters<typeof achievements>[0]) =>
    Object.fromEntries(achievements(options).map((achievement) => [achievement.name, achievement.unlocked]));

  it("always unlocks Learning Explorer", () => {
    expect(unlocked({ hasCourse: false, badgeKeys: [] })).toEqual({ "Course Creator": false, "Learning Explorer": true, "Quiz Master": false });
  });

  it("unlocks Course Creator with a course and Quiz Master with its badge", () => {
    expect(unlocked({ hasCourse: true, badgeKeys: ["streak-3", "quiz-master"] })).toEqual({ "Course Creator": true, "Learning Explorer": true, "Quiz Master": true });
    expect(unlocked({ hasCourse: true, badgeKeys: ["quiz-perfect-1"] })["Quiz Master"]).toBe(false);
  });
});

describe("shareText", () => {
  it("mentions the streak while there is one", () => {
    expect(shareText(3, 4)).toBe("I'm at Level 3 on CourseCraft with a 4-day streak!");
    expect(shareText(1, 0)).toBe("I'm at Level 1 on CourseCraft!");
    expect(shareText(2)).toBe("I'm at Level 2 on CourseCraft!");
  });
});
