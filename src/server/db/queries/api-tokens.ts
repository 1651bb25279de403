import type { PublicUser } from "~/lib/schemas/auth";

import type { DbClient } from "../client";
import { execute, queryRows } from "./run";

export type ApiTokenUserRow = PublicUser & {
  tokenId: number;
  revoked: boolean;
  expired: boolean;
  /** lastUsedAt is unset or older than a minute: time to write it again. */
  stale: boolean;
};

/**
 * The bearer check, on every request that carries a token: the token's user and state, by the
 * token's hash. Timestamps are UTC wall times (Prisma's DateTime columns), so `now()` is too.
 */
const API_TOKEN_USER_SQL = `
  SELECT t.id AS "tokenId", u.id, u.username, u.email, u."displayName", u."photoURL",
    t."revokedAt" IS NOT NULL AS revoked,
    (t."expiresAt" IS NOT NULL AND t."expiresAt" <= now() AT TIME ZONE 'UTC') AS expired,
    (t."lastUsedAt" IS NULL OR t."lastUsedAt" < (now() AT TIME ZONE 'UTC') - interval '1 minute') AS stale
  FROM "ApiToken" t JOIN "User" u ON u.id = t."userId"
  WHERE t."tokenHash" = $1`;

export async function selectApiTokenUser(db: DbClient, tokenHash: string): Promise<ApiTokenUserRow | undefined> {
  const [row] = await queryRows<ApiTokenUserRow>(db, API_TOKEN_USER_SQL, [tokenHash], "api-token-user");
  return row;
}

/** Records a use, at most once a minute: concurrent requests of one token write it once. */
const TOUCH_API_TOKEN_SQL = `
  UPDATE "ApiToken" SET "lastUsedAt" = now() AT TIME ZONE 'UTC'
  WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < (now() AT TIME ZONE 'UTC') - interval '1 minute')`;

export async function touchApiToken(db: DbClient, tokenId: number): Promise<number> {
  return execute(db, TOUCH_API_TOKEN_SQL, [tokenId]);
}

export type ApiTokenRow = { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date | null };
const apiTokenSelect = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, expiresAt: true } as const;

/** The learner's tokens that are not revoked (expired ones too), newest first. */
export function listUnrevokedApiTokens(db: DbClient, userId: number): Promise<ApiTokenRow[]> {
  return db.apiToken.findMany({ where: { userId, revokedAt: null }, select: apiTokenSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

/** How many of the learner's tokens are active at `now`: neither revoked nor expired. */
export function countActiveApiTokens(db: DbClient, { userId, now }: { userId: number; now: Date }): Promise<number> {
  return db.apiToken.count({ where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
}

/** Stores a new token (its hash and shown prefix, never the secret). */
export function insertApiToken(
  db: DbClient,
  data: { userId: number; name: string; tokenHash: string; prefix: string; createdAt: Date; expiresAt: Date | null },
): Promise<ApiTokenRow> {
  return db.apiToken.create({ data, select: apiTokenSelect });
}

/** Revokes the learner's token `tokenId` unless it is revoked already; the rows changed (0: not theirs, unknown or revoked). */
export async function revokeUserApiToken(db: DbClient, { userId, tokenId, now }: { userId: number; tokenId: number; now: Date }): Promise<number> {
  const { count } = await db.apiToken.updateMany({ where: { id: tokenId, userId, revokedAt: null }, data: { revokedAt: now } });
  return count;
}
