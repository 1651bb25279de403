import { describe, expect, test } from "vitest";

import { formatDueIn, formatInterval, hasFallenDue, untilNextDue } from "./review";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 24) + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("formatInterval", () => {
  test("minutes under an hour, never below 1m", () => {
    expect(formatInterval(at(0), at(0))).toBe("1m");
    expect(formatInterval(at(0), at(20_000))).toBe("1m");
    expect(formatInterval(at(0), at(MIN))).toBe("1m");
    expect(formatInterval(at(0), at(6 * MIN))).toBe("6m");
    expect(formatInterval(at(0), at(10 * MIN))).toBe("10m");
    expect(formatInterval(at(0), at(59 * MIN))).toBe("59m");
  });

  test("hours under a day, days under a month", () => {
    expect(formatInterval(at(0), at(HOUR))).toBe("1h");
    expect(formatInterval(at(0), at(5.4 * HOUR))).toBe("5h");
    expect(formatInterval(at(0), at(DAY))).toBe("1d");
    expect(formatInterval(at(0), at(4 * DAY))).toBe("4d");
    expect(formatInterval(at(0), at(29 * DAY))).toBe("29d");
  });

  test("months with one decimal under a year, then years", () => {
    expect(formatInterval(at(0), at(30 * DAY))).toBe("1mo");
    expect(formatInterval(at(0), at(75 * DAY))).toBe("2.5mo");
    expect(formatInterval(at(0), at(365 * DAY))).toBe("1y");
    expect(formatInterval(at(0), at(1.5 * 365 * DAY))).toBe("1.5y");
  });

  test("takes numbers too, and a due time in the past reads as the smallest step", () => {
    expect(formatInterval(0, 2 * HOUR)).toBe("2h");
    expect(formatInterval(at(DAY), at(0))).toBe("1m");
  });
});

describe("formatDueIn", () => {
  test("the unit that reads best, singular or plural", () => {
    expect(formatDueIn(at(0), at(30_000))).toBe("in under a minute");
    expect(formatDueIn(at(0), at(MIN))).toBe("in 1 minute");
    expect(formatDueIn(at(0), at(45 * MIN))).toBe("in 45 minutes");
    expect(formatDueIn(at(0), at(3 * HOUR))).toBe("in 3 hours");
    expect(formatDueIn(at(0), at(DAY))).toBe("in 1 day");
    expect(formatDueIn(at(0), at(12 * DAY))).toBe("in 12 days");
  });
});

describe("untilNextDue", () => {
  const now = at(0).getTime();
  test("until just after the next due time", () => {
    expect(untilNextDue(at(MIN).toISOString(), now)).toBe(MIN + 500);
    expect(untilNextDue(at(10 * MIN + 250).toISOString(), now)).toBe(10 * MIN + 750);
  });

  test("nothing to wait for without a next due time", () => {
    expect(untilNextDue(null, now)).toBe(false);
    expect(untilNextDue(undefined, now)).toBe(false);
    expect(untilNextDue("not a date", now)).toBe(false);
  });

  test("a due time already past (a clock ahead of the server's) waits a few seconds, not none", () => {
    expect(untilNextDue(at(-MIN).toISOString(), now)).toBe(5_000);
    expect(untilNextDue(at(0).toISOString(), now)).toBe(5_000);
  });

  test("a far one is checked hourly", () => {
    expect(untilNextDue(at(3 * DAY).toISOString(), now)).toBe(HOUR);
    expect(untilNextDue(at(400 * DAY).toISOString(), now)).toBe(HOUR);
  });
});

describe("hasFallenDue", () => {
  const now = at(0).getTime();
  test("at or after its due time", () => {
    expect(hasFallenDue(at(-1).toISOString(), now)).toBe(true);
    expect(hasFallenDue(at(0).toISOString(), now)).toBe(true);
    expect(hasFallenDue(at(1).toISOString(), now)).toBe(false);
    expect(hasFallenDue(null, now)).toBe(false);
  });
});
