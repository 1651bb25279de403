import { randomUUID } from "node:crypto";

import { SignJWT } from "jose";
import { z } from "zod";

import type { DbClient } from "~/server/db/client";
import { deleteAccessToken, findAccessToken, saveAccessToken } from "~/server/db/queries/lti-grades";

import { toolSigningKey } from "./tool-keys";

/**
 * Access tokens for the Advantage services (AGS, NRPS): OAuth 2 client credentials at the
 * platform's token URL, the client authenticated by a JWT signed with the tool's current key
 * (private_key_jwt, as the IMS Security Framework asks). A token is kept per platform and scope
 * until REFRESH_BEFORE_MS before it expires: in this process's memory, and in LtiAccessToken so
 * that other processes and instances use it rather than ask for their own. Two processes missing
 * it at once each fetch one; both are valid, the longer-lived one is kept. In one process,
 * callers asking at once share one request.
 */
const REFRESH_BEFORE_MS = 60_000;
const ASSERTION_TTL_SECONDS = 5 * 60;
const TIMEOUT_MS = 10_000;
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** A platform that says nothing of the token's life: assume an hour, the usual. */
const DEFAULT_EXPIRES_IN_S = 3_600;

export type TokenPlatform = { platformId: number; clientId: string; tokenUrl: string };

/** The platform answered the token request with an error, or not at all. */
export class TokenRefused extends Error {
  override readonly name = "TokenRefused";
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().positive().optional(),
});

type Held = { token: string; expiresAt: number };
const held = new Map<string, Held>();
const pending = new Map<string, Promise<Held>>();
const keyOf = (platformId: number, scope: string) => `${platformId} ${scope}`;

/** A bearer token for `scope` at the platform, from memory, the database, or the token URL. */
export async function platformAccessToken(db: DbClient, platform: TokenPlatform, scope: string, now = Date.now()): Promise<string> {
  const key = keyOf(platform.platformId, scope);
  const mine = held.get(key);
  if (mine && mine.expiresAt - REFRESH_BEFORE_MS > now) return mine.token;
  let request = pending.get(key);
  if (!request) {
    request = obtain(db, platform, scope, now).finally(() => pending.delete(key));
    pending.set(key, request);
  }
  return (await request).token;
}

async function obtain(db: DbClient, platform: TokenPlatform, scope: string, now: number): Promise<Held> {
  const key = keyOf(platform.platformId, scope);
  const stored = await findAccessToken(db, { platformId: platform.platformId, scope, until: new Date(now + REFRESH_BEFORE_MS) });
  if (stored) {
    const fromDb = { token: stored.token, expiresAt: stored.expiresAt.getTime() };
    held.set(key, fromDb);
    return fromDb;
  }
  const fetched = await requestToken(db, platform, scope);
  // A token shorter-lived than the refresh margin is still used for this call, never kept.
  if (fetched.expiresAt - REFRESH_BEFORE_MS > Date.now()) {
    held.set(key, fetched);
    await saveAccessToken(db, { platformId: platform.platformId, scope, token: fetched.token, expiresAt: new Date(fetched.expiresAt) });
  }
  return fetched;
}

/** The platform refused a token it issued (401 on a service call): forget it here and for every process. */
export async function forgetAccessToken(db: DbClient, platform: Pick<TokenPlatform, "platformId">, scope: string, token: string): Promise<void> {
  const key = keyOf(platform.platformId, scope);
  if (held.get(key)?.token === token) held.delete(key);
  await deleteAccessToken(db, { platformId: platform.platformId, scope, token });
}

/** The signed client assertion: iss and sub the client id, aud the token URL, a fresh jti, five minutes. */
async function clientAssertion(db: DbClient, platform: Omit<TokenPlatform, "platformId">, now = new Date()): Promise<string> {
  const key = await toolSigningKey(db, now);
  const seconds = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.tokenUrl)
    .setJti(randomUUID())
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + ASSERTION_TTL_SECONDS)
    .sign(key.key);
}

async function requestToken(db: DbClient, platform: TokenPlatform, scope: string): Promise<Held> {
  const body = new URLSearchParams({
    grant_type: "client_credentials",
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: await clientAssertion(db, platform),
    scope,
  });
  let response: Response;
  try {
    response = await fetch(platform.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    throw new TokenRefused(`token URL unreachable: ${error instanceof Error ? error.message : String(error)}`, null);
  }
  const text = await response.text().catch(() => "");
  if (!response.ok) throw new TokenRefused(`token URL answered ${response.status}: ${text.slice(0, 200)}`, response.status);
  let parsed: z.infer<typeof tokenAnswer>;
  try {
    parsed = tokenAnswer.parse(JSON.parse(text));
  } catch {
    throw new TokenRefused("token URL answered something other than a bearer token", response.status);
  }
  return { token: parsed.access_token, expiresAt: Date.now() + 1000 * (parsed.expires_in ?? DEFAULT_EXPIRES_IN_S) };
}

/** Forgets every token this process holds (tests). */
export function clearHeldTokens(): void {
  held.clear();
}
