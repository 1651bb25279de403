import type { Prisma } from "~/generated/prisma/client";

import type { DbClient } from "../client";
import { execute, queryRows } from "./run";

/**
 * LTI 1.3 (docs/lti.md): registered platforms, login states, platform users, contexts, launches and
 * the tool's keys. What every launch reads and writes is hand-written SQL on the pool (run.ts):
 * through Prisma each statement costs ~1 ms more CPU, and a launch has a budget (bench:lti-launch).
 */

const platformSelect = {
  id: true,
  issuer: true,
  clientId: true,
  deploymentIds: true,
  authUrl: true,
  tokenUrl: true,
  jwksUrl: true,
  frameOrigins: true,
  createdAt: true,
} as const;
export type PlatformRow = Prisma.LtiPlatformGetPayload<{ select: typeof platformSelect }>;

export function selectPlatforms(db: DbClient): Promise<PlatformRow[]> {
  return db.ltiPlatform.findMany({ select: platformSelect, orderBy: { id: "asc" } });
}

/** The registrations of an issuer (one per client id it gave this tool). */
export function selectPlatformsOfIssuer(db: DbClient, issuer: string): Promise<PlatformRow[]> {
  return db.ltiPlatform.findMany({ where: { issuer }, select: platformSelect, orderBy: { id: "asc" } });
}

/** The columns of platformSelect, so that a column added there is read by the statements below as well. */
const PLATFORM_COLUMNS = Object.keys(platformSelect)
  .map((column) => `"${column}"`)
  .join(", ");

export async function findPlatformById(db: DbClient, platformId: number): Promise<PlatformRow | null> {
  const rows = await queryRows<PlatformRow>(db, `SELECT ${PLATFORM_COLUMNS} FROM "LtiPlatform" WHERE id = $1`, [platformId], "lti_platform_by_id");
  return rows[0] ?? null;
}

/** Registers a platform, or replaces the registration of its issuer and client id; answers it. */
export function upsertPlatform(db: DbClient, platform: Omit<PlatformRow, "id" | "createdAt">): Promise<PlatformRow> {
  const { issuer, clientId, ...rest } = platform;
  return db.ltiPlatform.upsert({
    where: { issuer_clientId: { issuer, clientId } },
    create: platform,
    update: rest,
    select: platformSelect,
  });
}

/** Removes a registration (its logins and launches go with it); whether there was one. */
export async function deletePlatform(db: DbClient, { issuer, clientId }: { issuer: string; clientId: string }): Promise<boolean> {
  const { count } = await db.ltiPlatform.deleteMany({ where: { issuer, clientId } });
  return count > 0;
}

export async function insertLogin(db: DbClient, login: { state: string; nonce: string; platformId: number; expiresAt: Date }): Promise<void> {
  await db.ltiLogin.create({ data: login });
}

/**
 * Uses a login's state once: the nonce and platform it was issued with, or null when the state is
 * unknown, used already or expired. One statement, so two launches bringing one state back cannot both have it.
 */
export async function consumeLogin(db: DbClient, { state, now }: { state: string; now: Date }): Promise<{ nonce: string; platformId: number } | null> {
  const rows = await queryRows<{ nonce: string; platformId: number }>(
    db,
    `UPDATE "LtiLogin" SET "usedAt" = $2 WHERE state = $1 AND "usedAt" IS NULL AND "expiresAt" > $2 RETURNING nonce, "platformId"`,
    [state, now],
    "lti_consume_login",
  );
  return rows[0] ?? null;
}

/** Forgets logins that expired before `before` (used or not). */
export async function deleteExpiredLogins(db: DbClient, before: Date): Promise<number> {
  const { count } = await db.ltiLogin.deleteMany({ where: { expiresAt: { lt: before } } });
  return count;
}

export type LtiAccount = { id: number; sessionVersion: number };

/** The account a platform user is, if they launched before, with the name it shows. */
export async function findIdentityAccount(
  db: DbClient,
  { issuer, subject }: { issuer: string; subject: string },
): Promise<(LtiAccount & { displayName: string | null }) | null> {
  const rows = await queryRows<LtiAccount & { displayName: string | null }>(
    db,
    `SELECT u.id, u."sessionVersion", u."displayName" FROM "LtiIdentity" i JOIN "User" u ON u.id = i."userId" WHERE i.issuer = $1 AND i.subject = $2`,
    [issuer, subject],
    "lti_identity_account",
  );
  return rows[0] ?? null;
}

/**
 * A new account for a platform user, with the identity that links them; no password, no e-mail.
 * Null when the identity or the username is taken by then (a launch of theirs or a namesake's at
 * the same moment): the statement then wrote nothing.
 */
