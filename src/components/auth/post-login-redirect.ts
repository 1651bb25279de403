/** Where a protected page sends the visitor back to after sign-in (sessionStorage). */
const POST_LOGIN_REDIRECT_KEY = "postLoginRedirect";

/** Only same-site relative paths: a single leading '/', never '//' or '/\' (protocol-relative). */
function isSafeRedirectPath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  if (/[\u0000-\u001f\\]/.test(path)) return false;
  try {
    const origin = window.location.origin;
    return new URL(path, origin).origin === origin;
  } catch {
    return false;
  }
}

export function rememberPostLoginPath(path: string) {
  if (!isSafeRedirectPath(path)) return;
  try {
    window.sessionStorage.setItem(POST_LOGIN_REDIRECT_KEY, path);
  } catch {
    // Storage can be disabled; the visitor then lands on the home page after sign-in.
  }
}

/** Reads and clears the stored path; falls back to the home page. */
export function takePostLoginPath(): string {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY);
    window.sessionStorage.removeItem(POST_LOGIN_REDIRECT_KEY);
  } catch {
    stored = null;
  }
  if (!isSafeRedirectPath(stored)) return "/";
  const pathname = new URL(stored, window.location.origin).pathname;
  return pathname === "/auth" || pathname.startsWith("/auth/") ? "/" : stored;
}
