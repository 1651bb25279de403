import { courseConceptsOutput, masteryOutput } from "~/lib/schemas/concepts";
import { courseIdInput } from "~/lib/schemas/course";
import { getCourseConcepts } from "~/server/services/concepts/course-concepts";
import { getMastery } from "~/server/services/mastery/get-mastery";

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
});
