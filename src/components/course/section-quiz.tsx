"use client";

import Link from "next/link";
import { useEffect, useReducer, useRef, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { api } from "~/trpc/react";

import { useCourseText, useMomentLabel } from "./course-text";
import { RotateCcw } from "./icons";
import { allAnswered, attemptAnswers, initialQuizState, missedCardsMessage, optionMark, quizReducer, type OptionMark } from "./quiz-state";

type SectionQuizProps = {
  sectionId: number;
  /** Completes the section (and moves on): the quiz's Continue, and the way past a quiz that failed to load. */
  onContinue: () => void;
  continueLabel: string;
  /** Seeks the video to where a question's answer is explained. */
  onRewatch: (seconds: number) => void;
};

const MARK_CLASSES: Record<OptionMark, string> = {
  correct: "border-green-600 bg-green-50 text-green-900 dark:border-green-500 dark:bg-green-950 dark:text-green-100",
  wrong: "border-red-600 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-950 dark:text-red-100",
  none: "border-input",
};
const MARK_TEXT: Record<OptionMark, string> = { correct: " (correct answer)", wrong: " (your answer, incorrect)", none: "" };

/**
 * "Test Your Knowledge" for one section (the player mounts one per section, keyed by it). The
 * quiz is fetched, or generated on demand when the section has none yet. Correct answers and
 * explanations arrive only with the scored attempt.
 */
export default function SectionQuiz({ sectionId, onContinue, continueLabel, onRewatch }: SectionQuizProps) {
  const text = useCourseText();
  const momentAt = useMomentLabel();
  const utils = api.useUtils();
  // null before the section's quiz exists (quiz.find; the documented REST path answers 404 instead).
  const quiz = api.quiz.find.useQuery({ id: sectionId });
  const generate = api.quiz.generate.useMutation({
    onSuccess: (generated) => utils.quiz.find.setData({ id: sectionId }, generated),
  });
  const [state, dispatch] = useReducer(quizReducer, initialQuizState);
  const submit = api.quiz.submitAttempt.useMutation({
    onSuccess(result) {
      dispatch({ type: "scored", result });
      void utils.gamification.badges.invalidate();
      void utils.gamification.recentActivity.invalidate();
      void utils.review.dueCount.invalidate();
      toast({ title: "Quiz submitted", description: `You scored ${result.score}%!` });
    },
    onError(error) {
      dispatch({ type: "failed" });
      toast({ variant: "destructive", title: "Error submitting quiz", description: error.message });
    },
  });

  // No quiz yet for this section: generate it, once.
  const needsGeneration = quiz.isSuccess && quiz.data === null;
  const { mutate: generateQuiz, isIdle: generateIdle } = generate;
  useEffect(() => {
    if (needsGeneration && generateIdle) generateQuiz({ id: sectionId });
  }, [needsGeneration, generateIdle, generateQuiz, sectionId]);

  const failed = !quiz.data && (quiz.isError || generate.isError);
  const toasted = useRef(false);
  useEffect(() => {
    if (!failed || toasted.current) return;
    toasted.current = true;
    toast({ variant: "destructive", title: "Failed to fetch or generate quiz", description: (generate.error ?? quiz.error)?.message });
  }, [failed, generate.error, quiz.error]);

  const data = quiz.data ?? generate.data;
  const heading = (
    <CardTitle as="h2" id="quiz-heading">
      Test Your Knowledge
    </CardTitle>
  );

  if (failed) {
    return (
      <Card data-testid="section-quiz">
        <CardHeader>
          {heading}
          <CardDescription role="alert">Failed to load quiz</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={onContinue}>{continueLabel}</Button>
        </CardContent>
      </Card>
    );
  }

  if (!data) {
    return (
      <Card data-testid="section-quiz" aria-busy="true">
        <CardHeader>
          {heading}
          <CardDescription className="flex items-center gap-2">
            <Spinner label="Loading quiz" />
            {needsGeneration ? "Preparing a quiz for this section…" : "Loading the quiz…"}
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const { questions } = data;
  const locked = state.phase !== "answering";
  const result = state.phase === "submitted" ? state.result : null;
  const resultFor = (questionId: number) => result?.results.find((item) => item.questionId === questionId);
  const cardsMessage = result ? missedCardsMessage(result) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.phase !== "answering") return;
    if (!allAnswered(questions, state.answers)) {
      toast({ variant: "destructive", title: "Please answer all questions", description: "You need to answer all questions before submitting." });
      return;
    }
    dispatch({ type: "submit" });
    submit.mutate({ id: data!.quiz.id, answers: attemptAnswers(questions, state.answers) });
  }

  return (
    <Card data-testid="section-quiz">
      <CardHeader>
        {heading}
        <CardDescription {...text}>{data.quiz.description || data.quiz.title}</CardDescription>
      </CardHeader>
      <CardContent>
        <form aria-labelledby="quiz-heading" onSubmit={onSubmit} className="grid gap-6" noValidate>
          {questions.map((question, questionIndex) => {
            const chosen = state.answers[question.id];
            const verdict = resultFor(question.id);
            const rewatchAt = verdict ? (verdict.sourceTime ?? question.sourceTime) : null;
            return (
              <fieldset key={question.id} data-testid="quiz-question" data-correct={verdict ? String(verdict.correct) : undefined} className="grid gap-2">
                <legend className="mb-2 font-medium">
                  {questionIndex + 1}. <span {...text}>{question.questionText}</span>
                </legend>
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
                        onChange={() => dispatch({ type: "answer", questionId: question.id, answer: option })}
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
                    {rewatchAt !== null ? (
                      <div>
                        <Button variant="outline" size="sm" onClick={() => onRewatch(rewatchAt)}>
                          <RotateCcw aria-hidden="true" />
                          Rewatch this part
                          <span className="sr-only"> (from {momentAt(rewatchAt)})</span>
                        </Button>
                      </div>
                    ) : null}
                  </div>
                ) : null}
              </fieldset>
            );
          })}

          {result ? (
            <div data-testid="quiz-result" className="flex flex-wrap items-center gap-3 border-t pt-4">
              <p className="text-lg font-semibold" data-testid="quiz-score">
                Your score: {result.score}%
              </p>
              {result.passed ? (
                <span className="rounded-full bg-green-600 px-3 py-1 text-sm font-semibold text-white dark:bg-green-700">Passed</span>
              ) : (
                <Button variant="outline" onClick={() => dispatch({ type: "retry" })}>
                  Try Again
                </Button>
              )}
              <Button onClick={onContinue} className="ml-auto">
                Continue
              </Button>
              {cardsMessage ? (
                <p className="basis-full text-sm text-muted-foreground" data-testid="quiz-cards">
                  {cardsMessage}{" "}
                  <Link href="/review" className="font-medium text-primary underline underline-offset-4" data-testid="quiz-cards-link">
                    Review your cards
                  </Link>
                </p>
              ) : null}
            </div>
          ) : (
            <div>
              <Button type="submit" disabled={state.phase === "submitting"}>
                {state.phase === "submitting" ? <Spinner tone="current" /> : null}
                Submit Answers
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
