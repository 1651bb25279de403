"use client";

import { lazy, Suspense } from "react";

import { Spinner } from "~/components/ui/spinner";

/** The registration form is fetched when the Register tab is first opened. */
const RegisterForm = lazy(() => import("./register-form").then((module) => ({ default: module.RegisterForm })));

export function LazyRegisterForm() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label="Loading the registration form" />
        </div>
      }
    >
      <RegisterForm />
    </Suspense>
  );
}
