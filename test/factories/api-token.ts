import { generateApiToken } from "~/server/auth/api-token";
import type { DbClient } from "~/server/db";

/** A personal API token of `userId` (active unless overridden); returns the secret with the row. */
export async function createApiTokenRow(
  db: DbClient,
  userId: number,
  overrides: { name?: string; expiresAt?: Date | null; revokedAt?: Date | null; lastUsedAt?: Date | null } = {},
) {
  const { token, tokenHash, prefix } = generateApiToken();
  const row = await db.apiToken.create({ data: { userId, name: overrides.name ?? "script", tokenHash, prefix, ...overrides } });
  return { token, row };
}

/** The request header a script sends with a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
