import { attemptResultOutput, quizOutput, sectionQuizInput, submitAttemptInput } from "~/lib/schemas/quiz";
import { generateSectionQuiz } from "~/server/services/quiz/generate-quiz";
import { getSectionQuizOrThrow } from "~/server/services/quiz/get-quiz";
import { submitQuizAttempt } from "~/server/services/quiz/submit-attempt";

import { assertOwnUserId, createTRPCRouter, protectedProcedure } from "../trpc";

export const quizRouter = createTRPCRouter({
  // GET /api/sections/{id}/quiz
  bySection: protectedProcedure
    .meta({
      openapi: { method: "GET", path: "/sections/{id}/quiz", tags: ["quizzes"], summary: "A section's quiz, without its answers (404 until generated)" },
    })
    .input(sectionQuizInput)
    .output(quizOutput)
    .query(({ ctx, input }) => getSectionQuizOrThrow(ctx.db, { sectionId: input.id, userId: ctx.user.id })),

  // POST /api/sections/{id}/generate-quiz
  generate: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/sections/{id}/generate-quiz",
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
        tags: ["quizzes"],
        summary: "Submit answers; scored on the server, with correct answers and explanations",
      },
    })
    .input(submitAttemptInput)
    .output(attemptResultOutput)
    .mutation(({ ctx, input }) => {
      assertOwnUserId(ctx.user, input.userId);
      return submitQuizAttempt(ctx.db, { quizId: input.id, userId: ctx.user.id, answers: input.answers, timeZone: ctx.timeZone });
    }),
});
