import { pushEndpointInput, pushSubscriptionInput, pushSubscriptionOutput, vapidPublicKeyOutput } from "~/lib/schemas/reminders";
import { getVapidPublicKey, subscribePush, unsubscribePush } from "~/server/services/reminders/push-subscriptions";

import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";

const tags = ["reminders"];

/** Web Push: the server's VAPID key, and the browsers that receive the learner's reminders. */
export const pushRouter = createTRPCRouter({
  // GET /api/push/vapid-public-key
  vapidPublicKey: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/push/vapid-public-key",
        tags,
        protect: false,
        summary: "The server's VAPID public key (applicationServerKey), base64url",
      },
    })
    .output(vapidPublicKeyOutput)
    .query(() => getVapidPublicKey()),

  // POST /api/push/subscriptions
  subscribe: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/push/subscriptions",
        errorResponses: { 400: "The endpoint is not https or not on a public address", 422: "Too many subscriptions" },
        tags,
        summary: "Receive your reminders in this browser (its PushSubscription JSON)",
      },
    })
    .input(pushSubscriptionInput)
    .output(pushSubscriptionOutput)
    .mutation(({ ctx, input }) => subscribePush(ctx.db, ctx.user.id, input)),

  // DELETE /api/push/subscriptions
  unsubscribe: protectedProcedure
    .meta({ openapi: { method: "DELETE", path: "/push/subscriptions", tags, summary: "Stop push reminders to one browser (its endpoint)" } })
    .input(pushEndpointInput)
    .output(pushSubscriptionOutput)
    .mutation(({ ctx, input }) => unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
});
