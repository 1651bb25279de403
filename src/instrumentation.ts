import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Runs once when a server process starts, before it serves requests: the course-generation
 * worker, the mail sender, the reminder scheduler and the LTI score sender run in every app instance (they share the queue in PostgreSQL). Not during
 * `next build`, and not in the edge runtime. These two variables are Next's own, set before any
 * of our modules load.
 *
 * Then it hands scripts/serve.mjs, which runs Next in the same process but cannot import Next's
 * bundles, the two things it needs from the app, under one well-known symbol:
 * - `serveApi`, production only: the route table served without Next's router
 *   (server/api/direct.ts). Development keeps Next's routes so that API code reloads on change.
 * - `stop`: puts this instance's running jobs back in the queue and lets a running reminder pass
 *   finish, before the database goes.
 */
export type ServerHooks = {
  serveApi: ((req: IncomingMessage, res: ServerResponse) => boolean) | null;
  stop: () => Promise<void>;
};

const SERVER_HOOKS = Symbol.for("coursecraft.serverHooks");

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { ensureGenerationWorker, stopGenerationWorker } = await import("./server/services/generation/start-worker");
  ensureGenerationWorker();
  const { ensureMailSender, stopMailSender } = await import("./server/mail/sender");
  const { db } = await import("./server/db");
  ensureMailSender(db);
  const { ensureReminderScheduler, stopReminderScheduler } = await import("./server/services/reminders/scheduler");
  ensureReminderScheduler(db);
  const { ensureScoreSender, stopScoreSender } = await import("./server/lti/score-sender");
  ensureScoreSender(db);
  const serveApi = process.env.NODE_ENV === "production" ? (await import("./server/api/direct")).serveApiDirectly : null;
  const stop = async () => {
    await Promise.all([stopGenerationWorker(), stopMailSender(), stopReminderScheduler(), stopScoreSender()]);
  };
  const hooks: ServerHooks = { serveApi, stop };
  (globalThis as Record<symbol, unknown>)[SERVER_HOOKS] = hooks;
}
