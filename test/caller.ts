/**
 * createTestCaller: the tRPC API as a test sees it — the real router, middlewares and context,
 * without HTTP. A signed-in caller carries a real session cookie (next-auth's JWT, as the login
 * route mints it), so revocation, expiry and tampering are exercised exactly as in production.
 */
import { randomInt } from "node:crypto";

import { createCaller } from "~/server/api/root";
import { createTRPCContext } from "~/server/api/trpc";
import { encodeSessionToken, sessionCookieName } from "~/server/auth/session";
import { db as defaultDb, type Db, type DbClient } from "~/server/db";

export type TestUser = { id: number; sessionVersion?: number; username?: string; email?: string | null; displayName?: string | null };

export type TestCallerOptions = {
  /** Sign in as this user; the session version is read from the database unless given. */
  user?: TestUser | null;
  /** A raw session token (e.g. one a previous call set), sent as the session cookie. */
  sessionToken?: string;
  /** Extra request headers. Each caller gets its own random X-Forwarded-For unless this sets one. */
  headers?: HeadersInit;
  db?: Db;
};

/** A random client address, so callers do not share per-IP rate limits unless a test wants them to. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export async function sessionTokenFor(user: TestUser, db: DbClient = defaultDb): Promise<string> {
  const sessionVersion = user.sessionVersion ?? (await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { sessionVersion: true } })).sessionVersion;
  return encodeSessionToken({ userId: user.id, sessionVersion, name: user.displayName ?? user.username ?? null, email: user.email ?? null });
}

/** `Cookie` header value carrying a session token. */
export function sessionCookieHeader(token: string): string {
  return `${sessionCookieName()}=${token}`;
}

/** The session token from a response's Set-Cookie headers ("" when it was cleared, null when absent). */
export function sessionTokenFromSetCookie(headers: Headers): string | null {
  const prefix = `${sessionCookieName()}=`;
  const cookie = headers.getSetCookie().findLast((value) => value.startsWith(prefix));
  if (cookie === undefined) return null;
  return decodeURIComponent(cookie.slice(prefix.length).split(";")[0] ?? "");
}

export async function createTestCaller(options: TestCallerOptions = {}) {
  const database = options.db ?? defaultDb;
  const headers = new Headers(options.headers);
  if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", randomIp());
  const token = options.sessionToken ?? (options.user ? await sessionTokenFor(options.user, database) : undefined);
  if (token !== undefined) {
    const existing = headers.get("cookie");
    headers.set("cookie", [existing, sessionCookieHeader(token)].filter(Boolean).join("; "));
  }
  const resHeaders = new Headers();
  const ctx = createTRPCContext({ headers, resHeaders, db: database });
  return { caller: createCaller(ctx), resHeaders, headers, ctx, sessionToken: token ?? null };
}

/** A caller that continues as the browser that received `resHeaders` (its new session cookie). */
export async function callerFromResponse(resHeaders: Headers, options: Omit<TestCallerOptions, "sessionToken" | "user"> = {}) {
  const token = sessionTokenFromSetCookie(resHeaders);
  if (!token) throw new Error("the response set no session cookie");
  return createTestCaller({ ...options, sessionToken: token });
}
