"use client";

import { lazy, Suspense } from "react";

import { useSessionUser } from "~/hooks/use-session";

// Loaded for signed-in learners only: a visitor's home asks the API nothing and downloads none of it.
const HomeAssignments = lazy(() => import("~/components/classes/home-assignments"));

/** "Your assignments" on the home page, for a signed-in learner who has any (it shows nothing otherwise). */
export function AssignmentsPanel() {
  const { user } = useSessionUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <HomeAssignments />
    </Suspense>
  );
}
