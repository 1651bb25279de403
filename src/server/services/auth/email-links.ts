import { createHash, randomBytes } from "node:crypto";

import type { SqlClient } from "~/server/db/sql-transaction";
import { type EmailTokenPurpose, insertEmailToken } from "~/server/db/queries/email";

/** The token of a link: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Stores a new single-use link for the user and returns the token that goes into it. */
export async function createLinkToken(tx: SqlClient, link: { userId: number; purpose: EmailTokenPurpose; email: string; ttlMs: number }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertEmailToken(tx, { ...link, tokenHash: hashLinkToken(token) });
  return token;
}

/** A pg unique violation, as `pg` reports it or as Prisma wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, meta } = (error ?? {}) as { code?: unknown; meta?: { code?: unknown } };
  return code === "23505" || code === "P2002" || meta?.code === "23505";
}
