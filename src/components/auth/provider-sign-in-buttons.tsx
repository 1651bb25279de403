"use client";

import { lazy, Suspense, useEffect, useState } from "react";

import { SIGN_IN_PROVIDER_IDS, type SignInProviderId } from "~/lib/sign-in-popup";

import type { ProviderButton } from "./provider-sign-in-action";

/** The buttons and the popup logic are only fetched once the server says a provider is configured. */
const ProviderSignInAction = lazy(() => import("./provider-sign-in-action"));

/** next-auth's /api/auth/providers answer, reduced to the providers a popup signs in with, in our order. */
function configuredProviders(answer: unknown): ProviderButton[] {
  if (typeof answer !== "object" || answer === null) return [];
  const byId = answer as Partial<Record<SignInProviderId, { name?: unknown }>>;
  return SIGN_IN_PROVIDER_IDS.flatMap((id) => {
    const entry = byId[id];
    if (!entry) return [];
    return [{ id, name: typeof entry.name === "string" ? entry.name : id }];
  });
}

/** "Continue with Google" and the school's button (OIDC_NAME), each shown only when next-auth has that provider. */
export function ProviderSignInButtons() {
  const [providers, setProviders] = useState<ProviderButton[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/auth/providers", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .then((answer) => setProviders(configuredProviders(answer)))
      .catch(() => setProviders([]));
    return () => controller.abort();
  }, []);

  if (providers.length === 0) return null;

  return (
    <Suspense fallback={null}>
      <ProviderSignInAction providers={providers} />
    </Suspense>
  );
}
