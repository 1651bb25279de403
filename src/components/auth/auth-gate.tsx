"use client";

import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";

import { CenteredSpinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";

const POST_LOGIN_REDIRECT_DELAY_MS = 100;

/** next-auth sends some provider sign-in failures here as ?error=… (see auth-gate-actions). */
function useSignInErrorFromUrl() {
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has("error")) return;
    void import("./auth-gate-actions").then((actions) => actions.handleSignInErrorFromUrl());
  }, []);
}

/**
 * The sign-in forms (server-rendered children) for visitors only: while the session loads, and for a
 * signed-in user on the way to where they were going, a spinner instead.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const router = useRouter();
  const { user, isLoading } = useSessionUser();
  useSignInErrorFromUrl();

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void import("./auth-gate-actions").then((actions) => {
        if (!cancelled) router.replace(actions.takePostLoginPath());
      });
    }, POST_LOGIN_REDIRECT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [user, router]);

  if (isLoading || user) return <CenteredSpinner label={user ? "Redirecting" : "Loading"} />;
  return <>{children}</>;
}
