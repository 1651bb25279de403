/**
 * What the benchmarks against the production build share: a database to run on, and the app
 * (or any helper process) started in the repository and stopped with its children.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
 * The app as a deployment runs it: `npm start` (its node flags included, plus BENCH_APP_NODE_FLAGS
 * and `nodeFlags`) on 127.0.0.1:`port`, on `databaseUrl`, with `env` on top (an LLM, a data
 * folder). Node refuses some flags in NODE_OPTIONS (--cpu-prof): with extra flags the start
 * script's command runs as node's own arguments instead of through npm.
 */
export function startApp({
  port,
  databaseUrl,
  secret,
  env = {},
  nodeFlags: extraFlags = [],
}: {
  port: number;
  databaseUrl: string;
  secret: string;
  env?: Record<string, string>;
  nodeFlags?: string[];
}): ChildProcess {
  const nodeFlags = [...(process.env.BENCH_APP_NODE_FLAGS?.split(" ").filter(Boolean) ?? []), ...extraFlags];
  const command = nodeFlags.length ? [process.execPath, ...startScriptNodeFlags(), ...nodeFlags, "scripts/serve.mjs", "start"] : ["npm", "start", "--silent"];
  return start(command, {
    PORT: String(port),
    HOSTNAME_BIND: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: secret,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "error",
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
    ...env,
  });
}

/** The node flags of package.json's start script (the heap limits), with APP_HEAP_MB's default. */
function startScriptNodeFlags(): string[] {
  const script = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  return [...script.matchAll(/--[\w-]+=\S+/g)].map(([flag]) => flag.replace("${APP_HEAP_MB:-384}", process.env.APP_HEAP_MB ?? "384"));
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

/** Stops a process group and waits until its leader has exited (and written what it writes on exit). */
export async function stopAndWait(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  stop(child);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
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
