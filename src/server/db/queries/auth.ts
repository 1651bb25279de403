import type { PublicUser } from "~/lib/schemas/auth";

import type { DbClient } from "../client";
import { queryRows } from "./run";

export type SessionUserRow = PublicUser;

/** The session check, on every signed-in request: the user, if the session's version is still theirs. */
const SESSION_USER_SQL = `SELECT id, username, email, "displayName", "photoURL" FROM "User" WHERE id = $1 AND "sessionVersion" = $2`;

export async function selectSessionUser(
  db: DbClient,
  { userId, sessionVersion }: { userId: number; sessionVersion: number },
): Promise<SessionUserRow | undefined> {
  const [row] = await queryRows<SessionUserRow>(db, SESSION_USER_SQL, [userId, sessionVersion], "session-user");
  return row;
}
