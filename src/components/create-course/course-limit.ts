import type { CourseLimit } from "~/lib/schemas/generation";

/** The banner's sentence about this month's courses. */
export function courseLimitSummary(limit: Pick<CourseLimit, "subscriptionTier" | "coursesCreatedThisMonth" | "monthlyLimit">): string {
  if (limit.subscriptionTier === "premium" || limit.monthlyLimit === null) return "Premium plan: you can create unlimited courses.";
  const used = Math.min(limit.coursesCreatedThisMonth, limit.monthlyLimit);
  const noun = limit.monthlyLimit === 1 ? "course" : "courses";
  return `Free plan: you have used ${used} of ${limit.monthlyLimit} ${noun} this month.`;
}
