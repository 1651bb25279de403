import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import pg from "pg";

/**
 * Applies prisma/migrations/* in order, recording them in Prisma's own `_prisma_migrations`
 * table with Prisma's checksum (sha256 of migration.sql), so `prisma migrate status` and
 * `prisma migrate deploy` agree with it. It exists because the Prisma CLI takes ~12 s per run
 * here (most of it waiting to exit), which would dominate start-up and every test file.
 * An advisory lock makes concurrent starts safe: one applies, the others wait and find nothing.
 */
const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
const LOCK_KEY = 72_707_001;

export type MigrationResult = { applied: string[] };

export async function migrateDatabase(connectionString: string, migrationsDir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
        "id" VARCHAR(36) PRIMARY KEY NOT NULL,
        "checksum" VARCHAR(64) NOT NULL,
        "finished_at" TIMESTAMPTZ,
        "migration_name" VARCHAR(255) NOT NULL,
        "logs" TEXT,
        "rolled_back_at" TIMESTAMPTZ,
        "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
        "applied_steps_count" INTEGER NOT NULL DEFAULT 0
      )`);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((row) => [row.migration_name, row]));
    const names = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();

    const applied: string[] = [];
    for (const name of names) {
      const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const previous = done.get(name);
      if (previous) {
        if (!previous.finished_at) throw new Error(`Migration ${name} failed earlier; resolve it with \`prisma migrate resolve\`.`);
        if (previous.checksum !== checksum) throw new Error(`Migration ${name} was changed after it was applied.`);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`, [
          id,
          checksum,
          name,
        ]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
    return { applied };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
