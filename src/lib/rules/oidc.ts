/** School sign-in through OpenID Connect (docs/features/school-sign-in.md): its settings' rules and sizes. Zod-free. */

/** next-auth's id of the school provider: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

/** The button's text when OIDC_NAME is unset. */
export const OIDC_DEFAULT_NAME = "Sign in with your school account";

/** The identifiers kept in columns (issuer, subject); OpenID Connect caps `sub` at 255 ASCII characters. */
export const OIDC_MAX_ID_LENGTH = 255;

/** A claim longer than this is ignored (a name or an address is far shorter): it never reaches a column. */
export const OIDC_MAX_CLAIM_LENGTH = 1_024;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether an issuer URL may be used: https, or http:// on this machine (a local provider, the
 * tests) or anywhere with `allowHttp`; never with credentials, a query or a fragment, which
 * discovery (`{issuer}/.well-known/openid-configuration`) could not append to.
 */
export function issuerUrlAllowed(value: string, { allowHttp }: { allowHttp: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && (allowHttp || LOOPBACK_HOSTS.has(url.hostname));
}

/** The issuer as discovery and the id_token name it: without a trailing slash. */
export function normalizedIssuer(value: string): string {
  return value.replace(/\/+$/, "");
}
