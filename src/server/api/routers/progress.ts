import { jsonIdInput } from "~/lib/schemas/common";
import { z } from "zod";

import { progressByCourseInput, progressRecordOutput, progressUpdateInput } from "~/lib/schemas/progress";
import { findCourseProgress, getCourseProgressOrThrow } from "~/server/services/progress/get-progress";
import { listUserProgress } from "~/server/services/progress/list-progress";
import { updateCourseProgress } from "~/server/services/progress/update-progress";

import { createTRPCRouter, protectedProcedure, ownUserIdOnly } from "../trpc";

export const progressRouter = createTRPCRouter({
  // GET /api/progress/user
  mine: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/progress/user", tags: ["progress"], summary: "The signed-in user's progress in every course" } })
    .output(z.array(progressRecordOutput))
    .query(({ ctx }) => listUserProgress(ctx.db, ctx.user.id)),

  // GET /api/courses/{id}/progress?userId={userId}
  byCourse: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/progress",
        errorResponses: { 403: "Another learner's userId", 404: "Course Not Found, or no progress yet" },
        tags: ["progress"],
        summary: 'Your progress in a course you can see; 404 "No progress yet" before any (userId: only your own)',
      },
    })
    .input(progressByCourseInput)
    .use(ownUserIdOnly)
    .output(progressRecordOutput)
    .query(({ ctx, input }) => getCourseProgressOrThrow(ctx.db, { courseId: input.id, userId: ctx.user.id })),

  /** byCourse for the app's pages (tRPC only): null before any progress, where the documented path answers 404. */
  find: protectedProcedure
    .input(jsonIdInput)
    .output(progressRecordOutput.nullable())
    .query(({ ctx, input }) => findCourseProgress(ctx.db, { courseId: input.id, userId: ctx.user.id })),

  // POST /api/courses/{id}/progress
  update: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/courses/{id}/progress",
        errorResponses: { 400: "The section is not part of this course, or nothing to update", 403: "Another learner's userId", 404: "Course Not Found" },
        tags: ["progress"],
        summary: "Set your current section and/or mark a section completed (isCompleted, default true) or not (userId: only your own)",
      },
    })
    .input(progressUpdateInput)
    .use(ownUserIdOnly)
    .output(progressRecordOutput)
    .mutation(({ ctx, input }) => {
      const { id, userId: _userId, ...changes } = input;
      return updateCourseProgress(ctx.db, { courseId: id, userId: ctx.user.id, ...changes, timeZone: ctx.timeZone });
    }),
});
