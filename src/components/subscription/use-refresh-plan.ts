"use client";

import { useCallback } from "react";

import { api } from "~/trpc/react";

/** Re-reads the plan and the course limit, so every page sees a plan that changed. */
export function useRefreshPlan() {
  const utils = api.useUtils();
  return useCallback(() => Promise.all([utils.subscription.get.invalidate(), utils.generation.courseLimit.invalidate()]), [utils]);
}
