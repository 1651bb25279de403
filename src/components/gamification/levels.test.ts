import { describe, expect, it } from "vitest";

import { achievements, shareText } from "./levels";

describe("achievements", () => {
  const unlocked = (options: Parameters<typeof achievements>[0]) =>
    Object.fromEntries(achievements(options).map((achievement) => [achievement.name, achievement.unlocked]));

  it("always unlocks Learning Explorer", () => {
    expect(unlocked({ hasCourse: false, badgeKeys: [] })).toEqual({ "Course Creator": false, "Learning Explorer": true, "Quiz Master": false });
  });

  it("unlocks Course Creator with a course and Quiz Master with its badge", () => {
    expect(unlocked({ hasCourse: true, badgeKeys: ["streak-3", "quiz-master"] })).toEqual({
      "Course Creator": true,
      "Learning Explorer": true,
      "Quiz Master": true,
    });
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
