import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";

import { PrismaClient } from "~/generated/prisma/client";

/** Columns that never leave the data layer unless a query asks for them by name. */
const globalOmit = { user: { passwordHash: true } } as const;

/** A Prisma client over a `pg` pool (the JS query compiler: no engine binary). */
export function createDbClient(pool: pg.Pool) {
  const client = new PrismaClient({ adapter: releasingDeadTransactions(new PrismaPg(pool)), omit: globalOmit });
  registerPool(client, () => pool);
  return client;
}

export type Db = ReturnType<typeof createDbClient>;
/** A client or an interactive transaction: what every service takes as its first argument. */
export type DbClient = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * The `pg` pool behind each client made here (and the app's lazy `db`), for what runs on the pool
 * directly (queries/run.ts, the LISTEN caches, the job worker). A transaction client has none.
 */
const pools = new WeakMap<object, () => pg.Pool>();

export function registerPool(client: object, pool: () => pg.Pool): void {
  pools.set(client, pool);
}

/** The pool behind a registered client (a SqlTransaction's connection); null for Prisma's transaction client. */
export function poolOf(db: object): pg.Pool | null {
  return pools.get(db)?.() ?? null;
}

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
/** What @prisma/adapter-pg 6.19's transaction keeps: its pooled connection, and the listener to remove. */
type TransactionInternals = { client?: pg.PoolClient; cleanup?: () => void };

const ENDS_TRANSACTION = new Set(["ROLLBACK", "COMMIT"]);

/**
 * Prisma 6.19 ends an interactive transaction by sending ROLLBACK (or COMMIT) through the adapter
 * and only then asks the adapter to give the connection back to the pool. When the connection
 * died inside the transaction (its backend terminated, the network dropped), that statement
 * throws, the release never happens, and the pool loses a slot for good: after
 * DATABASE_POOL_SIZE such failures every query of the process waits forever. This wraps the
 * adapter so that a failed ROLLBACK or COMMIT releases the connection with the error, which
 * makes the pool discard it. (Found by test/suites/faults.int.test.ts; proven in client.int.test.ts.)
 *
 * Why it is still here: the fault is in @prisma/client 6.19.3's transaction manager (its
 * runtime), which skips the adapter's `rollback()`/`commit()`, where @prisma/adapter-pg releases
 * the connection, when the ROLLBACK or COMMIT before them throws. 6.19.3 is the newest stable 6.x
 * of both packages; a newer transaction manager calls `rollback()` after a failed ROLLBACK or
 * COMMIT (seen in the @prisma/client 6.20.0-integration-next.8 prerelease and on Prisma's main
 * branch), and pg-pool then drops the dead connection. Remove this with the first stable release
 * that has it; client.int.test.ts must still pass without it.
 */
function releasingDeadTransactions(factory: PrismaPg): PrismaPg {
  return override(factory, "connect", async () => {
    const adapter = await factory.connect();
    return override(adapter, "startTransaction", async (isolationLevel) => {
      const transaction = await adapter.startTransaction(isolationLevel);
      return override(transaction, "executeRaw", async (query) => {
        try {
          return await transaction.executeRaw(query);
        } catch (error) {
          if (ENDS_TRANSACTION.has(query.sql)) releaseBroken(transaction, error);
          throw error;
        }
      });
    });
  });
}

function releaseBroken(transaction: Transaction, error: unknown): void {
  const internals = transaction as unknown as TransactionInternals;
  internals.cleanup?.();
  try {
    internals.client?.release(error instanceof Error ? error : new Error(String(error)));
  } catch {
    // already released: nothing was leaked
  }
}

/** `target` with one method replaced; every other member as is (methods bound to `target`). */
function override<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === key) return value;
      const member = Reflect.get(object, property, object) as unknown;
      return typeof member === "function" ? (member as (...args: unknown[]) => unknown).bind(object) : member;
    },
  });
}
