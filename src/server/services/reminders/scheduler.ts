import { env } from "~/env";
import type { Db } from "~/server/db/client";
import { logger } from "~/server/logger";

import { runReminderPass } from "./run-pass";

type ReminderScheduler = { stop: () => Promise<void> };

/**
 * Runs a reminder pass every `intervalMs` in this process until stopped. Every server process runs
 * one: the digest's claim (run-pass.ts) keeps their passes from sending twice, and any of them
 * alone covers every learner. A pass is never started while the previous one runs; stop() waits
 * for the one running, so the database is not stopped under it.
 */
function startReminderScheduler(db: Db, { intervalMs = env.REMINDERS_INTERVAL_SECONDS * 1000 }: { intervalMs?: number } = {}): ReminderScheduler {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    running = runReminderPass(db)
      .then(
        () => undefined,
        (error: unknown) => logger.warn("reminder pass failed", { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  // Processes started together spread their passes over the first interval.
  timer = setTimeout(tick, Math.floor(Math.random() * intervalMs));
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const globalForScheduler = globalThis as unknown as { reminderScheduler?: ReminderScheduler };

/** Starts this process's scheduler once (src/instrumentation.ts); none when REMINDERS_INTERVAL_SECONDS is 0. */
export function ensureReminderScheduler(db: Db): void {
  if (globalForScheduler.reminderScheduler || env.REMINDERS_INTERVAL_SECONDS === 0) return;
  globalForScheduler.reminderScheduler = startReminderScheduler(db);
}

export async function stopReminderScheduler(): Promise<void> {
  const scheduler = globalForScheduler.reminderScheduler;
  delete globalForScheduler.reminderScheduler;
  await scheduler?.stop();
}
