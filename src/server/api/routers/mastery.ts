import { courseConceptsOutput, masteryOutput, practiceAnswerInput, practiceAnswerOutput, practiceInput, practiceOutput } from "~/lib/schemas/concepts";
import { courseIdInput } from "~/lib/schemas/course";
import { getCourseConcepts } from "~/server/services/concepts/get-course-concepts";
import { getMastery } from "~/server/services/mastery/get-mastery";
import { answerPracticeQuestion } from "~/server/services/practice/answer-practice-question";
import { getPracticeSet } from "~/server/services/practice/get-practice-set";

import { createTRPCRouter, protectedProcedure } from "../trpc";

/** Concepts across courses and what the learner knows of them (/mastery, the course page's chips). */
export const masteryRouter = createTRPCRouter({
  // GET /api/mastery
  map: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/mastery",
        tags: ["mastery"],
        summary: "Your concepts across courses: mastery, evidence, where each course explains them, and the map's links",
      },
    })
    .output(masteryOutput)
    .query(({ ctx }) => getMastery(ctx.db, { userId: ctx.user.id })),

  // GET /api/courses/{id}/concepts
  courseConcepts: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/concepts",
        errorResponses: { 404: "Course Not Found: no such course, or another learner's private one" },
        tags: ["mastery"],
        summary: "A course's concepts, strongest first, each with its definition and the moments that explain it",
      },
    })
    .input(courseIdInput)
    .output(courseConceptsOutput)
    .query(({ ctx, input }) => getCourseConcepts(ctx.db, { courseId: input.id, userId: ctx.user.id })),

  // POST /api/practice
  practice: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/practice",
        errorResponses: { 400: "No concept, too many, or an id that is not one", 404: "Concept not found: no such concept, or none you can see" },
        tags: ["mastery"],
        summary: "A practice set on concepts: your due cards on them and questions on them from every course that explains them",
      },
    })
    .input(practiceInput)
    .output(practiceOutput)
    .mutation(({ ctx, input }) => getPracticeSet(ctx.db, { userId: ctx.user.id, conceptIds: input.conceptIds })),

  // POST /api/practice/answers
  practiceAnswer: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/practice/answers",
        errorResponses: { 400: "An answer that is not one of the question's options", 404: "Question not found" },
        tags: ["mastery"],
        summary: "Answer one practice question: scored at once and recorded as evidence on its concepts",
      },
    })
    .input(practiceAnswerInput)
    .output(practiceAnswerOutput)
    .mutation(({ ctx, input }) => answerPracticeQuestion(ctx.db, { userId: ctx.user.id, questionId: input.questionId, answer: input.answer })),
});
