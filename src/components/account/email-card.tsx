"use client";

import { useState, type FormEvent } from "react";

import { FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { formText } from "~/lib/form-text";
import { ACCOUNT_MESSAGES } from "~/lib/rules/account";
import { api } from "~/trpc/react";

/** The account's address, whether it is verified, a form to change it and "send the link again". */
export function EmailCard() {
  const utils = api.useUtils();
  const state = api.auth.emailState.useQuery();
  const [error, setError] = useState<string | undefined>();
  const sent = (title: string) => ({
    onSuccess(saved: { email: string | null; verified: boolean }) {
      utils.auth.emailState.setData(undefined, saved);
      if (!saved.verified) toast({ title, description: ACCOUNT_MESSAGES.verifyAccepted });
    },
    onError(failure: Parameters<typeof failureText>[0]) {
      toast({ variant: "destructive", title: "Could not send the link", description: failureText(failure, "Please try again.") });
    },
  });
  const change = api.auth.changeEmail.useMutation(sent("Address saved"));
  const resend = api.auth.resendVerification.useMutation(sent("Link sent"));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const email = formText(new FormData(formElement), "email").trim();
    if (!email) return setError("Please enter an email address");
    setError(undefined);
    change.mutate({ email }, { onSuccess: () => formElement.reset() });
  }

  const current = state.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Email</CardTitle>
        <CardDescription>We write only to a verified address: password resets and the reminders you ask for.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {current ? (
          <div className="flex flex-wrap items-center gap-3" data-testid="email-state">
            <span className="font-medium">{current.email ?? "No address yet"}</span>
            {current.email ? (
              <span className={current.verified ? "text-green-700 dark:text-green-300" : "text-amber-800 dark:text-amber-200"}>
                {current.verified ? "Verified" : "Not verified yet"}
              </span>
            ) : null}
            {current.email && !current.verified ? (
              <Button type="button" variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {resend.isPending ? <Spinner tone="current" /> : null}
                Send the link again
              </Button>
            ) : null}
          </div>
        ) : (
          <Spinner />
        )}
        <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" aria-label="Change email">
          <FormField id="new-email" label="New email address" name="email" type="email" autoComplete="email" aria-required="true" error={error} />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Spinner tone="current" /> : null}
            Change email
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
