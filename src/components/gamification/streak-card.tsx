"use client";

import type { ReactNode } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Flame } from "~/components/ui/icons/flame";
import { Spinner } from "~/components/ui/spinner";
import type { StreakView } from "~/lib/schemas/gamification";
import { api } from "~/trpc/react";

import { BadgeIcon } from "./badge-icon";
import { formatAwardedDate, formatDay } from "./badges";
import { LoadError } from "./load-error";
import { useErrorToast } from "./use-error-toast";

const days = (count: number) => (count === 1 ? "day" : "days");

function Stat({ term, testId, value, unit }: { term: string; testId: string; value: ReactNode; unit?: string }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="mt-1 text-lg font-semibold">
        <span data-testid={testId}>{value}</span>
        {unit ? <span className="text-sm font-normal text-muted-foreground"> {unit}</span> : null}
      </dd>
    </div>
  );
}

function StreakStats({ streak }: { streak: StreakView }) {
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300">
          <Flame aria-hidden="true" className="size-6" />
        </span>
        <span>
          <span className="block text-sm text-muted-foreground">Current streak</span>
          <span className="text-3xl font-bold">
            <span data-testid="current-streak">{streak.currentStreak}</span> {days(streak.currentStreak)}
          </span>
        </span>
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat term="Longest streak" testId="longest-streak" value={streak.longestStreak} unit={days(streak.longestStreak)} />
        <Stat
          term="Last activity"
          testId="last-activity"
          value={streak.lastActivityDate ? <time dateTime={streak.lastActivityDate}>{formatDay(streak.lastActivityDate)}</time> : "Never"}
        />
        <Stat term="Courses completed" testId="total-courses" value={streak.totalCoursesCompleted} />
        <Stat term="Sections completed" testId="total-sections" value={streak.totalSectionsCompleted} />
        <Stat term="Quizzes completed" testId="total-quizzes" value={streak.totalQuizzesCompleted} />
      </dl>
    </div>
  );
}

function BadgeList({ userId }: { userId: number }) {
  const badges = api.gamification.badges.useQuery({ userId });
  if (badges.isPending) return <Spinner label="Loading your badges" />;
  if (badges.isError) return <LoadError message="Your badges could not be loaded." onRetry={() => void badges.refetch()} />;
  if (badges.data.length === 0) return <p className="text-sm text-muted-foreground">No badges yet</p>;
  return (
    <ul className="grid gap-3">
      {badges.data.map(({ id, awardedAt, badge }) => (
        <li key={id} className="flex items-start gap-3">
          <BadgeIcon type={badge.type} />
          <div className="min-w-0">
            <p className="font-medium">{badge.name}</p>
            <p className="text-sm text-muted-foreground">{badge.description}</p>
            <p className="text-xs text-muted-foreground">
              Earned <time dateTime={awardedAt}>{formatAwardedDate(awardedAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The learner's streak, totals and badges. */
export function StreakCard({ userId }: { userId: number }) {
  const streak = api.gamification.streak.useQuery({ userId });
  useErrorToast(streak.isError, "Error loading streak data", "Could not load your learning streak information. Please try again later.");

  return (
    <section aria-labelledby="streak-title">
      <Card data-testid="streak-card" className="h-full">
        <CardHeader>
          <CardTitle as="h2" id="streak-title">
            Your Learning Streak
          </CardTitle>
          <CardDescription>Learn every day to keep it going{streak.data ? ` (days in ${streak.data.timeZone})` : ""}.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {streak.isPending ? (
            <Spinner label="Loading your streak" />
          ) : streak.isError ? (
            <LoadError message="Your streak could not be loaded." onRetry={() => void streak.refetch()} />
          ) : (
            <StreakStats streak={streak.data} />
          )}
          <div className="grid gap-3">
            <h3 className="font-semibold">Badges</h3>
            <div data-testid="badge-list">
              <BadgeList userId={userId} />
            </div>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
