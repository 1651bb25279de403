"use client";

import type { FormEvent } from "react";

import { FormField } from "~/components/auth/form-field";
import { failureText } from "~/lib/failure-text";
import { formText } from "~/lib/form-text";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { api } from "~/trpc/react";

/** Changing the password signs out every other browser; this one stays signed in. */
export function ChangePasswordForm() {
  const changePassword = api.auth.changePassword.useMutation({
    onSuccess() {
      toast({ title: "Password changed", description: "Your other sessions have been signed out." });
    },
    onError(error) {
      toast({ variant: "destructive", title: "Password change failed", description: failureText(error, "Could not change your password") });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = formText(form, "currentPassword");
    const newPassword = formText(form, "newPassword");
    const confirmPassword = formText(form, "confirmPassword");
    if (!currentPassword || !newPassword || !confirmPassword) {
      toast({ variant: "destructive", title: "Error", description: "Please fill all the fields" });
      return;
    }
    if (newPassword !== confirmPassword) {
      toast({ variant: "destructive", title: "Error", description: "Passwords do not match" });
      return;
    }
    changePassword.mutate({ currentPassword, newPassword }, { onSuccess: () => formElement.reset() });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" aria-label="Change password">
      <FormField id="current-password" label="Current Password" name="currentPassword" type="password" autoComplete="current-password" aria-required="true" />
      <FormField id="new-password" label="New Password" name="newPassword" type="password" autoComplete="new-password" aria-required="true" />
      <FormField
        id="confirm-new-password"
        label="Confirm New Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        aria-required="true"
      />
      <Button type="submit" disabled={changePassword.isPending}>
        {changePassword.isPending ? <Spinner tone="current" /> : null}
        Change Password
      </Button>
    </form>
  );
}
