import { useId } from "react";

import { useCourseText } from "../course-text";
import { characterCount } from "../quiz-state";
import { Textarea } from "~/components/ui/textarea";
import { OPEN_ANSWER_MAX_LENGTH } from "~/lib/rules/quiz";

type OpenAnswerProps = {
  questionId: number;
  value: string;
  /** Read-only once sent: still readable and focusable, unlike a disabled field. */
  locked: boolean;
  onChange: (answer: string) => void;
};

/** An open question's answer: a labelled text area with its character count. */
export function OpenAnswer({ questionId, value, locked, onChange }: OpenAnswerProps) {
  const text = useCourseText();
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  return (
    <div className="grid gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium">
        Your answer, in your own words
      </label>
      <Textarea
        id={fieldId}
        name={`question-${questionId}`}
        data-testid="quiz-open-answer"
        value={value}
        rows={4}
        maxLength={OPEN_ANSWER_MAX_LENGTH}
        readOnly={locked}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
        className="read-only:bg-muted"
        {...text}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {characterCount(value)}
      </p>
    </div>
  );
}
