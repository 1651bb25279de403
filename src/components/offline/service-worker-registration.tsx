"use client";

import { useEffect } from "react";

/**
 * The service worker and offline sync (register-service-worker.ts), loaded after the page: every
 * page's first load carries only this (issue 45: at most +3 kB of gzip on /, /course and /review).
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("./register-service-worker").then(({ startServiceWorker }) => {
      if (!unmounted) stop = startServiceWorker();
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
  return null;
}
