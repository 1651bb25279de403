"use client";

import Link from "next/link";
import { createContext, use, useCallback, type ReactNode } from "react";

import { conceptMomentLabel, momentHref, type CourseTimelines, type MasteryConcept } from "./concepts";

const Timelines = createContext<CourseTimelines>(new Map());

/** Gives the moments below each course's videos on its timeline (GET /api/mastery's `timelines`). */
export function CourseTimelinesProvider({ timelines, children }: { timelines: CourseTimelines; children: ReactNode }) {
  return <Timelines value={timelines}>{children}</Timelines>;
}

/** How a course's moment reads: "6:04", or in a course from a playlist "Video 2 · 1:10" (the video's own moment). */
function useMomentLabel(): (courseId: number, seconds: number) => string {
  const timelines = use(Timelines);
  return useCallback((courseId, seconds) => conceptMomentLabel(timelines, courseId, seconds), [timelines]);
}

type ConceptMomentsProps = {
  courses: MasteryConcept["courses"];
  /** At most this many moments a course (the details show them all). */
  limit?: number;
};

/** The courses that explain a concept, each with its moments: links that open the course at that second. */
export function ConceptMoments({ courses, limit = Number.POSITIVE_INFINITY }: ConceptMomentsProps) {
  const label = useMomentLabel();
  if (courses.length === 0) return <p className="text-sm text-muted-foreground">No course explains it any more.</p>;
  return (
    <ul className="grid gap-1 text-sm" data-testid="concept-courses">
      {courses.map(({ courseId, title, moments }) => {
        const shown = moments.slice(0, limit);
        return (
          <li key={courseId} className="flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid="concept-course" data-course-id={courseId}>
            <span className="font-medium break-words" dir="auto">
              {title}
            </span>
            {shown.map((moment) => {
              const at = label(courseId, moment.timeSeconds);
              return (
                <Link
                  key={`${moment.sectionId}@${moment.timeSeconds}`}
                  href={momentHref(courseId, moment.timeSeconds)}
                  aria-label={`Watch in ${title} at ${at}`}
                  data-testid="concept-moment"
                  className="rounded bg-primary/10 px-1.5 font-mono text-xs whitespace-nowrap text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {at}
                </Link>
              );
            })}
            {moments.length > shown.length ? <span className="text-xs text-muted-foreground">and {moments.length - shown.length} more</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
