import type pg from "pg";

import { type DbClient, poolOf, registerPool } from "./client";

/**
 * A transaction on one pooled connection that only the statements of ./queries/<domain>.ts use:
 * no Prisma in it. Prisma's interactive transaction costs about a millisecond per raw statement
 * (its query interpreter runs even for raw SQL) and more to open and close; a hot write that is a
 * few statements (a quiz attempt with its evidence) runs on the connection instead.
 */
type SqlTransaction = { readonly sqlTransaction: true };

/** What a statement of ./queries runs on: a client, Prisma's transaction, or a SqlTransaction. */
export type SqlClient = DbClient | SqlTransaction;

/**
 * Runs `work` in one transaction. Given a client with a pool, on a connection of its own (BEGIN …
 * COMMIT, ROLLBACK when `work` throws); given Prisma's transaction client, inside that transaction.
 */
export async function inSqlTransaction<T>(db: DbClient, work: (tx: SqlClient) => Promise<T>): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return work(db);
  const connection = await pool.connect();
  const tx: SqlTransaction = { sqlTransaction: true };
  registerPool(tx, () => connection as unknown as pg.Pool);
  let broken: Error | undefined;
  try {
    await connection.query("BEGIN");
    const result = await work(tx);
    await connection.query("COMMIT");
    return result;
  } catch (error) {
    await connection.query("ROLLBACK").catch((rollbackError: unknown) => {
      // A connection that cannot roll back is not given back to the pool.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}
