/**
 * Runs once when a server process starts: the course-generation worker runs in every app
 * instance (they share the queue in PostgreSQL). Not during `next build`, and not in the edge
 * runtime. These two variables are Next's own, set before any of our modules load.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { ensureGenerationWorker } = await import("./server/jobs");
  ensureGenerationWorker();
}
