import type { DbClient } from "../client";

/** Resolves when the database answers a trivial statement; throws otherwise. */
export async function pingDatabase(db: DbClient): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
