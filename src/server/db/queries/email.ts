import type { SqlClient } from "../sql-transaction";
import { execute, queryRows } from "./run";

/**
 * A learner's address and its single-use links (EmailToken): only a token's SHA-256 is stored;
 * its times are the database's (now()), so expiry does not depend on a server's clock.
 */

export type EmailTokenPurpose = "verify" | "reset";

export type AddressRow = { id: number; username: string; email: string | null; emailVerifiedAt: Date | null; hasPassword: boolean };

const ADDRESS_COLUMNS = `id, username, email, "emailVerifiedAt", ("passwordHash" IS NOT NULL) AS "hasPassword"`;

export async function findAddressOf(db: SqlClient, userId: number): Promise<AddressRow | null> {
  const [row] = await queryRows<AddressRow>(db, `SELECT ${ADDRESS_COLUMNS} FROM "User" WHERE id = $1`, [userId]);
  return row ?? null;
}

/**
 * The account a reset is asked for: by username key, or by an address it has verified (an
 * unverified one belongs to nobody yet). One indexed statement either way.
 */
export async function findAccountForReset(db: SqlClient, { usernameKey, email }: { usernameKey: string; email: string }): Promise<AddressRow | null> {
  const [row] = await queryRows<AddressRow>(
    db,
    `SELECT ${ADDRESS_COLUMNS} FROM "User" WHERE "usernameKey" = $1
     UNION ALL
     SELECT ${ADDRESS_COLUMNS} FROM "User" WHERE email = $2 AND "emailVerifiedAt" IS NOT NULL
     LIMIT 1`,
    [usernameKey, email],
  );
  return row ?? null;
}

/** Sets a new, unverified address. */
export async function replaceAddress(db: SqlClient, { userId, email }: { userId: number; email: string }): Promise<void> {
  await execute(db, `UPDATE "User" SET email = $2, "emailVerifiedAt" = NULL WHERE id = $1`, [userId, email]);
}

/**
 * Marks the address verified if it is still the account's; false when it is not. Fails with a
 * unique violation (23505) when another account has verified it meanwhile.
 */
export async function markAddressVerified(db: SqlClient, { userId, email }: { userId: number; email: string }): Promise<boolean> {
  return (await execute(db, `UPDATE "User" SET "emailVerifiedAt" = now() WHERE id = $1 AND email = $2`, [userId, email])) === 1;
}

export async function insertEmailToken(
  db: SqlClient,
  token: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; email: string; ttlMs: number },
): Promise<void> {
  await execute(
    db,
    `INSERT INTO "EmailToken" ("userId", purpose, "tokenHash", email, "expiresAt")
      VALUES ($1, $2::"EmailTokenPurpose", $3, $4, now() + $5 * interval '1 millisecond')`,
    [token.userId, token.purpose, token.tokenHash, token.email, token.ttlMs],
  );
}

/** Spends every unused link of the user for one purpose (an address changed, a password set). */
export async function spendEmailTokens(db: SqlClient, { userId, purpose }: { userId: number; purpose: EmailTokenPurpose }): Promise<void> {
  await execute(db, `UPDATE "EmailToken" SET "usedAt" = now() WHERE "userId" = $1 AND purpose = $2::"EmailTokenPurpose" AND "usedAt" IS NULL`, [
    userId,
    purpose,
  ]);
}

/**
 * Uses a link once: the row is marked used only if it is of this purpose, unused and not expired,
 * and of two requests using it at once only one gets it (the row lock decides). Null otherwise.
 */
export async function useEmailToken(
  db: SqlClient,
  { tokenHash, purpose }: { tokenHash: string; purpose: EmailTokenPurpose },
): Promise<{ userId: number; email: string } | null> {
  const [row] = await queryRows<{ userId: number; email: string }>(
    db,
    `UPDATE "EmailToken" SET "usedAt" = now()
      WHERE "tokenHash" = $1 AND purpose = $2::"EmailTokenPurpose" AND "usedAt" IS NULL AND "expiresAt" > now()
      RETURNING "userId", email`,
    [tokenHash, purpose],
  );
  return row ?? null;
}

/** Stores the password a reset link set and moves to a new session version; the new version. */
export async function resetPassword(db: SqlClient, { userId, passwordHash }: { userId: number; passwordHash: string }): Promise<number> {
  const [row] = await queryRows<{ sessionVersion: number }>(
    db,
    `UPDATE "User" SET "passwordHash" = $2, "sessionVersion" = "sessionVersion" + 1 WHERE id = $1 RETURNING "sessionVersion"`,
    [userId, passwordHash],
  );
  if (!row) throw new Error(`user ${userId} is gone`);
  return row.sessionVersion;
}
