"use client";

import { useId, useState } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Check } from "~/components/ui/icons/check";
import { Lock } from "~/components/ui/icons/lock";
import { Share2 } from "~/components/ui/icons/share-2";
import { Trophy } from "~/components/ui/icons/trophy";
import { Progress } from "~/components/ui/progress";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { LoadError } from "./load-error";
import { achievements, levelFor, MAX_LEVEL, progressToNextLevel, shareText, type Achievement } from "./levels";

async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied to clipboard", description: text });
  } catch {
    // No clipboard (an insecure page, a refused permission): the link is still worth showing.
    toast({ variant: "destructive", title: "Couldn't copy to clipboard", description: text });
  }
}

/** The system share sheet where there is one (phones), else the clipboard. */
async function shareLink(url: string, text: string) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: text, text, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  await copyToClipboard(url);
}

/**
 * 'Share Your Achievements': makes the learner's public achievements card (the same link on
 * every share) and shares or copies its address; the link then shows here with a way to stop.
 */
function ShareAchievements({ text }: { text: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const share = api.gamification.shareAchievements.useMutation({
    onSuccess: async ({ cardId }) => {
      const link = new URL(`/achievements/${cardId}`, window.location.origin).href;
      setUrl(link);
      await shareLink(link, text);
    },
    onError: (error) => toast({ variant: "destructive", title: "Couldn't share your achievements", description: failureText(error) }),
  });
  const stop = api.gamification.stopSharingAchievements.useMutation({
    onSuccess: () => {
      setUrl(null);
      toast({ title: "Your achievements card is no longer shared", description: "The old link now leads nowhere." });
    },
    onError: (error) => toast({ variant: "destructive", title: "Couldn't stop sharing", description: failureText(error) }),
  });

  return (
    <div className="grid gap-3">
      <Button variant="outline" className="justify-self-start" disabled={share.isPending} onClick={() => share.mutate()}>
        <Share2 aria-hidden="true" />
        Share Your Achievements
      </Button>
      {url ? (
        <div className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
          <p className="text-muted-foreground">Anyone with this link can see your level, streak and badges:</p>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            data-testid="achievement-card-link"
            className="font-medium break-all text-primary underline-offset-4 hover:underline"
          >
            {url}
          </a>
          <Button variant="ghost" size="sm" className="justify-self-start" disabled={stop.isPending} onClick={() => stop.mutate()}>
            Stop sharing
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function AchievementItem({ achievement }: { achievement: Achievement }) {
  const { name, description, unlocked } = achievement;
  return (
    <li className={cn("flex items-start gap-3 rounded-md border p-3", !unlocked && "border-dashed")}>
      <span
        className={cn(
          "flex size-9 shrink-0 items-center justify-center rounded-full",
          unlocked ? "bg-primary/10 text-primary" : "bg-secondary text-muted-foreground",
        )}
      >
        {unlocked ? <Check aria-hidden="true" className="size-4" /> : <Lock aria-hidden="true" className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <span className="shrink-0 text-xs font-medium text-muted-foreground">{unlocked ? "Unlocked" : "Locked"}</span>
    </li>
  );
}

type AchievementsPanelProps = {
  userId: number;
  /** The panel's title level (2 on its own page, 3 inside another section); its subheading comes one below. */
  headingLevel?: 2 | 3;
};

/** Level, courses started and completed, and achievements: on /gamification and in the home page's Achievements tab. */
export function AchievementsPanel({ userId, headingLevel = 2 }: AchievementsPanelProps) {
  // The counts are the streak card's and the public card's own (one query on the server).
  const streak = api.gamification.streak.useQuery({ userId });
  const courses = api.course.mine.useQuery();
  const badges = api.gamification.badges.useQuery({ userId });

  const titleId = useId();
  const Subheading = headingLevel === 2 ? "h3" : "h4";

  function body() {
    if (streak.isPending || courses.isPending) return <Spinner label="Loading your achievements" />;
    if (streak.isError || courses.isError) {
      return (
        <LoadError
          message="Your achievements could not be loaded."
          onRetry={() => {
            if (streak.isError) void streak.refetch();
            if (courses.isError) void courses.refetch();
          }}
        />
      );
    }
    const { coursesStarted, totalCoursesCompleted } = streak.data;
    const level = levelFor(coursesStarted);
    // Until the badges load (or if they cannot), Quiz Master shows as locked.
    const badgeKeys = badges.data?.map((held) => held.badge.key) ?? [];
    return (
      <div className="grid gap-6">
        <div className="flex flex-wrap items-center gap-3">
          <span
            data-testid="level-badge"
            className="inline-flex items-center gap-1.5 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground"
          >
            <Trophy aria-hidden="true" className="size-4" />
            Level {level}
          </span>
          {level === MAX_LEVEL ? <p className="text-sm font-medium">Top level reached</p> : null}
        </div>
        {level < MAX_LEVEL ? (
          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-4 text-sm">
              <span className="font-medium">Progress to Level {level + 1}</span>
              <span className="text-muted-foreground">{progressToNextLevel(coursesStarted)}%</span>
            </div>
            <Progress value={progressToNextLevel(coursesStarted)} label={`Progress to Level ${level + 1}`} />
          </div>
        ) : null}
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-md border p-4">
            <dt className="text-sm text-muted-foreground">Courses Started</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid="courses-started">
              {coursesStarted}
            </dd>
          </div>
          <div className="rounded-md border p-4">
            <dt className="text-sm text-muted-foreground">Courses Completed</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid="courses-completed">
              {totalCoursesCompleted}
            </dd>
          </div>
        </dl>
        <div className="grid gap-3">
          <Subheading className="font-semibold">Recent Achievements</Subheading>
          <ul className="grid gap-2">
            {achievements({ hasCourse: courses.data.length > 0, badgeKeys }).map((achievement) => (
              <AchievementItem key={achievement.key} achievement={achievement} />
            ))}
          </ul>
        </div>
        <ShareAchievements text={shareText(level, streak.data.currentStreak)} />
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <Card data-testid="achievements">
        <CardHeader>
          <CardTitle as={`h${headingLevel}`} id={titleId}>
            Your Learning Journey
          </CardTitle>
          <CardDescription>Track your learning growth and achievements</CardDescription>
        </CardHeader>
        <CardContent>{body()}</CardContent>
      </Card>
    </section>
  );
}
