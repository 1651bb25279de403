"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Spinner } from "~/components/ui/spinner";
import { api } from "~/trpc/react";

import { buildHeatmap, cellTitle, heatmapSummary, INTENSITY_LEVELS, monthLabels, WEEKDAY_LABELS, type IntensityLevel } from "./heatmap";
import { LoadError } from "./load-error";

const WEEKS = 12;

const LEVEL_CLASSES: Record<IntensityLevel, string> = {
  0: "bg-secondary",
  1: "bg-green-200 dark:bg-green-900",
  2: "bg-green-400 dark:bg-green-700",
  3: "bg-green-600 dark:bg-green-500",
  4: "bg-green-800 dark:bg-green-300",
};

const CELL = "size-3 rounded-sm";
// Column-major: 7 rows (Mon..Sun), one 0.75rem column per week, 3px apart.
const WEEK_GRID = "grid grid-flow-col grid-rows-7 auto-cols-[0.75rem] gap-[3px]";

function Legend() {
  return (
    <div aria-hidden="true" className="flex items-center gap-1 text-xs text-muted-foreground">
      <span className="mr-1">Less</span>
      {INTENSITY_LEVELS.map((level) => (
        <span key={level} className={cn(CELL, LEVEL_CLASSES[level])} />
      ))}
      <span className="ml-1">More</span>
    </div>
  );
}

function Heatmap({ days }: { days: { date: string; count: number }[] }) {
  const grid = buildHeatmap(days);
  const months = monthLabels(grid.weeks);
  return (
    <div className="grid justify-items-start gap-3">
      {/* One image for assistive technology: its name sums it up; each cell's title tells its day. */}
      <div role="img" aria-label={heatmapSummary(grid.activeDays, WEEKS)} data-testid="heatmap" className="grid grid-cols-[auto_auto] gap-x-2 gap-y-1">
        <span />
        <div className="grid auto-cols-[0.75rem] grid-flow-col gap-x-[3px] text-xs leading-4 text-muted-foreground">
          {months.map((month, index) => (
            <span key={index} className="whitespace-nowrap">
              {month}
            </span>
          ))}
        </div>
        <div className="grid grid-rows-7 gap-[3px] text-xs leading-3 text-muted-foreground">
          {WEEKDAY_LABELS.map((label, index) => (
            // GitHub's rhythm: every other weekday is named.
            <span key={label}>{index % 2 === 0 && index < 6 ? label : ""}</span>
          ))}
        </div>
        <div className={WEEK_GRID}>
          {grid.weeks.flatMap((week, column) =>
            week.map((cell, row) =>
              cell ? (
                <span key={cell.date} title={cellTitle(cell)} data-level={cell.level} className={cn(CELL, LEVEL_CLASSES[cell.level])} />
              ) : (
                <span key={`empty-${column}-${row}`} className={CELL} />
              ),
            ),
          )}
        </div>
      </div>
      <Legend />
    </div>
  );
}

/** The last 12 weeks of learning, a day per cell. */
export function ActivityHeatmap() {
  const calendar = api.gamification.calendar.useQuery({ weeks: WEEKS });
  return (
    <section aria-labelledby="activity-title">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="activity-title">
            Learning Activity
          </CardTitle>
          <CardDescription>
            Your learning events per day over the last {WEEKS} weeks{calendar.data ? ` (days in ${calendar.data.timeZone})` : ""}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {calendar.isPending ? (
            <Spinner label="Loading your activity" />
          ) : calendar.isError ? (
            <LoadError message="Your activity could not be loaded." onRetry={() => void calendar.refetch()} />
          ) : (
            <Heatmap days={calendar.data.days} />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
