import { describe, expect, it } from "vitest";

import type { UserBadgeView } from "~/lib/schemas/gamification";

import { BADGE_CATALOGUE, badgeToast, formatDay, nextUnseenBadge, parseSeenBadgeIds, seenBadgesKey } from "./badges";

const badge = (id: number, name: string): UserBadgeView => ({
  id,
  awardedAt: "2026-11-22T10:00:00.000Z",
  badge: { id: id + 100, key: `key-${id}`, type: "streak", name, description: `${name} description` },
});

describe("seen badges", () => {
  it("are stored per learner", () => {
    expect(seenBadgesKey(7)).toBe("coursecraft.seenBadges.7");
  });

  it("read back as ids, or null when never (or unreadably) stored", () => {
    expect(parseSeenBadgeIds("[1,2,3]")).toEqual([1, 2, 3]);
    expect(parseSeenBadgeIds("[]")).toEqual([]);
    expect(parseSeenBadgeIds('[1,"x",2.5,4]')).toEqual([1, 4]);
    expect(parseSeenBadgeIds(null)).toBeNull();
    expect(parseSeenBadgeIds("not json")).toBeNull();
    expect(parseSeenBadgeIds('{"a":1}')).toBeNull();
  });
});

describe("nextUnseenBadge", () => {
  // Newest first, as the API lists them.
  const badges = [badge(3, "Third"), badge(2, "Second"), badge(1, "First")];

  it("announces the oldest badge not yet seen", () => {
    expect(nextUnseenBadge(badges, [1])?.id).toBe(2);
    expect(nextUnseenBadge(badges, [])?.id).toBe(1);
    expect(nextUnseenBadge(badges, [1, 2, 3])).toBeUndefined();
  });

  it("words the toast", () => {
    expect(badgeToast(badge(1, "On a Roll"))).toEqual({ title: "Badge earned: On a Roll", description: "On a Roll description" });
  });
});

describe("formatDay", () => {
  it("keeps the calendar day whatever the time zone", () => {
    expect(formatDay("2026-11-22", "en-US")).toBe("November 22, 2026");
    expect(formatDay("2026-01-01", "en-US")).toBe("January 1, 2026");
  });
});

describe("BADGE_CATALOGUE", () => {
  it("lists the nine badges once each", () => {
    expect(new Set(BADGE_CATALOGUE.map((entry) => entry.key)).size).toBe(9);
  });
});
