import { z } from "zod";

import { progressRecordOutput } from "~/lib/schemas/progress";
import { listUserProgress } from "~/server/services/progress/list-progress";

import { createTRPCRouter, protectedProcedure } from "../trpc";

export const progressRouter = createTRPCRouter({
  // GET /api/progress/user
  mine: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/progress/user", tags: ["progress"], summary: "The signed-in user's progress in every course" } })
    .output(z.array(progressRecordOutput))
    .query(({ ctx }) => listUserProgress(ctx.db, ctx.user.id)),
});
