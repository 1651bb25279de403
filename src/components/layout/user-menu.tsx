"use client";

import Link from "next/link";
import { lazy, Suspense } from "react";

import { buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";

/** The menu's code is only fetched for signed-in users. */
const SignedInMenu = lazy(() => import("./signed-in-menu"));

/** The signed-in user's menu, or a sign-in link. */
export function UserMenu() {
  const { user, isLoading } = useSessionUser();
  const loading = <Spinner label="Loading account" className="mx-2" />;

  if (isLoading) return loading;

  if (!user) {
    return (
      <Link href="/auth" className={buttonVariants({ size: "sm" })} data-testid="sign-in-link">
        Sign In
      </Link>
    );
  }

  return (
    <Suspense fallback={loading}>
      <SignedInMenu user={user} />
    </Suspense>
  );
}
