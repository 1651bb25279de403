"use client";

import Link from "next/link";
import { useEffect } from "react";

import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/components/ui/card";
import { CARD_RATINGS, type CardRatingName } from "~/lib/review";
import type { ReviewQueueCard } from "~/lib/schemas/cards";

const RATING_LABELS: Record<CardRatingName, string> = { again: "Again", hard: "Hard", good: "Good", easy: "Easy" };
const RATING_KEYS: Record<string, CardRatingName> = { "1": "again", "2": "hard", "3": "good", "4": "easy" };

/** Keys typed into a field are the field's, not the session's. */
function isTextEntry(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** Space on a focused button presses that button (its own activation), so the session leaves it alone. */
const isButton = (target: EventTarget | null) => target instanceof HTMLButtonElement;

/** While `enabled`: Space flips the card, 1-4 rate it (the caller ignores a rating before the flip). */
export function useCardShortcuts(enabled: boolean, onFlip: () => void, onRate: (rating: CardRatingName) => void) {
  useEffect(() => {
    if (!enabled) return;
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTextEntry(event.target)) return;
      if (event.key === " ") {
        if (isButton(event.target)) return;
        event.preventDefault();
        onFlip();
        return;
      }
      const rating = RATING_KEYS[event.key];
      if (rating) {
        event.preventDefault();
        onRate(rating);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled, onFlip, onRate]);
}

type ReviewCardProps = { card: ReviewQueueCard; flipped: boolean; onShowAnswer: () => void; onRate: (rating: CardRatingName) => void; pending: boolean };

/** One card: its question, once flipped its answer and moment, and the four ratings with their next intervals. */
export function ReviewCard({ card, flipped, onShowAnswer, onRate, pending }: ReviewCardProps) {
  return (
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
              onClick={() => onRate(rating)}
              disabled={pending}
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
          <Button onClick={onShowAnswer} aria-keyshortcuts="Space" data-testid="review-show-answer">
            Show answer
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

export function CardShortcutsHint() {
  return <p className="hidden text-xs text-muted-foreground sm:block">Space shows the answer; 1-4 rate it Again, Hard, Good or Easy.</p>;
}
