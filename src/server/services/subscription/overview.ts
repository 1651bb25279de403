import type { SubscriptionView } from "~/lib/schemas/subscription";
import { getBilling } from "~/server/billing/stripe";
import type { DbClient } from "~/server/db/client";
import { findStripeCustomer } from "~/server/db/queries/subscription";

import { getEntitlements } from "./entitlements";
import { countCoursesThisMonth } from "./monthly-usage";

/** GET /api/subscription: the caller's plan, what grants it and until when, and this month's usage. */
export async function getSubscriptionView(
  db: DbClient,
  userId: number,
  { paymentsConfigured = getBilling() !== null, now = new Date() }: { paymentsConfigured?: boolean; now?: Date } = {},
): Promise<SubscriptionView> {
  const [entitlements, coursesCreatedThisMonth, user] = await Promise.all([
    getEntitlements(db, userId, now),
    countCoursesThisMonth(db, userId, now),
    findStripeCustomer(db, userId),
  ]);
  return {
    subscriptionTier: entitlements.tier,
    coursesCreatedThisMonth,
    monthlyLimit: entitlements.monthlyCourseLimit,
    currentPeriodEnd: entitlements.premium?.until?.toISOString() ?? null,
    premiumSource: entitlements.premium?.source ?? null,
    cancelAtPeriodEnd: entitlements.premium?.cancelAtPeriodEnd ?? false,
    paymentsConfigured,
    canManageBilling: paymentsConfigured && Boolean(user?.stripeCustomerId),
  };
}
