/**
 * Scores answers to quiz questions, choice and open alike: a choice is right or wrong (credit 1 or
 * 0); an open answer is graded (credit 0–1 and feedback) and counts as right from
 * OPEN_PASS_CREDIT. Quiz attempts and practice answers both score here.
 */
import type { LanguageModel } from "ai";

import { cleanLearnerText } from "~/lib/schemas/common";
import { EMPTY_OPEN_ANSWER, OPEN_PASS_CREDIT } from "~/lib/schemas/quiz";
import { isAiError } from "~/server/ai/errors";
import { aiCallSettings, getLanguageModel } from "~/server/ai/models";
import { COPY_CREDIT, gradeOpenAnswer, openFeedback } from "~/server/ai/offline/grade-open";
import { gradeWithModel } from "~/server/ai/quiz/grade";
import { AppError } from "~/server/errors";
import { logger } from "~/server/logger";

export type GradableQuestion = {
  id: number;
  kind: "choice" | "open";
  questionText: string;
  options: readonly string[];
  /** A choice's right option; an open question's reference answer. */
  correctAnswer: string;
  keyIdeas: readonly string[];
  sourceTime: number | null;
};

export type GradedAnswer = { answer: string; correct: boolean; credit: number; feedback: string | null };

/** What grades open answers: the offline grader, or a model's (same contract, in order). */
export type OpenAnswerGrader = (
  items: readonly { question: GradableQuestion; answer: string }[],
  language: string,
) => Promise<{ credit: number; feedback: string }[]>;

const offlineGrade = ({ question, answer }: { question: GradableQuestion; answer: string }, language: string) =>
  gradeOpenAnswer(answer, { questionText: question.questionText, reference: question.correctAnswer, keyIdeas: question.keyIdeas }, language);

export const offlineOpenGrader: OpenAnswerGrader = (items, language) =>
  Promise.resolve(
    items.map((item) => {
      const grade = offlineGrade(item, language);
      return { credit: grade.credit, feedback: openFeedback(grade, item.question, item.question.sourceTime, language) };
    }),
  );

/**
 * A model grades by the rubric (ai/quiz/grade.ts); an answer that only says the question back,
 * or only lists terms without relating them, keeps the offline grader's credit as a cap whatever
 * the model says. When the model fails, the offline grader grades:
 * an attempt is never refused for want of a model.
 */
export function modelOpenGrader(model: LanguageModel, timeoutMs: number): OpenAnswerGrader {
  return async (items, language) => {
    const offline = items.map((item) => offlineGrade(item, language));
    try {
      const graded = await gradeWithModel(
        model,
        items.map(({ question, answer }) => ({ questionText: question.questionText, reference: question.correctAnswer, keyIdeas: question.keyIdeas, answer })),
        language,
        { timeoutMs },
      );
      return graded.map((grade, k) => {
        const cap = offline[k]!.copied ? COPY_CREDIT : offline[k]!.listed ? offline[k]!.credit : 1;
        return { ...grade, credit: Math.min(grade.credit, cap) };
      });
    } catch (error) {
      if (!isAiError(error)) throw error;
      logger.warn("open answers graded offline: the model failed", { kind: error.kind });
      return offlineOpenGrader(items, language);
    }
  };
}

/**
 * The answer as it is graded and stored, or a 400: a choice must be one of its options, verbatim;
 * an open answer must say something visible (it is stored cleaned as a learner's text: without
 * invisible characters, spacing tidied, trimmed). `number` is the question's place in its quiz.
 */
export function acceptedAnswer(question: GradableQuestion, answer: string, number: number): string {
  if (question.kind === "open") {
    // Invisible characters (zero-width spaces, a BOM, control characters) and spacing say nothing.
    const text = cleanLearnerText(answer, "multi-line");
    if (!text) throw new AppError("BAD_REQUEST", EMPTY_OPEN_ANSWER(number));
    return text;
  }
  if (!question.options.includes(answer)) throw new AppError("BAD_REQUEST", `The answer to question ${number} is not one of its options`);
  return answer;
}

/** Each answer scored, in order; the open ones graded together by `grader`. */
export async function gradeAnswers(
  items: readonly { question: GradableQuestion; answer: string }[],
  language: string,
  grader: OpenAnswerGrader = offlineOpenGrader,
): Promise<GradedAnswer[]> {
  const open = items.filter((item) => item.question.kind === "open");
  const grades = open.length > 0 ? await grader(open, language) : [];
  let next = 0;
  return items.map(({ question, answer }) => {
    if (question.kind !== "open") {
      const correct = answer === question.correctAnswer;
      return { answer, correct, credit: correct ? 1 : 0, feedback: null };
    }
    const { credit, feedback } = grades[next++]!;
    const bounded = Math.min(1, Math.max(0, Number.isFinite(credit) ? credit : 0));
    return { answer, correct: bounded >= OPEN_PASS_CREDIT, credit: bounded, feedback };
  });
}

/** The grader of open answers: the model's when one is set up, the offline one otherwise. */
export function defaultOpenGrader(): OpenAnswerGrader {
  const model = getLanguageModel();
  return model ? modelOpenGrader(model, aiCallSettings().timeoutMs) : offlineOpenGrader;
}
