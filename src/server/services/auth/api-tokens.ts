import type { ApiTokenCreateInput, ApiTokenView } from "~/lib/schemas/api-tokens";
import type { PublicUser } from "~/lib/schemas/auth";
import { generateApiToken, hashApiToken } from "~/server/auth/api-token";
import type { Db, DbClient } from "~/server/db";
import {
  type ApiTokenRow,
  countActiveApiTokens,
  insertApiToken,
  listUnrevokedApiTokens,
  revokeUserApiToken,
  selectApiTokenUser,
  touchApiToken,
} from "~/server/db/queries/api-tokens";
import { lockUser } from "~/server/db/queries/locks";
import { AppError } from "~/server/errors";
import { consumeLimit, LIMITS } from "~/server/rate-limit";

import { toPublicUser } from "./users";
import { API_TOKEN_MESSAGES, API_TOKEN_PATTERN, MAX_ACTIVE_API_TOKENS } from "~/lib/rules/api-tokens";

/**
 * Personal API tokens: `Authorization: Bearer cc_pat_…` authenticates a learner's own scripts
 * and tools as that learner (the token itself: ~/server/auth/api-token.ts). Every request looks the hash
 * up in the database, so a revoked or expired token is refused at once on every instance.
 */
const DAY_MS = 86_400_000;

function toApiTokenView(row: ApiTokenRow, now = new Date()): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
  };
}

/** The learner's tokens that are not revoked (expired ones too, marked), newest first. */
export async function listApiTokens(db: DbClient, userId: number, now = new Date()): Promise<ApiTokenView[]> {
  const rows = await listUnrevokedApiTokens(db, userId);
  return rows.map((row) => toApiTokenView(row, now));
}

/**
 * A new token for the learner, returned with its secret this once. At most
 * MAX_ACTIVE_API_TOKENS active (neither revoked nor expired) tokens each: the count and the
 * insert run under the learner's lock, so concurrent creations cannot pass the limit together.
 */
export async function createApiToken(db: Db, userId: number, input: ApiTokenCreateInput, now = new Date()): Promise<{ token: string; apiToken: ApiTokenView }> {
  const { token, tokenHash, prefix } = generateApiToken();
  const expiresAt = input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const row = await db.$transaction(async (tx) => {
    await lockUser(tx, "apiTokens", userId);
    const active = await countActiveApiTokens(tx, { userId, now });
    if (active >= MAX_ACTIVE_API_TOKENS) throw new AppError("CONFLICT", API_TOKEN_MESSAGES.limit);
    return insertApiToken(tx, { userId, name: input.name, tokenHash, prefix, createdAt: now, expiresAt });
  });
  return { token, apiToken: toApiTokenView(row, now) };
}

/**
 * Revokes one of the learner's tokens, at once on every instance. Another learner's token, an
 * unknown id and a token already revoked are all "not found": of two concurrent revokes, one
 * succeeds and the other gets 404.
 */
export async function revokeApiToken(db: DbClient, { userId, tokenId, now = new Date() }: { userId: number; tokenId: number; now?: Date }): Promise<void> {
  const count = await revokeUserApiToken(db, { userId, tokenId, now });
  if (count === 0) throw new AppError("NOT_FOUND", API_TOKEN_MESSAGES.notFound);
}

/**
 * The learner a bearer token authenticates, or a 401 saying why not. A valid token always works;
 * a failed one counts against its address, which past the limit gets 429 instead of 401 (a token
 * has 256 random bits: the limit stops a script's load, guessing is hopeless anyway). A
 * successful use writes lastUsedAt at most once a minute.
 */
export async function authenticateApiToken(db: DbClient, token: string, clientIp: string): Promise<PublicUser> {
  const row = API_TOKEN_PATTERN.test(token) ? await selectApiTokenUser(db, hashApiToken(token)) : undefined;
  const failure = !row ? API_TOKEN_MESSAGES.invalid : row.revoked ? API_TOKEN_MESSAGES.revoked : row.expired ? API_TOKEN_MESSAGES.expired : null;
  if (failure || !row) {
    await consumeLimit(LIMITS.apiTokenFailuresPerIp, clientIp);
    throw new AppError("UNAUTHORIZED", failure ?? API_TOKEN_MESSAGES.invalid);
  }
  if (row.stale) await touchApiToken(db, row.tokenId);
  return toPublicUser(row);
}
