"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";

import { CardShortcutsHint, ReviewCard, useCardShortcuts } from "~/components/review/review-card";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import type { CardRatingName } from "~/lib/review";
import type { PracticeAnswer } from "~/lib/schemas/concepts";
import { api } from "~/trpc/react";

import { masteryPercent, masteryText, momentHref, type MasteryConcept } from "./concepts";
import { itemKey, practiceItems, tallyText, type PracticeCard, type PracticeItem, type PracticeQuestion, type PracticeTally } from "./practice-items";

function Verdict({ result }: { result: PracticeAnswer }) {
  const open = result.feedback !== null;
  return (
    <div data-testid="practice-verdict" data-correct={String(result.correct)} className="grid gap-2 rounded-md bg-muted p-3 text-sm" role="status">
      <p className="font-medium">
        {result.correct ? "Right." : "Not quite."}
        {open ? ` Credit ${Math.round(result.credit * 100)}%.` : null}
      </p>
      {result.feedback ? <p className="whitespace-pre-line">{result.feedback}</p> : null}
      {!result.correct || open ? (
        <p>
          <span className="font-medium">{open ? "A good answer: " : "The answer: "}</span>
          <span dir="auto">{result.correctAnswer}</span>
        </p>
      ) : null}
      {result.explanation ? (
        <p className="whitespace-pre-line" dir="auto">
          {result.explanation}
        </p>
      ) : null}
      {result.sourceTime !== null ? (
        <Link href={momentHref(result.courseId, result.sourceTime)} className={buttonVariants({ variant: "link", className: "justify-self-start px-0" })}>
          Rewatch this moment{result.moment ? ` (${result.moment})` : ""}
        </Link>
      ) : null}
    </div>
  );
}

type QuestionStepProps = { question: PracticeQuestion; onAnswered: (result: PracticeAnswer) => void; onNext: () => void; last: boolean };

function QuestionStep({ question, onAnswered, onNext, last }: QuestionStepProps) {
  const [answer, setAnswer] = useState("");
  const [result, setResult] = useState<PracticeAnswer | null>(null);
  const fieldId = useId();
  const next = useRef<HTMLButtonElement>(null);
  const check = api.mastery.practiceAnswer.useMutation({
    onSuccess(scored) {
      setResult(scored);
      onAnswered(scored);
    },
    onError(error) {
      toast({ variant: "destructive", title: "The answer was not saved", description: failureText(error) });
    },
  });
  useEffect(() => {
    if (result) next.current?.focus();
  }, [result]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (result || answer.trim() === "" || check.isPending) return;
    check.mutate({ questionId: question.id, answer });
  }

  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="practice-question" noValidate>
      <p className="text-xs text-muted-foreground" dir="auto">
        From {question.courseTitle}
      </p>
      <fieldset className="grid gap-2" disabled={result !== null}>
        <legend className="mb-2 font-medium" dir="auto">
          {question.questionText}
        </legend>
        {question.kind === "choice" ? (
          question.options.map((option, index) => (
            <label
              key={index}
              className={cn(
                "flex items-start gap-3 rounded-md border border-input px-3 py-2 text-sm",
                result ? "cursor-default" : "cursor-pointer hover:bg-accent",
              )}
            >
              <input
                type="radio"
                name={`practice-${question.id}`}
                value={option}
                checked={answer === option}
                onChange={() => setAnswer(option)}
                className="mt-0.5 accent-primary"
              />
              <span className="flex-1" dir="auto">
                {option}
              </span>
            </label>
          ))
        ) : (
          <>
            <label htmlFor={fieldId} className="text-sm font-medium">
              Your answer, in your own words
            </label>
            <Textarea id={fieldId} value={answer} rows={4} maxLength={1_000} onChange={(event) => setAnswer(event.target.value)} />
          </>
        )}
      </fieldset>
      {result ? <Verdict result={result} /> : null}
      <div className="flex justify-end gap-2">
        {result ? (
          <Button ref={next} onClick={onNext}>
            {last ? "See how you did" : "Next"}
          </Button>
        ) : (
          <Button type="submit" disabled={answer.trim() === "" || check.isPending}>
            {check.isPending ? <Spinner tone="current" /> : null}
            Check answer
          </Button>
        )}
      </div>
    </form>
  );
}

