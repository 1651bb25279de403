"use client";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useProviderSignIn } from "~/hooks/use-provider-sign-in";

import type { SignInProviderId } from "~/lib/sign-in-popup";

export type ProviderButton = { id: SignInProviderId; name: string };

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}

/** A school building: the school's own sign-in. */
function SchoolMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
    >
      <path d="M3 10 12 4l9 6" />
      <path d="M5 10v9h14v-9" />
      <path d="M10 19v-4h4v4" />
    </svg>
  );
}

function ProviderSignInButton({ provider }: { provider: ProviderButton }) {
  const { start, isPending } = useProviderSignIn(provider.id);
  const google = provider.id === "google";
  return (
    // The school's text is the operator's (OIDC_NAME, up to 60 characters): it wraps on a phone rather than overflow.
    <Button
      variant="outline"
      className="h-auto min-h-10 w-full text-center whitespace-normal"
      onClick={start}
      disabled={isPending}
      data-testid={`${provider.id}-sign-in`}
    >
      {isPending ? <Spinner /> : google ? <GoogleMark /> : <SchoolMark />}
      {google ? "Continue with Google" : provider.name}
    </Button>
  );
}

/** The "or" divider and a button per configured provider, each with its popup flow; loaded by ProviderSignInButtons on demand. */
export default function ProviderSignInAction({ providers }: { providers: ProviderButton[] }) {
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((provider) => (
        <ProviderSignInButton key={provider.id} provider={provider} />
      ))}
    </>
  );
}
