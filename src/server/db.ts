import "server-only";

import pg from "pg";

import { env } from "~/env";

import { processShare } from "./process-share";
import { createDbClient, type Db, registerPool } from "./db/client";

export type { Db, DbClient } from "./db/client";

type Connection = { pool: pg.Pool; db: Db };
const globalForDb = globalThis as unknown as { coursecraftDb?: Connection };

/**
 * Opened lazily on first use, so `next build` never connects while collecting page data, and
 * kept on globalThis so hot reloads in development reuse one pool.
 */
function connection(): Connection {
  if (globalForDb.coursecraftDb) return globalForDb.coursecraftDb;
  const url = env.DATABASE_URL;
  if (!url) {
    throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or `npm start`, which provide one.");
  }
  const pool = new pg.Pool({ connectionString: url, max: processShare(env.DATABASE_POOL_SIZE, 2) });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  globalForDb.coursecraftDb = { pool, db: createDbClient(pool) };
  return globalForDb.coursecraftDb;
}

export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const client = connection().db;
    const value = Reflect.get(client, property, client) as unknown;
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
});

registerPool(db, () => connection().pool);

/** The raw pool, for libraries that speak `pg` directly (the rate limiter). */
export function getPool(): pg.Pool {
  return connection().pool;
}