export async function insertIdentityAccount(
  db: DbClient,
  {
    issuer,
    subject,
    username,
    usernameKey,
    displayName,
  }: { issuer: string; subject: string; username: string; usernameKey: string; displayName: string | null },
): Promise<LtiAccount | null> {
  // One statement for both rows (Prisma's nested create sends several): it writes both or neither.
  const rows = await queryRows<LtiAccount>(
    db,
    `WITH account AS (
       INSERT INTO "User" (username, "usernameKey", "displayName", "updatedAt") VALUES ($1, $2, $3, now()) RETURNING id, "sessionVersion"
     ), identity AS (
       INSERT INTO "LtiIdentity" (issuer, subject, "userId") SELECT $4, $5, id FROM account
     )
     SELECT id, "sessionVersion" FROM account`,
    [username, usernameKey, displayName, issuer, subject],
  ).catch((error: unknown) => {
    if (isUniqueViolation(error)) return null;
    throw error;
  });
  return rows?.[0] ?? null;
}

/** PostgreSQL's unique_violation, as pg reports it (the pool) or Prisma does (a transaction's raw statement). */
function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: string; meta?: { code?: string } } | null;
  return failure?.code === "23505" || (failure?.code === "P2010" && failure.meta?.code === "23505");
}

/** Refreshes the name the platform gives (an unchanged or missing one is left). */
export async function updateLauncherName(db: DbClient, { userId, displayName }: { userId: number; displayName: string }): Promise<void> {
  await db.user.updateMany({ where: { id: userId, NOT: { displayName } }, data: { displayName } });
}

export type ContextKey = { issuer: string; deploymentId: string; contextId: string };

export async function findContext(db: DbClient, key: ContextKey): Promise<{ id: number; classId: number | null } | null> {
  const rows = await queryRows<{ id: number; classId: number | null }>(
    db,
    `SELECT id, "classId" FROM "LtiContext" WHERE issuer = $1 AND "deploymentId" = $2 AND "contextId" = $3`,
    [key.issuer, key.deploymentId, key.contextId],
    "lti_find_context",
  );
  return rows[0] ?? null;
}

export function insertContext(tx: DbClient, { title, ...key }: ContextKey & { title: string | null }): Promise<{ id: number; classId: number | null }> {
  return tx.ltiContext.create({ data: { ...key, title }, select: { id: true, classId: true } });
}

export async function setContextClass(tx: DbClient, { contextId, classId }: { contextId: number; classId: number }): Promise<void> {
  await tx.ltiContext.update({ where: { id: contextId }, data: { classId } });
}

/** Records that the user launched from the context, with the role they had this time. */
export async function upsertContextMember(
  tx: DbClient,
  { contextId, userId, instructor }: { contextId: number; userId: number; instructor: boolean },
): Promise<void> {
  // One statement (Prisma's upsert may read first): two launches at once cannot both insert.
  await execute(
    tx,
    `INSERT INTO "LtiContextMember" ("contextId", "userId", instructor) VALUES ($1, $2, $3)
     ON CONFLICT ("contextId", "userId") DO UPDATE SET instructor = EXCLUDED.instructor, "lastLaunchAt" = now()`,
    [contextId, userId, instructor],
  );
}

/**
 * upsertContextMember and classes.ts's ensureClassMember in one statement, for a launch from a
 * context whose class exists (most launches): one commit where two would wait for the disk twice.
 */
export async function seatContextMember(
  db: DbClient,
  { contextId, classId, userId, instructor }: { contextId: number; classId: number; userId: number; instructor: boolean },
): Promise<void> {
  await execute(
    db,
    `WITH launched AS (
       INSERT INTO "LtiContextMember" ("contextId", "userId", instructor) VALUES ($1, $3, $4)
       ON CONFLICT ("contextId", "userId") DO UPDATE SET instructor = EXCLUDED.instructor, "lastLaunchAt" = now()
     )
     INSERT INTO "ClassMember" ("classId", "userId", role) VALUES ($2, $3, CASE WHEN $4 THEN 'teacher' ELSE 'member' END::"ClassRole")
     ON CONFLICT ("classId", "userId") DO UPDATE SET role = 'teacher' WHERE $4 AND "ClassMember".role = 'member'`,
    [contextId, classId, userId, instructor],
  );
}

/** Everyone who launched from the context, with their role. */
export function selectContextMembers(db: DbClient, contextId: number): Promise<{ userId: number; instructor: boolean }[]> {
  return db.ltiContextMember.findMany({ where: { contextId }, select: { userId: true, instructor: true }, orderBy: { lastLaunchAt: "asc" } });
}

