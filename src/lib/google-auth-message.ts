/**
 * The Google popup reports back to the page that opened it with a postMessage (same origin
 * only). When the popup lost its opener, a localStorage write under GOOGLE_AUTH_STORAGE_KEY
 * carries the same result through a `storage` event instead.
 */
export const GOOGLE_POPUP_NAME = "coursecraft-google-sign-in";
const GOOGLE_AUTH_MESSAGE_TYPE = "google-auth";
export const GOOGLE_AUTH_STORAGE_KEY = "google-auth-result";

export type GoogleAuthMessage = { type: typeof GOOGLE_AUTH_MESSAGE_TYPE; ok: boolean };

export function isGoogleAuthMessage(value: unknown): value is GoogleAuthMessage {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return candidate.type === GOOGLE_AUTH_MESSAGE_TYPE && typeof candidate.ok === "boolean";
}

/** Sends the popup's result to its opener (or, lacking one, through localStorage). Returns true if an opener got it. */
export function reportGoogleAuthResult(ok: boolean): boolean {
  const message: GoogleAuthMessage = { type: GOOGLE_AUTH_MESSAGE_TYPE, ok };
  const opener = window.opener as Window | null;
  if (opener && opener !== window) {
    opener.postMessage(message, window.location.origin);
    return true;
  }
  try {
    window.localStorage.setItem(GOOGLE_AUTH_STORAGE_KEY, JSON.stringify({ ...message, at: Date.now() }));
    window.localStorage.removeItem(GOOGLE_AUTH_STORAGE_KEY);
  } catch {
    // Storage disabled: the opener treats the closed popup as a cancel.
  }
  return false;
}
