import { courseIdInput } from "~/lib/schemas/course";
import { transcriptOutput } from "~/lib/schemas/transcript";
import { getCourseTranscript } from "~/server/services/transcript/get-transcript";

import { createTRPCRouter, protectedProcedure } from "../trpc";

export const transcriptRouter = createTRPCRouter({
  // GET /api/courses/{id}/transcript
  byCourse: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/transcript",
        errorResponses: { 404: "Course Not Found: no such course, or another learner's private one" },
        tags: ["courses"],
        summary: "The transcript of the course's video, each line with its times (seconds) and section",
      },
    })
    .input(courseIdInput)
    .output(transcriptOutput)
    .query(({ ctx, input }) => getCourseTranscript(ctx.db, { courseId: input.id, userId: ctx.user.id })),
});
