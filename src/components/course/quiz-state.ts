/**
 * The quiz's answering state, pure: the learner's choices until submission, then the server's
 * verdict (the browser never sees a correct answer before submitting).
 */
import { OPEN_ANSWER_MAX_LENGTH } from "~/lib/rules/quiz";

/** "choice": one of `options`; "open": in the learner's own words (`options` is empty). */
export type QuizQuestion = { id: number; kind: "choice" | "open"; questionText: string; options: string[]; sourceTime: number | null };
/**
 * `credit`: 0 or 1 for a choice, the graded credit of an open answer; `feedback`: an open answer's
 * only; `correctAnswer`: the right option, or an open question's reference answer.
 */
export type QuestionResult = {
  questionId: number;
  answer: string;
  correct: boolean;
  credit: number;
  feedback: string | null;
  correctAnswer: string;
  explanation: string;
  sourceTime: number | null;
};
/**
 * A scored attempt as shown. `cardsCreated`: review cards the attempt made from the questions it
 * missed; null for a last attempt shown again after a reload (the cards were told of then).
 */
export type AttemptResult = { score: number; passed: boolean; results: QuestionResult[]; cardsCreated: number | null };

/** The learner's last attempt as the quiz comes back with it (lastAttempt on GET /api/sections/{id}/quiz). */
export type LastAttempt = { attemptId: number; score: number; passed: boolean; submittedAt: string; results: QuestionResult[] };

/**
 * `restored`: the result shown is the last attempt the quiz came back with. `fresh`: nothing has
 * happened yet, so a last attempt may still be shown; a retake starts without it.
 */
export type QuizState =
  | { phase: "answering"; answers: Record<number, string>; fresh: boolean }
  | { phase: "submitting"; answers: Record<number, string> }
  | { phase: "submitted"; answers: Record<number, string>; result: AttemptResult; restored: boolean };

export type QuizAction =
  | { type: "answer"; questionId: number; answer: string }
  | { type: "submit" }
  | { type: "failed" }
  | { type: "scored"; result: AttemptResult }
  | { type: "restore"; attempt: LastAttempt }
  | { type: "retry" };

export const initialQuizState: QuizState = { phase: "answering", answers: {}, fresh: true };
/** A retake: answering again from nothing, the last attempt not shown. */
export const retakeQuizState: QuizState = { phase: "answering", answers: {}, fresh: false };

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case "answer":
      // Answers are locked from the moment they are sent.
      if (state.phase !== "answering") return state;
      return { phase: "answering", answers: { ...state.answers, [action.questionId]: action.answer }, fresh: false };
    case "submit":
      return state.phase === "answering" ? { phase: "submitting", answers: state.answers } : state;
    case "failed":
      return state.phase === "submitting" ? { phase: "answering", answers: state.answers, fresh: false } : state;
    case "scored":
      return state.phase === "submitting" ? { phase: "submitted", answers: state.answers, result: action.result, restored: false } : state;
    case "restore": {
      // Only over a quiz nobody has touched yet: never over answers being given, nor after a retake.
      if (state.phase !== "answering" || !state.fresh) return state;
      const { score, passed, results } = action.attempt;
      const answers = Object.fromEntries(results.map((result) => [result.questionId, result.answer]));
      return { phase: "submitted", answers, result: { score, passed, results, cardsCreated: null }, restored: true };
    }
    case "retry":
      return retakeQuizState;
  }
}

/** Something a reader can see: not only spacing, control characters or invisible ones (zero-width spaces, a BOM). */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

type AnswerableQuestion = Pick<QuizQuestion, "id" | "kind" | "options">;

/** A choice question is answered with one of its options, an open one with any text a reader can see (the server's rule too). */
export function isAnswered(question: Pick<QuizQuestion, "kind" | "options">, answer: string | undefined): boolean {
  if (answer === undefined) return false;
  return question.kind === "open" ? VISIBLE.test(answer) : question.options.includes(answer);
}

export function unansweredCount(questions: readonly AnswerableQuestion[], answers: Record<number, string>): number {
  return questions.filter((question) => !isAnswered(question, answers[question.id])).length;
}

export function allAnswered(questions: readonly AnswerableQuestion[], answers: Record<number, string>): boolean {
  return unansweredCount(questions, answers) === 0;
}

/** The first question still to answer (where the quiz sends focus), or null. */
export function firstUnanswered(questions: readonly AnswerableQuestion[], answers: Record<number, string>): number | null {
  return questions.find((question) => !isAnswered(question, answers[question.id]))?.id ?? null;
}

/** The attempt's payload, in question order; open answers trimmed as the server counts them. */
export function attemptAnswers(questions: readonly Pick<QuizQuestion, "id" | "kind">[], answers: Record<number, string>) {
  return questions.map((question) => {
    const answer = answers[question.id] ?? "";
    return { questionId: question.id, answer: question.kind === "open" ? answer.trim() : answer };
  });
}

/** What the character count under an open answer says. */
export function characterCount(answer: string | undefined): string {
  return `${(answer ?? "").length.toLocaleString("en-US")} of ${OPEN_ANSWER_MAX_LENGTH.toLocaleString("en-US")} characters`;
}

export type CreditTone = "right" | "partial" | "wrong";
export type CreditSummary = { percent: number; words: string; tone: CreditTone; label: string };

/**
 * How a graded open answer reads: "Partly right — 50%". The server's `correct` (credit ≥ 0.6)
 * decides right from not; the percent is rounded down, so an answer just short of the pass mark
 * never reads as having reached it.
 */
export function creditSummary(result: Pick<QuestionResult, "credit" | "correct">): CreditSummary {
  const percent = Math.min(100, Math.max(0, Math.floor(result.credit * 100 + 1e-9)));
  const [words, tone]: [string, CreditTone] = result.correct
    ? [percent >= 90 ? "Right" : "Mostly right", "right"]
    : percent >= 20
      ? ["Partly right", "partial"]
      : ["Missed", "wrong"];
  return { percent, words, tone, label: `${words} — ${percent}%` };
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
export function missedCardsMessage(result: { results: readonly Pick<QuestionResult, "correct">[]; cardsCreated: number | null }): string | null {
  const missed = result.results.filter((item) => !item.correct).length;
  if (missed === 0 || result.cardsCreated === null) return null;
  const made = result.cardsCreated;
  if (made === 0) return missed === 1 ? "The question you missed is already a review card." : "The questions you missed are already review cards.";
  const cards = `${made} review card${made === 1 ? "" : "s"} made from the question${missed === 1 ? "" : "s"} you missed`;
  if (made === missed) return `${cards}.`;
  return `${cards}; ${missed - made === 1 ? "the other was a card" : "the others were cards"} already.`;
}
