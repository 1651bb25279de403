import type pg from "pg";

import { type DbClient, poolOf } from "../client";
import type { SqlClient } from "../sql-transaction";

/**
 * Runs the hand-written statements of ./<domain>.ts. The hottest paths (the session check, the
 * course page, progress writes) cost ~0.3 ms of CPU run on the `pg` pool directly, about 1.5 ms
 * through Prisma's `$queryRawUnsafe` (its query interpreter runs even for raw SQL). A client
 * created by createDbClient (or the app's lazy `db`) is registered with its pool; a transaction
 * client is not, so inside `$transaction` the statement goes through Prisma and stays in the
 * transaction.
 *
 * Both paths must read the columns alike, so select only int4, text, boolean, json, int4[] and
 * timestamp columns (cast counts with ::int: pg returns bigint as a string, Prisma as BigInt).
 */

/**
 * `name` makes the statement a named prepared statement on the pool's connections: parsed and
 * planned once per connection instead of on every call (planning the progress write costs more
 * than running it). Only for fixed statement texts: one name, one text.
 */
export async function queryRows<Row>(db: SqlClient, text: string, values: unknown[] = [], name?: string): Promise<Row[]> {
  const pool = poolOf(db);
  if (pool) return (await pool.query<Row & pg.QueryResultRow>(name ? { name, text, values } : { text, values })).rows;
  return prismaOf(db).$queryRawUnsafe<Row[]>(text, ...values);
}

/** For INSERT/UPDATE/DELETE: the number of rows the statement changed. */
export async function execute(db: SqlClient, text: string, values: unknown[] = []): Promise<number> {
  const pool = poolOf(db);
  if (pool) return (await pool.query(text, values)).rowCount ?? 0;
  return prismaOf(db).$executeRawUnsafe(text, ...values);
}

/** A client without a pool is Prisma's transaction client (a SqlTransaction always has its connection). */
function prismaOf(db: SqlClient): DbClient {
  if ("sqlTransaction" in db) throw new Error("a SQL transaction has lost its connection");
  return db;
}

/** A timestamp column as ISO text: Prisma's DateTime columns hold UTC wall times, and both paths read text alike. */
export const isoText = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** An ISO text parameter as the UTC wall time a DateTime column compares with. */
export const utcParam = (param: string) => `(${param}::timestamptz AT TIME ZONE 'UTC')`;
