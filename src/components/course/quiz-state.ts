/**
 * The quiz's answering state, pure: the learner's choices until submission, then the server's
 * verdict (the browser never sees a correct answer before submitting).
 */

export const PASS_THRESHOLD_PERCENT = 70;

export type QuizQuestion = { id: number; questionText: string; options: string[]; sourceTime: number | null };
export type QuestionResult = { questionId: number; answer: string; correct: boolean; correctAnswer: string; explanation: string; sourceTime: number | null };
/** `cardsCreated`: review cards the attempt made from the questions it missed. */
export type AttemptResult = { score: number; passed: boolean; results: QuestionResult[]; cardsCreated: number };

export type QuizState =
  | { phase: "answering"; answers: Record<number, string> }
  | { phase: "submitting"; answers: Record<number, string> }
  | { phase: "submitted"; answers: Record<number, string>; result: AttemptResult };

export type QuizAction =
  | { type: "answer"; questionId: number; answer: string }
  | { type: "submit" }
  | { type: "failed" }
  | { type: "scored"; result: AttemptResult }
  | { type: "retry" };

export const initialQuizState: QuizState = { phase: "answering", answers: {} };

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case "answer":
      // Answers are locked from the moment they are sent.
      if (state.phase !== "answering") return state;
      return { phase: "answering", answers: { ...state.answers, [action.questionId]: action.answer } };
    case "submit":
      return state.phase === "answering" ? { phase: "submitting", answers: state.answers } : state;
    case "failed":
      return state.phase === "submitting" ? { phase: "answering", answers: state.answers } : state;
    case "scored":
      return state.phase === "submitting" ? { phase: "submitted", answers: state.answers, result: action.result } : state;
    case "retry":
      return initialQuizState;
  }
}

export function unansweredCount(questions: readonly Pick<QuizQuestion, "id" | "options">[], answers: Record<number, string>): number {
  return questions.filter((question) => {
    const answer = answers[question.id];
    return answer === undefined || !question.options.includes(answer);
  }).length;
}

export function allAnswered(questions: readonly Pick<QuizQuestion, "id" | "options">[], answers: Record<number, string>): boolean {
  return unansweredCount(questions, answers) === 0;
}

/** The attempt's payload, in question order. */
export function attemptAnswers(questions: readonly Pick<QuizQuestion, "id">[], answers: Record<number, string>) {
  return questions.map((question) => ({ questionId: question.id, answer: answers[question.id] ?? "" }));
}

export function isPassing(score: number): boolean {
  return score >= PASS_THRESHOLD_PERCENT;
}

export type OptionMark = "correct" | "wrong" | "none";

/**
 * How an option is drawn after submission: the right answer green, a wrong chosen answer red,
 * the rest plain. Before submission every option is plain.
 */
export function optionMark(option: string, chosen: string | undefined, result: Pick<QuestionResult, "correctAnswer"> | undefined): OptionMark {
  if (!result) return "none";
  if (option === result.correctAnswer) return "correct";
  if (option === chosen) return "wrong";
  return "none";
}

/**
 * What a scored attempt says about the review cards made from its missed questions; null when it
 * missed none. A retake's misses that are cards already make no new ones, and it says so.
 */
export function missedCardsMessage(result: { results: readonly Pick<QuestionResult, "correct">[]; cardsCreated: number }): string | null {
  const missed = result.results.filter((item) => !item.correct).length;
  if (missed === 0) return null;
  const made = result.cardsCreated;
  if (made === 0) return missed === 1 ? "The question you missed is already a review card." : "The questions you missed are already review cards.";
  const cards = `${made} review card${made === 1 ? "" : "s"} made from the question${missed === 1 ? "" : "s"} you missed`;
  if (made === missed) return `${cards}.`;
  return `${cards}; ${missed - made === 1 ? "the other was a card" : "the others were cards"} already.`;
}
