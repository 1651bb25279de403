"use client";

import { useCallback, useEffect, useMemo, useState } from "react";

import { Card, CardHeader } from "~/components/ui/card";
import { CenteredSpinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { type CardRatingName, formatDueIn, untilNextDue } from "~/lib/review";
import { api } from "~/trpc/react";

import { CardShortcutsHint, ReviewCard, useCardShortcuts } from "./review-card";

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
      else toast({ variant: "destructive", title: "Could not save the review", description: failureText(error) });
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

  const flip = useCallback(() => setFlipped((value) => !value), []);
  useCardShortcuts(Boolean(card), flip, rate);

  if (queue.isPending || exhausted) return <CenteredSpinner label="Loading your cards" />;
  if (queue.isError) return <p role="alert">Could not load your cards: {failureText(queue.error)}</p>;

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
      <ReviewCard card={card} flipped={flipped} onShowAnswer={() => setFlipped(true)} onRate={rate} pending={review.isPending} />
      <CardShortcutsHint />
    </div>
  );
}
