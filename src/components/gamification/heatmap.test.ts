import { describe, expect, it } from "vitest";

import { buildHeatmap, cellTitle, heatmapSummary, intensityLevel, monthLabels, weekdayIndex, type HeatmapDay } from "./heatmap";

/** `count` consecutive days from `first`, with the given counts (0 for the rest). */
function daysFrom(first: string, length: number, counts: Record<string, number> = {}): HeatmapDay[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { date, count: counts[date] ?? 0 };
  });
}

describe("intensityLevel", () => {
  it("buckets counts as 0, 1, 2–3, 4–6 and 7+", () => {
    expect([0, 1, 2, 3, 4, 6, 7, 40].map(intensityLevel)).toEqual([0, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe("weekdayIndex", () => {
  it("counts from Monday", () => {
    expect(weekdayIndex("2026-11-23")).toBe(0); // a Monday
    expect(weekdayIndex("2026-11-22")).toBe(6); // a Sunday
    expect(weekdayIndex("2026-11-25")).toBe(2);
  });
});

describe("buildHeatmap", () => {
  it("starts the first column on Monday, padding the days before the first", () => {
    // 84 days ending on Sunday 2026-11-22 start on Monday 2026-08-31: 12 full weeks.
    const grid = buildHeatmap(daysFrom("2026-08-31", 84));
    expect(grid.weeks).toHaveLength(12);
    expect(grid.weeks.every((week) => week.length === 7 && week.every((cell) => cell !== null))).toBe(true);
    expect(grid.weeks[0]?.[0]?.date).toBe("2026-08-31");
    expect(grid.weeks[11]?.[6]?.date).toBe("2026-11-22");
  });

  it("pads the first and last weeks when the range does not start on a Monday", () => {
    // 84 days ending on Wednesday 2026-11-25 start on Thursday 2026-09-03.
    const grid = buildHeatmap(daysFrom("2026-09-03", 84));
    expect(grid.weeks).toHaveLength(13);
    expect(grid.weeks[0]?.slice(0, 3)).toEqual([null, null, null]);
    expect(grid.weeks[0]?.[3]?.date).toBe("2026-09-03");
    expect(grid.weeks[12]?.[2]?.date).toBe("2026-11-25");
    expect(grid.weeks[12]?.slice(3)).toEqual([null, null, null, null]);
    expect(grid.weeks.flat().filter(Boolean)).toHaveLength(84);
  });

  it("puts each day in its weekday's row with its level, and sums the activity", () => {
    const grid = buildHeatmap(daysFrom("2026-11-16", 7, { "2026-11-18": 1, "2026-11-20": 5, "2026-11-22": 9 }));
    expect(grid.weeks[0]?.map((cell) => cell?.level)).toEqual([0, 0, 1, 0, 3, 0, 4]);
    expect(grid.activeDays).toBe(3);
    expect(grid.totalEvents).toBe(15);
  });

  it("keeps a day in its place even when days are missing", () => {
    const grid = buildHeatmap([
      { date: "2026-11-16", count: 1 },
      { date: "2026-11-25", count: 2 },
    ]);
    expect(grid.weeks).toHaveLength(2);
    expect(grid.weeks[1]?.[2]).toEqual({ date: "2026-11-25", count: 2, level: 2 });
  });

  it("is empty without days", () => {
    expect(buildHeatmap([])).toEqual({ weeks: [], activeDays: 0, totalEvents: 0 });
  });
});

describe("labels", () => {
  it("names a month over the week it begins in", () => {
    const grid = buildHeatmap(daysFrom("2026-09-03", 84));
    const labels = monthLabels(grid.weeks);
    expect(labels.filter(Boolean)).toEqual(["Oct", "Nov"]);
    expect(labels[4]).toBe("Oct"); // the week of Monday 2026-09-28 holds October 1st
  });

  it("titles each cell and summarises the calendar", () => {
    expect(cellTitle({ date: "2026-11-22", count: 3 })).toBe("2026-11-22: 3 learning events");
    expect(cellTitle({ date: "2026-11-22", count: 1 })).toBe("2026-11-22: 1 learning event");
    expect(heatmapSummary(5, 12)).toBe("5 learning days in the last 12 weeks");
    expect(heatmapSummary(1, 12)).toBe("1 learning day in the last 12 weeks");
  });
});
