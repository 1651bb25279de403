import { describe, expect, test } from "vitest";

import { activityLabel, timeAgo } from "./activity-text";

describe("recent activity texts", () => {
  test("each kind of activity says what happened", () => {
    expect(activityLabel({ kind: "section", title: "Halving" })).toBe("Completed “Halving”");
    expect(activityLabel({ kind: "quiz", title: "Halving" })).toBe("Passed the quiz on “Halving”");
    expect(activityLabel({ kind: "course", title: "Binary search" })).toBe("Finished the course “Binary search”");
    expect(activityLabel({ kind: "badge", title: "Perfect Score" })).toBe("Earned the Perfect Score badge");
  });

  test("times read as how long ago, then as a date", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(timeAgo("2026-11-22T11:59:30Z", now)).toBe("just now");
    expect(timeAgo("2026-11-22T11:55:00Z", now)).toBe("5 min ago");
    expect(timeAgo("2026-11-22T09:00:00Z", now)).toBe("3 h ago");
    expect(timeAgo("2026-11-20T12:00:00Z", now)).toBe("2 d ago");
    expect(timeAgo("2026-11-01T12:00:00Z", now)).toMatch(/Nov/);
  });
});
