"use client";

import { signIn } from "next-auth/react";
import { useEffect, useRef } from "react";

import { Spinner } from "~/components/ui/spinner";

/** Runs inside the popup: hands over to next-auth, which redirects to Google (account chooser forced). */
export function GooglePopupStart() {
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn("google", { callbackUrl: "/auth/popup-done" }).catch(() => window.location.replace("/auth/popup-done?error=SignIn"));
  }, []);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Signing in with Google</h1>
      <Spinner label="Redirecting to Google" size="lg" />
    </main>
  );
}
