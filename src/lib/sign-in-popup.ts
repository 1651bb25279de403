/**
 * Sign-in through an identity provider (Google, the school's OpenID Connect provider) runs in a
 * popup, which reports back to the page that opened it with a postMessage (same origin only).
 * When the popup lost its opener, a localStorage write under SIGN_IN_STORAGE_KEY carries the same
 * result through a `storage` event instead. One popup at a time, whichever the provider.
 */
export const SIGN_IN_POPUP_NAME = "coursecraft-sign-in";
const SIGN_IN_MESSAGE_TYPE = "sign-in-popup";
export const SIGN_IN_STORAGE_KEY = "sign-in-popup-result";

/** next-auth's ids of the providers the popup can sign in with. */
export const SIGN_IN_PROVIDER_IDS = ["google", "oidc"] as const;
export type SignInProviderId = (typeof SIGN_IN_PROVIDER_IDS)[number];

/** What the page says about each provider (the school's button text comes from OIDC_NAME through /api/auth/providers). */
export const SIGN_IN_PROVIDER_TEXT: Record<SignInProviderId, { signingIn: string; redirecting: string; welcome: string; failed: string }> = {
  google: {
    signingIn: "Signing in with Google",
    redirecting: "Redirecting to Google",
    welcome: "You've signed in with Google successfully.",
    failed: "Failed to sign in with Google",
  },
  oidc: {
    signingIn: "Signing in with your school account",
    redirecting: "Redirecting to your school's sign-in page",
    welcome: "You've signed in with your school account.",
    failed: "Failed to sign in with your school account",
  },
};

export function isSignInProviderId(value: unknown): value is SignInProviderId {
  return SIGN_IN_PROVIDER_IDS.some((id) => id === value);
}

/** The popup's first page, which hands over to next-auth for this provider. */
export function signInPopupPath(provider: SignInProviderId): string {
  return `/auth/${provider}`;
}

export type SignInPopupMessage = { type: typeof SIGN_IN_MESSAGE_TYPE; ok: boolean };

export function isSignInPopupMessage(value: unknown): value is SignInPopupMessage {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return candidate.type === SIGN_IN_MESSAGE_TYPE && typeof candidate.ok === "boolean";
}

/** Sends the popup's result to its opener (or, lacking one, through localStorage). Returns true if an opener got it. */
export function reportSignInResult(ok: boolean): boolean {
  const message: SignInPopupMessage = { type: SIGN_IN_MESSAGE_TYPE, ok };
  const opener = window.opener as Window | null;
  if (opener && opener !== window) {
    opener.postMessage(message, window.location.origin);
    return true;
  }
  try {
    window.localStorage.setItem(SIGN_IN_STORAGE_KEY, JSON.stringify({ ...message, at: Date.now() }));
    window.localStorage.removeItem(SIGN_IN_STORAGE_KEY);
  } catch {
    // Storage disabled: the opener treats the closed popup as a cancel.
  }
  return false;
}
