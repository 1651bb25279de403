import { describe, expect, it } from "vitest";

import { OPEN_PASS_CREDIT, quizAnswerInput } from "~/lib/schemas/quiz";

import {
  allAnswered,
  attemptAnswers,
  characterCount,
  creditSummary,
  firstUnanswered,
  initialQuizState,
  isAnswered,
  missedCardsMessage,
  optionMark,
  quizReducer,
  unansweredCount,
  retakeQuizState,
  type AttemptResult,
  type LastAttempt,
  type QuizState,
} from "./quiz-state";
import { OPEN_ANSWER_MAX_LENGTH } from "~/lib/rules/quiz";

const questions = [
  { id: 1, kind: "choice" as const, options: ["a", "b", "c", "d"] },
  { id: 2, kind: "choice" as const, options: ["w", "x", "y", "z"] },
];
const open = { id: 3, kind: "open" as const, options: [] };
const result: AttemptResult = {
  score: 50,
  passed: false,
  results: [
    { questionId: 1, answer: "a", correct: true, credit: 1, feedback: null, correctAnswer: "a", explanation: "", sourceTime: null },
    { questionId: 2, answer: "x", correct: false, credit: 0, feedback: null, correctAnswer: "y", explanation: "", sourceTime: 12 },
  ],
  cardsCreated: 1,
};

const lastAttempt: LastAttempt = { attemptId: 9, score: 50, passed: false, submittedAt: "2026-12-07T02:00:00.000Z", results: result.results };

function run(...actions: Parameters<typeof quizReducer>[1][]): QuizState {
  return actions.reduce(quizReducer, initialQuizState);
}

describe("quizReducer", () => {
  it("records and changes answers while answering", () => {
    const state = run(
      { type: "answer", questionId: 1, answer: "a" },
      { type: "answer", questionId: 1, answer: "b" },
      { type: "answer", questionId: 2, answer: "x" },
    );
    expect(state).toEqual({ phase: "answering", answers: { 1: "b", 2: "x" }, fresh: false });
  });

  it("locks answers once submitted", () => {
    const submitting = run({ type: "answer", questionId: 1, answer: "a" }, { type: "submit" });
    expect(submitting.phase).toBe("submitting");
    expect(quizReducer(submitting, { type: "answer", questionId: 1, answer: "c" })).toBe(submitting);
    const submitted = quizReducer(submitting, { type: "scored", result });
    expect(submitted).toMatchObject({ phase: "submitted", answers: { 1: "a" }, result });
    expect(quizReducer(submitted, { type: "answer", questionId: 1, answer: "c" })).toBe(submitted);
    expect(quizReducer(submitted, { type: "submit" })).toBe(submitted);
  });

  it("unlocks the answers when the submission fails", () => {
    const state = run({ type: "answer", questionId: 1, answer: "a" }, { type: "submit" }, { type: "failed" });
    expect(state).toEqual({ phase: "answering", answers: { 1: "a" }, fresh: false });
  });

  it("ignores a late result when not submitting", () => {
    expect(quizReducer(initialQuizState, { type: "scored", result })).toBe(initialQuizState);
  });

  it("starts over on retry, without the last attempt", () => {
    const state = run({ type: "answer", questionId: 1, answer: "a" }, { type: "submit" }, { type: "scored", result }, { type: "retry" });
    expect(state).toEqual(retakeQuizState);
    expect(quizReducer(state, { type: "restore", attempt: lastAttempt })).toBe(state);
  });

  it("shows the last attempt on a quiz nobody has touched, with its answers locked", () => {
    const restored = run({ type: "restore", attempt: lastAttempt });
    expect(restored).toEqual({
      phase: "submitted",
      answers: { 1: "a", 2: "x" },
      result: { score: 50, passed: false, results: lastAttempt.results, cardsCreated: null },
      restored: true,
    });
    expect(quizReducer(restored, { type: "answer", questionId: 2, answer: "y" })).toBe(restored);
    // The cards were told of when the attempt was scored: not again.
    expect(missedCardsMessage((restored as Extract<QuizState, { phase: "submitted" }>).result)).toBeNull();
    // Retaking clears it, and it does not come back.
    const retaking = quizReducer(restored, { type: "retry" });
    expect(retaking).toEqual({ phase: "answering", answers: {}, fresh: false });
    expect(quizReducer(retaking, { type: "restore", attempt: lastAttempt })).toBe(retaking);
  });

  it("never puts the last attempt over answers being given or sent", () => {
    const answering = run({ type: "answer", questionId: 1, answer: "b" });
    expect(quizReducer(answering, { type: "restore", attempt: lastAttempt })).toBe(answering);
    const submitting = quizReducer(answering, { type: "submit" });
    expect(quizReducer(submitting, { type: "restore", attempt: lastAttempt })).toBe(submitting);
  });
});

