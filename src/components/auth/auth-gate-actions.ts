import { showGoogleSignInError } from "~/hooks/google-sign-in-error";

import { reportGoogleAuthResult } from "~/lib/google-auth-message";

/** What AuthGate does now and then (a Google error in the URL, a redirect after sign-in): fetched only then. */
export { takePostLoginPath } from "./post-login-redirect";

/**
 * next-auth sends some Google failures to /auth?error=…: inside the popup they go to the opener (and
 * the popup closes), else to a toast.
 */
export function handleGoogleErrorFromUrl() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("error")) return;
  if (window.opener) {
    reportGoogleAuthResult(false);
    window.close();
    return;
  }
  url.searchParams.delete("error");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  showGoogleSignInError();
}
