import { z } from "zod";

import {
  courseDetailOutput,
  courseIdInput,
  courseSearchInput,
  courseSearchOutput,
  courseSharingInput,
  courseSharingOutput,
  courseSummaryOutput,
  coursesByUserInput,
  recommendationsInput,
} from "~/lib/schemas/course";
import { getCourseOrThrow } from "~/server/services/course/get-course";
import { listUserCourses } from "~/server/services/course/list-courses";
import { getRecommendations, getRelatedCourses } from "~/server/services/course/recommendations";
import { searchCourses } from "~/server/services/course/search-courses";
import { setCourseSharing } from "~/server/services/course/share-course";

import { validatedOnce } from "../output-once";
import { createTRPCRouter, protectedProcedure, ownUserIdOnly } from "../trpc";

export const courseRouter = createTRPCRouter({
  // GET /api/courses/user
  mine: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/courses/user", tags: ["courses"], summary: "The signed-in user's courses" } })
    .output(z.array(courseSummaryOutput))
    .query(({ ctx }) => listUserCourses(ctx.db, ctx.user.id)),

  // GET /api/courses?userId={id}
  byUser: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses",
        errorResponses: { 403: "Another learner's userId" },
        tags: ["courses"],
        summary: "A user's courses (only your own userId)",
      },
    })
    .input(coursesByUserInput)
    .use(ownUserIdOnly)
    .output(z.array(courseSummaryOutput))
    .query(({ ctx }) => listUserCourses(ctx.db, ctx.user.id)),

  // GET /api/courses/{id}
  byId: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}",
        errorResponses: { 404: "Course Not Found: no such course, or another learner's private one" },
        tags: ["courses"],
        summary: "A course with its chapters and sections (yours, or a public one)",
      },
    })
    .input(courseIdInput)
    .output(validatedOnce(courseDetailOutput))
    .query(({ ctx, input }) => getCourseOrThrow(ctx.db, { courseId: input.id, userId: ctx.user.id })),

  // Sharing: the creator makes a course public or private (tRPC only).
  setSharing: protectedProcedure
    .input(courseSharingInput)
    .output(courseSharingOutput)
    .mutation(({ ctx, input }) => setCourseSharing(ctx.db, { courseId: input.id, userId: ctx.user.id, isPublic: input.isPublic })),

  // GET /api/recommendations
  recommendations: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/recommendations",
        tags: ["courses"],
        summary: "Public courses like yours (never your own or private ones); 3 unless `limit`",
      },
    })
    .input(recommendationsInput.optional())
    .output(z.array(courseSummaryOutput))
    .query(({ ctx, input }) => getRecommendations(ctx.db, { userId: ctx.user.id, limit: input?.limit })),

  // GET /api/courses/{id}/related
  related: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/related",
        errorResponses: { 404: "Course Not Found" },
        tags: ["courses"],
        summary: "Up to 3 public courses like this one (the 'What's Next?' panel)",
      },
    })
    .input(courseIdInput)
    .output(z.array(courseSummaryOutput))
    .query(({ ctx, input }) => getRelatedCourses(ctx.db, { courseId: input.id, userId: ctx.user.id })),

  // The header search (tRPC only): the learner's own and public courses, chapters and sections.
  search: protectedProcedure
    .input(courseSearchInput)
    .output(courseSearchOutput)
    .query(({ ctx, input }) => searchCourses(ctx.db, { userId: ctx.user.id, query: input.q })),
});
