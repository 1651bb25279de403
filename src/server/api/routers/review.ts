import { dueCountInput, dueCountOutput, reviewQueueInput, reviewQueueOutput, reviewSettingsInput, reviewSettingsOutput } from "~/lib/schemas/cards";
import { reviewsSyncInput, reviewsSyncOutput } from "~/lib/schemas/offline";
import { getDueCount } from "~/server/services/cards/get-due-count";
import { getReviewQueue } from "~/server/services/cards/get-review-queue";
import { getReviewSettings, updateReviewSettings } from "~/server/services/cards/settings";
import { syncReviews } from "~/server/services/cards/sync-reviews";

import { createTRPCRouter, protectedProcedure } from "../trpc";

/** Spaced review: today's due cards, the due count (header, course page) and the desired retention (/account). */
export const reviewRouter = createTRPCRouter({
  // GET /api/review/queue
  queue: protectedProcedure
    .meta({
      openapi: { method: "GET", path: "/review/queue", tags: ["cards"], summary: "Your cards due now across all courses, with each rating's next interval" },
    })
    .input(reviewQueueInput)
    .output(reviewQueueOutput)
    .query(({ ctx }) => getReviewQueue(ctx.db, { userId: ctx.user.id })),

  dueCount: protectedProcedure
    .input(dueCountInput)
    .output(dueCountOutput)
    .query(({ ctx, input }) => getDueCount(ctx.db, { userId: ctx.user.id, courseId: input?.courseId })),

  settings: protectedProcedure.output(reviewSettingsOutput).query(({ ctx }) => getReviewSettings(ctx.db, ctx.user.id)),

  updateSettings: protectedProcedure
    .input(reviewSettingsInput)
    .output(reviewSettingsOutput)
    .mutation(({ ctx, input }) => updateReviewSettings(ctx.db, ctx.user.id, input)),

  // POST /api/reviews/sync
  sync: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/reviews/sync",
        errorResponses: { 422: "A review dated in the future or more than 30 days ago", 409: "The same reviews are being synced by another request" },
        tags: ["cards"],
        summary: "Apply reviews made offline, in time order, each once (by clientId); answers what was applied and the cards' new schedules",
      },
    })
    .input(reviewsSyncInput)
    .output(reviewsSyncOutput)
    .mutation(({ ctx, input }) => syncReviews(ctx.db, { userId: ctx.user.id, reviews: input.reviews, timeZone: ctx.timeZone })),
});
