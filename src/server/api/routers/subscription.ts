import { couponRedeemInput, couponRedeemOutput, redirectOutput, subscriptionOutput } from "~/lib/schemas/subscription";
import { openBillingPortal, startCheckout } from "~/server/services/subscription/checkout";
import { redeemCoupon } from "~/server/services/subscription/coupons";
import { getSubscriptionView } from "~/server/services/subscription/overview";

import { publicOrigin } from "../forwarded";
import { createTRPCRouter, protectedProcedure, sessionProcedure } from "../trpc";

/** Reading the plan is open to API tokens; paying, the portal and coupons need the browser session. */
export const subscriptionRouter = createTRPCRouter({
  // GET /api/subscription
  get: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/subscription",
        tags: ["subscription"],
        summary: "Your plan, what grants it and until when, and this month's course usage",
      },
    })
    .output(subscriptionOutput)
    .query(({ ctx }) => getSubscriptionView(ctx.db, ctx.user.id)),

  // POST /api/subscription/create-checkout
  createCheckout: sessionProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/subscription/create-checkout",
        errorResponses: {
          403: "Sent with an API token: billing needs a browser session",
          409: "You already have an active Premium subscription",
          503: "Payments are not configured, or Stripe could not be reached",
        },
        tags: ["subscription"],
        summary: "A Stripe Checkout session for Premium: go to `url`",
      },
    })
    .output(redirectOutput)
    .mutation(({ ctx }) => startCheckout(ctx.db, { userId: ctx.user.id, origin: publicOrigin(ctx.headers) })),

  // POST /api/subscription/portal
  portal: sessionProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/subscription/portal",
        errorResponses: {
          403: "Sent with an API token: billing needs a browser session",
          404: "No billing account yet: upgrade to Premium first",
          503: "Payments are not configured, or Stripe could not be reached",
        },
        tags: ["subscription"],
        summary: "Stripe's customer portal (cancel, card, invoices): go to `url`",
      },
    })
    .output(redirectOutput)
    .mutation(({ ctx }) => openBillingPortal(ctx.db, { userId: ctx.user.id, origin: publicOrigin(ctx.headers) })),

  // POST /api/coupons/redeem
  redeemCoupon: sessionProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/coupons/redeem",
        errorResponses: {
          403: "Sent with an API token: billing needs a browser session",
          404: "This coupon code is not valid",
          409: "You have already redeemed this coupon",
          422: "The coupon has expired, or has been fully redeemed",
          429: "Too many coupon attempts (Retry-After)",
        },
        tags: ["subscription"],
        summary: "Premium from a coupon code; answers your user and your plan",
      },
    })
    .input(couponRedeemInput)
    .output(couponRedeemOutput)
    .mutation(async ({ ctx, input }) => {
      await redeemCoupon(ctx.db, { userId: ctx.user.id, code: input.code });
      return { user: ctx.user, subscription: await getSubscriptionView(ctx.db, ctx.user.id) };
    }),
});
