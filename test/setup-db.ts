/**
 * setupFile of the `integration` project: runs in the worker before each test file, before the
 * file imports any app module. Gives the file its own database (a copy of the migrated
 * template) and points DATABASE_URL at it, so files run in parallel without sharing rows,
 * rate-limit counters or sequences.
 */
import { randomBytes } from "node:crypto";

import { afterAll, inject } from "vitest";

import { applyTestEnv } from "./env";
import { assertInvariants } from "./invariants";
import { createDatabase, dropDatabase, withDatabase } from "./pg-admin";

applyTestEnv();

const { adminUrl, template, prefix, poolSize } = inject("testDb");
const database = `${prefix}${randomBytes(6).toString("hex")}`;
await createDatabase(adminUrl, database, template);
process.env.DATABASE_URL = withDatabase(adminUrl, database);
process.env.DATABASE_POOL_SIZE = String(poolSize);

type GlobalDb = { coursecraftDb?: { pool: { end(): Promise<void> }; db: { $disconnect(): Promise<void> } } };

afterAll(async () => {
  try {
    // Every file must leave data that could exist in production (the invariants of docs/reliability.md).
    await assertInvariants(process.env.DATABASE_URL ?? "");
  } finally {
    // Close the app's lazily opened pool (src/server/db.ts keeps it on globalThis), then drop
    // the database; WITH (FORCE) covers a connection a test leaked.
    const holder = globalThis as GlobalDb;
    const connection = holder.coursecraftDb;
    delete holder.coursecraftDb;
    await connection?.db.$disconnect().catch(() => undefined);
    await connection?.pool.end().catch(() => undefined);
    await dropDatabase(adminUrl, database);
  }
});
