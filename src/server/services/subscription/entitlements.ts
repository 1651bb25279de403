import type { DbClient } from "~/server/db/client";
import { findUserPlan } from "~/server/db/queries/subscription";

/** Free learners create this many courses per UTC calendar month; premium is unlimited. */
const FREE_MONTHLY_COURSES = 1;

/** Stripe statuses in which a paid subscription grants premium (until its period ends). */
const PREMIUM_STATUSES = new Set(["active", "trialing"]);

/** Whether a paid subscription grants premium at `now`. */
export function subscriptionGrantsPremium(subscription: { status: string; currentPeriodEnd: Date | null }, now: Date): boolean {
  return PREMIUM_STATUSES.has(subscription.status) && (subscription.currentPeriodEnd === null || subscription.currentPeriodEnd > now);
}

export type Entitlements = {
  tier: "free" | "premium";
  /** Courses a month; null = unlimited. */
  monthlyCourseLimit: number | null;
  /** What grants premium, and until when (a subscription renews then unless cancelled). */
  premium: { source: "subscription" | "coupon"; until: Date | null; cancelAtPeriodEnd: boolean } | null;
};

/**
 * What a user may do, read fresh from the database on every call: the session token never
 * carries the plan, so an upgrade, a cancellation or a coupon takes effect on the next request.
 * A paid subscription counts while Stripe says it is active and its period has not ended (a
 * cancelled one keeps premium to the end of the period it was paid for); a coupon until its day.
 */
export async function getEntitlements(db: DbClient, userId: number, now = new Date()): Promise<Entitlements> {
  const user = await findUserPlan(db, userId);
  const subscription = user?.subscription;
  if (subscription && subscriptionGrantsPremium(subscription, now)) {
    const premium = { source: "subscription" as const, until: subscription.currentPeriodEnd, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd };
    return { tier: "premium", monthlyCourseLimit: null, premium };
  }
  const couponUntil = user?.couponPremiumUntil;
  if (couponUntil && couponUntil > now) {
    return { tier: "premium", monthlyCourseLimit: null, premium: { source: "coupon", until: couponUntil, cancelAtPeriodEnd: false } };
  }
  return { tier: "free", monthlyCourseLimit: FREE_MONTHLY_COURSES, premium: null };
}
