"use client";

import Link from "next/link";

import { api } from "~/trpc/react";

import { AssignmentList } from "./assignment-item";
import { useMinuteClock } from "./use-now";

/**
 * The home page's "Your assignments": the courses my classes assigned me, soonest due first, with
 * my own progress. Nothing at all while loading, on a failure, or when there are none.
 */
export default function HomeAssignments() {
  const assignments = api.assignments.mine.useQuery();
  const now = useMinuteClock();
  const list = assignments.data?.assignments ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="home-assignments-title" data-testid="home-assignments">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-assignments-title" className="text-2xl font-bold tracking-tight">
          Your assignments
        </h2>
        <Link
          href="/classes"
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Your classes
        </Link>
      </div>
      <AssignmentList assignments={list} now={now} showClass label="Your assignments" />
    </section>
  );
}
