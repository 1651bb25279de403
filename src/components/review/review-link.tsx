"use client";

import Link from "next/link";

import { buttonVariants } from "~/components/ui/button";
import { useSessionUser } from "~/hooks/use-session";
import { hasFallenDue, untilNextDue } from "~/lib/review";
import type { DueCount } from "~/lib/schemas/cards";
import { api } from "~/trpc/react";

type DueCountQuery = { state: { data?: DueCount } };

/**
 * Cards fall due while the page is open: the count is fetched again when the next one does, and
 * when the learner comes back to the tab (at once if one fell due meanwhile, else once a minute old).
 */
const DUE_COUNT_OPTIONS = {
  staleTime: 60_000,
  refetchInterval: (query: DueCountQuery) => untilNextDue(query.state.data?.nextDueAt, Date.now()),
  refetchOnWindowFocus: (query: DueCountQuery) => (hasFallenDue(query.state.data?.nextDueAt, Date.now()) ? "always" : true),
} as const;

function DueCountLink() {
  const due = api.review.dueCount.useQuery(undefined, DUE_COUNT_OPTIONS);
  const count = due.data?.dueCount ?? 0;
  return (
    <Link href="/review" data-testid="header-review-link" className={buttonVariants({ variant: "ghost", size: "sm", className: "px-2" })}>
      Review
      {count > 0 ? (
        <>
          <span
            aria-hidden="true"
            data-testid="header-due-count"
            className="rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none font-semibold text-primary-foreground tabular-nums"
          >
            {count > 999 ? "999+" : count}
          </span>
          <span className="sr-only">{`, ${count} card${count === 1 ? "" : "s"} due`}</span>
        </>
      ) : null}
    </Link>
  );
}

/** "Review" with the count of due cards, in the header: for signed-in learners only. */
export function ReviewLink() {
  const { user } = useSessionUser();
  return user ? <DueCountLink /> : null;
}

/** The due cards of one course, near the course's title: nothing when none is due. */
export function CourseReviewLink({ courseId }: { courseId: number }) {
  const due = api.review.dueCount.useQuery({ courseId }, DUE_COUNT_OPTIONS);
  const count = due.data?.dueCount ?? 0;
  if (count === 0) return null;
  return (
    <Link href="/review" data-testid="course-review-link" className={buttonVariants({ variant: "outline", size: "sm", className: "mr-2" })}>
      Review {count} card{count === 1 ? "" : "s"}
    </Link>
  );
}