export async function insertLaunch(
  db: DbClient,
  launch: {
    platformId: number;
    userId: number;
    messageType: string;
    deploymentId: string;
    contextId: number | null;
    claims: Prisma.InputJsonValue;
    expiresAt: Date;
  },
): Promise<{ id: string }> {
  const rows = await queryRows<{ id: string }>(
    db,
    `INSERT INTO "LtiLaunch" (id, "platformId", "userId", "messageType", "deploymentId", "contextId", claims, "expiresAt")
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6::jsonb, $7) RETURNING id::text`,
    [launch.platformId, launch.userId, launch.messageType, launch.deploymentId, launch.contextId, JSON.stringify(launch.claims), launch.expiresAt],
    "lti_insert_launch",
  );
  return rows[0]!;
}

/** A launch of the user's that has not expired; null for anyone else's, an expired or an unknown one. */
export function findOwnLaunch(db: DbClient, { launchId, userId, now }: { launchId: string; userId: number; now: Date }) {
  return db.ltiLaunch.findFirst({
    where: { id: launchId, userId, expiresAt: { gt: now } },
    select: { id: true, platformId: true, messageType: true, deploymentId: true, claims: true, usedAt: true, context: { select: { classId: true } } },
  });
}

/** A deep linking launch of the user's, expired or used or not (the picker says which); null for anyone else's or an unknown one. */
export function findOwnDeepLinkingLaunch(db: DbClient, { launchId, userId }: { launchId: string; userId: number }) {
  return db.ltiLaunch.findFirst({
    where: { id: launchId, userId, messageType: "LtiDeepLinkingRequest" },
    select: { id: true, expiresAt: true, usedAt: true, context: { select: { title: true } } },
  });
}

/** Marks the user's launch answered, unless it was already or has expired: whether this call did (one statement, so two answers cannot both). */
export async function markLaunchUsed(db: DbClient, { launchId, userId, now }: { launchId: string; userId: number; now: Date }): Promise<boolean> {
  const { count } = await db.ltiLaunch.updateMany({ where: { id: launchId, userId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return count === 1;
}

export type ToolKeyRow = { kid: string; publicJwk: Prisma.JsonValue; privateJwk: Prisma.JsonValue; activeFrom: Date };

/** The keys published at `now` (not retired), newest first. */
export function selectPublishedToolKeys(db: DbClient, now: Date): Promise<ToolKeyRow[]> {
  return db.ltiToolKey.findMany({
    where: { OR: [{ retiredAt: null }, { retiredAt: { gt: now } }] },
    select: { kid: true, publicJwk: true, privateJwk: true, activeFrom: true },
    orderBy: { activeFrom: "desc" },
  });
}

export async function insertToolKey(
  db: DbClient,
  key: { kid: string; publicJwk: Prisma.InputJsonValue; privateJwk: Prisma.InputJsonValue; activeFrom: Date },
): Promise<void> {
  await db.ltiToolKey.create({ data: key });
}

/** Retires, as of `at`, every key that started signing before `activeBefore` and is not retired yet. */
export async function retireToolKeys(db: DbClient, { activeBefore, at }: { activeBefore: Date; at: Date }): Promise<number> {
  const { count } = await db.ltiToolKey.updateMany({ where: { activeFrom: { lt: activeBefore }, retiredAt: null }, data: { retiredAt: at } });
  return count;
}

/** Keeps the context's memberships URL (NRPS) and the registration it came through, when either changed. */
export async function setContextRoster(
  db: DbClient,
  { contextId, platformId, membershipsUrl }: { contextId: number; platformId: number; membershipsUrl: string },
): Promise<void> {
  await db.ltiContext.updateMany({
    where: { id: contextId, OR: [{ platformId: null }, { membershipsUrl: null }, { NOT: { platformId } }, { NOT: { membershipsUrl } }] },
    data: { platformId, membershipsUrl },
  });
}

/** The LMS context a class was made from that shares its roster (the newest, if several), with its platform. */
export async function findRosterContext(db: DbClient, classId: number) {
  const context = await db.ltiContext.findFirst({
    where: { classId, membershipsUrl: { not: null }, platformId: { not: null } },
    select: { id: true, issuer: true, membershipsUrl: true, platform: { select: platformSelect } },
    orderBy: { id: "desc" },
  });
  return context?.platform && context.membershipsUrl
    ? { id: context.id, issuer: context.issuer, membershipsUrl: context.membershipsUrl, platform: context.platform }
    : null;
}

/** Whether the class was made from an LMS context that shares its roster. */
export async function hasRosterContext(db: DbClient, classId: number): Promise<boolean> {
  return (await db.ltiContext.count({ where: { classId, membershipsUrl: { not: null }, platformId: { not: null } } })) > 0;
}
