import { z } from "zod";

import { courseDetailOutput, courseIdInput, courseSummaryOutput, coursesByUserInput } from "~/lib/schemas/course";
import { getCourseOrThrow } from "~/server/services/course/get-course";
import { listUserCourses } from "~/server/services/course/list-courses";

import { assertOwnUserId, createTRPCRouter, protectedProcedure } from "../trpc";

export const courseRouter = createTRPCRouter({
  // GET /api/courses/user
  mine: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/courses/user", tags: ["courses"], summary: "The signed-in user's courses" } })
    .output(z.array(courseSummaryOutput))
    .query(({ ctx }) => listUserCourses(ctx.db, ctx.user.id)),

  // GET /api/courses?userId={id}
  byUser: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/courses", tags: ["courses"], summary: "A user's courses (only your own userId)" } })
    .input(coursesByUserInput)
    .output(z.array(courseSummaryOutput))
    .query(({ ctx, input }) => {
      assertOwnUserId(ctx.user, input.userId);
      return listUserCourses(ctx.db, ctx.user.id);
    }),

  // GET /api/courses/{id}
  byId: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/courses/{id}", tags: ["courses"], summary: "A course with its chapters and sections (yours, or a public one)" } })
    .input(courseIdInput)
    .output(courseDetailOutput)
    .query(({ ctx, input }) => getCourseOrThrow(ctx.db, { courseId: input.id, userId: ctx.user.id })),
});
