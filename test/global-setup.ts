/**
 * globalSetup of the `integration` project (runs once per `vitest run`, in the main process):
 * - starts ONE throwaway embedded PostgreSQL cluster (no server needs to be installed), or uses
 *   the server named by TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres);
 * - creates a template database and migrates it once;
 * - hands the admin URL and template name to the workers (provide → inject), where
 *   test/setup-db.ts copies the template into a fresh database for each test file;
 * - on teardown drops every database of this run and stops the cluster.
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { type EmbeddedServer, startEmbeddedPostgres } from "../src/server/db/embedded";
import { migrateDatabase } from "../src/server/db/migrate";

import { createDatabase, dropDatabasesWithPrefix, withAdmin, withDatabase } from "./pg-admin";

declare module "vitest" {
  export interface ProvidedContext {
    testDb: {
      /** A superuser (or CREATEDB) connection to the maintenance database. */
      adminUrl: string;
      /** The migrated database every test file's database is copied from. */
      template: string;
      /** Every database of this run starts with it. */
      prefix: string;
      /** Pool size per test file, so parallel files fit in the server's max_connections. */
      poolSize: number;
      /** "embedded" or "server" (TEST_DATABASE_URL), for messages. */
      kind: "embedded" | "server";
    };
  }
}

const log = (message: string) => {
  if (process.env.TEST_LOG_LEVEL) console.log(`[test-db] ${message}`);
};

export default async function setup(project: TestProject) {
  const started = Date.now();
  const runId = `${process.pid.toString(36)}_${randomBytes(3).toString("hex")}`;
  const prefix = `t_${runId}_`;
  const template = `${prefix}template`;

  let server: EmbeddedServer | null = null;
  let baseDir: string | null = null;
  let adminUrl: string;
  const external = process.env.TEST_DATABASE_URL?.trim();
  if (external) {
    adminUrl = external;
  } else {
    baseDir = path.join(os.tmpdir(), `coursecraft-test-${process.pid}`);
    server = await startEmbeddedPostgres({ dataDir: path.join(baseDir, "pg"), persistent: false, durable: false, log });
    adminUrl = server.url("postgres");
  }

  const stop = async () => {
    await dropDatabasesWithPrefix(adminUrl, prefix).catch((error: unknown) => console.error(`[test-db] cleanup failed: ${String(error)}`));
    if (server) await server.stop().catch((error: unknown) => console.error(`[test-db] stop failed: ${String(error)}`));
    if (baseDir) await rm(baseDir, { recursive: true, force: true });
  };

  try {
    const maxConnections = await withAdmin(adminUrl, async (client) => {
      const { rows } = await client.query<{ max_connections: string }>("SHOW max_connections");
      return Number(rows[0]?.max_connections ?? 100);
    });
    const workers = Math.max(1, project.config.maxWorkers || os.availableParallelism());
    // Room for the admin connections of setup and teardown, then an even share per worker.
    const poolSize = Math.max(2, Math.min(10, Math.floor((maxConnections - 10) / workers) - 1));

    await createDatabase(adminUrl, template);
    await migrateDatabase(withDatabase(adminUrl, template));
    project.provide("testDb", { adminUrl, template, prefix, poolSize, kind: server ? "embedded" : "server" });
    log(`${server ? "embedded cluster" : "server"} ready, template ${template} migrated in ${Date.now() - started} ms`);
  } catch (error) {
    await stop();
    throw error;
  }

  return stop;
}
