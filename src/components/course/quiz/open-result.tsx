import { cn } from "~/components/ui/cn";

import { useCourseText } from "../course-text";
import { creditSummary, type CreditTone, type QuestionResult } from "../quiz-state";

import { RewatchButton } from "./rewatch-button";

const TONE_CLASSES: Record<CreditTone, string> = {
  right: "text-green-800 dark:text-green-300",
  partial: "text-amber-800 dark:text-amber-300",
  wrong: "text-red-800 dark:text-red-300",
};

type OpenResultProps = {
  result: QuestionResult;
  /** Where to rewatch: the result's moment, else the question's; none when neither has one. */
  rewatchAt: number | null;
  onRewatch: (seconds: number) => void;
};

/** A graded open answer: its credit in words and percent, the feedback, and what the video says. */
export function OpenResult({ result, rewatchAt, onRewatch }: OpenResultProps) {
  const text = useCourseText();
  const summary = creditSummary(result);
  return (
    <div data-testid="quiz-explanation" className="mt-1 grid gap-2 rounded-md bg-muted p-3 text-sm">
      <p className={cn("font-medium", TONE_CLASSES[summary.tone])} data-testid="quiz-credit" data-percent={summary.percent}>
        {summary.label}
      </p>
      {result.feedback ? (
        <p className="whitespace-pre-line" data-testid="quiz-feedback" {...text}>
          {result.feedback}
        </p>
      ) : null}
      <div className="grid gap-1" data-testid="quiz-reference">
        <p className="font-medium">What the video says</p>
        <blockquote className="border-l-2 border-primary pl-3 whitespace-pre-line" {...text}>
          {result.correctAnswer}
        </blockquote>
      </div>
      {result.explanation && result.explanation !== result.feedback ? (
        <p className="whitespace-pre-line" {...text}>
          {result.explanation}
        </p>
      ) : null}
      {rewatchAt !== null ? <RewatchButton seconds={rewatchAt} onRewatch={onRewatch} /> : null}
    </div>
  );
}
