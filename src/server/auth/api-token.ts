import { createHash, randomBytes } from "node:crypto";

/**
 * Personal API tokens, the pure part: `cc_pat_` and 32 random bytes in base64url. The secret is
 * shown once; only its SHA-256 is stored (a slow password hash buys nothing for 256 random bits).
 */
const API_TOKEN_PREFIX = "cc_pat_";
/** How many characters of the token the list shows: the fixed prefix and 4 of the secret's 43. */
const DISPLAY_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 4;

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new token: the secret to show once, the hash to store and the prefix to display. */
export function generateApiToken(bytes: Buffer = randomBytes(32)): { token: string; tokenHash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${bytes.toString("base64url")}`;
  return { token, tokenHash: hashApiToken(token), prefix: token.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/**
 * The credentials of an Authorization header: `{ bearer }` for the Bearer scheme (any case, its
 * value trimmed; "" when it has none), null for no header or another scheme.
 */
export function bearerTokenOf(authorization: string | null): { bearer: string } | null {
  const match = authorization?.match(/^\s*bearer(?:\s+([^]*))?$/i);
  return match ? { bearer: (match[1] ?? "").trim() } : null;
}
