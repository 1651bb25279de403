"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";

import { CenteredSpinner } from "~/components/ui/spinner";
import { useSessionUser } from "~/hooks/use-session";

import { rememberPostLoginPath } from "./post-login-redirect";

/**
 * Renders its children for signed-in users only. Anonymous visitors are sent to /auth and come
 * back here after signing in; a user who signs out on this page goes home instead.
 */
const subscribeNever = () => () => {};

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSessionUser();
  // The server knows the user too, but the pages behind this render in the browser only, as they always have.
  const inBrowser = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const router = useRouter();
  const pathname = usePathname();
  const hadUser = useRef(false);

  useEffect(() => {
    if (isLoading) return;
    if (user) {
      hadUser.current = true;
      return;
    }
    if (hadUser.current) {
      router.replace("/");
      return;
    }
    rememberPostLoginPath(`${pathname}${window.location.search}`);
    router.replace("/auth");
  }, [isLoading, user, pathname, router]);

  if (!inBrowser || isLoading || !user) return <CenteredSpinner label="Loading" />;
  return <>{children}</>;
}
