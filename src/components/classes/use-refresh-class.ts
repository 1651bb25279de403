"use client";

import { api } from "~/trpc/react";

/** Everything that shows a class's state: its page, its list entry, the dashboard. */
export function useRefreshClass(classId: number) {
  const utils = api.useUtils();
  return () => {
    void utils.classes.byId.invalidate({ id: classId });
    void utils.classes.mine.invalidate();
    void utils.classes.dashboard.invalidate({ id: classId });
  };
}
