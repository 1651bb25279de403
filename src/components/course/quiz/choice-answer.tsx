import { cn } from "~/components/ui/cn";

import { useCourseText } from "../course-text";
import { optionMark, type OptionMark, type QuestionResult, type QuizQuestion } from "../quiz-state";

import { RewatchButton } from "./rewatch-button";

const MARK_CLASSES: Record<OptionMark, string> = {
  correct: "border-green-600 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100",
  wrong: "border-red-600 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-950 dark:text-red-100",
  none: "border-input",
};
const MARK_TEXT: Record<OptionMark, string> = { correct: " (correct answer)", wrong: " (your answer, incorrect)", none: "" };

type ChoiceAnswerProps = {
  question: Pick<QuizQuestion, "id" | "options">;
  chosen: string | undefined;
  verdict: QuestionResult | undefined;
  locked: boolean;
  onChoose: (option: string) => void;
  rewatchAt: number | null;
  onRewatch: (seconds: number) => void;
};

/** A choice question's options (marked once graded) and its verdict. */
export function ChoiceAnswer({ question, chosen, verdict, locked, onChoose, rewatchAt, onRewatch }: ChoiceAnswerProps) {
  const text = useCourseText();
  return (
    <>
      {question.options.map((option, optionIndex) => {
        const mark = optionMark(option, chosen, verdict);
        return (
          <label
            key={optionIndex}
            data-testid="quiz-option"
            data-mark={mark}
            className={cn(
              "flex items-start gap-3 rounded-md border px-3 py-2 text-sm",
              locked ? "cursor-default" : "cursor-pointer hover:bg-accent",
              MARK_CLASSES[mark],
            )}
          >
            <input
              type="radio"
              name={`question-${question.id}`}
              value={option}
              checked={chosen === option}
              disabled={locked}
              onChange={() => onChoose(option)}
              className="mt-0.5 accent-primary"
            />
            <span className="flex-1">
              <span className="block" {...text}>
                {option}
              </span>
              {mark !== "none" ? <span className="sr-only">{MARK_TEXT[mark]}</span> : null}
            </span>
          </label>
        );
      })}
      {verdict ? (
        <div data-testid="quiz-explanation" className="mt-1 grid gap-2 rounded-md bg-muted p-3 text-sm">
          <p className="font-medium">{verdict.correct ? "Correct!" : `Incorrect. The correct answer is: ${verdict.correctAnswer}`}</p>
          {verdict.explanation ? (
            <p className="whitespace-pre-line" {...text}>
              {verdict.explanation}
            </p>
          ) : null}
          {rewatchAt !== null ? <RewatchButton seconds={rewatchAt} onRewatch={onRewatch} /> : null}
        </div>
      ) : null}
    </>
  );
}
