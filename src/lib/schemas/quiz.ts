import { z } from "zod";

import { OPEN_ANSWER_MAX_LENGTH } from "~/lib/rules/quiz";

import { idParam, idSchema, storableText } from "./common";

/**
 * The quiz API contract. Correct answers and explanations never appear in the quiz itself:
 * they come back only with a scored attempt (spec README: the old app leaked them).
 */

/** GET /api/sections/{id}/quiz and POST /api/sections/{id}/generate-quiz: the section id. */
export const sectionQuizInput = z.object({ id: idParam }).strict();

export const QUIZ_PASS_SCORE = 70;
/** An open answer counts as right from this credit. */
export const OPEN_PASS_CREDIT = 0.6;

const QUESTION_KINDS = ["choice", "open"] as const;

export const quizQuestionOutput = z.object({
  id: z.number().int(),
  kind: z.enum(QUESTION_KINDS).describe('"choice": answer with one of the options; "open": answer in your own words (options is empty)'),
  questionText: z.string(),
  options: z.array(z.string()).describe("Four answer options; none for an open question"),
  /** Seconds from the start of the video: the moment the question is based on. */
  sourceTime: z.number().int().nullable(),
});

/** One question of a scored attempt: the learner's answer, its verdict, and what the quiz hid until then. */
const questionResultOutput = z.object({
  questionId: z.number().int(),
  answer: z.string().describe('The answer given; "" for an open question the attempt left out'),
  correct: z.boolean().describe(`A choice answered right, or an open answer earning credit ≥ ${OPEN_PASS_CREDIT}`),
  credit: z.number().min(0).max(1).describe("How right the answer is: 0 or 1 for a choice, the graded credit of an open answer"),
  feedback: z.string().nullable().describe("For an open answer: what it covered or missed, and the moment to rewatch; null for a choice"),
  correctAnswer: z.string().describe("The right option, or an open question's reference answer"),
  explanation: z.string(),
  sourceTime: z.number().int().nullable(),
});

/** The caller's latest scored attempt at a quiz, as the attempt answered it (results of the questions still in the quiz). */
const lastAttemptOutput = z.object({
  attemptId: z.number().int(),
  score: z.number().int().min(0).max(100),
  passed: z.boolean(),
  submittedAt: z.string().describe("When it was scored (ISO 8601, UTC)"),
  results: z.array(questionResultOutput),
});
export type LastAttempt = z.infer<typeof lastAttemptOutput>;

export const quizOutput = z.object({
  quiz: z.object({
    id: z.number().int(),
    title: z.string().describe("The section's current title, as the course's language words it"),
    description: z.string().describe("How many questions the quiz holds and on which section, in the course's language"),
    /** Which engine wrote it: "llm" or "offline". */
    engine: z.string().nullable(),
  }),
  questions: z.array(quizQuestionOutput),
  lastAttempt: lastAttemptOutput
    .nullable()
    .describe("The caller's latest attempt at this quiz (score and per-question results), or null; never another learner's"),
});
export type QuizView = z.infer<typeof quizOutput>;

export const EMPTY_OPEN_ANSWER = (number: number) => `The answer to question ${number} is empty: write it in your own words`;
export const ANSWER_ALL_MESSAGE = "Please answer all questions";

export const quizAnswerInput = z
  .object({
    questionId: idSchema,
    answer: storableText("Answer").max(OPEN_ANSWER_MAX_LENGTH, "Answer is too long"),
  })
  .strict();

/** POST /api/quizzes/{id}/attempts */
export const submitAttemptInput = z
  .object({
    id: idParam,
    /** The documented body carries one; it must be the caller's own. */
    userId: idSchema.optional(),
    /** Missing means none given: the service answers "Please answer all questions". */
    answers: z.array(quizAnswerInput, { error: "answers must be a list of { questionId, answer }" }).max(50, "Too many answers").default([]),
  })
  .strict();

export const attemptResultOutput = z.object({
  attemptId: z.number().int(),
  /** The questions' credit as a percent (a choice counts 1 or 0, an open answer its credit), rounded to a whole number. */
  score: z.number().int().min(0).max(100),
  passed: z.boolean().describe(`score ≥ ${QUIZ_PASS_SCORE}`),
  results: z.array(questionResultOutput),
  /** Review cards this attempt made from the questions it missed (none for a question that already has one). */
  cardsCreated: z.number().int().min(0).describe("Review cards made from this attempt's missed questions (at /review)"),
});
export type AttemptResult = z.infer<typeof attemptResultOutput>;
