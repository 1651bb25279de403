import { describe, expect, test } from "vitest";

import { addDays, daysBetween, isValidTimeZone, localDateOf } from "./local-date";
import { computeStreak } from "./streak-math";

describe("local days", () => {
  test("an instant falls on the learner's own calendar day", () => {
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(localDateOf(instant, "UTC")).toBe("2026-11-22");
    expect(localDateOf(instant, "Europe/Paris")).toBe("2026-11-23");
    expect(localDateOf(instant, "America/Los_Angeles")).toBe("2026-11-22");
    expect(localDateOf(new Date("2026-11-22T09:00:00Z"), "Pacific/Kiritimati")).toBe("2026-11-22");
    expect(localDateOf(new Date("2026-11-22T10:00:00Z"), "Pacific/Kiritimati")).toBe("2026-11-23");
  });

  test("DST: the day after a 23-hour day is still the next day", () => {
    // Europe/Paris springs forward on 2026-03-29 (23 hours long), falls back on 2026-10-25 (25 hours).
    expect(localDateOf(new Date("2026-03-28T23:30:00Z"), "Europe/Paris")).toBe("2026-03-29");
    expect(localDateOf(new Date("2026-03-29T22:30:00Z"), "Europe/Paris")).toBe("2026-03-30");
    expect(localDateOf(new Date("2026-10-25T22:59:00Z"), "Europe/Paris")).toBe("2026-10-25");
    expect(localDateOf(new Date("2026-10-25T23:00:00Z"), "Europe/Paris")).toBe("2026-10-26");
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  test("only real IANA zones are accepted", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    for (const bad of ["", "Mars/Olympus", "Europe/Paris; DROP TABLE", "x".repeat(80)]) expect(isValidTimeZone(bad)).toBe(false);
  });
});

describe("computeStreak", () => {
  test("no learning: zeros and never", () => {
    expect(computeStreak([], "2026-11-22")).toEqual({ currentStreak: 0, longestStreak: 0, lastActivityDate: null });
  });

  test("consecutive days ending today or yesterday count; a missed whole day ends the streak", () => {
    expect(computeStreak(["2026-11-20", "2026-11-21", "2026-11-22"], "2026-11-22")).toMatchObject({ currentStreak: 3, longestStreak: 3 });
    expect(computeStreak(["2026-11-20", "2026-11-21"], "2026-11-22")).toMatchObject({ currentStreak: 2, lastActivityDate: "2026-11-21" });
    expect(computeStreak(["2026-11-20"], "2026-11-22")).toMatchObject({ currentStreak: 0, longestStreak: 1 });
  });

  test("gaps split runs; the longest run is kept; duplicates and order do not matter", () => {
    const days = ["2026-11-22", "2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-21", "2026-11-02"];
    expect(computeStreak(days, "2026-11-22")).toEqual({ currentStreak: 2, longestStreak: 4, lastActivityDate: "2026-11-22" });
  });

  test("across month, year and DST boundaries", () => {
    expect(computeStreak(["2026-12-30", "2026-12-31", "2027-01-01"], "2027-01-01").currentStreak).toBe(3);
    expect(computeStreak(["2026-10-24", "2026-10-25", "2026-10-26"], "2026-10-26").currentStreak).toBe(3);
    expect(computeStreak(["2026-03-28", "2026-03-29", "2026-03-30"], "2026-03-30").currentStreak).toBe(3);
  });

  test("a day after today (learned in a zone ahead before moving west) counts, and the streak is alive as of it", () => {
    expect(computeStreak(["2026-11-22", "2026-11-23"], "2026-11-22")).toEqual({ currentStreak: 2, longestStreak: 2, lastActivityDate: "2026-11-23" });
    expect(computeStreak(["2026-11-20", "2026-11-23"], "2026-11-22")).toEqual({ currentStreak: 1, longestStreak: 1, lastActivityDate: "2026-11-23" });
  });
});