function CardStep({ card, onReviewed }: { card: PracticeCard; onReviewed: (counted: boolean) => void }) {
  const [flipped, setFlipped] = useState(false);
  const review = api.cards.review.useMutation({
    onSuccess: () => onReviewed(true),
    onError(error) {
      // Reviewed elsewhere meanwhile: move on.
      if (error.data?.code === "CONFLICT") onReviewed(false);
      else toast({ variant: "destructive", title: "Could not save the review", description: failureText(error) });
    },
  });
  const { mutate, isPending } = review;
  const rate = useCallback(
    (rating: CardRatingName) => {
      if (flipped && !isPending) mutate({ id: card.id, rating });
    },
    [flipped, isPending, mutate, card.id],
  );
  const flip = useCallback(() => setFlipped((value) => !value), []);
  useCardShortcuts(true, flip, rate);
  return (
    <div className="grid gap-2" data-testid="practice-card">
      <p className="text-xs text-muted-foreground" dir="auto">
        A due card from {card.courseTitle}
      </p>
      <ReviewCard card={card} flipped={flipped} onShowAnswer={() => setFlipped(true)} onRate={rate} pending={isPending} />
      <CardShortcutsHint />
    </div>
  );
}

type PracticeDialogProps = {
  /** The concepts practised, as the page has them now (their mastery moves as the session goes). */
  concepts: readonly MasteryConcept[];
  onClose: () => void;
};

/**
 * Practice: a modal dialog with a short session on some concepts, one item at a time: their
 * questions from every course that explains them (each answer scored and recorded as evidence at
 * once) and their due cards (rated as on /review); then a summary of what moved.
 */
export default function PracticeDialog({ concepts, onClose }: PracticeDialogProps) {
  const titleId = useId();
  const utils = api.useUtils();
  const [before] = useState(() => new Map(concepts.map((concept) => [concept.id, concept])));
  const [items, setItems] = useState<PracticeItem[] | null>(null);
  const [step, setStep] = useState(0);
  const [tally, setTally] = useState<PracticeTally>({ questions: 0, right: 0, cards: 0 });
  const practice = api.mastery.practice.useMutation({ onSuccess: (set) => setItems(practiceItems(set)) });

  const conceptIds = concepts.map((concept) => concept.id).join(",");
  const started = useRef(false);
  const { mutate: start } = practice;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start({ conceptIds: conceptIds.split(",").map(Number) });
  }, [start, conceptIds]);

  const mastered = () => void utils.mastery.map.invalidate();
  function answered(result: PracticeAnswer) {
    setTally((count) => ({ ...count, questions: count.questions + 1, right: count.right + (result.correct ? 1 : 0) }));
    mastered();
  }
  function reviewed(counted: boolean) {
    if (counted) setTally((count) => ({ ...count, cards: count.cards + 1 }));
    void utils.review.dueCount.invalidate();
    mastered();
    setStep((index) => index + 1);
  }

  const names = concepts.map((concept) => concept.label).join(", ");
  const item = items?.[step];
  let body;
  if (practice.isError) {
    body = (
      <p role="alert" className="text-sm">
        Could not start practice: {failureText(practice.error)}
      </p>
    );
  } else if (!items) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label="Preparing practice" /> Preparing questions and cards…
      </p>
    );
  } else if (items.length === 0) {
    body = (
      <div className="grid gap-2 text-sm" data-testid="practice-empty">
        <p className="font-medium">Nothing to practise yet.</p>
        <p className="text-muted-foreground">
          There are no quiz questions or due cards on {names} yet. Take the quiz of a section that explains it, then come back.
        </p>
      </div>
    );
  } else if (item) {
    body = (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="practice-progress">
          {step + 1} of {items.length}
        </p>
        {item.kind === "question" ? (
          <QuestionStep key={itemKey(item)} question={item.question} onAnswered={answered} onNext={() => setStep(step + 1)} last={step === items.length - 1} />
        ) : (
          <CardStep key={itemKey(item)} card={item.card} onReviewed={reviewed} />
        )}
      </div>
    );
  } else {
    body = (
      <div className="grid gap-3 text-sm" data-testid="practice-summary">
        <p className="font-medium">{tallyText(tally)}</p>
        <ul className="grid gap-1">
          {concepts.map((concept) => {
            const was = before.get(concept.id);
            return (
              <li key={concept.id}>
                <span className="font-medium" lang={concept.language} dir="auto">
                  {concept.label}
                </span>
                : {was && was.evidenceCount > 0 ? `was ${masteryPercent(was.mastery)}%, now ` : "now "}
                {masteryText(concept)}
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  const finished = items !== null && step >= items.length;
  return (
    <Dialog
      titleId={titleId}
      onClose={onClose}
      data-testid="practice-dialog"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100%-2rem))] overflow-y-auto rounded-lg border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/40"
    >
      <div className="grid gap-4 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          Practice: <span dir="auto">{names}</span>
        </h2>
        {body}
        <div className="flex justify-end border-t pt-3">
          <Button variant={finished || items?.length === 0 || practice.isError ? "default" : "ghost"} onClick={onClose}>
            {finished ? "Done" : "Close"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
