import type { CourseLimit } from "~/lib/schemas/generation";
import type { DbClient } from "~/server/db/client";
import { decrementMonthlyUsage, findMonthlyUsage, incrementMonthlyUsage } from "~/server/db/queries/subscription";

import { getEntitlements } from "./entitlements";

/** The UTC calendar month a course counts against, as stored: "2026-11". */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/**
 * Takes one course from the user's monthly allowance, or returns false when none is left.
 * One statement (a conditional upsert), so concurrent requests cannot both take the last
 * course: PostgreSQL serialises them on the row and the second sees the first's increment.
 * A generation job reserves its course when queued and gives it back if it fails.
 */
export async function reserveCourseSlot(db: DbClient, userId: number, month: string, limit: number | null): Promise<boolean> {
  if (limit !== null && limit < 1) return false;
  const rows = await incrementMonthlyUsage(db, { userId, month, limit });
  return rows.length === 1;
}

/** Gives back a course reserved by a job that failed. */
export async function releaseCourseSlot(db: DbClient, userId: number, month: string): Promise<void> {
  await decrementMonthlyUsage(db, { userId, month });
}

export async function countCoursesThisMonth(db: DbClient, userId: number, now = new Date()): Promise<number> {
  const usage = await findMonthlyUsage(db, { userId, month: monthKey(now) });
  return usage?.coursesCreated ?? 0;
}

/** GET /api/subscription/course-limit: whether the user may start another course this month. */
export async function getCourseLimit(db: DbClient, userId: number, now = new Date()): Promise<CourseLimit> {
  const [entitlements, coursesCreatedThisMonth] = await Promise.all([getEntitlements(db, userId, now), countCoursesThisMonth(db, userId, now)]);
  const limit = entitlements.monthlyCourseLimit;
  return {
    canCreateCourse: limit === null || coursesCreatedThisMonth < limit,
    subscriptionTier: entitlements.tier,
    coursesCreatedThisMonth,
    monthlyLimit: limit,
  };
}
