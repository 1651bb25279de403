import type pg from "pg";

import type { DbClient } from "./client";

/**
 * Raw statements for the hottest paths (the session check, the course page, progress writes):
 * run on the `pg` pool directly they cost ~0.3 ms of CPU, through Prisma's `$queryRawUnsafe`
 * about 1.5 ms (its query interpreter runs even for raw SQL). A client created by
 * createDbClient (or the app's lazy `db`) is registered with its pool; a transaction client is
 * not, so inside `$transaction` the statement goes through Prisma and stays in the transaction.
 *
 * Both paths must read the columns alike, so select only int4, text, boolean, json, int4[] and
 * timestamp columns (cast counts with ::int: pg returns bigint as a string, Prisma as BigInt).
 */
const pools = new WeakMap<object, () => pg.Pool>();

export function registerPool(client: object, pool: () => pg.Pool): void {
  pools.set(client, pool);
}

/** The pool behind a registered client; null for a transaction client. */
export function poolOf(db: DbClient): pg.Pool | null {
  return pools.get(db)?.() ?? null;
}

/**
 * `name` makes the statement a named prepared statement on the pool's connections: parsed and
 * planned once per connection instead of on every call (planning the progress write costs more
 * than running it). Only for fixed statement texts: one name, one text.
 */
export async function queryRows<Row>(db: DbClient, text: string, values: unknown[] = [], name?: string): Promise<Row[]> {
  const pool = poolOf(db);
  if (pool) return (await pool.query<Row & pg.QueryResultRow>(name ? { name, text, values } : { text, values })).rows;
  return db.$queryRawUnsafe<Row[]>(text, ...values);
}

/** For INSERT/UPDATE/DELETE: the number of rows the statement changed. */
export async function execute(db: DbClient, text: string, values: unknown[] = []): Promise<number> {
  const pool = poolOf(db);
  if (pool) return (await pool.query(text, values)).rowCount ?? 0;
  return db.$executeRawUnsafe(text, ...values);
}
