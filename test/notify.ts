import pg from "pg";

import type { NotifiedCache } from "~/server/db/notified-cache";

/** Polls `check` until it holds; fails naming `what` after `timeoutMs`. For NOTIFY round trips. */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the cache's LISTEN connection is up, and returns it. */
export async function whenLive<Value>(cache: NotifiedCache<Value> | null): Promise<NotifiedCache<Value>> {
  if (!cache) throw new Error("no cache: the client is not registered with a pool");
  await eventually(() => cache.isLive, "the LISTEN connection");
  return cache;
}

/** SQL from a connection of its own, as another app process (or an operator) would write. */
export async function sqlFromElsewhere(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}
