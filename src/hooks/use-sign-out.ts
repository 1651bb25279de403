"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";

import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { useReplaceSessionUser } from "./use-session";
import { toast } from "./use-toast";

/** Logs out everywhere (the server revokes every session), clears cached data and goes home. */
export function useSignOut() {
  const router = useRouter();
  const replaceUser = useReplaceSessionUser();
  const { mutateAsync: logout, isPending } = api.auth.logout.useMutation();

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      // Still signed in: saying nothing would leave the learner believing otherwise.
      console.error("Sign out failed", error);
      toast({ variant: "destructive", title: "Logout failed", description: failureText(error, "Failed to log out") });
      return;
    }
    replaceUser(null);
    toast({ title: "Logged out", description: "You have been logged out successfully." });
    router.push("/");
  }, [logout, replaceUser, router]);

  return { signOut, isPending };
}
