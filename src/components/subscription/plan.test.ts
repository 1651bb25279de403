import { describe, expect, it } from "vitest";

import { canUpgrade, formatPlanDate, planBadge, renewalLine, usageLabel, usedCourses } from "./plan";

const DATE = "2025-07-15T12:00:00.000Z";
const formatDate = (iso: string) => `<${iso.slice(0, 10)}>`;

describe("usageLabel", () => {
  it("counts a free learner's courses against the limit", () => {
    expect(usageLabel({ coursesCreatedThisMonth: 0, monthlyLimit: 1 })).toBe("0 / 1");
    expect(usageLabel({ coursesCreatedThisMonth: 1, monthlyLimit: 1 })).toBe("1 / 1");
    // Courses made during an earlier premium spell this month never read "3 / 1".
    expect(usageLabel({ coursesCreatedThisMonth: 3, monthlyLimit: 1 })).toBe("1 / 1");
    expect(usedCourses({ coursesCreatedThisMonth: 3, monthlyLimit: 1 })).toBe(1);
  });

  it("shows infinity when unlimited", () => {
    expect(usageLabel({ coursesCreatedThisMonth: 7, monthlyLimit: null })).toBe("∞");
    expect(usedCourses({ coursesCreatedThisMonth: 7, monthlyLimit: null })).toBe(7);
  });
});

describe("planBadge", () => {
  it("names the tier", () => {
    expect(planBadge("premium")).toBe("ACTIVE");
    expect(planBadge("free")).toBe("FREE TIER");
  });
});

describe("renewalLine", () => {
  const premium = { subscriptionTier: "premium", premiumSource: "subscription", currentPeriodEnd: DATE, cancelAtPeriodEnd: false } as const;

  it("says when a subscription renews", () => {
    expect(renewalLine(premium, formatDate)).toEqual({ text: "Renews on <2025-07-15>" });
  });

  it("says when a cancelled subscription ends, and that it will not renew", () => {
    const line = renewalLine({ ...premium, cancelAtPeriodEnd: true }, formatDate);
    expect(line?.text).toBe("Ends on <2025-07-15>");
    expect(line?.note).toMatch(/will not renew/);
    expect(line?.note).toMatch(/free plan \(1 course per month\)/);
  });

  it("says until when a coupon's premium lasts", () => {
    expect(renewalLine({ ...premium, premiumSource: "coupon" }, formatDate)).toEqual({ text: "Premium until <2025-07-15> (coupon)" });
  });

  it("has nothing to say on the free plan or without a date", () => {
    expect(renewalLine({ subscriptionTier: "free", premiumSource: null, currentPeriodEnd: null, cancelAtPeriodEnd: false }, formatDate)).toBeNull();
    expect(renewalLine({ ...premium, currentPeriodEnd: null }, formatDate)).toBeNull();
  });

  it("formats dates as a long date", () => {
    expect(formatPlanDate(DATE, "en-US")).toBe("July 15, 2025");
    expect(renewalLine(premium)?.text).toBe(`Renews on ${formatPlanDate(DATE)}`);
  });
});

describe("canUpgrade", () => {
  it("offers checkout to everyone but a renewing subscriber", () => {
    expect(canUpgrade({ subscriptionTier: "free", premiumSource: null, cancelAtPeriodEnd: false })).toBe(true);
    expect(canUpgrade({ subscriptionTier: "premium", premiumSource: "coupon", cancelAtPeriodEnd: false })).toBe(true);
    expect(canUpgrade({ subscriptionTier: "premium", premiumSource: "subscription", cancelAtPeriodEnd: true })).toBe(true);
    expect(canUpgrade({ subscriptionTier: "premium", premiumSource: "subscription", cancelAtPeriodEnd: false })).toBe(false);
  });
});
