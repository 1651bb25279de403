"use client";

import { useEffect, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Check } from "~/components/ui/icons/check";
import { Clock } from "~/components/ui/icons/clock";
import { Progress } from "~/components/ui/progress";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { challengeEntries, JOIN_FAILED_FALLBACK, JOIN_FAILED_TITLE, timeLeftLabel, type ChallengeEntry } from "./challenges";
import { LoadError } from "./load-error";
import { useErrorToast } from "./use-error-toast";

const NO_CHALLENGES_TITLE = "No active challenges";
const NO_CHALLENGES_TEXT = "Check back tomorrow for new challenges!";

/** The current time, refreshed every minute (for the challenges' time left). */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type ChallengeItemProps = { entry: ChallengeEntry; now: number; joining: boolean; onJoin: () => void };

function ChallengeItem({ entry: { challenge, state, progress }, now, joining, onJoin }: ChallengeItemProps) {
  const titleId = `challenge-${challenge.id}-title`;
  const timeLeft = timeLeftLabel(challenge.expiryDate, now);
  const completed = state === "completed";
  return (
    <li
      data-testid="challenge"
      data-state={state}
      className={cn("grid gap-3 rounded-md border p-4", completed && "border-green-600 bg-green-50 dark:border-green-500 dark:bg-green-950")}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold">
            {challenge.title}
          </h3>
          <p className="text-sm text-muted-foreground">{challenge.description}</p>
        </div>
        {completed ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-700 px-2.5 py-0.5 text-xs font-semibold text-white">
            <Check aria-hidden="true" className="size-3.5" />
            Completed
          </span>
        ) : null}
      </div>
      {state === "open" ? null : (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">
            {progress} / {challenge.target}
          </p>
          <Progress value={progress} max={challenge.target} label={`${challenge.title} progress`} />
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Clock aria-hidden="true" className="size-3.5" />
          {timeLeft}
        </p>
        {state === "open" ? (
          <Button size="sm" onClick={onJoin} disabled={joining || timeLeft === "Ended"} aria-describedby={titleId}>
            {joining ? <Spinner tone="current" /> : null}
            Join Challenge
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Today's challenges: join one, then watch its progress until it is completed. */
export function ChallengesCard({ userId }: { userId: number }) {
  const utils = api.useUtils();
  const active = api.gamification.activeChallenges.useQuery();
  const mine = api.gamification.myChallenges.useQuery({ userId });
  const now = useMinuteClock();

  const failed = active.isError || mine.isError;
  useErrorToast(failed, "Error loading challenges", "Could not load daily challenges. Please try again later.");

  const none = active.isSuccess && active.data.length === 0;
  const toldNone = useRef(false);
  useEffect(() => {
    if (!none || toldNone.current) return;
    toldNone.current = true;
    toast({ title: NO_CHALLENGES_TITLE, description: NO_CHALLENGES_TEXT });
  }, [none]);

  const join = api.gamification.joinChallenge.useMutation({
    onSuccess(joined) {
      utils.gamification.myChallenges.setData({ userId }, (list = []) => [joined, ...list.filter((entry) => entry.challengeId !== joined.challengeId)]);
      toast({ title: "Challenge accepted!", description: `${joined.challenge.title}: your learning from now on counts toward it.` });
    },
    onError(error) {
      toast({ variant: "destructive", title: JOIN_FAILED_TITLE, description: failureText(error, JOIN_FAILED_FALLBACK) });
      // An expired challenge drops out of today's list.
      void utils.gamification.activeChallenges.invalidate();
    },
  });

  return (
    <section aria-labelledby="challenges-title">
      <Card data-testid="challenge-card" className="h-full">
        <CardHeader>
          <CardTitle as="h2" id="challenges-title">
            Daily Challenges
          </CardTitle>
          <CardDescription>New challenges every day. Join one and your learning counts toward it.</CardDescription>
        </CardHeader>
        <CardContent>
          {failed ? (
            <LoadError
              message="Daily challenges could not be loaded."
              onRetry={() => {
                if (active.isError) void active.refetch();
                if (mine.isError) void mine.refetch();
              }}
            />
          ) : active.isPending || mine.isPending ? (
            <Spinner label="Loading challenges" />
          ) : none ? (
            <div className="rounded-lg border border-dashed p-4 text-sm">
              <p className="font-medium">{NO_CHALLENGES_TITLE}</p>
              <p className="text-muted-foreground">{NO_CHALLENGES_TEXT}</p>
            </div>
          ) : (
            <ul className="grid gap-3">
              {challengeEntries(active.data, mine.data).map((entry) => (
                <ChallengeItem
                  key={entry.challenge.id}
                  entry={entry}
                  now={now}
                  joining={join.isPending && join.variables.challengeId === entry.challenge.id}
                  onJoin={() => join.mutate({ userId, challengeId: entry.challenge.id })}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
