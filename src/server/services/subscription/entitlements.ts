import type { DbClient } from "~/server/db/client";

export { MONTHLY_LIMIT_MESSAGE } from "~/lib/monthly-limit";

/** Free learners create this many courses per UTC calendar month; premium is unlimited. */
export const FREE_MONTHLY_COURSES = 1;

/** Stripe statuses in which a paid subscription grants premium (until its period ends). */
const PREMIUM_STATUSES = new Set(["active", "trialing"]);

export type Entitlements = {
  tier: "free" | "premium";
  /** Courses a month; null = unlimited. */
  monthlyCourseLimit: number | null;
};

/**
 * What a user may do, read fresh from the database on every call: the session token never
 * carries the plan, so an upgrade, a cancellation or a coupon takes effect on the next request.
 */
export async function getEntitlements(db: DbClient, userId: number, now = new Date()): Promise<Entitlements> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { couponPremiumUntil: true, subscription: { select: { status: true, currentPeriodEnd: true } } },
  });
  const subscription = user?.subscription;
  const paid = subscription !== null && subscription !== undefined && PREMIUM_STATUSES.has(subscription.status) && (subscription.currentPeriodEnd === null || subscription.currentPeriodEnd > now);
  const coupon = user?.couponPremiumUntil !== null && user?.couponPremiumUntil !== undefined && user.couponPremiumUntil > now;
  return paid || coupon ? { tier: "premium", monthlyCourseLimit: null } : { tier: "free", monthlyCourseLimit: FREE_MONTHLY_COURSES };
}
