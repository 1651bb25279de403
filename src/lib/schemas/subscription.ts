import { z } from "zod";

import { userOutput } from "./auth";
import { storableText } from "./common";
import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_REQUIRED_MESSAGE } from "~/lib/rules/subscription";

/** GET /api/subscription: the caller's plan and this month's usage. */
export const subscriptionOutput = z.object({
  subscriptionTier: z.enum(["free", "premium"]),
  coursesCreatedThisMonth: z.number().int(),
  /** Courses a month on this plan; null = unlimited. */
  monthlyLimit: z.number().int().nullable(),
  /** When premium renews (a subscription) or ends (a coupon, or a subscription cancelled at period end); ISO 8601. */
  currentPeriodEnd: z.string().nullable(),
  /** What grants premium: a paid subscription, a coupon, or nothing. */
  premiumSource: z.enum(["subscription", "coupon"]).nullable(),
  /** A paid subscription that ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** Whether this server can take payments (Stripe is configured). */
  paymentsConfigured: z.boolean(),
  /** Whether the customer portal can be opened (the user has a Stripe customer). */
  canManageBilling: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionOutput>;

/** A coupon code as stored and compared: trimmed, NFKC-normalised, upper-cased. */
export const normalizeCouponCode = (code: string) => code.normalize("NFKC").trim().toUpperCase();

/** POST /api/coupons/redeem */
export const couponRedeemInput = z
  .object({
    code: storableText("Coupon code")
      .trim()
      .min(1, COUPON_CODE_REQUIRED_MESSAGE)
      .max(COUPON_CODE_MAX_LENGTH, `A coupon code has at most ${COUPON_CODE_MAX_LENGTH} characters`),
  })
  .strict();

export const couponRedeemOutput = z.object({ user: userOutput, subscription: subscriptionOutput });

/** POST /api/subscription/create-checkout and /api/subscription/portal: where the browser goes next. */
export const redirectOutput = z.object({ url: z.string() });
