import { env } from "~/env";

/**
 * This server process's share of a budget set per instance: `npm start` runs WEB_CONCURRENCY
 * processes (one per core unless set), each with its own pool, queue and writers, so a limit an
 * operator sets for the instance (connections, generation jobs, writers of one row) is divided
 * among them, never multiplied. At least `minimum` each.
 */
export function processShare(perInstance: number, minimum = 1, processes = env.WEB_CONCURRENCY): number {
  return Math.max(minimum, Math.floor(perInstance / processes));
}
