import { showSignInError } from "~/hooks/sign-in-error";

import { reportSignInResult } from "~/lib/sign-in-popup";

/** What AuthGate does now and then (a provider's error in the URL, a redirect after sign-in): fetched only then. */
export { takePostLoginPath } from "./post-login-redirect";

/**
 * next-auth sends some provider sign-in failures to /auth?error=…: inside the popup they go to the opener (and
 * the popup closes), else to a toast.
 */
export function handleSignInErrorFromUrl() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("error")) return;
  if (window.opener) {
    reportSignInResult(false);
    window.close();
    return;
  }
  url.searchParams.delete("error");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  showSignInError();
}
