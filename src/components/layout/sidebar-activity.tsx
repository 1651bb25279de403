"use client";

import { lazy, Suspense } from "react";

import { useSessionUser } from "~/hooks/use-session";

import { NO_ACTIVITY } from "./activity-text";

const ActivityList = lazy(() => import("./sidebar-activity-list"));

const noActivity = <p className="px-2 text-sm text-muted-foreground">{NO_ACTIVITY}</p>;

/**
 * The sidebar's "Recent Activity": the learner's latest learning; the spec's hint for a visitor and
 * a learner without courses; the way back into their newest course for one who has not started.
 */
export function SidebarActivity() {
  const { user } = useSessionUser();
  if (!user) return noActivity;
  return (
    <Suspense fallback={null}>
      <ActivityList />
    </Suspense>
  );
}
