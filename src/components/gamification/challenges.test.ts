import { describe, expect, it } from "vitest";

import { failureText } from "~/lib/failure-text";
import type { ChallengeView, UserChallengeView } from "~/lib/schemas/gamification";

import { challengeEntries, JOIN_FAILED_FALLBACK, timeLeftLabel } from "./challenges";

const EXPIRY = "2026-11-23T00:00:00.000Z";
const challenge = (id: number, target = 3): ChallengeView => ({
  id,
  title: `Challenge ${id}`,
  description: "Do it",
  target,
  expiryDate: EXPIRY,
  badgeId: null,
});
const joined = (c: ChallengeView, progress: number, completed = false): UserChallengeView => ({
  challengeId: c.id,
  progress,
  completed,
  joinedAt: "2026-11-22T08:00:00.000Z",
  completedAt: completed ? "2026-11-22T10:00:00.000Z" : null,
  challenge: c,
});

describe("challengeEntries", () => {
  it("marks each active challenge open, joined or completed", () => {
    const [a, b, c] = [challenge(1), challenge(2), challenge(3, 1)];
    const old = challenge(9);
    const entries = challengeEntries([a, b, c], [joined(b, 2), joined(c, 1, true), joined(old, 3, true)]);
    expect(entries.map((entry) => [entry.challenge.id, entry.state, entry.progress])).toEqual([
      [1, "open", 0],
      [2, "joined", 2],
      [3, "completed", 1],
    ]);
  });

  it("never shows more progress than the target", () => {
    const c = challenge(1, 2);
    expect(challengeEntries([c], [joined(c, 5, true)])[0]?.progress).toBe(2);
  });
});

describe("timeLeftLabel", () => {
  const expiry = Date.parse(EXPIRY);
  it("counts whole hours, then minutes", () => {
    expect(timeLeftLabel(EXPIRY, expiry - 5.5 * 3_600_000)).toBe("Ends in 5 h");
    expect(timeLeftLabel(EXPIRY, expiry - 3_600_000)).toBe("Ends in 1 h");
    expect(timeLeftLabel(EXPIRY, expiry - 12.5 * 60_000)).toBe("Ends in 12 min");
    expect(timeLeftLabel(EXPIRY, expiry - 10_000)).toBe("Ends in 1 min");
  });

  it("says when it has ended", () => {
    expect(timeLeftLabel(EXPIRY, expiry)).toBe("Ended");
    expect(timeLeftLabel(EXPIRY, expiry + 1)).toBe("Ended");
  });
});

describe("a failed join's words", () => {
  it("shows the server's message, or a fallback", () => {
    expect(failureText(new Error("This challenge has expired. Check back tomorrow for new challenges!"), JOIN_FAILED_FALLBACK)).toMatch(/expired/);
    expect(failureText(new Error(""), JOIN_FAILED_FALLBACK)).toBe("There was an error joining the challenge");
    expect(failureText(undefined, JOIN_FAILED_FALLBACK)).toBe("There was an error joining the challenge");
  });
});
