import { describe, expect, test } from "vitest";

import { scoreDocument, scoreRetryDelayMs, scoresUrl } from "./score-sender";

describe("scoresUrl", () => {
  test("adds /scores to the line item's path and keeps its query (AGS 2.0)", () => {
    expect(scoresUrl("https://lms.example/api/lti/courses/1/line_items/7")).toBe("https://lms.example/api/lti/courses/1/line_items/7/scores");
    expect(scoresUrl("https://lms.example/mod/lti/services.php/2/lineitems/5/lineitem?type_id=1")).toBe(
      "https://lms.example/mod/lti/services.php/2/lineitems/5/lineitem/scores?type_id=1",
    );
    expect(scoresUrl("https://lms.example/items/7/")).toBe("https://lms.example/items/7/scores");
  });
});

describe("scoreDocument", () => {
  const base = { subject: "sub-1", activityProgress: "InProgress", gradingProgress: "Pending", scoredAt: "2026-12-08T10:00:00.000Z" };

  test("a score out of 100, for the platform's user id, with the progress and the timestamp", () => {
    expect(scoreDocument({ ...base, scoreGiven: 66.67 })).toEqual({
      userId: "sub-1",
      scoreGiven: 66.67,
      scoreMaximum: 100,
      activityProgress: "InProgress",
      gradingProgress: "Pending",
      timestamp: "2026-12-08T10:00:00.000Z",
    });
  });

  test("no question answered: progress only, neither scoreGiven nor scoreMaximum", () => {
    const document = scoreDocument({ ...base, scoreGiven: null });
    expect(document).not.toHaveProperty("scoreGiven");
    expect(document).not.toHaveProperty("scoreMaximum");
    expect(document.activityProgress).toBe("InProgress");
  });
});

describe("scoreRetryDelayMs", () => {
  test("doubles from the base after each failure, capped, within ±20 %", () => {
    const middle = () => 0.5;
    expect(scoreRetryDelayMs(1, { base: 10_000, max: 3_600_000, random: middle })).toBe(10_000);
    expect(scoreRetryDelayMs(2, { base: 10_000, max: 3_600_000, random: middle })).toBe(20_000);
    expect(scoreRetryDelayMs(5, { base: 10_000, max: 3_600_000, random: middle })).toBe(160_000);
    expect(scoreRetryDelayMs(20, { base: 10_000, max: 3_600_000, random: middle })).toBe(3_600_000);
    expect(scoreRetryDelayMs(1, { base: 10_000, random: () => 0 })).toBe(8_000);
    expect(scoreRetryDelayMs(1, { base: 10_000, random: () => 1 })).toBe(12_000);
  });
});
