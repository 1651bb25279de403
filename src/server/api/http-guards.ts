import { bearerTokenOf } from "~/server/auth/api-token";

import type { ApiRequest } from "./api-request";
import { siteOrigins } from "./forwarded";

/**
 * Checks every API request passes before tRPC or the REST adapter sees it:
 * - mutations must come from this site: a foreign Origin (or Sec-Fetch-Site: cross-site) is
 *   refused (this site: the request's own Host, NEXTAUTH_URL, and what a trusted proxy forwards;
 *   see forwarded.ts), and a body must be JSON, which a cross-site HTML form cannot send. The one
 *   exception is a request authenticated by an API token and carrying no cookie at all: a
 *   browser never adds an Authorization header by itself, so there is no ambient credential to
 *   forge a request with (a request with a cookie is checked whatever else it carries, and the
 *   app reads only the token from a request that has one; see createTRPCContext);
 * - bodies over 1 MiB are refused with 413 before they are read in full.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function jsonError(status: number, code: string, message: string, headers?: HeadersInit): Response {
  return Response.json({ message, code }, { status, headers });
}

export const payloadTooLarge = () => jsonError(413, "PAYLOAD_TOO_LARGE", "Request body is larger than 1 MB");

/** A bearer token and no cookie: what a script sends, never what a browser adds by itself. */
function isCookielessBearer(req: ApiRequest): boolean {
  return bearerTokenOf(req.headers.get("authorization")) !== null && !req.headers.has("cookie");
}

export function crossSiteRefusal(req: ApiRequest): Response | null {
  if (SAFE_METHODS.has(req.method) || isCookielessBearer(req)) return null;
  const origin = req.headers.get("origin");
  if (req.headers.get("sec-fetch-site") === "cross-site" || (origin && !siteOrigins(req).has(origin))) {
    return jsonError(403, "FORBIDDEN", "Cross-site requests are not allowed");
  }
  return null;
}

/** A request's body up to MAX_BODY_BYTES, or "too-large". */
export async function readLimited(req: ApiRequest): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  const reader = req.body?.getReader();
  if (!reader) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return "too-large";
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}

/** The chunks of a body in one array of its own (not a view of a pooled buffer). */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The checks, and the body they read: null for a safe method, else the bytes (`body`, when the
 * caller has read them already, as the direct entry does, or read here up to the limit).
 */
export async function checkApiRequest(
  req: ApiRequest,
  { body: preread }: { body?: Uint8Array<ArrayBuffer> } = {},
): Promise<Response | { body: Uint8Array<ArrayBuffer> | null }> {
  const refusal = crossSiteRefusal(req);
  if (refusal) return refusal;
  if (SAFE_METHODS.has(req.method)) return { body: null };

  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return payloadTooLarge();
  const body = preread ?? (await readLimited(req));
  if (body === "too-large" || body.byteLength > MAX_BODY_BYTES) return payloadTooLarge();

  const contentType = req.headers.get("content-type") ?? "";
  if (body.byteLength > 0 && !/^application\/json\b/i.test(contentType)) {
    return jsonError(415, "UNSUPPORTED_MEDIA_TYPE", "Request body must be JSON (Content-Type: application/json)");
  }
  if (!isValidUtf8(body)) return jsonError(400, "BAD_REQUEST", "Request body is not valid UTF-8");
  return { body };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * JSON bodies are UTF-8 (RFC 8259). The JSON parsers downstream decode leniently, turning bad
 * bytes into U+FFFD, which would then be stored in place of what the client sent: refuse instead.
 */
function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns the request to handle (with its body buffered) or the refusal to send.
 * `emptyBodyAsJsonObject`: the REST adapter parses every POST body as JSON, so a bodiless POST
 * (POST /api/logout) is handed over as `{}`.
 */
export async function guardApiRequest(
  req: Request,
  { emptyBodyAsJsonObject = false, body: preread }: { emptyBodyAsJsonObject?: boolean; body?: Uint8Array<ArrayBuffer> } = {},
): Promise<Request | Response> {
  const checked = await checkApiRequest(req, { body: preread });
  if (checked instanceof Response) return checked;
  const { body } = checked;
  if (body === null) return req;
  const headers = new Headers(req.headers);
  const emptyBody = emptyBodyAsJsonObject ? "{}" : null;
  if (body.byteLength === 0 && emptyBody) headers.set("content-type", "application/json");
  return new Request(req.url, { method: req.method, headers, body: body.byteLength > 0 ? body : emptyBody, signal: req.signal });
}

const decoder = new TextDecoder();

/** A checked body read as JSON: an empty body is the empty object (a bodiless POST); null (no body: a GET) stays null. */
export function parseJsonBody(bytes: Uint8Array | null): { ok: true; data: unknown } | { ok: false; cause: unknown } {
  if (bytes === null) return { ok: true, data: null };
  if (bytes.byteLength === 0) return { ok: true, data: {} };
  try {
    return { ok: true, data: JSON.parse(decoder.decode(bytes)) as unknown };
  } catch (cause) {
    return { ok: false, cause };
  }
}
