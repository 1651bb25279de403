import Link from "next/link";

import { formatTimestamp } from "~/lib/timestamps";

import { momentHref, type MasteryConcept } from "./concepts";

type ConceptMomentsProps = {
  courses: MasteryConcept["courses"];
  /** At most this many moments a course (the details show them all). */
  limit?: number;
};

/** The courses that explain a concept, each with its moments: links that open the course at that second. */
export function ConceptMoments({ courses, limit = Number.POSITIVE_INFINITY }: ConceptMomentsProps) {
  if (courses.length === 0) return <p className="text-sm text-muted-foreground">No course explains it any more.</p>;
  return (
    <ul className="grid gap-1 text-sm" data-testid="concept-courses">
      {courses.map(({ courseId, title, moments }) => {
        const shown = moments.slice(0, limit);
        return (
          <li key={courseId} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="font-medium break-words" dir="auto">
              {title}
            </span>
            {shown.map((moment) => (
              <Link
                key={`${moment.sectionId}@${moment.timeSeconds}`}
                href={momentHref(courseId, moment.timeSeconds)}
                aria-label={`Watch in ${title} at ${formatTimestamp(moment.timeSeconds)}`}
                data-testid="concept-moment"
                className="rounded bg-primary/10 px-1.5 font-mono text-xs text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {formatTimestamp(moment.timeSeconds)}
              </Link>
            ))}
            {moments.length > shown.length ? <span className="text-xs text-muted-foreground">and {moments.length - shown.length} more</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
