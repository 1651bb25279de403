"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { formText } from "~/lib/form-text";
import { api } from "~/trpc/react";

import { FormField } from "./form-field";

/** "Forgot password?": the answer is the same whether or not an account matches. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const request = api.auth.requestPasswordReset.useMutation({
    onSuccess: (answer) => setSent(answer.message),
    onError(failure) {
      toast({ variant: "destructive", title: "Could not send the link", description: failureText(failure, "Please try again.") });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const identifier = formText(new FormData(event.currentTarget), "identifier").trim();
    if (!identifier) {
      setError("Please enter your username or email");
      return;
    }
    setError(undefined);
    request.mutate({ identifier });
  }

  return (
    <div className="grid max-w-md gap-4">
      {sent ? (
        <p role="status" className="rounded-md border p-4">
          {sent}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Forgot password">
          <FormField id="forgot-identifier" label="Username or email" name="identifier" autoComplete="username" aria-required="true" error={error} />
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? <Spinner tone="current" /> : null}
            Send me a link
          </Button>
        </form>
      )}
      <Link href="/auth" className="text-sm underline underline-offset-4">
        Back to sign in
      </Link>
    </div>
  );
}
