/**
 * createDbClient on a real PostgreSQL whose backend is killed inside an interactive transaction
 * (pg_terminate_backend). Regression: Prisma 6.19 sent ROLLBACK on the dead connection, it
 * threw, and the connection was never given back to the pool; with a pool of one, the next
 * query waited forever.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createDbClient, type Db } from "./client";

let pool: pg.Pool;
let db: Db;
let admin: pg.Client;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  pool.on("error", () => undefined);
  db = createDbClient(pool);
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms: the pool lost its connection`)), ms)),
  ]);

afterAll(async () => {
  await admin.end();
  await db.$disconnect();
  // Bounded: a leaked connection would keep pool.end() waiting forever.
  await within(pool.end(), 5_000).catch(() => undefined);
});

describe("a transaction whose connection dies", () => {
  test("fails, and its connection is discarded: the next query (pool of one) runs", async () => {
    const transaction = db.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await admin.query("SELECT pg_terminate_backend($1)", [row!.pid]);
      await tx.$queryRaw`SELECT 1`;
    });
    await expect(transaction).rejects.toThrow();
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await within(db.$queryRaw<{ one: number }[]>`SELECT 1 AS one`, 5_000)).toEqual([{ one: 1 }]);
    expect(
      await within(
        db.$transaction((tx) => tx.$queryRaw<{ two: number }[]>`SELECT 2 AS two`),
        5_000,
      ),
    ).toEqual([{ two: 2 }]);
  });

  test("a transaction that fails on a live connection still rolls back and gives the connection back", async () => {
    await expect(db.$transaction(async (tx) => tx.$queryRaw`SELECT 1/0`)).rejects.toThrow();
    expect(pool.totalCount).toBe(1);
    expect(pool.idleCount).toBe(1);
    expect(await db.$transaction((tx) => tx.$queryRaw<{ three: number }[]>`SELECT 3 AS three`)).toEqual([{ three: 3 }]);
  });
});
