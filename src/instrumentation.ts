/**
 * Runs once when a server process starts, before it serves requests: the course-generation
 * worker runs in every app instance (they share the queue in PostgreSQL). Not during
 * `next build`, and not in the edge runtime. These two variables are Next's own, set before any
 * of our modules load.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { ensureGenerationWorker } = await import("./server/jobs");
  ensureGenerationWorker();
  // In production, scripts/serve.mjs answers API requests with this before asking Next (see
  // server/api/direct.ts). Development keeps Next's routes so that API code reloads on change.
  if (process.env.NODE_ENV === "production") {
    const { serveApiDirectly } = await import("./server/api/direct");
    (globalThis as Record<symbol, unknown>)[Symbol.for("coursecraft.serveApiDirectly")] = serveApiDirectly;
  }
}
