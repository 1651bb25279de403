import { describe, expect, it } from "vitest";

import {
  allAnswered,
  attemptAnswers,
  initialQuizState,
  isPassing,
  missedCardsMessage,
  optionMark,
  quizReducer,
  unansweredCount,
  type AttemptResult,
  type QuizState,
} from "./quiz-state";

const questions = [
  { id: 1, options: ["a", "b", "c", "d"] },
  { id: 2, options: ["w", "x", "y", "z"] },
];
const result: AttemptResult = {
  score: 50,
  passed: false,
  results: [
    { questionId: 1, answer: "a", correct: true, correctAnswer: "a", explanation: "", sourceTime: null },
    { questionId: 2, answer: "x", correct: false, correctAnswer: "y", explanation: "", sourceTime: 12 },
  ],
  cardsCreated: 1,
};

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
    expect(state).toEqual({ phase: "answering", answers: { 1: "b", 2: "x" } });
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
    expect(state).toEqual({ phase: "answering", answers: { 1: "a" } });
  });

  it("ignores a late result when not submitting", () => {
    expect(quizReducer(initialQuizState, { type: "scored", result })).toBe(initialQuizState);
  });

  it("starts over on retry", () => {
    const state = run({ type: "answer", questionId: 1, answer: "a" }, { type: "submit" }, { type: "scored", result }, { type: "retry" });
    expect(state).toEqual(initialQuizState);
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

  it("builds the attempt in question order", () => {
    expect(attemptAnswers(questions, { 2: "z", 1: "a" })).toEqual([
      { questionId: 1, answer: "a" },
      { questionId: 2, answer: "z" },
    ]);
  });
});

describe("isPassing", () => {
  it("passes at 70 percent or more", () => {
    expect(isPassing(69)).toBe(false);
    expect(isPassing(70)).toBe(true);
    expect(isPassing(100)).toBe(true);
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
