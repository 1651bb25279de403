"use client";

import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";

import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/components/ui/card";
import { CenteredSpinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { CARD_RATINGS, type CardRatingName, formatDueIn, untilNextDue } from "~/lib/review";
import { api } from "~/trpc/react";

const RATING_LABELS: Record<CardRatingName, string> = { again: "Again", hard: "Hard", good: "Good", easy: "Easy" };
const RATING_KEYS: Record<string, CardRatingName> = { "1": "again", "2": "hard", "3": "good", "4": "easy" };

/** Keys typed into a field are the field's, not the session's. */
function isTextEntry(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** Space on a focused button presses that button (its own activation), so the session leaves it alone. */
const isButton = (target: EventTarget | null) => target instanceof HTMLButtonElement;

/**
 * /review: today's due cards, one at a time. Space (or 'Show answer') flips the card; 1-4 (or
 * the buttons, each with its next interval) rate it. The page of due cards is worked through
 * locally, then fetched again: cards rated Again come back once due. With nothing left to work
 * through, the queue is fetched again when the next card falls due and when the learner comes back
 * to the tab, so cards that fall due while the page is open show by themselves.
 */
export function ReviewSession() {
  const utils = api.useUtils();
  const queue = api.review.queue.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.cards.length === 0 ? untilNextDue(query.state.data.nextDueAt, Date.now()) : false),
    refetchOnWindowFocus: (query) => query.state.data?.cards.length === 0,
  });
  const [done, setDone] = useState<ReadonlySet<number>>(() => new Set());
  const [flipped, setFlipped] = useState(false);

  const card = useMemo(() => queue.data?.cards.find((c) => !done.has(c.id)), [queue.data, done]);
  const remaining = Math.max(0, (queue.data?.dueCount ?? 0) - done.size);

  const review = api.cards.review.useMutation({
    onSuccess(_result, { id }) {
      setDone((previous) => new Set(previous).add(Number(id)));
      setFlipped(false);
      void utils.review.dueCount.invalidate();
    },
    onError(error, { id }) {
      // Reviewed elsewhere meanwhile: move on.
      if (error.data?.code === "CONFLICT") setDone((previous) => new Set(previous).add(Number(id)));
      else toast({ variant: "destructive", title: "Could not save the review", description: error.message });
      setFlipped(false);
    },
  });

  // The page is worked through: fetch the next one (or learn when the next card is due).
  const exhausted = Boolean(queue.data && queue.data.cards.length > 0 && !card);
  const { refetch } = queue;
  useEffect(() => {
    if (!exhausted) return;
    void refetch().then(() => setDone(new Set()));
  }, [exhausted, refetch]);

  // A fresh queue that disagrees with the header's count: the header asks again.
  const dueCount = queue.data?.dueCount;
  useEffect(() => {
    const shown = utils.review.dueCount.getData()?.dueCount;
    if (dueCount !== undefined && shown !== undefined && shown !== dueCount) void utils.review.dueCount.invalidate();
  }, [dueCount, queue.dataUpdatedAt, utils]);

  const rate = useCallback(
    (rating: CardRatingName) => {
      if (!card || !flipped || review.isPending) return;
      review.mutate({ id: card.id, rating });
    },
    [card, flipped, review],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || !card || isTextEntry(event.target)) return;
      if (event.key === " ") {
        if (isButton(event.target)) return;
        event.preventDefault();
        setFlipped((value) => !value);
        return;
      }
      const rating = RATING_KEYS[event.key];
      if (rating) {
        event.preventDefault();
        rate(rating);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [card, rate]);

  if (queue.isPending || exhausted) return <CenteredSpinner label="Loading your cards" />;
  if (queue.isError) return <p role="alert">Could not load your cards: {queue.error.message}</p>;

  if (!card) {
    const next = queue.data.nextDueAt;
    return (
      <Card data-testid="review-empty">
        <CardHeader>
          <h2 className="text-xl font-semibold">{next ? "All caught up" : "No cards yet"}</h2>
          <p className="text-muted-foreground">
            {next ? `Next card due ${formatDueIn(queue.dataUpdatedAt, new Date(next))}.` : "Cards are made from the quiz questions you miss."}
          </p>
        </CardHeader>
      </Card>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground" data-testid="review-remaining" aria-live="polite">
        {remaining} card{remaining === 1 ? "" : "s"} due · {card.courseTitle}
        {card.courseAvailable ? null : " (no longer shared with you)"}
      </p>
      <Card data-testid="review-card" data-flipped={flipped}>
        <CardHeader>
          <h2 className="text-sm font-medium text-muted-foreground">Question</h2>
          <p className="text-xl font-semibold break-words whitespace-pre-wrap" data-testid="review-front">
            {card.front}
          </p>
        </CardHeader>
        {flipped ? (
          <CardContent className="grid gap-3 border-t pt-6">
            <h2 className="text-sm font-medium text-muted-foreground">Answer</h2>
            <p className="break-words whitespace-pre-wrap" data-testid="review-back">
              {card.back}
            </p>
            {card.timeSeconds !== null && card.moment !== null && card.courseAvailable ? (
              <Link
                href={`/course/${card.courseId}?t=${Math.floor(card.timeSeconds)}`}
                className={buttonVariants({ variant: "link", className: "justify-self-start px-0" })}
                data-testid="review-rewatch"
              >
                Rewatch this moment ({card.moment})
              </Link>
            ) : null}
          </CardContent>
        ) : null}
        <CardFooter className="flex-wrap gap-2">
          {flipped ? (
            CARD_RATINGS.map((rating, index) => (
              <Button
                key={rating}
                variant={rating === "again" ? "outline" : rating === "good" ? "default" : "secondary"}
                onClick={() => rate(rating)}
                disabled={review.isPending}
                aria-keyshortcuts={String(index + 1)}
                data-testid={`rate-${rating}`}
                className="min-w-[5.5rem] flex-1 flex-col gap-0 py-1 sm:flex-none"
                size="lg"
              >
                <span>{RATING_LABELS[rating]}</span>
                <span className="text-xs font-normal opacity-80">{card.intervals[rating]}</span>
              </Button>
            ))
          ) : (
            <Button onClick={() => setFlipped(true)} aria-keyshortcuts="Space" data-testid="review-show-answer">
              Show answer
            </Button>
          )}
        </CardFooter>
      </Card>
      <p className="hidden text-xs text-muted-foreground sm:block">Space shows the answer; 1-4 rate it Again, Hard, Good or Easy.</p>
    </div>
  );
}
