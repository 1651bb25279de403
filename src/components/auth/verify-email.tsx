"use client";

import Link from "next/link";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

/**
 * Confirms the address with the link's token. A button, not on load: mail scanners that open
 * links must not spend the learner's link.
 */
export function VerifyEmail({ token }: { token: string }) {
  const utils = api.useUtils();
  const verify = api.auth.verifyEmail.useMutation({ onSuccess: () => void utils.auth.emailState.invalidate() });

  if (verify.isSuccess) {
    return (
      <div className="grid gap-4">
        <p role="status">Your email address {verify.data.email} is verified.</p>
        <Link href="/account" className="underline underline-offset-4">
          Go to your account
        </Link>
      </div>
    );
  }
  return (
    <div className="grid max-w-md gap-4">
      {verify.isError ? <p role="alert">{failureText(verify.error, "Could not verify the address")}</p> : null}
      <Button type="button" disabled={!token || verify.isPending} onClick={() => verify.mutate({ token })}>
        {verify.isPending ? <Spinner tone="current" /> : null}
        Confirm my email address
      </Button>
    </div>
  );
}
