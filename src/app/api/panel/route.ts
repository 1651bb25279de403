import { renderPanel, type PanelProcedure } from "~/server/api/panel-page";
import { appRouter } from "~/server/api/root";
import { isDevelopment } from "~/server/api/trpc";

// GET /api/panel — development only; 404 elsewhere
export function GET() {
  if (!isDevelopment) return Response.json({ message: "Not found", code: "NOT_FOUND" }, { status: 404 });
  const procedures: PanelProcedure[] = Object.entries(appRouter._def.procedures).map(([path, procedure]) => ({
    path,
    type: (procedure as unknown as { _def: { type: PanelProcedure["type"] } })._def.type,
  }));
  return new Response(renderPanel(procedures), { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
