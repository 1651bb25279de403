/** The activity heatmap's grid, GitHub style: one column per week, Monday at the top. */

export type HeatmapDay = { date: string; count: number };
/** 0 = no activity … 4 = the most. */
export type IntensityLevel = 0 | 1 | 2 | 3 | 4;
type HeatmapCell = HeatmapDay & { level: IntensityLevel };
/** Seven rows, Monday first; null where the column has no day (before the first, after the last). */
export type HeatmapWeek = (HeatmapCell | null)[];

export const INTENSITY_LEVELS: readonly IntensityLevel[] = [0, 1, 2, 3, 4];
export const WEEKDAY_LABELS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

const DAY_MS = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// "YYYY-MM-DD" days are calendar days, not instants: read them as UTC midnights.
const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Buckets: 0, 1, 2–3, 4–6, 7+. */
export function intensityLevel(count: number): IntensityLevel {
  if (count <= 0) return 0;
  if (count === 1) return 1;
  if (count <= 3) return 2;
  if (count <= 6) return 3;
  return 4;
}

/** Monday = 0 … Sunday = 6. */
export function weekdayIndex(date: string): number {
  return (new Date(utcMidnight(date)).getUTCDay() + 6) % 7;
}

export type HeatmapGrid = { weeks: HeatmapWeek[]; activeDays: number; totalEvents: number };

/** Lays the days (oldest first) out in week columns, the first column starting on Monday. */
export function buildHeatmap(days: HeatmapDay[]): HeatmapGrid {
  const first = days[0];
  if (!first) return { weeks: [], activeDays: 0, totalEvents: 0 };
  const start = utcMidnight(first.date) - weekdayIndex(first.date) * DAY_MS;
  const offsets = days.map((day) => Math.round((utcMidnight(day.date) - start) / DAY_MS));
  const weeks: HeatmapWeek[] = Array.from({ length: Math.floor(Math.max(...offsets) / 7) + 1 }, () => Array<HeatmapCell | null>(7).fill(null));
  days.forEach((day, index) => {
    const offset = offsets[index] ?? 0;
    const week = weeks[Math.floor(offset / 7)];
    if (week) week[offset % 7] = { ...day, level: intensityLevel(day.count) };
  });
  return {
    weeks,
    activeDays: days.filter((day) => day.count > 0).length,
    totalEvents: days.reduce((sum, day) => sum + day.count, 0),
  };
}

/** Per column, the short month name where a month begins in that week ("" elsewhere). */
export function monthLabels(weeks: HeatmapWeek[]): string[] {
  return weeks.map((week) => {
    const firstOfMonth = week.find((cell) => cell?.date.endsWith("-01"));
    return firstOfMonth ? (MONTHS[Number(firstOfMonth.date.slice(5, 7)) - 1] ?? "") : "";
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function cellTitle({ date, count }: HeatmapDay): string {
  return `${date}: ${plural(count, "learning event", "learning events")}`;
}

/** The heatmap's accessible name. */
export function heatmapSummary(activeDays: number, weeks: number): string {
  return `${plural(activeDays, "learning day", "learning days")} in the last ${weeks} weeks`;
}
