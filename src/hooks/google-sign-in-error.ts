import { toast } from "./use-toast";

export const SIGN_IN_FAILED = "Sign in failed";
export const SIGN_IN_FALLBACK = "Failed to sign in with Google";

/** The toast for a failed Google sign-in (kept apart from the popup logic, which loads on demand). */
export function showGoogleSignInError(message = SIGN_IN_FALLBACK) {
  toast({ variant: "destructive", title: SIGN_IN_FAILED, description: message });
}
