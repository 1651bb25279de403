"use client";

import { lazy, Suspense } from "react";

/**
 * The provider buttons, fetched after the page: most deployments configure none, and /auth keeps
 * within its first-load budget (bench/page-weight.ts).
 */
const ProviderSignInButtons = lazy(() => import("./provider-sign-in-buttons").then((module) => ({ default: module.ProviderSignInButtons })));

export function LazyProviderSignInButtons() {
  return (
    <Suspense fallback={null}>
      <ProviderSignInButtons />
    </Suspense>
  );
}
