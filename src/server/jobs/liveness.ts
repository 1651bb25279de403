import { randomInt } from "node:crypto";

import type pg from "pg";

import { holdSession } from "~/server/db/listen";
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

/** The first key of every liveness lock ("gen1"), so the ids never meet other advisory locks. */
export const WORKER_LOCK_SPACE = 0x67656e31;

export function holdWorkerLiveness(pool: pg.Pool): WorkerLiveness {
  let lockId: number | null = null;
  let settle = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));
  const session = holdSession(pool, {
    setup: async (client) => {
      // Two workers drawing the same id out of 2^31 is unlikely; taking it would be wrong.
      for (;;) {
        const id = randomInt(1, 2 ** 31);
        const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::int, $2::int) AS locked", [WORKER_LOCK_SPACE, id]);
        if (rows[0]?.locked) return id;
      }
    },
    onLive: (id) => {
      if (id === null && lockId !== null) logger.warn("generation worker lost its liveness lock; reconnecting", { lockId });
      lockId = id;
      settle();
    },
  });
  return {
    get lockId() {
      return lockId;
    },
    ready,
    close: () => session.close(),
  };
}
