"use client";

import { signIn } from "next-auth/react";
import { useEffect, useRef } from "react";

import { Spinner } from "~/components/ui/spinner";

import { SIGN_IN_PROVIDER_TEXT, type SignInProviderId } from "~/lib/sign-in-popup";

/** Runs inside the popup: hands over to next-auth, which redirects to the provider (Google forces its account chooser). */
export function ProviderPopupStart({ provider }: { provider: SignInProviderId }) {
  const started = useRef(false);
  const text = SIGN_IN_PROVIDER_TEXT[provider];

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn(provider, { callbackUrl: "/auth/popup-done" }).catch(() => window.location.replace("/auth/popup-done?error=SignIn"));
  }, [provider]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{text.signingIn}</h1>
      <Spinner label={text.redirecting} size="lg" />
    </main>
  );
}
