"use client";

import Link from "next/link";
import { useEffect, useReducer, useRef, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { useCourseText } from "./course-text";
import { OpenAnswer } from "./quiz/open-answer";
import { OpenResult } from "./quiz/open-result";
import { ChoiceAnswer } from "./quiz/choice-answer";
import { allAnswered, attemptAnswers, firstUnanswered, initialQuizState, missedCardsMessage, quizReducer, retakeQuizState } from "./quiz-state";

type SectionQuizProps = {
  sectionId: number;
  /** Completes the section (and moves on): the quiz's Continue, and the way past a quiz that failed to load. */
  onContinue: () => void;
  continueLabel: string;
  /** Seeks the video to where a question's answer is explained. */
  onRewatch: (seconds: number) => void;
  /** A retake of a finished section's quiz: answering from nothing, the last attempt not shown. */
  retake?: boolean;
};

/**
 * "Test Your Knowledge" for one section (the player mounts one per section, keyed by it). The
 * quiz is fetched, or generated on demand when the section has none yet. Correct answers and
 * explanations arrive only with the scored attempt. The quiz comes back with the learner's last
 * attempt, shown until they retake it (a reload keeps the result).
 */
export default function SectionQuiz({ sectionId, onContinue, continueLabel, onRewatch, retake = false }: SectionQuizProps) {
  const text = useCourseText();
  const utils = api.useUtils();
  // null before the section's quiz exists (quiz.find; the documented REST path answers 404 instead).
  const quiz = api.quiz.find.useQuery({ id: sectionId });
  const generate = api.quiz.generate.useMutation({
    onSuccess: (generated) => utils.quiz.find.setData({ id: sectionId }, generated),
  });
  const [answering, dispatch] = useReducer(quizReducer, retake ? retakeQuizState : initialQuizState);
  const submit = api.quiz.submitAttempt.useMutation({
    onSuccess(result) {
      dispatch({ type: "scored", result });
      // The quiz shown again later (another visit to the section) comes back with this attempt.
      void utils.quiz.find.invalidate({ id: sectionId });
      void utils.gamification.badges.invalidate();
      void utils.gamification.recentActivity.invalidate();
      void utils.gamification.streak.invalidate();
      void utils.review.dueCount.invalidate();
      toast({ title: "Quiz submitted", description: `You scored ${result.score}%!` });
    },
    onError(error) {
      dispatch({ type: "failed" });
      toast({ variant: "destructive", title: "Error submitting quiz", description: failureText(error) });
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
    toast({ variant: "destructive", title: "Failed to fetch or generate quiz", description: failureText(generate.error ?? quiz.error) });
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

  const { questions, lastAttempt } = data;
  // Until the learner does anything, the last attempt is what the quiz shows.
  const state = lastAttempt ? quizReducer(answering, { type: "restore", attempt: lastAttempt }) : answering;
  const locked = state.phase !== "answering";
  const result = state.phase === "submitted" ? state.result : null;
  const resultFor = (questionId: number) => result?.results.find((item) => item.questionId === questionId);
  const cardsMessage = result ? missedCardsMessage(result) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.phase !== "answering") return;
    if (!allAnswered(questions, state.answers)) {
      const missing = firstUnanswered(questions, state.answers);
      // The first question still to answer: its text area, or its first option.
      event.currentTarget.querySelector<HTMLElement>(`[name="question-${missing}"]`)?.focus();
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
        <CardDescription data-testid="quiz-description" {...text}>
          {data.quiz.description || data.quiz.title}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form aria-labelledby="quiz-heading" onSubmit={onSubmit} className="grid gap-6" noValidate>
          {questions.map((question, questionIndex) => {
            const chosen = state.answers[question.id];
            const verdict = resultFor(question.id);
            const rewatchAt = verdict ? (verdict.sourceTime ?? question.sourceTime) : null;
            const answer = (value: string) => dispatch({ type: "answer", questionId: question.id, answer: value });
            return (
              <fieldset
                key={question.id}
                data-testid="quiz-question"
                data-kind={question.kind}
                data-correct={verdict ? String(verdict.correct) : undefined}
                className="grid gap-2"
              >
                <legend className="mb-2 font-medium">
                  {questionIndex + 1}. <span {...text}>{question.questionText}</span>
                </legend>
                {question.kind === "open" ? (
                  <>
                    <OpenAnswer questionId={question.id} value={chosen ?? ""} locked={locked} onChange={answer} />
                    {verdict ? <OpenResult result={verdict} rewatchAt={rewatchAt} onRewatch={onRewatch} /> : null}
                  </>
                ) : (
                  <ChoiceAnswer
                    question={question}
                    chosen={chosen}
                    verdict={verdict}
                    locked={locked}
                    onChoose={answer}
                    rewatchAt={rewatchAt}
                    onRewatch={onRewatch}
                  />
                )}
              </fieldset>
            );
          })}

          {result ? (
            <div data-testid="quiz-result" className="flex flex-wrap items-center gap-3 border-t pt-4">
              <p className="text-lg font-semibold" data-testid="quiz-score">
                Your score: {result.score}%
              </p>
              {result.passed ? (
                <>
                  <span className="rounded-full bg-green-700 px-3 py-1 text-sm font-semibold text-white">Passed</span>
                  <Button variant="outline" onClick={() => dispatch({ type: "retry" })} data-testid="quiz-retake">
                    Retake quiz
                  </Button>
                </>
              ) : (
                <Button variant="outline" onClick={() => dispatch({ type: "retry" })}>
                  Try Again
                </Button>
              )}
              <Button onClick={onContinue} className="ml-auto">
                Continue
              </Button>
              {state.phase === "submitted" && state.restored ? (
                <p className="basis-full text-sm text-muted-foreground" data-testid="quiz-last-attempt">
                  Your last attempt, scored {new Date(lastAttempt!.submittedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}.
                </p>
              ) : null}
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
