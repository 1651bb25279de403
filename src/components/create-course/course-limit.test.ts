import { describe, expect, it } from "vitest";

import { courseLimitSummary } from "./course-limit";

describe("courseLimitSummary", () => {
  it("counts a free learner's courses against the monthly limit", () => {
    expect(courseLimitSummary({ subscriptionTier: "free", coursesCreatedThisMonth: 0, monthlyLimit: 1 })).toBe(
      "Free plan: you have used 0 of 1 course this month.",
    );
    expect(courseLimitSummary({ subscriptionTier: "free", coursesCreatedThisMonth: 1, monthlyLimit: 1 })).toBe(
      "Free plan: you have used 1 of 1 course this month.",
    );
    // Never "2 of 1", even if an old month's courses were counted.
    expect(courseLimitSummary({ subscriptionTier: "free", coursesCreatedThisMonth: 2, monthlyLimit: 1 })).toBe(
      "Free plan: you have used 1 of 1 course this month.",
    );
    expect(courseLimitSummary({ subscriptionTier: "free", coursesCreatedThisMonth: 1, monthlyLimit: 3 })).toBe(
      "Free plan: you have used 1 of 3 courses this month.",
    );
  });

  it("says premium is unlimited", () => {
    expect(courseLimitSummary({ subscriptionTier: "premium", coursesCreatedThisMonth: 7, monthlyLimit: null })).toBe(
      "Premium plan: you can create unlimited courses.",
    );
  });
});
