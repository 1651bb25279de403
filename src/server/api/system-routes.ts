import { db } from "~/server/db";
import { pingDatabase } from "~/server/db/queries/health";

import { renderApiDocs } from "./docs-page";
import { openApiDocument } from "./openapi";
import { renderPanel, type PanelProcedure } from "./panel-page";
import { appRouter } from "./root";
import type { ApiHandler } from "./route-handler";
import { isDevelopment } from "./trpc";

const html = (text: string) => new Response(text, { headers: { "Content-Type": "text/html; charset=utf-8" } });
const apiBase = (req: Request) => `${new URL(req.url).origin}/api`;

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
export const handleOpenApiDocument: ApiHandler = async (req) => Response.json(openApiDocument(apiBase(req)));

/** GET /api/docs: the API reference, readable in a browser. */
export const handleApiDocs: ApiHandler = async (req) => html(renderApiDocs(openApiDocument(apiBase(req))));

/** GET /api/panel: development only; 404 elsewhere. */
export const handlePanel: ApiHandler = async () => {
  if (!isDevelopment) return Response.json({ message: "Not found", code: "NOT_FOUND" }, { status: 404 });
  const procedures: PanelProcedure[] = Object.entries(appRouter._def.procedures).map(([path, procedure]) => ({
    path,
    type: (procedure as unknown as { _def: { type: PanelProcedure["type"] } })._def.type,
  }));
  return html(renderPanel(procedures));
};
