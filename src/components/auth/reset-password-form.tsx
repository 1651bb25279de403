"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useReplaceSessionUser } from "~/hooks/use-session";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { formText } from "~/lib/form-text";
import { api } from "~/trpc/react";

import { FormField } from "./form-field";

/** Sets a new password from a reset link; every other browser is signed out and this one signed in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const replaceUser = useReplaceSessionUser();
  const [error, setError] = useState<string | undefined>();
  const confirm = api.auth.confirmPasswordReset.useMutation({
    onSuccess(user) {
      replaceUser(user);
      toast({ title: "Password changed", description: "You are signed in; every other browser was signed out." });
      router.push("/");
    },
    onError: (failure) => setError(failureText(failure, "Could not set the password")),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, "password");
    if (!password) return setError("Please enter a new password");
    if (password !== formText(form, "confirmPassword")) return setError("Passwords do not match");
    setError(undefined);
    confirm.mutate({ token, password });
  }

  if (!token) {
    return (
      <p role="alert">
        This link has no token. <Link href="/forgot-password">Ask for a new link</Link>.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" aria-label="Set a new password">
      <FormField id="reset-password" label="New password" name="password" type="password" autoComplete="new-password" aria-required="true" />
      <FormField
        id="reset-confirm-password"
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        error={error}
      />
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? <Spinner tone="current" /> : null}
        Set new password
      </Button>
      {error ? (
        <Link href="/forgot-password" className="text-sm underline underline-offset-4">
          Ask for a new link
        </Link>
      ) : null}
    </form>
  );
}
