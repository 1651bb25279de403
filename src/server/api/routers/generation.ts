import {
  courseLimitOutput,
  generateFromTopicInput,
  generateFromTopicOutput,
  generationJobOutput,
  jobIdInput,
  startGenerationInput,
} from "~/lib/schemas/generation";
import { generateCourseFromTopic } from "~/server/services/generation/generate-course";
import { getGenerationJob, startCourseGeneration } from "~/server/services/generation/start-generation";
import { getCourseLimit } from "~/server/services/subscription/monthly-usage";

import { createTRPCRouter, protectedProcedure, ownUserIdOnly } from "../trpc";

export const generationRouter = createTRPCRouter({
  // POST /api/courses/generate-from-topic
  generateFromTopic: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/courses/generate-from-topic",
        errorResponses: {
          400: "Not a YouTube link",
          403: "Another learner's userId, or the monthly limit of the Free plan is reached",
          404: "That YouTube video could not be found",
          422: "No video found for this topic (none in the library covers it), or none with a transcript",
          429: "Too many courses being generated at once",
          503: "The video or AI service could not be reached, or the course is still being generated",
        },
        tags: ["courses"],
        summary: "Generate a course from a topic or a YouTube link; answers when the course is ready",
      },
    })
    .input(generateFromTopicInput)
    .use(ownUserIdOnly)
    .output(generateFromTopicOutput)
    .mutation(({ ctx, input, signal }) => generateCourseFromTopic(ctx.db, ctx.user.id, input, signal)),

  // POST /api/generation-jobs
  start: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/generation-jobs",
        errorResponses: { 403: "The monthly limit of the Free plan is reached", 429: "Too many courses being generated at once" },
        tags: ["courses"],
        summary: "Queue a course generation; poll the job for its stage and progress",
      },
    })
    .input(startGenerationInput)
    .output(generationJobOutput)
    .mutation(({ ctx, input }) => startCourseGeneration(ctx.db, ctx.user.id, input)),

  // GET /api/generation-jobs/{jobId}
  job: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/generation-jobs/{jobId}",
        errorResponses: { 404: "Generation job not found (or another learner's)" },
        tags: ["courses"],
        summary: "A generation job of yours: status, stage, progress, course id or error",
      },
    })
    .input(jobIdInput)
    .output(generationJobOutput)
    .query(({ ctx, input }) => getGenerationJob(ctx.db, { userId: ctx.user.id, jobId: input.jobId })),

  // GET /api/subscription/course-limit
  courseLimit: protectedProcedure
    .meta({
      openapi: { method: "GET", path: "/subscription/course-limit", tags: ["subscription"], summary: "Whether you can create another course this month" },
    })
    .output(courseLimitOutput)
    .query(({ ctx }) => getCourseLimit(ctx.db, ctx.user.id)),
});
