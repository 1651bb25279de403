"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

import type { PublicUser } from "~/lib/schemas/auth";
import { api } from "~/trpc/react";

/** The signed-in user from `auth.session` (null when signed out), the app's one auth state. */
export function useSessionUser() {
  const session = api.auth.session.useQuery();
  return { user: session.data ?? null, isLoading: session.isPending };
}

function isSessionQuery(queryKey: readonly unknown[]) {
  const path = queryKey[0];
  return Array.isArray(path) && path.join(".") === "auth.session";
}

/**
 * Swaps the cached user after login, registration, Google sign-in or logout. Every other cached
 * query belonged to the previous user, so it is dropped; mounted queries refetch for the new one.
 */
export function useReplaceSessionUser() {
  const queryClient = useQueryClient();
  const utils = api.useUtils();
  return useCallback(
    (user: PublicUser | null) => {
      void queryClient.cancelQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
      queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
      utils.auth.session.setData(undefined, user);
    },
    [queryClient, utils],
  );
}
