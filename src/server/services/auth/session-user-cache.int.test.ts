/**
 * The session cache on a real PostgreSQL: a cached check costs no statement, and every change
 * to a user (from this code, from another process, by plain SQL) reaches the cache through the
 * trigger's NOTIFY; a lost LISTEN connection turns the cache off until it is back.
 */
import { describe, expect, test, vi } from "vitest";

import { db, getPool } from "../../../../test/db";
import { createUser } from "../../../../test/factories";
import { eventually, sqlFromElsewhere, whenLive } from "../../../../test/notify";

import { revokeSessions } from "./credentials";
import { sessionUserCacheFor } from "./session-user-cache";
import { findSessionUser } from "./users";

const liveCache = () => whenLive(sessionUserCacheFor(db));

describe("the session cache", () => {
  test("a second check of the same session runs no statement", async () => {
    await liveCache();
    const me = await createUser(db);
    const claims = { userId: me.id, sessionVersion: 0 };
    expect(await findSessionUser(db, claims)).toMatchObject({ id: me.id });
    const queries = vi.spyOn(getPool(), "query");
    try {
      expect(await findSessionUser(db, claims)).toMatchObject({ id: me.id, username: me.username });
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  test("revoking sessions refuses the old token at once in this process", async () => {
    await liveCache();
    const me = await createUser(db);
    expect(await findSessionUser(db, { userId: me.id, sessionVersion: 0 })).not.toBeNull();
    const version = await revokeSessions(db, me.id);
    expect(await findSessionUser(db, { userId: me.id, sessionVersion: 0 })).toBeNull();
    expect(await findSessionUser(db, { userId: me.id, sessionVersion: version })).toMatchObject({ id: me.id });
    // The new session is now the remembered one; the old token still gets nothing from it.
    expect(await findSessionUser(db, { userId: me.id, sessionVersion: 0 })).toBeNull();
  });

  test("changes made elsewhere reach it: a revoked session, a new display name, a deleted user", async () => {
    await liveCache();
    const me = await createUser(db);
    const claims = { userId: me.id, sessionVersion: 0 };
    expect((await findSessionUser(db, claims))?.displayName).not.toBe("Ada L.");

    await sqlFromElsewhere(`UPDATE "User" SET "displayName" = $2 WHERE id = $1`, [me.id, "Ada L."]);
    await eventually(async () => (await findSessionUser(db, claims))?.displayName === "Ada L.", "the new display name");

    await sqlFromElsewhere(`UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1 WHERE id = $1`, [me.id]);
    await eventually(async () => (await findSessionUser(db, claims)) === null, "the revoked session refused");

    const next = { userId: me.id, sessionVersion: 1 };
    expect(await findSessionUser(db, next)).not.toBeNull();
    await sqlFromElsewhere(`DELETE FROM "User" WHERE id = $1`, [me.id]);
    await eventually(async () => (await findSessionUser(db, next)) === null, "the deleted user gone");
  });

  test("an unrelated column change keeps the entry (no NOTIFY)", async () => {
    const cache = await liveCache();
    const me = await createUser(db);
    const claims = { userId: me.id, sessionVersion: 0 };
    await findSessionUser(db, claims);
    await sqlFromElsewhere(`UPDATE "User" SET "timeZone" = 'Europe/Paris' WHERE id = $1`, [me.id]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cache.get(me.id)).toMatchObject({ sessionVersion: 0, user: { id: me.id } });
  });

  test("while the LISTEN connection is down nothing is served from the cache, and it comes back", async () => {
    const cache = await liveCache();
    const me = await createUser(db);
    const claims = { userId: me.id, sessionVersion: 0 };
    await findSessionUser(db, claims);
    expect(cache.get(me.id)).toBeDefined();

    await sqlFromElsewhere(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      [],
    );
    await eventually(() => !cache.isLive, "the listener noticing the lost connection");
    expect(cache.get(me.id)).toBeUndefined();
    // A change made while nobody listens is never announced: the database still answers right.
    await sqlFromElsewhere(`UPDATE "User" SET "sessionVersion" = 5 WHERE id = $1`, [me.id]);
    expect(await findSessionUser(db, claims)).toBeNull();

    await eventually(() => cache.isLive, "the listener reconnecting");
    expect(cache.get(me.id)).toBeUndefined();
    expect(await findSessionUser(db, { userId: me.id, sessionVersion: 5 })).toMatchObject({ id: me.id });
  });

  test("inside a transaction there is no cache: the statement runs in the transaction", async () => {
    const me = await createUser(db);
    await db.$transaction(async (tx) => {
      expect(sessionUserCacheFor(tx)).toBeNull();
      await tx.$executeRaw`UPDATE "User" SET "sessionVersion" = 9 WHERE id = ${me.id}`;
      expect(await findSessionUser(tx, { userId: me.id, sessionVersion: 9 })).toMatchObject({ id: me.id });
    });
  });
});
