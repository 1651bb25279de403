import { toast } from "./use-toast";

const SIGN_IN_FAILED = "Sign in failed";
const SIGN_IN_FALLBACK = "The sign-in did not complete. Please try again.";

const SERVER_AUTH_FAILED = "Authentication error";
const SERVER_AUTH_MESSAGE = "Failed to authenticate with server. Please try again.";

/** The toast for a failed provider sign-in (kept apart from the popup logic, which loads on demand). */
export function showSignInError(message = SIGN_IN_FALLBACK) {
  toast({ variant: "destructive", title: SIGN_IN_FAILED, description: message });
}

/** The provider said yes, but the app's server could not turn that into a signed-in learner. */
export function showServerAuthError() {
  toast({ variant: "destructive", title: SERVER_AUTH_FAILED, description: SERVER_AUTH_MESSAGE });
}
