import type { Metadata } from "next";

import { api } from "~/trpc/server";

import { parseIdParam } from "~/lib/ids";

/**
 * The tab title of a course page: the course's own title for whoever may open it, else the plain
 * `fallback` (signed out, another learner's private course, no such course), so a title never
 * tells more than the page itself.
 */
export async function courseMetadata(rawId: string, titleOf: (courseTitle: string) => string, fallback: string): Promise<Metadata> {
  const courseId = parseIdParam(rawId);
  if (courseId === null) return { title: fallback };
  try {
    const { course } = await api.course.byId({ id: courseId });
    return { title: titleOf(course.title) };
  } catch {
    return { title: fallback };
  }
}
