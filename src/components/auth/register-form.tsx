"use client";

import { useState, type ChangeEvent, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useReplaceSessionUser } from "~/hooks/use-session";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { FormField } from "./form-field";
import { fieldErrors } from "./field-errors";

const FIELDS = ["username", "email", "password", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { username: "", email: "", password: "", confirmPassword: "" };

export function RegisterForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const replaceUser = useReplaceSessionUser();
  const register = api.auth.register.useMutation({
    onSuccess(user) {
      replaceUser(user);
      toast({ title: "Registration successful", description: "Your account has been created." });
    },
    onError(error) {
      setErrors(fieldErrors(error, FIELDS));
      toast({ variant: "destructive", title: "Registration failed", description: failureText(error, "Could not create account") });
    },
  });

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { username, email, password, confirmPassword } = values;
    if (!username.trim() || !email.trim() || !password) {
      toast({ variant: "destructive", title: "Error", description: "Please fill all the fields" });
      return;
    }
    if (password !== confirmPassword) {
      setErrors({ confirmPassword: "Passwords do not match" });
      toast({ variant: "destructive", title: "Error", description: "Passwords do not match" });
      return;
    }
    setErrors({});
    register.mutate({ username: username.trim(), email: email.trim(), password, confirmPassword });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      <FormField
        id="register-username"
        label="Username"
        name="username"
        autoComplete="username"
        aria-required="true"
        value={values.username}
        onChange={update("username")}
        error={errors.username}
      />
      <FormField
        id="register-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        aria-required="true"
        value={values.email}
        onChange={update("email")}
        error={errors.email}
      />
      <FormField
        id="register-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        value={values.password}
        onChange={update("password")}
        error={errors.password}
      />
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        value={values.confirmPassword}
        onChange={update("confirmPassword")}
        error={errors.confirmPassword}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? <Spinner tone="current" /> : null}
        Register
      </Button>
    </form>
  );
}
