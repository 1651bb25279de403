import { couponRedeemInput, couponRedeemOutput, redirectOutput, subscriptionOutput } from "~/lib/schemas/subscription";
import { env } from "~/env";
import { openBillingPortal, startCheckout } from "~/server/services/subscription/checkout";
import { redeemCoupon } from "~/server/services/subscription/coupons";
import { getSubscriptionView } from "~/server/services/subscription/overview";

import { createTRPCRouter, protectedProcedure } from "../trpc";

/** Where Stripe sends the browser back to: the configured site URL, else the origin this request came to. */
function siteOrigin(headers: Headers): string {
  if (env.NEXTAUTH_URL) return new URL(env.NEXTAUTH_URL).origin;
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost:3000";
  const proto = headers.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}`;
}

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
  createCheckout: protectedProcedure
    .meta({
      openapi: { method: "POST", path: "/subscription/create-checkout", tags: ["subscription"], summary: "A Stripe Checkout session for Premium: go to `url`" },
    })
    .output(redirectOutput)
    .mutation(({ ctx }) => startCheckout(ctx.db, { userId: ctx.user.id, origin: siteOrigin(ctx.headers) })),

  // POST /api/subscription/portal
  portal: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/subscription/portal",
        tags: ["subscription"],
        summary: "Stripe's customer portal (cancel, card, invoices): go to `url`",
      },
    })
    .output(redirectOutput)
    .mutation(({ ctx }) => openBillingPortal(ctx.db, { userId: ctx.user.id, origin: siteOrigin(ctx.headers) })),

  // POST /api/coupons/redeem
  redeemCoupon: protectedProcedure
    .meta({
      openapi: { method: "POST", path: "/coupons/redeem", tags: ["subscription"], summary: "Premium from a coupon code; answers your user and your plan" },
    })
    .input(couponRedeemInput)
    .output(couponRedeemOutput)
    .mutation(async ({ ctx, input }) => {
      await redeemCoupon(ctx.db, { userId: ctx.user.id, code: input.code });
      return { user: ctx.user, subscription: await getSubscriptionView(ctx.db, ctx.user.id) };
    }),
});
