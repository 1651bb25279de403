"use client";

import { lazy, Suspense, useEffect, useState } from "react";

/** The button and the popup logic are only fetched once the server says Google sign-in is configured. */
const GoogleSignInAction = lazy(() => import("./google-sign-in-action"));

/** Shown only when next-auth has a Google provider configured. */
export function GoogleSignInButton() {
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/auth/providers", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .then((providers) => setAvailable(typeof providers === "object" && providers !== null && "google" in providers))
      .catch(() => setAvailable(false));
    return () => controller.abort();
  }, []);

  if (!available) return null;

  return (
    <Suspense fallback={null}>
      <GoogleSignInAction />
    </Suspense>
  );
}
