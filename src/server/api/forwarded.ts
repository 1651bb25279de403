/**
 * What a request says about where it came from. Forwarded headers are written by whoever sends
 * the request, so they only count when `TRUST_PROXY` says how many proxies of our own stand in
 * front (`hops`, 0 for none). Then each X-Forwarded-* header is read at the entry the outermost
 * trusted proxy wrote: the `hops`-th from the end (entries before it are the client's own).
 * Without a trusted proxy the request's own Host and scheme decide, and the standard `Forwarded`
 * header (RFC 7239) is never read: proxies that append X-Forwarded-* pass a client's `Forwarded`
 * through untouched, so it cannot be told apart from a forgery.
 */
import { env } from "~/env";

import type { ApiRequest } from "./api-request";

/** The entry of a comma-separated forwarded header that the outermost of `hops` trusted proxies wrote. */
function trustedEntry(value: string | null, hops: number): string | undefined {
  if (!value || hops < 1) return undefined;
  const entries = value.split(",").map((entry) => entry.trim());
  return entries[Math.max(0, entries.length - hops)] || undefined;
}

const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };

/** The origin a trusted proxy says the browser used, or null when none is trusted or it says nothing usable. */
function forwardedOrigin(headers: Headers, hops: number): string | null {
  const host = trustedEntry(headers.get("x-forwarded-host"), hops);
  if (!host) return null;
  const proto = trustedEntry(headers.get("x-forwarded-proto"), hops)?.toLowerCase() ?? "http";
  if (proto !== "http" && proto !== "https") return null;
  const port = trustedEntry(headers.get("x-forwarded-port"), hops);
  const withPort = port && /^\d{1,5}$/.test(port) && port !== DEFAULT_PORTS[proto] && !/:\d+$/.test(host) ? `${host}:${port}` : host;
  try {
    return new URL(`${proto}://${withPort}`).origin;
  } catch {
    return null;
  }
}

/**
 * The origins a same-site mutation may carry: the request's own (its URL, read from its Host),
 * the configured public URL, and what a trusted proxy forwards.
 */
export function siteOrigins(req: Pick<ApiRequest, "url" | "headers">, hops: number = env.TRUST_PROXY): Set<string> {
  const origins = new Set<string>([new URL(req.url).origin]);
  if (env.NEXTAUTH_URL) origins.add(new URL(env.NEXTAUTH_URL).origin);
  const forwarded = forwardedOrigin(req.headers, hops);
  if (forwarded) origins.add(forwarded);
  return origins;
}

/**
 * Where the browser reached the site (for links sent back to it, such as Stripe's return URLs):
 * the configured public URL, else what a trusted proxy forwards, else the request's own Host.
 */
export function publicOrigin(headers: Headers, hops: number = env.TRUST_PROXY): string {
  if (env.NEXTAUTH_URL) return new URL(env.NEXTAUTH_URL).origin;
  const forwarded = forwardedOrigin(headers, hops);
  if (forwarded) return forwarded;
  try {
    return new URL(`http://${headers.get("host") ?? "localhost:3000"}`).origin;
  } catch {
    return "http://localhost:3000";
  }
}

/**
 * The client address. scripts/serve.mjs replaces X-Forwarded-For with the socket address unless
 * TRUST_PROXY is set; behind trusted proxies, the entry the outermost of them wrote is the address
 * it saw (entries before it are whatever the client sent). Run the app through `npm start`: a
 * bare `next start` keeps a client-sent X-Forwarded-For.
 */
export function clientIpFrom(headers: Headers, hops: number = env.TRUST_PROXY): string {
  return trustedEntry(headers.get("x-forwarded-for"), Math.max(1, hops)) ?? "unknown";
}
