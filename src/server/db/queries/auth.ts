import type { PublicUser } from "~/lib/schemas/auth";

import { batchedLookupFor, type BatchedStatement } from "../batched-lookup";
import type { DbClient } from "../client";
import { queryRows } from "./run";

export type SessionUserRow = PublicUser;

/** The session check, on every signed-in request: the user, if the session's version is still theirs. */
const SESSION_USER_SQL = `SELECT id, username, email, "displayName", "photoURL" FROM "User" WHERE id = $1 AND "sessionVersion" = $2`;

/** The same check for many sessions at once: a row per session still valid, with its position (from 1). */
const SESSION_USERS_SQL = `SELECT k.position::int AS position, u.id, u.username, u.email, u."displayName", u."photoURL"
  FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS k(id, version, position)
  JOIN "User" u ON u.id = k.id AND u."sessionVersion" = k.version`;

type SessionClaims = { userId: number; sessionVersion: number };

const SESSION_USERS: BatchedStatement<SessionClaims> = { name: "session-users", text: SESSION_USERS_SQL, fields: ["userId", "sessionVersion"] };

export async function selectSessionUser(db: DbClient, claims: SessionClaims): Promise<SessionUserRow | undefined> {
  const lookup = batchedLookupFor<SessionClaims, SessionUserRow>(db, SESSION_USERS);
  if (lookup) return lookup.load(claims);
  const [row] = await queryRows<SessionUserRow>(db, SESSION_USER_SQL, [claims.userId, claims.sessionVersion]);
  return row;
}
