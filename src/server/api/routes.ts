import { CHAT_STREAM_PATH, handleChatStream } from "./chat-stream";
import { CARDS_EXPORT_PATH, COURSE_EXPORT_PATH, handleCardsExport, handleCourseExport } from "./exports";
import { handleRest, handleTrpc } from "./handlers";
import { jsonError } from "./http-guards";
import { compilePath } from "./paths";
import type { ApiHandler } from "./route-handler";
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "./stripe-webhook";
import { handleApiDocs, handleHealth, handleOpenApiDocument, handlePanel } from "./system-routes";

const ALL = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ALL)[number];

/** A row of the route table; `handler: null` leaves the path to a route file of Next's own. */
type ApiRoute = { path: string; methods: readonly Method[]; handler: ApiHandler | null };

/**
 * Every /api route, declared once. Both entries read this table: the Next route file
 * src/app/api/[...path]/route.ts (development, and whatever reaches Next), and the production
 * fast path (direct.ts), which skips Next's router. The first row whose path and method match
 * serves the request.
 *
 * A documented REST path needs no row: it is a procedure with `meta.openapi`, which the last
 * row serves. A row is for what cannot be a procedure (a streamed reply, a webhook verified on
 * its raw bytes, a file download, pages of the API itself).
 */
export const API_ROUTES: readonly ApiRoute[] = [
  { path: "/api/trpc/{procedure}", methods: ["GET", "POST"], handler: handleTrpc },
  { path: CHAT_STREAM_PATH, methods: ["POST"], handler: handleChatStream },
  { path: COURSE_EXPORT_PATH, methods: ["GET"], handler: handleCourseExport },
  { path: CARDS_EXPORT_PATH, methods: ["GET"], handler: handleCardsExport },
  { path: STRIPE_WEBHOOK_PATH, methods: ["POST"], handler: handleStripeWebhook },
  { path: "/api/health", methods: ["GET"], handler: handleHealth },
  { path: "/api/openapi.json", methods: ["GET"], handler: handleOpenApiDocument },
  { path: "/api/docs", methods: ["GET"], handler: handleApiDocs },
  { path: "/api/panel", methods: ["GET"], handler: handlePanel },
  // A documented REST path under next-auth's prefix (src/app/api/auth/google/route.ts points here).
  { path: "/api/auth/google", methods: ALL, handler: handleRest },
  // next-auth reads next/headers, which only works inside Next: src/app/api/auth/[...nextauth]/route.ts.
  { path: "/api/auth/{action...}", methods: ALL, handler: null },
  { path: "/api/{path...}", methods: ALL, handler: handleRest },
];

const compiled = API_ROUTES.map((route) => ({ ...route, matches: compilePath(route.path) }));

/** The handler for a request, or null for what Next answers itself (next-auth, pages, HEAD and OPTIONS). */
export function apiHandlerFor(method: string, pathname: string): ApiHandler | null {
  for (const route of compiled) {
    if (!(route.methods as readonly string[]).includes(method) || !route.matches(pathname)) continue;
    return route.handler;
  }
  return null;
}

/** What the Next route files export for every method: the table's handler for the request. */
export async function serveApiRoute(req: Request): Promise<Response> {
  const handler = apiHandlerFor(req.method === "HEAD" ? "GET" : req.method, new URL(req.url).pathname);
  return handler ? handler(req) : jsonError(404, "NOT_FOUND", "Not found");
}
