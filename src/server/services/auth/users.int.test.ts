/** findSessionUser: the session check answers from the database on every request, so a revocation anywhere holds at once. */
import { describe, expect, test } from "vitest";

import { db } from "../../../../test/db";
import { createUser } from "../../../../test/factories";
import { sqlFromElsewhere } from "../../../../test/notify";

import { findSessionUser } from "./users";

describe("findSessionUser", () => {
  test("a session revoked or a name changed by another process is seen by the very next check", async () => {
    const user = await createUser(db);
    const claims = { userId: user.id, sessionVersion: user.sessionVersion };
    expect(await findSessionUser(db, claims)).toMatchObject({ id: user.id, username: user.username });

    await sqlFromElsewhere(`UPDATE "User" SET "displayName" = 'Renamed elsewhere' WHERE id = $1`, [user.id]);
    expect(await findSessionUser(db, claims)).toMatchObject({ displayName: "Renamed elsewhere" });

    await sqlFromElsewhere(`UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1 WHERE id = $1`, [user.id]);
    expect(await findSessionUser(db, claims)).toBeNull();
    expect(await findSessionUser(db, { ...claims, sessionVersion: user.sessionVersion + 1 })).toMatchObject({ id: user.id });

    await sqlFromElsewhere(`DELETE FROM "User" WHERE id = $1`, [user.id]);
    expect(await findSessionUser(db, { ...claims, sessionVersion: user.sessionVersion + 1 })).toBeNull();
  });
});