describe("answers", () => {
  it("counts questions without a valid answer", () => {
    expect(unansweredCount(questions, {})).toBe(2);
    expect(unansweredCount(questions, { 1: "a" })).toBe(1);
    expect(unansweredCount(questions, { 1: "a", 2: "not an option" })).toBe(1);
    expect(allAnswered(questions, { 1: "a", 2: "z" })).toBe(true);
    expect(allAnswered([], {})).toBe(true);
  });

  it("counts a non-blank open answer as answered, whatever its words", () => {
    expect(isAnswered(open, undefined)).toBe(false);
    expect(isAnswered(open, "")).toBe(false);
    expect(isAnswered(open, "  \n\t ")).toBe(false);
    expect(isAnswered(open, "It halves the range.")).toBe(true);
    // Invisible characters say nothing: zero-width spaces, a BOM, NBSP, control characters, a Hangul filler.
    for (const invisible of ["\u200B\u200B", "\uFEFF", "\u00A0\u00A0", "\u0007\u001B", "\u200D\u2060", "\u3164"])
      expect(isAnswered(open, invisible)).toBe(false);
    expect(isAnswered(open, "\u200Bhalves\u200B")).toBe(true);
    // A choice's text is no open answer, and an open answer's is no option.
    expect(isAnswered(questions[0]!, "It halves the range.")).toBe(false);
    const mixed = [...questions, open];
    expect(unansweredCount(mixed, { 1: "a", 2: "z" })).toBe(1);
    expect(unansweredCount(mixed, { 1: "a", 2: "z", 3: "   " })).toBe(1);
    expect(allAnswered(mixed, { 1: "a", 2: "z", 3: "halves" })).toBe(true);
  });

  it("finds the first question still to answer", () => {
    const mixed = [...questions, open];
    expect(firstUnanswered(mixed, {})).toBe(1);
    expect(firstUnanswered(mixed, { 1: "a", 2: "z", 3: " " })).toBe(3);
    expect(firstUnanswered(mixed, { 1: "a", 3: "halves" })).toBe(2);
    expect(firstUnanswered(mixed, { 1: "a", 2: "z", 3: "halves" })).toBeNull();
  });

  it("builds the attempt in question order, open answers trimmed", () => {
    expect(attemptAnswers([...questions, open], { 3: "  It halves the range.\n", 2: "z", 1: "a" })).toEqual([
      { questionId: 1, answer: "a" },
      { questionId: 2, answer: "z" },
      { questionId: 3, answer: "It halves the range." },
    ]);
  });

  it("counts an open answer's characters against the server's limit", () => {
    expect(OPEN_ANSWER_MAX_LENGTH).toBe(quizAnswerInput.shape.answer.maxLength);
    expect(characterCount(undefined)).toBe("0 of 1,000 characters");
    expect(characterCount("a".repeat(1_000))).toBe("1,000 of 1,000 characters");
  });
});

describe("creditSummary", () => {
  const graded = (credit: number) => ({ credit, correct: credit >= OPEN_PASS_CREDIT });

  it("says how right an open answer is, in words and a percent", () => {
    expect(creditSummary(graded(1)).label).toBe("Right — 100%");
    expect(creditSummary(graded(0.9)).label).toBe("Right — 90%");
    expect(creditSummary(graded(0.75))).toEqual({ percent: 75, words: "Mostly right", tone: "right", label: "Mostly right — 75%" });
    expect(creditSummary(graded(0.6)).label).toBe("Mostly right — 60%");
    expect(creditSummary(graded(0.5))).toEqual({ percent: 50, words: "Partly right", tone: "partial", label: "Partly right — 50%" });
    expect(creditSummary(graded(0.2)).label).toBe("Partly right — 20%");
    expect(creditSummary(graded(0.1))).toEqual({ percent: 10, words: "Missed", tone: "wrong", label: "Missed — 10%" });
    expect(creditSummary(graded(0)).label).toBe("Missed — 0%");
  });

  it("never shows an answer short of the pass mark as reaching it", () => {
    expect(creditSummary(graded(0.599)).label).toBe("Partly right — 59%");
    // Floating point: 0.29 × 100 is 28.999…
    expect(creditSummary(graded(0.29)).percent).toBe(29);
    expect(creditSummary(graded(0.57)).percent).toBe(57);
  });
});

describe("optionMark", () => {
  it("draws the right answer green and a wrong choice red, only after submission", () => {
    expect(optionMark("y", "x", result.results[1])).toBe("correct");
    expect(optionMark("x", "x", result.results[1])).toBe("wrong");
    expect(optionMark("w", "x", result.results[1])).toBe("none");
    expect(optionMark("a", "a", result.results[0])).toBe("correct");
    expect(optionMark("x", "x", undefined)).toBe("none");
  });
});

describe("missedCardsMessage", () => {
  const missing = (wrong: number, cardsCreated: number) => ({
    cardsCreated,
    results: Array.from({ length: 4 }, (_, i) => ({ correct: i >= wrong })),
  });

  it("says how many cards the missed questions became, and nothing when none was missed", () => {
    expect(missedCardsMessage(result)).toBe("1 review card made from the question you missed.");
    expect(missedCardsMessage(missing(4, 4))).toBe("4 review cards made from the questions you missed.");
    expect(missedCardsMessage(missing(3, 1))).toBe("1 review card made from the questions you missed; the others were cards already.");
    expect(missedCardsMessage(missing(2, 1))).toBe("1 review card made from the questions you missed; the other was a card already.");
    expect(missedCardsMessage(missing(2, 0))).toBe("The questions you missed are already review cards.");
    expect(missedCardsMessage(missing(1, 0))).toBe("The question you missed is already a review card.");
    expect(missedCardsMessage(missing(0, 0))).toBeNull();
  });
});
