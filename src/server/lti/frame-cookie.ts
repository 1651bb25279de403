import { createHmac, timingSafeEqual } from "node:crypto";

import { env } from "~/env";
import { LTI_FRAME_COOKIE, LTI_FRAME_TTL_MS } from "~/lib/rules/lti";
import { cspHeader } from "~/lib/security-headers";
import { authSecret, readSessionClaims } from "~/server/auth/session";

/**
 * Who may frame the pages of a session an LTI launch signed in (docs/lti.md, "Framing"). The
 * launch sets this cookie: the user it signed in, the registered platform's frame origins and an
 * expiry, signed with the server's secret. src/proxy.ts reads it on every page of that browser and
 * answers `frame-ancestors <those origins>` instead of 'none', and only while the session is the
 * same user's. The origins come from the platform's registration alone, never from the request,
 * and the cookie cannot be made without the secret: nobody else can make the app frameable by
 * their own origin.
 */
export { LTI_FRAME_COOKIE };

/** An origin as a CSP source may hold it: a scheme, a host and maybe a port, nothing that could end the directive. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/;
const MAX_ORIGINS = 10;

type FramePayload = { u: number; o: string[]; e: number };

let signingKey: { secret: string; key: Buffer } | null = null;

/** A key of its own for these cookies, derived from the session secret. */
function key(): Buffer {
  const secret = authSecret();
  if (signingKey?.secret !== secret) signingKey = { secret, key: createHmac("sha256", secret).update("coursecraft lti frame cookie v1").digest() };
  return signingKey.key;
}

const sign = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

/** The origins a registration lets frame the tool: the ones registered, or else the issuer's own. */
export function platformFrameOrigins(platform: { issuer: string; frameOrigins: string[] }): string[] {
  if (platform.frameOrigins.length > 0) return platform.frameOrigins;
  try {
    return [new URL(platform.issuer).origin].filter((origin) => ORIGIN.test(origin));
  } catch {
    return [];
  }
}

/** The cookie's value for `userId` framed by `origins` until LTI_FRAME_TTL_MS from `now`. */
function frameCookieValue({ userId, origins, now }: { userId: number; origins: readonly string[]; now: Date }): string {
  const payload: FramePayload = { u: userId, o: origins.filter((origin) => ORIGIN.test(origin)).slice(0, MAX_ORIGINS), e: now.getTime() + LTI_FRAME_TTL_MS };
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${encoded}.${sign(encoded)}`;
}

/**
 * The Set-Cookie of a launch that signed `userId` in from a platform framing from `origins`. Over
 * https it is SameSite=None and Partitioned, like the session a launch makes (auth/session.ts): it
 * lives in the platform's frames only.
 */
export function frameCookie(framing: { userId: number; origins: readonly string[]; now: Date }): string {
  const secure = env.NEXTAUTH_URL?.startsWith("https://") ?? false;
  const attributes = secure ? "; SameSite=None; Secure; Partitioned" : "; SameSite=Lax";
  return `${LTI_FRAME_COOKIE}=${frameCookieValue(framing)}; Path=/; HttpOnly${attributes}; Max-Age=${Math.floor(LTI_FRAME_TTL_MS / 1000)}`;
}

/**
 * The origins that may frame this user's pages, from the cookie's value: none (null) when it is
 * not signed with this server's secret, has expired, or was made for another user than the one
 * signed in.
 */
export function frameOriginsFor(value: string, { userId, now }: { userId: number | null; now: Date }): string[] | null {
  const dot = value.indexOf(".");
  if (dot <= 0 || userId === null) return null;
  const encoded = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  const expected = Buffer.from(sign(encoded), "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: FramePayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")) as FramePayload;
  } catch {
    return null;
  }
  if (payload.u !== userId || !(payload.e > now.getTime()) || !Array.isArray(payload.o)) return null;
  const origins = payload.o.filter((origin) => typeof origin === "string" && ORIGIN.test(origin));
  return origins.length > 0 ? origins : null;
}

function readCookie(headers: Headers, name: string): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/**
 * The framing headers of a page requested with `headers` (src/proxy.ts calls this for requests that
 * carry the frame cookie; next.config.js then leaves X-Frame-Options out): the page's policy with
 * the platform's origins as frame-ancestors when the cookie is good for the user signed in, or else
 * X-Frame-Options DENY back beside the policy's frame-ancestors 'none'.
 */
export async function framedPageHeaders(headers: Headers, { isProduction, now }: { isProduction: boolean; now: Date }): Promise<Record<string, string>> {
  const value = readCookie(headers, LTI_FRAME_COOKIE);
  const userId = value ? ((await readSessionClaims(headers))?.userId ?? null) : null;
  const origins = value ? frameOriginsFor(value, { userId, now }) : null;
  if (!origins) return { "X-Frame-Options": "DENY" };
  return { "Content-Security-Policy": cspHeader({ isProduction, frameAncestors: origins }) };
}
