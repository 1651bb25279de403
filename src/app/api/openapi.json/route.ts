import { openApiDocument } from "~/server/api/openapi";

// GET /api/openapi.json
export function GET(req: Request) {
  return Response.json(openApiDocument(`${new URL(req.url).origin}/api`));
}
