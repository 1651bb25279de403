"use client";

import Link from "next/link";
import { useId } from "react";

import { capitalise } from "~/components/home/course-card";
import { api } from "~/trpc/react";

import { MAX_RELATED_COURSES } from "./whats-next";

/**
 * Public courses like this one, in the 'What's Next?' panel on the last section. A failed load
 * shows as "none found" (the panel stays quiet).
 */
export function RelatedCourses({ courseId }: { courseId: number }) {
  const related = api.course.related.useQuery({ id: courseId }, { staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
  const headingId = useId();
  const courses = related.data?.slice(0, MAX_RELATED_COURSES) ?? [];
  const state = related.isPending ? "loading" : courses.length > 0 ? "ready" : "empty";

  return (
    <section aria-labelledby={headingId} aria-busy={state === "loading"} data-testid="related-courses" data-state={state} className="grid gap-3">
      <h3 id={headingId} className="font-semibold">
        Related Courses
      </h3>
      {state === "loading" ? (
        <>
          <p className="sr-only" role="status">
            Loading related courses
          </p>
          <div aria-hidden="true" className="grid gap-3 sm:grid-cols-3">
            {Array.from({ length: MAX_RELATED_COURSES }, (_, index) => (
              <div key={index} className="h-16 animate-pulse rounded-md border bg-muted/40" />
            ))}
          </div>
        </>
      ) : null}
      {state === "empty" ? <p className="text-sm text-muted-foreground">No related courses found based on your interests</p> : null}
      {state === "ready" ? (
        <ul className="grid gap-3 sm:grid-cols-3">
          {courses.map((course) => (
            <li key={course.id} data-testid="related-course" className="grid gap-1 rounded-md border p-3">
              <Link
                href={`/course/${course.id}`}
                className="line-clamp-2 rounded-sm text-sm font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {course.title}
              </Link>
              <span className="text-xs text-muted-foreground">Complexity: {capitalise(course.complexity)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
