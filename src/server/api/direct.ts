import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

import { env } from "~/env";
import { securityHeaders } from "~/lib/security-headers";
import { logger } from "~/server/logger";

import { joinChunks, MAX_BODY_BYTES, payloadTooLarge } from "./http-guards";
import type { ApiRequest, PlainAnswer } from "./api-request";
import { errorResponse } from "./route-handler";
import { apiHandlerFor, type TableHandler } from "./routes";

/**
 * The API without Next's router. In production, scripts/serve.mjs hands every request to
 * serveApiDirectly first, which serves the routes of the one route table (routes.ts) itself:
 * Next's routing, its request wrapping and its header rules cost ~4 ms of CPU per request on
 * this machine, more than the handlers themselves (GET /api/courses/{id}: 210 → 470 req/s).
 * Pages and next-auth stay with Next.
 */

const responseHeaders = Object.fromEntries(
  securityHeaders({ isProduction: env.NODE_ENV === "production", https: env.NEXTAUTH_URL?.startsWith("https://") ?? false }).map(({ key, value }) => [
    key.toLowerCase(),
    value,
  ]),
);

/** Answers the request and returns true, or returns false (untouched) for Next to answer. */
export function serveApiDirectly(req: IncomingMessage, res: ServerResponse): boolean {
  const url = requestUrl(req);
  const handler = url && apiHandlerFor(req.method ?? "GET", url.pathname);
  if (!url || !handler) return false;
  void serve(handler, url, req, res);
  return true;
}

/** The request's URL on its Host (a Host no URL can carry is read as localhost); null for a non-path target. */
function requestUrl(req: IncomingMessage): URL | null {
  const path = req.url ?? "/";
  if (!path.startsWith("/")) return null;
  try {
    return new URL(`http://${req.headers.host ?? "localhost"}${path}`);
  } catch {
    try {
      return new URL(`http://localhost${path}`);
    } catch {
      return null;
    }
  }
}

const BODILESS = new Set(["GET", "HEAD"]);

async function serve(handler: TableHandler, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // The signal is made only when a handler reads it (a stream, a model call): an AbortController costs ~5 µs, a cached GET ~170.
  let controller: AbortController | null = null;
  let gone = false;
  res.on("close", () => {
    if (res.writableFinished) return;
    gone = true;
    controller?.abort();
  });
  try {
    // Bodies are read here, as Node buffers, and handed over beside the request's fields (not a
    // fetch Request: making one, its signal and web streams over the socket cost more than the
    // rest of a small request). The handlers' guard still checks the size and the type.
    const body = BODILESS.has(req.method ?? "GET") ? undefined : await readBody(req);
    if (body === "too-large") return await send(payloadTooLarge(), req, res);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (value) for (const item of value) headers.append(name, item);
    }
    const request: ApiRequest = {
      method: req.method ?? "GET",
      url: url.href,
      headers,
      get signal() {
        controller ??= new AbortController();
        if (gone) controller.abort();
        return controller.signal;
      },
    };
    await send(await handler(request, body), req, res);
  } catch (error) {
    if (gone) return; // the client went away: nothing to answer
    if (res.headersSent) {
      logger.error("request failed", { path: url.pathname, error });
      return void res.destroy();
    }
    await send(errorResponse(error, `request to ${url.pathname} failed`), req, res).catch(() => res.destroy());
  }
}

/**
 * A body a client declares too large, but by no more than this, is still read and dropped before
 * the 413: a client that is still sending when the server closes the connection gets EPIPE
 * instead of the answer (seen with a 1.1 MB upload). Larger declared bodies, and any body without
 * a Content-Length that passes the limit, are refused at once and the connection closed.
 */
const DRAINED_BYTES = 8 * MAX_BODY_BYTES;

/** The whole body, or "too-large" (see DRAINED_BYTES for when the rest is read). */
function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > DRAINED_BYTES) return Promise.resolve("too-large");
  const drain = declared > MAX_BODY_BYTES;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      if (drain && size <= DRAINED_BYTES) return;
      req.off("data", onData).pause();
      resolve("too-large");
    };
    req.on("data", onData);
    req.once("end", () => resolve(size > MAX_BODY_BYTES ? "too-large" : joinChunks(chunks, size)));
    req.once("error", reject);
  });
}

async function send(response: Response | PlainAnswer, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = { ...responseHeaders };
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  // An answer with its own frame-ancestors (the deep-linking answer, framed by its platform) is not refused frames by X-Frame-Options.
  if (response.headers.get("content-security-policy")?.includes("frame-ancestors")) delete headers["x-frame-options"];
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  // A body refused unread (413) leaves the connection mid-request: close it, not reuse it.
  if (!req.complete && !BODILESS.has(req.method ?? "GET")) headers.connection = "close";
  if (response instanceof Response && response.body && headers["content-type"]?.includes("text/event-stream")) {
    res.writeHead(response.status, headers);
    return pipeline(Readable.fromWeb(response.body as WebReadableStream), res);
  }
  // Text is written as text (Node sends the head and a string body in one write), bytes as bytes.
  const body = response instanceof Response ? Buffer.from(await response.arrayBuffer()) : response.body;
  // A HEAD answer carries the Content-Length of the GET it stands for (routes.ts), and no body.
  if (req.method !== "HEAD" || !headers["content-length"]) headers["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(response.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
