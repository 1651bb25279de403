/** inSqlTransaction: one connection, committed or rolled back whole, given back to the pool either way. */
import { describe, expect, test } from "vitest";

import { db, getPool } from "../../../test/db";
import { createUser } from "../../../test/factories";
import { execute, queryRows } from "./queries/run";
import { inSqlTransaction } from "./sql-transaction";

const label = (userId: number) => queryRows<{ displayName: string | null }>(db, `SELECT "displayName" FROM "User" WHERE id = $1`, [userId]);
const rename = (tx: Parameters<typeof execute>[0], userId: number, name: string) =>
  execute(tx, `UPDATE "User" SET "displayName" = $2 WHERE id = $1`, [userId, name]);

describe("inSqlTransaction", () => {
  test("commits what its statements wrote, on one connection, and gives it back", async () => {
    const user = await createUser(db, { displayName: "before" });
    const pids = await inSqlTransaction(db, async (tx) => {
      await rename(tx, user.id, "after");
      const first = await queryRows<{ pid: number }>(tx, "SELECT pg_backend_pid() AS pid");
      const second = await queryRows<{ pid: number; inside: boolean }>(tx, "SELECT pg_backend_pid() AS pid, now() = statement_timestamp() AS inside");
      return [first[0]!.pid, second[0]!.pid, second[0]!.inside] as const;
    });
    expect(pids[0]).toBe(pids[1]);
    // now() is the transaction's start: two statements in one transaction, not each its own.
    expect(pids[2]).toBe(false);
    expect(await label(user.id)).toEqual([{ displayName: "after" }]);
    expect(getPool().idleCount).toBe(getPool().totalCount);
  });

  test("rolls back everything when the work throws, and gives the connection back", async () => {
    const user = await createUser(db, { displayName: "kept" });
    await expect(
      inSqlTransaction(db, async (tx) => {
        await rename(tx, user.id, "lost");
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    expect(await label(user.id)).toEqual([{ displayName: "kept" }]);
    expect(getPool().idleCount).toBe(getPool().totalCount);
  });

  test("given Prisma's transaction client, runs inside that transaction", async () => {
    const user = await createUser(db, { displayName: "outer" });
    await expect(
      db.$transaction(async (prismaTx) => {
        await inSqlTransaction(prismaTx, (tx) => rename(tx, user.id, "inner"));
        throw new Error("the outer transaction fails");
      }),
    ).rejects.toThrow("the outer transaction fails");
    expect(await label(user.id)).toEqual([{ displayName: "outer" }]);
  });
});
