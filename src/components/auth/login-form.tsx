"use client";

import { useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useReplaceSessionUser } from "~/hooks/use-session";
import { toast } from "~/hooks/use-toast";
import { api } from "~/trpc/react";

import { FormField } from "./form-field";
import { errorMessage } from "./server-errors";

export function LoginForm() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const replaceUser = useReplaceSessionUser();
  const login = api.auth.login.useMutation({
    onSuccess(user) {
      replaceUser(user);
      toast({ title: "Welcome back!", description: "You have successfully logged in." });
    },
    onError(error) {
      toast({ variant: "destructive", title: "Login failed", description: errorMessage(error, "Invalid credentials") });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      toast({ variant: "destructive", title: "Error", description: "Please enter both username and password" });
      return;
    }
    login.mutate({ username: username.trim(), password });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <FormField
        id="login-username"
        label="Username"
        name="username"
        autoComplete="username"
        aria-required="true"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <FormField
        id="login-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        aria-required="true"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? <Spinner className="text-primary-foreground" /> : null}
        Login
      </Button>
    </form>
  );
}
