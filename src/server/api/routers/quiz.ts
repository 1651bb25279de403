import { jsonIdInput } from "~/lib/schemas/common";
import { attemptResultOutput, quizOutput, sectionQuizInput, submitAttemptInput } from "~/lib/schemas/quiz";
import { generateSectionQuiz } from "~/server/services/quiz/generate-quiz";
import { findVisibleSectionQuiz, getSectionQuizOrThrow } from "~/server/services/quiz/get-quiz";
import { submitQuizAttempt } from "~/server/services/quiz/submit-attempt";

import { createTRPCRouter, protectedProcedure, ownUserIdOnly } from "../trpc";

export const quizRouter = createTRPCRouter({
  // GET /api/sections/{id}/quiz
  bySection: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/sections/{id}/quiz",
        errorResponses: { 404: "Section not found, or its quiz is not generated yet (then generate it)" },
        tags: ["quizzes"],
        summary: "A section's quiz, without its answers (404 until generated)",
      },
    })
    .input(sectionQuizInput)
    .output(quizOutput)
    .query(({ ctx, input }) => getSectionQuizOrThrow(ctx.db, { sectionId: input.id, userId: ctx.user.id })),

  /** bySection for the app's pages (tRPC only): null before the quiz is generated, where the documented path answers 404. */
  find: protectedProcedure
    .input(jsonIdInput)
    .output(quizOutput.nullable())
    .query(({ ctx, input }) => findVisibleSectionQuiz(ctx.db, { sectionId: input.id, userId: ctx.user.id })),

  // POST /api/sections/{id}/generate-quiz
  generate: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/sections/{id}/generate-quiz",
        errorResponses: {
          404: "Section not found",
          422: "The section is too short, or has no transcript, to build a quiz from",
          429: "The AI service is busy",
          503: "The AI service could not be reached",
        },
        tags: ["quizzes"],
        summary: "Generate the section's quiz (once per section; later calls return it)",
      },
    })
    .input(sectionQuizInput)
    .output(quizOutput)
    .mutation(({ ctx, input }) => generateSectionQuiz(ctx.db, { sectionId: input.id, userId: ctx.user.id })),

  // POST /api/quizzes/{id}/attempts
  submitAttempt: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/quizzes/{id}/attempts",
        errorResponses: {
          400: "Not every question answered, or an answer that is not one of its options",
          403: "Another learner's userId",
          404: "Quiz not found",
        },
        tags: ["quizzes"],
        summary: "Submit answers; scored on the server, with correct answers and explanations",
      },
    })
    .input(submitAttemptInput)
    .use(ownUserIdOnly)
    .output(attemptResultOutput)
    .mutation(({ ctx, input }) => submitQuizAttempt(ctx.db, { quizId: input.id, userId: ctx.user.id, answers: input.answers, timeZone: ctx.timeZone })),
});
