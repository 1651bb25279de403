"use client";

import Link from "next/link";
import { useId } from "react";

import { api } from "~/trpc/react";

import { useCourseText } from "./course-text";

/**
 * The concepts the current section explains, as chips that open each on /mastery. Links only:
 * the map and its library stay on /mastery.
 */
export function SectionConcepts({ courseId, sectionId }: { courseId: number; sectionId: number }) {
  const text = useCourseText();
  const labelId = useId();
  const concepts = api.mastery.courseConcepts.useQuery({ id: courseId }, { staleTime: 5 * 60_000 });
  const here = concepts.data?.concepts.filter((concept) => concept.moments.some((moment) => moment.sectionId === sectionId)) ?? [];
  if (here.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="section-concepts">
      <span id={labelId} className="text-xs font-medium text-muted-foreground">
        Concepts
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {here.map((concept) => (
          <li key={concept.id}>
            <Link
              href={`/mastery?concept=${concept.id}`}
              title={concept.definition}
              data-testid="concept-chip"
              className="inline-flex rounded-full border px-3 py-1 text-xs font-medium hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              {...text}
            >
              {concept.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
