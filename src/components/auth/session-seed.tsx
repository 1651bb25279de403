"use client";

import { useState, type ReactNode } from "react";

import type { PublicUser } from "~/lib/schemas/auth";
import { api } from "~/trpc/react";

/**
 * Puts the user the server read from the session cookie into the `auth.session` query before the
 * shell renders: the header, the sidebar and the page know at once who is signed in, with no
 * client fetch and no spinner. `undefined` (the server could not tell) leaves the query to fetch.
 */
export function SessionSeed({ user, children }: { user: PublicUser | null | undefined; children: ReactNode }) {
  const utils = api.useUtils();
  useState(() => {
    // Once per page load: a user signed in or out since then is already in the cache.
    if (user !== undefined && utils.auth.session.getData() === undefined) utils.auth.session.setData(undefined, user);
  });
  return children;
}
