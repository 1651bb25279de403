import { decode, encode, type JWT } from "next-auth/jwt";

import { env } from "~/env";

/**
 * The session is next-auth's JWT cookie (httpOnly, SameSite=Lax, Secure over https). Our own
 * routes (login, register) mint it with next-auth's encoder so that next-auth and the app read
 * one cookie. The token carries the user id and a session version only; rights such as the plan
 * are read from the database on each request, so they change without a new cookie.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionClaims = { userId: number; sessionVersion: number };

const secureCookies = () => env.NEXTAUTH_URL?.startsWith("https://") ?? false;

export const sessionCookieName = () => `${secureCookies() ? "__Secure-" : ""}next-auth.session-token`;

export function authSecret(): string {
  const secret = env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: start the app with `npm run dev` or `npm start`, which create one.");
  return secret;
}

export async function encodeSessionToken(claims: SessionClaims & { name?: string | null; email?: string | null }): Promise<string> {
  const token: JWT = { sub: String(claims.userId), sv: claims.sessionVersion, name: claims.name ?? null, email: claims.email ?? null };
  return encode({ token, secret: authSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
}

export function claimsFromToken(token: JWT | null): SessionClaims | null {
  const userId = Number(token?.sub);
  const sessionVersion = token?.sv;
  if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionVersion !== "number") return null;
  return { userId, sessionVersion };
}

/**
 * Decoding is a key derivation (HKDF) and an AES-GCM decryption, about a third of the CPU of a
 * small API request; a learner sends the same cookie on every request, so decoded tokens are
 * remembered (bounded, oldest out first) until their own expiry. Revocation is unaffected: the
 * session version is still checked against the database on every request.
 */
const decodedTokens = new Map<string, { claims: SessionClaims | null; expiresAtMs: number }>();
const DECODED_TOKENS_MAX = 5_000;

export async function decodeSessionToken(value: string): Promise<SessionClaims | null> {
  const cached = decodedTokens.get(value);
  if (cached && cached.expiresAtMs > Date.now()) return cached.claims;
  const token = await decode({ token: value, secret: authSecret() }).catch(() => null);
  const claims = claimsFromToken(token);
  if (claims && typeof token?.exp === "number") {
    if (decodedTokens.size >= DECODED_TOKENS_MAX) decodedTokens.delete(decodedTokens.keys().next().value!);
    decodedTokens.set(value, { claims, expiresAtMs: token.exp * 1000 });
  }
  return claims;
}

function readCookie(headers: Headers, name: string): string | null {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null; // a malformed cookie is no session, not a server error
      }
    }
  }
  return null;
}

export async function readSessionClaims(headers: Headers): Promise<SessionClaims | null> {
  const value = readCookie(headers, sessionCookieName());
  return value ? decodeSessionToken(value) : null;
}

/**
 * The session cookie. `embedded`: for a page opened inside another site's frame (an LMS launch):
 * over https it is SameSite=None and Partitioned (CHIPS), kept for that site's frames only, so it
 * works where third-party cookies are blocked; over http (a local platform) it stays Lax.
 */
export function sessionCookie(value: string, { embedded = false }: { embedded?: boolean } = {}): string {
  const attributes = secureCookies() ? (embedded ? "; SameSite=None; Secure; Partitioned" : "; SameSite=Lax; Secure") : "; SameSite=Lax";
  return `${sessionCookieName()}=${value}; Path=/; HttpOnly${attributes}; Max-Age=${SESSION_MAX_AGE_SECONDS}`;
}

export function clearedSessionCookie(): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${sessionCookieName()}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}
