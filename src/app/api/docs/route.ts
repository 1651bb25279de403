import { renderApiDocs } from "~/server/api/docs-page";
import { openApiDocument } from "~/server/api/openapi";

// GET /api/docs — the API reference, readable in a browser
export function GET(req: Request) {
  const html = renderApiDocs(openApiDocument(`${new URL(req.url).origin}/api`));
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
