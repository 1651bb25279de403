import type { SubscriptionView } from "~/lib/schemas/subscription";

/**
 * The subscription page's wording and rules, mirrored from the API contract
 * (src/lib/schemas/subscription.ts, checked by plan.test.ts) without pulling zod into the page's JavaScript.
 */
export const PREMIUM_PRICE_LABEL = "$15.00 / month";
export const FREE_MONTHLY_COURSES = 1;

export const CHECKOUT_FAILED_TITLE = "Failed to create checkout session";
export const PORTAL_FAILED_TITLE = "Failed to open billing portal";
export const PAYMENTS_NOT_CONFIGURED_NOTE = "Payments are not configured on this server.";

type Plan = Pick<SubscriptionView, "subscriptionTier" | "premiumSource" | "currentPeriodEnd" | "cancelAtPeriodEnd">;
type Usage = Pick<SubscriptionView, "coursesCreatedThisMonth" | "monthlyLimit">;

export function planBadge(tier: SubscriptionView["subscriptionTier"]): string {
  return tier === "premium" ? "ACTIVE" : "FREE TIER";
}

/** Courses counted against this month's limit: never more than the limit (an earlier premium spell may have made more). */
export function usedCourses({ coursesCreatedThisMonth, monthlyLimit }: Usage): number {
  return monthlyLimit === null ? coursesCreatedThisMonth : Math.min(coursesCreatedThisMonth, monthlyLimit);
}

/** 'n / limit' on a limited plan, '∞' on an unlimited one. */
export function usageLabel(usage: Usage): string {
  return usage.monthlyLimit === null ? "∞" : `${usedCourses(usage)} / ${usage.monthlyLimit}`;
}

export function formatPlanDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric" });
}

export type RenewalLine = { text: string; note?: string };

/** Until when premium lasts and whether it renews; null on the free plan or without a date. */
export function renewalLine(plan: Plan, formatDate: (iso: string) => string = formatPlanDate): RenewalLine | null {
  if (plan.subscriptionTier !== "premium" || !plan.currentPeriodEnd) return null;
  const date = formatDate(plan.currentPeriodEnd);
  if (plan.premiumSource === "coupon") return { text: `Premium until ${date} (coupon)` };
  if (plan.cancelAtPeriodEnd) {
    return {
      text: `Ends on ${date}`,
      note: `Your subscription will not renew. After this date your account returns to the free plan (${FREE_MONTHLY_COURSES} course per month).`,
    };
  }
  return { text: `Renews on ${date}` };
}

/** Whether checkout is on offer: everyone but a learner whose paid subscription will renew (the server answers 409 to them). */
export function canUpgrade(plan: Pick<Plan, "subscriptionTier" | "premiumSource" | "cancelAtPeriodEnd">): boolean {
  return !(plan.subscriptionTier === "premium" && plan.premiumSource === "subscription" && !plan.cancelAtPeriodEnd);
}
