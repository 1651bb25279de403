import { randomInt } from "node:crypto";

import type pg from "pg";

import { tryWorkerLock } from "~/server/db/queries/jobs";
import { holdSession } from "~/server/db/held-session";
import { logger } from "~/server/logger";

/**
 * A worker's proof of life that PostgreSQL keeps for it: a session advisory lock held on a
 * connection of its own, with a random id that the worker writes on the jobs it runs. When the
 * process dies, even by SIGKILL, its socket closes, PostgreSQL ends the session and frees the
 * lock, and any instance may resume those jobs on its next look instead of waiting for their
 * heartbeats to go stale. The lock needs a real session: behind a pooler, point DATABASE_URL at
 * it in session mode (as the LISTEN connection already requires).
 */
export type WorkerLiveness = {
  /** The lock this worker holds now; null while its connection is down (the heartbeat still counts). */
  readonly lockId: number | null;
  /** Settles once the first lock is held or the first try failed. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
};

/** `name` names the worker in its log lines ("generation worker lost its liveness lock"). */
export function holdWorkerLiveness(pool: pg.Pool, name = "job"): WorkerLiveness {
  let lockId: number | null = null;
  let closing = false;
  let settle = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));
  const session = holdSession(pool, {
    setup: async (client) => {
      // Two workers drawing the same id out of 2^31 is unlikely; taking it would be wrong.
      for (;;) {
        const id = randomInt(1, 2 ** 31);
        if (await tryWorkerLock(client, id)) return id;
      }
    },
    onLive: (id) => {
      if (id === null && lockId !== null && !closing) logger.warn(`${name} worker lost its liveness lock; reconnecting`, { lockId });
      lockId = id;
      settle();
    },
  });
  return {
    get lockId() {
      return lockId;
    },
    ready,
    close: () => {
      closing = true;
      return session.close();
    },
  };
}
