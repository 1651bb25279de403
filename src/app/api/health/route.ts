import { db } from "~/server/db";

// GET /api/health — 200 when the app can reach its database, 503 otherwise
export async function GET() {
  try {
    await db.$queryRaw`SELECT 1`;
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable", message: "Database unreachable" }, { status: 503 });
  }
}
