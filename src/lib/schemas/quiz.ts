import { z } from "zod";

import { idParam, idSchema, storableText } from "./common";

/**
 * The quiz API contract. Correct answers and explanations never appear in the quiz itself:
 * they come back only with a scored attempt (spec README: the old app leaked them).
 */

/** GET /api/sections/{id}/quiz and POST /api/sections/{id}/generate-quiz: the section id. */
export const sectionQuizInput = z.object({ id: idParam }).strict();

export const quizQuestionOutput = z.object({
  id: z.number().int(),
  questionText: z.string(),
  options: z.array(z.string()).describe("Four answer options"),
  /** Seconds from the start of the video: the moment the question is based on. */
  sourceTime: z.number().int().nullable(),
});

export const quizOutput = z.object({
  quiz: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    /** Which engine wrote it: "llm" or "offline". */
    engine: z.string().nullable(),
  }),
  questions: z.array(quizQuestionOutput),
});
export type QuizView = z.infer<typeof quizOutput>;

export const QUIZ_PASS_SCORE = 70;
export const ANSWER_ALL_MESSAGE = "Please answer all questions";

export const quizAnswerInput = z
  .object({
    questionId: idSchema,
    answer: storableText("Answer").max(1_000, "Answer is too long"),
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
export type SubmitAttemptInput = z.infer<typeof submitAttemptInput>;

export const attemptResultOutput = z.object({
  attemptId: z.number().int(),
  /** Percent of questions answered correctly, rounded to a whole number. */
  score: z.number().int().min(0).max(100),
  passed: z.boolean().describe(`score ≥ ${QUIZ_PASS_SCORE}`),
  results: z.array(
    z.object({
      questionId: z.number().int(),
      answer: z.string(),
      correct: z.boolean(),
      correctAnswer: z.string(),
      explanation: z.string(),
      sourceTime: z.number().int().nullable(),
    }),
  ),
  /** Review cards this attempt made from the questions it missed (none for a question that already has one). */
  cardsCreated: z.number().int().min(0).describe("Review cards made from this attempt's missed questions (at /review)"),
});
export type AttemptResult = z.infer<typeof attemptResultOutput>;
