/** The server's generation worker (as src/instrumentation.ts starts it) and its liveness lock, on the app's own pool. */
import { afterEach, describe, expect, test, vi } from "vitest";

import { LOCK_SPACES } from "~/server/db/queries/locks";
import { logger } from "~/server/logger";

import { getPool } from "../../../../test/db";
import { ensureGenerationWorker, stopGenerationWorker } from "./start-worker";
import { register, type ServerHooks } from "~/instrumentation";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The liveness locks held in this test file's database, with the session holding each. */
async function workerLocks(): Promise<{ lockId: number; pid: number }[]> {
  const { rows } = await getPool().query<{ lockId: number; pid: number }>(
    `SELECT objid::int AS "lockId", pid FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = $1::int::oid
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [LOCK_SPACES.workerLiveness],
  );
  return rows;
}

async function heldLock(): Promise<{ lockId: number; pid: number }> {
  for (let i = 0; i < 100; i += 1) {
    const [lock] = await workerLocks();
    if (lock) return lock;
    await sleep(50);
  }
  throw new Error("the worker took no liveness lock");
}

const livenessWarnings = (warn: { mock: { calls: unknown[][] } }) => warn.mock.calls.filter(([message]) => String(message).includes("liveness lock"));

afterEach(async () => {
  vi.restoreAllMocks();
  await stopGenerationWorker();
});

describe("the server's generation worker", () => {
  test("keeps its liveness lock, on the same session, through an idle spell longer than the pool's idle timeout", async () => {
    const warn = vi.spyOn(logger, "warn");
    ensureGenerationWorker();
    const lock = await heldLock();
    // The app's pool closes its own idle clients after idleTimeoutMillis (10 s); the lock's session is not one of them.
    expect(getPool().options.idleTimeoutMillis).toBe(10_000);
    await sleep(12_000);
    expect(await workerLocks()).toEqual([lock]);
    expect(livenessWarnings(warn)).toEqual([]);
  }, 20_000);

  test("stopped before its database goes away (a server shutting down), it lets its lock go and reports nothing lost", async () => {
    const warn = vi.spyOn(logger, "warn");
    // How the server script finds the stop: instrumentation's register() hands it over with the worker.
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    await register();
    vi.unstubAllEnvs();
    const worker = ensureGenerationWorker();
    await heldLock();
    const hooks = (globalThis as Record<symbol, unknown>)[Symbol.for("coursecraft.serverHooks")] as ServerHooks;
    expect(hooks.serveApi).toBeNull(); // the fast path is for production only

    // The server's stop: the generation worker, the mail sender and the reminder scheduler.
    await hooks.stop();
    expect(await workerLocks()).toEqual([]);
    // What a stopping PostgreSQL does to the sessions still open: the worker has none left to lose.
    await getPool().query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    await sleep(500);
    expect(livenessWarnings(warn)).toEqual([]);
    expect(await workerLocks()).toEqual([]);

    // The next start is a new worker.
    expect(ensureGenerationWorker()).not.toBe(worker);
    await heldLock();
  });

  test("whose lock's session ends under it while it runs reports the loss and takes a new lock", async () => {
    const warn = vi.spyOn(logger, "warn");
    ensureGenerationWorker();
    const lock = await heldLock();
    await getPool().query("SELECT pg_terminate_backend($1::int)", [lock.pid]);
    for (let i = 0; i < 100 && (await workerLocks()).every((held) => held.pid === lock.pid); i += 1) await sleep(50);
    const [again] = await workerLocks();
    expect(again?.pid).not.toBe(lock.pid);
    expect(livenessWarnings(warn)).toHaveLength(1);
  });
});
