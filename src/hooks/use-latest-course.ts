"use client";

import type { CourseSummary } from "~/lib/schemas/course";
import { api } from "~/trpc/react";

import { useSessionUser } from "./use-session";

/**
 * The signed-in learner's newest course, the one to continue: undefined while it is not known
 * yet, null for a learner without courses and for a visitor.
 */
export function useLatestCourse(): CourseSummary | null | undefined {
  const { user, isLoading } = useSessionUser();
  const courses = api.course.mine.useQuery(undefined, { enabled: Boolean(user) });
  if (isLoading) return undefined;
  if (!user || courses.isError) return null;
  return courses.isPending ? undefined : (courses.data[0] ?? null);
}
