import { unstable_rethrow } from "next/navigation";
import type { ReactNode } from "react";

import { SessionSeed } from "~/components/auth/session-seed";
import { SiteShell } from "~/components/layout/site-shell";
import { api } from "~/trpc/server";

/** The signed-in user from the request's session cookie; undefined when it cannot be read (the client asks then). */
async function sessionUser() {
  try {
    return await api.auth.session();
  } catch (error) {
    // Next's own signals (reading the request's headers makes the pages dynamic) pass through.
    unstable_rethrow(error);
    return undefined;
  }
}

/** Every page of the site is rendered for its request: who is signed in is known before any client code runs. */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <SessionSeed user={await sessionUser()}>
      <SiteShell>{children}</SiteShell>
    </SessionSeed>
  );
}
