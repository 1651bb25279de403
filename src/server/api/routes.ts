import { CHAT_STREAM_PATH, handleChatStream } from "./chat-stream";
import { CARDS_EXPORT_PATH, CLASS_EXPORT_PATH, COURSE_EXPORT_PATH, handleCardsExport, handleClassExport, handleCourseExport } from "./exports";
import { type ApiRequest, asResponse, type PlainAnswer } from "./api-request";
import { answerRest, documentedMethods, handleTrpc } from "./handlers";
import { jsonError } from "./http-guards";
import { handleLtiDeepLink, handleLtiJwks, handleLtiLaunch, handleLtiLogin, LTI_DEEP_LINK_PATH, LTI_JWKS_PATH, LTI_LAUNCH_PATH, LTI_LOGIN_PATH } from "./lti";
import { pathPattern } from "./paths";
import { handleRemindersUnsubscribe, REMINDERS_UNSUBSCRIBE_PATH } from "./reminders-unsubscribe";
import type { ApiHandler, PlainHandler } from "./route-handler";
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "./stripe-webhook";
import { handleApiDocs, handleHealth, handleOpenApiDocument, handlePanel } from "./system-routes";

const ALL = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof ALL)[number];

/**
 * A row of the route table. `methods`: what the path answers, or "documented" for the rows of
 * the REST adapter, whose methods are those of the procedures documented on the path.
 * `handler: null` leaves the path to a route file of Next's own.
 */
type ApiRoute = { path: string; methods: readonly Method[] | "documented"; handler: TableHandler | null };

/** A handler of the table: a Response, or (the REST adapter's) JSON text in hand. */
export type TableHandler = ApiHandler | PlainHandler;

/**
 * Every /api route, declared once. Both entries read this table: the Next route file
 * src/app/api/[...path]/route.ts (development, and whatever reaches Next), and the production
 * fast path (direct.ts), which skips Next's router. The first row whose path matches serves the
 * request: with its handler for a method it has, else with a 405 that lists them in `Allow`
 * (OPTIONS: a 204 with that list). HEAD is answered as GET is, without the body.
 *
 * A documented REST path needs no row: it is a procedure with `meta.openapi`, which the last
 * row serves. A row is for what cannot be a procedure (a streamed reply, a webhook verified on
 * its raw bytes, a file download, pages of the API itself).
 */
const API_ROUTES: readonly ApiRoute[] = [
  { path: "/api/trpc/{procedure}", methods: ["GET", "POST"], handler: handleTrpc },
  { path: CHAT_STREAM_PATH, methods: ["POST"], handler: handleChatStream },
  { path: COURSE_EXPORT_PATH, methods: ["GET"], handler: handleCourseExport },
  { path: CARDS_EXPORT_PATH, methods: ["GET"], handler: handleCardsExport },
  { path: CLASS_EXPORT_PATH, methods: ["GET"], handler: handleClassExport },
  { path: STRIPE_WEBHOOK_PATH, methods: ["POST"], handler: handleStripeWebhook },
  { path: LTI_LOGIN_PATH, methods: ["GET", "POST"], handler: handleLtiLogin },
  { path: LTI_LAUNCH_PATH, methods: ["POST"], handler: handleLtiLaunch },
  { path: LTI_JWKS_PATH, methods: ["GET"], handler: handleLtiJwks },
  { path: LTI_DEEP_LINK_PATH, methods: ["POST"], handler: handleLtiDeepLink },
  { path: REMINDERS_UNSUBSCRIBE_PATH, methods: ["GET", "POST"], handler: handleRemindersUnsubscribe },
  { path: "/api/health", methods: ["GET"], handler: handleHealth },
  { path: "/api/openapi.json", methods: ["GET"], handler: handleOpenApiDocument },
  { path: "/api/docs", methods: ["GET"], handler: handleApiDocs },
  { path: "/api/panel", methods: ["GET"], handler: handlePanel },
  // A documented REST path under next-auth's prefix (src/app/api/auth/google/route.ts points here).
  { path: "/api/auth/google", methods: "documented", handler: answerRest },
  // Forgot password: the same, src/app/api/auth/password-reset/route.ts and …/confirm/route.ts.
  { path: "/api/auth/password-reset", methods: "documented", handler: answerRest },
  { path: "/api/auth/password-reset/confirm", methods: "documented", handler: answerRest },
  // next-auth reads next/headers, which only works inside Next: src/app/api/auth/[...nextauth]/route.ts.
  { path: "/api/auth/{action...}", methods: ALL, handler: null },
  { path: "/api/{path...}", methods: "documented", handler: answerRest },
];

const compiled = API_ROUTES.map((route) => ({ ...route, pattern: pathPattern(route.path).pattern }));

/** The Allow header of a path answering `methods` (and HEAD wherever GET is). */
function allowHeader(methods: readonly string[]): string {
  const allowed = new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : [])]);
  return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter((method) => allowed.has(method)).join(", ");
}

const noStore = { "Cache-Control": "no-store" };
const allowing =
  (allow: string): TableHandler =>
  () =>
    Promise.resolve(new Response(null, { status: 204, headers: { Allow: allow, ...noStore } }));
const methodNotAllowed =
  (method: string, allow: string): TableHandler =>
  () =>
    Promise.resolve(jsonError(405, "METHOD_NOT_SUPPORTED", `${method} is not allowed on this path; it answers ${allow}`, { Allow: allow, ...noStore }));

/** HEAD: the GET handler's answer, status and headers (its Content-Length too), without the body. */
const headOf =
  (handler: TableHandler): TableHandler =>
  async (req): Promise<PlainAnswer> => {
    const get: ApiRequest = { method: "GET", url: req.url, headers: req.headers, signal: req.signal };
    const answer = await handler(get);
    const headers = new Headers(answer.headers);
    const length = answer instanceof Response ? (await answer.arrayBuffer()).byteLength : Buffer.byteLength(answer.body);
    headers.set("content-length", String(length));
    return { status: answer.status, headers, body: "" };
  };

/** The handler for a request, or null for what Next answers itself (next-auth, pages). */
export function apiHandlerFor(method: string, pathname: string): TableHandler | null {
  const route = compiled.find((candidate) => candidate.pattern.test(pathname));
  if (!route?.handler) return null;
  const methods = route.methods === "documented" ? documentedMethods(pathname) : route.methods;
  const handlerOf = (asked: string): TableHandler => {
    // No such path: the handler's own 404.
    if (!methods.length || methods.includes(asked)) return route.handler!;
    return asked === "OPTIONS" ? allowing(allowHeader(methods)) : methodNotAllowed(asked, allowHeader(methods));
  };
  return method === "HEAD" ? headOf(handlerOf("GET")) : handlerOf(method);
}

/** What the Next route files export for every method: the table's handler for the request. */
export async function serveApiRoute(req: Request): Promise<Response> {
  const handler = apiHandlerFor(req.method, new URL(req.url).pathname);
  return handler ? asResponse(await handler(req)) : jsonError(404, "NOT_FOUND", "Not found");
}
