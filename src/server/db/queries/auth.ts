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

/** The columns of a user that the app shows (PublicUser). */
const publicUserSelect = { id: true, username: true, email: true, displayName: true, photoURL: true } as const;

/** The user holding a username key (usernameKey in services/auth/users.ts), if any. */
export function findUserIdByUsernameKey(db: DbClient, key: string): Promise<{ id: number } | null> {
  return db.user.findUnique({ where: { usernameKey: key }, select: { id: true } });
}

/** The account whose verified address this is, if any (an unverified address belongs to nobody yet). */
export function findVerifiedEmailOwner(db: DbClient, email: string): Promise<{ id: number } | null> {
  return db.user.findFirst({ where: { email, emailVerifiedAt: { not: null } }, select: { id: true } });
}

/** Creates a password account; its public columns and first session version. A taken name or e-mail fails with P2002. */
export function createPasswordUser(
  db: DbClient,
  data: { username: string; usernameKey: string; email: string; passwordHash: string },
): Promise<PublicUser & { sessionVersion: number }> {
  return db.user.create({ data, select: { ...publicUserSelect, sessionVersion: true } });
}

/** What a login checks, by username key: the user, their session version and password hash (null for a Google account). */
export function findLoginUser(db: DbClient, key: string): Promise<(PublicUser & { sessionVersion: number; passwordHash: string | null }) | null> {
  return db.user.findUnique({ where: { usernameKey: key }, select: { ...publicUserSelect, sessionVersion: true, passwordHash: true } });
}

/** Moves the user to a new session version, so every cookie issued before is refused; the new version. */
export async function bumpSessionVersion(db: DbClient, userId: number): Promise<number> {
  const user = await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, select: { sessionVersion: true } });
  return user.sessionVersion;
}

/** The user's password hash (null: a Google account); null when there is no such user. */
export function findPasswordHash(db: DbClient, userId: number): Promise<{ passwordHash: string | null } | null> {
  return db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
}

/** Stores a new password hash and moves to a new session version in one update; the new version. */
export async function replacePassword(db: DbClient, { userId, passwordHash }: { userId: number; passwordHash: string }): Promise<number> {
  const updated = await db.user.update({
    where: { id: userId },
    data: { passwordHash, sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  return updated.sessionVersion;
}

export type SignInUserRow = { id: number; sessionVersion: number };

/** The user a Google identity (its subject) is linked to, if any. */
export async function findGoogleAccountUser(db: DbClient, subject: string): Promise<SignInUserRow | null> {
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: "google", providerAccountId: subject } },
    select: { user: { select: { id: true, sessionVersion: true } } },
  });
  return linked?.user ?? null;
}

/** Refreshes the name and picture Google gave; an undefined field is left as it is. */
export async function updateGoogleProfile(
  db: DbClient,
  { userId, displayName, photoURL }: { userId: number; displayName: string | null | undefined; photoURL: string | undefined },
): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { displayName, photoURL } });
}

/** Creates a user signed in through Google, with the account that links the Google identity to it. */
export function createGoogleUser(
  db: DbClient,
  {
    subject,
    ...user
  }: {
    subject: string;
    username: string;
    usernameKey: string;
    email: string | null;
    emailVerifiedAt: Date | null;
    displayName: string | null;
    photoURL: string | null;
  },
): Promise<SignInUserRow> {
  return db.user.create({
    data: { ...user, accounts: { create: { provider: "google", providerAccountId: subject } } },
    select: { id: true, sessionVersion: true },
  });
}

export type OidcIdentityKey = { issuer: string; subject: string };

/** The user a school (OpenID Connect) identity is linked to, if any. */
export async function findOidcIdentityUser(db: DbClient, key: OidcIdentityKey): Promise<SignInUserRow | null> {
  const identity = await db.oidcIdentity.findUnique({
    where: { issuer_subject: key },
    select: { user: { select: { id: true, sessionVersion: true } } },
  });
  return identity?.user ?? null;
}

/** Creates a user signed in through the school's provider, with the identity that links it. A taken username or verified e-mail fails with P2002. */
export function createOidcUser(
  tx: DbClient,
  {
    issuer,
    subject,
    ...user
  }: OidcIdentityKey & { username: string; usernameKey: string; email: string | null; emailVerifiedAt: Date | null; displayName: string | null },
): Promise<SignInUserRow> {
  return tx.user.create({
    data: { ...user, oidcIdentities: { create: { issuer, subject } } },
    select: { id: true, sessionVersion: true },
  });
}

/** Sets the display name the provider gives, when it changed. */
export async function refreshDisplayName(db: DbClient, { userId, displayName }: { userId: number; displayName: string }): Promise<void> {
  await db.user.updateMany({ where: { id: userId, NOT: { displayName } }, data: { displayName } });
}
