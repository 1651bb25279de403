import type { Prisma } from "~/generated/prisma/client";

import type { DbClient } from "../client";

/** LTI 1.3 (docs/lti.md): registered platforms, login states, platform users, contexts, launches and the tool's keys. */

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

export function findPlatformById(db: DbClient, platformId: number): Promise<PlatformRow | null> {
  return db.ltiPlatform.findUnique({ where: { id: platformId }, select: platformSelect });
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
  const rows = await db.$queryRaw<{ nonce: string; platformId: number }[]>`
    UPDATE "LtiLogin" SET "usedAt" = ${now}
    WHERE state = ${state} AND "usedAt" IS NULL AND "expiresAt" > ${now}
    RETURNING nonce, "platformId"`;
  return rows[0] ?? null;
}

/** Forgets logins that expired before `before` (used or not). */
export async function deleteExpiredLogins(db: DbClient, before: Date): Promise<number> {
  const { count } = await db.ltiLogin.deleteMany({ where: { expiresAt: { lt: before } } });
  return count;
}

export type LtiAccount = { id: number; sessionVersion: number };

/** The account a platform user is, if they launched before. */
export async function findIdentityAccount(db: DbClient, { issuer, subject }: { issuer: string; subject: string }): Promise<LtiAccount | null> {
  const identity = await db.ltiIdentity.findUnique({
    where: { issuer_subject: { issuer, subject } },
    select: { user: { select: { id: true, sessionVersion: true } } },
  });
  return identity?.user ?? null;
}

/** A new account for a platform user, with the identity that links them; no password, no e-mail. */
export function insertIdentityAccount(
  tx: DbClient,
  {
    issuer,
    subject,
    username,
    usernameKey,
    displayName,
  }: { issuer: string; subject: string; username: string; usernameKey: string; displayName: string | null },
): Promise<LtiAccount> {
  return tx.user.create({
    data: { username, usernameKey, displayName, ltiIdentities: { create: { issuer, subject } } },
    select: { id: true, sessionVersion: true },
  });
}

/** Refreshes the name the platform gives (an unchanged or missing one is left). */
export async function updateLauncherName(db: DbClient, { userId, displayName }: { userId: number; displayName: string }): Promise<void> {
  await db.user.updateMany({ where: { id: userId, NOT: { displayName } }, data: { displayName } });
}

export type ContextKey = { issuer: string; deploymentId: string; contextId: string };

export function findContext(db: DbClient, key: ContextKey): Promise<{ id: number; classId: number | null } | null> {
  return db.ltiContext.findUnique({ where: { issuer_deploymentId_contextId: key }, select: { id: true, classId: true } });
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
  await tx.ltiContextMember.upsert({
    where: { contextId_userId: { contextId, userId } },
    create: { contextId, userId, instructor },
    update: { instructor, lastLaunchAt: new Date() },
  });
}

/** Everyone who launched from the context, with their role. */
export function selectContextMembers(db: DbClient, contextId: number): Promise<{ userId: number; instructor: boolean }[]> {
  return db.ltiContextMember.findMany({ where: { contextId }, select: { userId: true, instructor: true }, orderBy: { lastLaunchAt: "asc" } });
}

export function insertLaunch(
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
  return db.ltiLaunch.create({ data: launch, select: { id: true } });
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
