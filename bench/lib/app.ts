/**
 * What the benchmarks against the production build share: a database to run on, and the app
 * (or any helper process) started in the repository and stopped with its children.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";

import { startAppDatabase } from "~/server/db/embedded";
import { migrateDatabase } from "~/server/db/migrate";

const root = join(import.meta.dirname, "../..");

export async function openDatabase(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL;
  if (server) {
    const name = `bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    await migrateDatabase(url.toString());
    return {
      url: url.toString(),
      close: async () => {
        const cleanup = new pg.Client({ connectionString: server });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-api-"));
  const embedded = await startAppDatabase(dir, () => undefined);
  return {
    url: embedded.url,
    close: async () => {
      await embedded.stop();
      // Running as root, the cluster lives outside `dir` (see resolveDataDir): remove both.
      for (const path of [dir, embedded.dataDir, `${embedded.dataDir}.password`]) rmSync(path, { recursive: true, force: true });
    },
  };
}

export function start(command: string[], env: Record<string, string>): ChildProcess {
  return spawn(command[0]!, command.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
}

/**
 * The app as a deployment runs it: `npm start` (its node flags included, plus BENCH_APP_NODE_FLAGS)
 * on 127.0.0.1:`port`, on `databaseUrl`, with `env` on top (an LLM, a data folder).
 */
export function startApp({
  port,
  databaseUrl,
  secret,
  env = {},
}: {
  port: number;
  databaseUrl: string;
  secret: string;
  env?: Record<string, string>;
}): ChildProcess {
  return start(["npm", "start", "--silent"], {
    PORT: String(port),
    HOSTNAME_BIND: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: secret,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "error",
    NODE_OPTIONS: process.env.BENCH_APP_NODE_FLAGS ?? "",
    ...env,
  });
}

export function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

export async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}
