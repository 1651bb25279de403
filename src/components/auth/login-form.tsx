"use client";

import Link from "next/link";
import type { FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useReplaceSessionUser } from "~/hooks/use-session";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { formText } from "~/lib/form-text";
import { api } from "~/trpc/react";

import { FormField } from "./form-field";

export function LoginForm() {
  const replaceUser = useReplaceSessionUser();
  const login = api.auth.login.useMutation({
    onSuccess(user) {
      replaceUser(user);
      toast({ title: "Welcome back!", description: "You have successfully logged in." });
    },
    onError(error) {
      toast({ variant: "destructive", title: "Login failed", description: failureText(error, "Invalid credentials") });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = formText(form, "username").trim();
    const password = formText(form, "password");
    if (!username || !password) {
      toast({ variant: "destructive", title: "Error", description: "Please enter both username and password" });
      return;
    }
    login.mutate({ username, password });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <FormField id="login-username" label="Username" name="username" autoComplete="username" aria-required="true" />
      <FormField id="login-password" label="Password" name="password" type="password" autoComplete="current-password" aria-required="true" />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? <Spinner tone="current" /> : null}
        Login
      </Button>
      <Link href="/forgot-password" className="justify-self-start text-sm underline underline-offset-4">
        Forgot password?
      </Link>
    </form>
  );
}
