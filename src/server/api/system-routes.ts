import { env } from "~/env";
import { db } from "~/server/db";
import { pingDatabase } from "~/server/db/queries/health";

import type { ApiRequest } from "./api-request";
import { renderApiDocs } from "./docs-page";
import { openApiDocument } from "./openapi";
import { jsonError } from "./http-guards";
import { renderPanel, renderPanelSignIn, type PanelProcedure } from "./panel-page";
import { appRouter } from "./root";
import { routeHandler, type ApiHandler } from "./route-handler";
import { isDevelopment } from "./trpc";

const html = (text: string, status = 200) =>
  new Response(text, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
const apiBase = (req: ApiRequest) => `${new URL(req.url).origin}/api`;

/** GET /api/health: 200 when the app can reach its database, 503 otherwise. */
export const handleHealth: ApiHandler = async () => {
  try {
    await pingDatabase(db);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable", message: "Database unreachable" }, { status: 503 });
  }
};

/** GET /api/openapi.json */
export const handleOpenApiDocument: ApiHandler = (req) => Promise.resolve(Response.json(openApiDocument(apiBase(req))));

/** GET /api/docs: the API reference, readable in a browser. */
export const handleApiDocs: ApiHandler = (req) => Promise.resolve(html(renderApiDocs(openApiDocument(apiBase(req)))));

const panelProcedures: PanelProcedure[] = Object.entries(appRouter._def.procedures).map(([path, procedure]) => ({
  path,
  type: (procedure as unknown as { _def: { type: PanelProcedure["type"] } })._def.type,
}));

/**
 * GET /api/panel: the tRPC panel. Development always has it, for anyone (signed in or not);
 * production only with TRPC_PANEL=1, and then only for a signed-in learner, whose calls run as
 * that learner through the ordinary /api/trpc endpoint (the panel itself grants nothing).
 */
export const handlePanel: ApiHandler = routeHandler(async (_req, { ctx }) => {
  if (!isDevelopment && !env.TRPC_PANEL) return jsonError(404, "NOT_FOUND", "Not found");
  const user = await ctx.getUser();
  if (!isDevelopment && !user) return html(renderPanelSignIn(), 401);
  return html(renderPanel(panelProcedures, { signedInAs: user?.username ?? null, development: isDevelopment }));
});
