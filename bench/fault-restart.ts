/**
 * The server process killed mid-generation and restarted (the last fault of the faults suite,
 * `npm run test:faults`), against the production build (.next; this script never builds it).
 * Proves that a course generation survives a SIGKILL of the app's whole process group: after a
 * restart the job is picked up again (the dead process's liveness lock went with its session,
 * and it has missed two heartbeats) and finishes, exactly one
 * course exists for it, nothing is half-written, the learner's monthly quota counts it once,
 * and a session cookie issued before the kill still works. Prints and records (recordFigure,
 * bench "fault-restart") the restart and recovery times.
 *
 *   npx tsx bench/fault-restart.ts [-- --model-latency 3000]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder, run by this process so it outlives the app. The fake
 * OpenAI server (test/fakes/openai.mjs, a fixed latency per call so a generation takes a few
 * seconds) and the fake YouTube (test/fakes/youtube.mjs over test/fixtures/videos) run in this
 * process too. Ports 3570–3572.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

import pg from "pg";

import { startFakeOpenAI } from "../test/fakes/openai.mjs";
import { startFakeYouTube } from "../test/fakes/youtube.mjs";

import { openDatabase, startApp, waitFor } from "./lib/app";
import { type Figure, recordFigure } from "./lib/figures";
import { arg } from "./lib/args";

const MODEL_LATENCY_MS = Number(arg("--model-latency") ?? 3_000);
const APP_PORT = 3570;
const OPENAI_PORT = 3571;
const YOUTUBE_PORT = 3572;
const BENCH = "fault-restart";
/** Hard stop for the whole run (the heartbeat's 30 s stale window, were the liveness lock to fail, fits). */
const DEADLINE_MS = 150_000;

const appBase = `http://127.0.0.1:${APP_PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type JobRow = { status: string; stage: string; attempts: number; courseId: number | null; error: string | null; errorCode: string | null };

/** Every app process group this script started and has not seen exit: killed on any way out. */
const running = new Set<ChildProcess>();
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
process.on("exit", () => {
  for (const child of running) killGroup(child, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`${signal}: stopping`);
    process.exit(130);
  });
}

async function portInUse(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
}

function launch(databaseUrl: string, secret: string, dataDir: string, llmUrl: string, youtubeUrl: string): ChildProcess {
  const child = startApp({
    port: APP_PORT,
    databaseUrl,
    secret,
    env: {
      DATA_DIR: dataDir,
      OPENAI_API_KEY: "bench",
      OPENAI_BASE_URL: llmUrl,
      AI_MODEL: "fake-model",
      VIDEO_SOURCES: "youtube",
      YOUTUBE_API_KEY: "test-youtube-key",
      YOUTUBE_API_BASE_URL: `${youtubeUrl}/youtube/v3`,
      YOUTUBEI_BASE_URL: youtubeUrl,
    },
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

async function up(child: ChildProcess): Promise<number> {
  const started = performance.now();
  const ok = await Promise.race([waitFor(`${appBase}/api/health`, 90_000).then(() => true), once(child, "exit").then(() => false)]);
  if (!ok) throw new Error("the app exited before it was up");
  return performance.now() - started;
}

async function main() {
  for (const port of [APP_PORT, OPENAI_PORT, YOUTUBE_PORT]) if (await portInUse(port)) throw new Error(`port ${port} is in use`);
  const secret = randomBytes(32).toString("hex");
  process.env.NEXTAUTH_SECRET = secret;
  const { DEAD_AFTER_MS, STALE_AFTER_MS, HEARTBEAT_INTERVAL_MS } = await import("~/server/jobs/queue");

  const llm = await startFakeOpenAI({ port: OPENAI_PORT, latencyMs: MODEL_LATENCY_MS });
  const youtube = await startFakeYouTube({ port: YOUTUBE_PORT, videosDir: join(import.meta.dirname, "../test/fixtures/videos") });
  const database = await openDatabase();
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  // An idle connection of ours that drops must not end the run with an uncaught error.
  sql.on("error", (error) => console.error(`(bench connection lost: ${error.message})`));
  const dataDir = mkdtempSync(join(tmpdir(), "bench-fault-restart-"));
  const deadline = setTimeout(() => {
    console.error(`FAIL: still running after ${DEADLINE_MS / 1000} s`);
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();

  let app: ChildProcess | null = null;
  const figures: Figure[] = [];
  const figure = (f: Omit<Figure, "bench">) => figures.push({ bench: BENCH, ...f });
  try {
    app = launch(database.url, secret, dataDir, llm.url, youtube.url);
    const firstStartMs = await up(app);

    // A learner signs up through the API; the cookie they get is used before and after the kill.
    const username = `fault_${randomBytes(3).toString("hex")}`;
    const registered = await fetch(`${appBase}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appBase },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: "correct horse battery staple" }),
    });
    if (registered.status !== 200) throw new Error(`POST /api/register answered ${registered.status}: ${await registered.text()}`);
    const cookie = registered.headers
      .getSetCookie()
      .map((value) => value.split(";")[0]!)
      .join("; ");
    const userId = ((await registered.json()) as { id: number }).id;
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${appBase}${path}`, {
        method,
        headers: { cookie, origin: appBase, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

    const started = await api("POST", "/api/generation-jobs", { topic: "binary search", complexity: "beginner" });
    if (started.status !== 200) throw new Error(`POST /api/generation-jobs answered ${started.status}: ${await started.text()}`);
    const jobId = ((await started.json()) as { id: string }).id;
    const job = async () =>
      (await sql.query<JobRow>(`SELECT status, stage, attempts, "courseId", error, "errorCode" FROM "GenerationJob" WHERE id = $1`, [jobId])).rows[0]!;

    // Mid-generation: the model has been asked for the outline and is still answering.
    const requestsBefore = llm.requests.length;
    while (llm.requests.length === requestsBefore) {
      if ((await job()).status === "failed") throw new Error(`the job failed before the kill: ${(await job()).error}`);
      await sleep(20);
    }
    await sleep(Math.min(500, MODEL_LATENCY_MS / 4));
    const before = await job();
    if (before.status !== "running") throw new Error(`expected the job running at the kill, found ${JSON.stringify(before)}`);

    const killedAt = performance.now();
    killGroup(app, "SIGKILL");
    await once(app, "exit");
    for (let i = 0; i < 100 && (await portInUse(APP_PORT)); i += 1) await sleep(50);
    console.log(`killed the app's process group (SIGKILL) mid-generation: job ${jobId} at stage "${before.stage}", attempt ${before.attempts}`);

    app = launch(database.url, secret, dataDir, llm.url, youtube.url);
    const restartMs = await up(app);
    const healthyAt = performance.now();

    // The cookie from before the kill still signs the learner in.
    const me = await api("GET", "/api/user");
    const cookieWorks = me.status === 200 && ((await me.json()) as { id: number }).id === userId;

    let pickedUpAt: number | null = null;
    let finished: JobRow | null = null;
    while (!finished) {
      const now = await job();
      if (pickedUpAt === null && now.attempts > before.attempts) pickedUpAt = performance.now();
      if (now.status === "succeeded" || now.status === "failed") finished = now;
      else await sleep(100);
    }
    const finishedAt = performance.now();
    // The learner follows the job through the API, with the same cookie.
    const viaApi = (await (await api("GET", `/api/generation-jobs/${jobId}`)).json()) as { status: string; courseId: number | null };

    const courses = (await sql.query<{ id: number }>(`SELECT id FROM "Course" WHERE "userId" = $1`, [userId])).rows;
    const halfWritten = Number(
      (
        await sql.query<{ n: number }>(`
          SELECT count(*)::int AS n FROM "Course" c WHERE c.status <> 'failed'
            AND NOT EXISTS (SELECT 1 FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id WHERE ch."courseId" = c.id)`)
      ).rows[0]!.n,
    );
    const usage =
      (await sql.query<{ coursesCreated: number }>(`SELECT "coursesCreated" FROM "MonthlyUsage" WHERE "userId" = $1`, [userId])).rows[0]?.coursesCreated ?? 0;
    const limit = (await (await api("GET", "/api/subscription/course-limit")).json()) as { coursesCreatedThisMonth: number };

    const succeeded = finished.status === "succeeded" && viaApi.status === "succeeded" && viaApi.courseId === finished.courseId;
    const expectedQuota = succeeded ? 1 : 0;
    console.log(
      `model latency ${MODEL_LATENCY_MS} ms per call; a dead runner's job is resumed once its liveness lock is free and it has missed beats for ${DEAD_AFTER_MS / 1000} s (heartbeat every ${HEARTBEAT_INTERVAL_MS / 1000} s; stale after ${STALE_AFTER_MS / 1000} s regardless)`,
    );
    console.log(`first start ${Math.round(firstStartMs)} ms; restart to healthy ${Math.round(restartMs)} ms`);
    console.log(
      `kill → job picked up again: ${pickedUpAt === null ? "never seen" : `${((pickedUpAt - killedAt) / 1000).toFixed(1)} s`}; kill → job ${finished.status}: ${((finishedAt - killedAt) / 1000).toFixed(1)} s (resumed run ${pickedUpAt === null ? "?" : ((finishedAt - pickedUpAt) / 1000).toFixed(1)} s)`,
    );
    console.log(
      `job: ${finished.status} after ${finished.attempts} attempts${finished.error ? ` (${finished.errorCode}: ${finished.error})` : ""}; courses of the learner ${courses.length}; half-written courses ${halfWritten}; monthly usage ${usage} (API: ${limit.coursesCreatedThisMonth}); cookie from before the kill ${cookieWorks ? "works" : "REFUSED"}`,
    );

    figure({ name: "restart to healthy", value: Math.round(restartMs), unit: "ms" });
    figure({ name: "kill to job picked up again", value: pickedUpAt === null ? -1 : Math.round(pickedUpAt - killedAt), unit: "ms" });
    figure({
      name: "healthy to job picked up again",
      value: pickedUpAt === null ? -1 : Math.round(pickedUpAt - healthyAt),
      unit: "ms",
      target: "< 5000 (no wait for a stale heartbeat)",
      ok: pickedUpAt !== null && pickedUpAt - healthyAt < 5_000,
    });
    figure({
      name: "kill to job finished",
      value: Math.round(finishedAt - killedAt),
      unit: "ms",
      target: "succeeded or cleanly failed",
      ok: finished.status === "succeeded" || (finished.status === "failed" && finished.errorCode !== null),
    });
    figure({
      name: "courses for the job",
      value: courses.length,
      unit: "courses",
      target: `= ${expectedQuota}`,
      ok: courses.length === expectedQuota && (!succeeded || courses[0]!.id === finished.courseId),
    });
    figure({ name: "half-written courses", value: halfWritten, unit: "courses", target: "= 0", ok: halfWritten === 0 });
    figure({
      name: "quota counted for the job",
      value: usage,
      unit: "courses",
      target: `= ${expectedQuota}`,
      ok: usage === expectedQuota && limit.coursesCreatedThisMonth === expectedQuota,
    });
    figure({ name: "session cookie from before the kill works", value: cookieWorks ? 1 : 0, unit: "yes/no", target: "= 1", ok: cookieWorks });
  } finally {
    if (app && running.has(app)) {
      killGroup(app, "SIGTERM");
      await Promise.race([once(app, "exit"), sleep(10_000)]);
      killGroup(app, "SIGKILL");
    }
    clearTimeout(deadline);
    await sql.end();
    await Promise.all([llm.close(), youtube.close()]);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  for (const f of figures) recordFigure(f);
  console.table(
    Object.fromEntries(
      figures.map((f) => [f.name, { value: f.value, unit: f.unit, target: f.target ?? "", ok: f.ok === undefined ? "" : f.ok ? "yes" : "NO" }]),
    ),
  );
  const failed = figures.filter((f) => f.ok === false);
  console.log(
    failed.length ? `FAIL: ${failed.map((f) => f.name).join(", ")}` : "PASS: the job survived the kill; one course, counted once; the old cookie works",
  );
  process.exit(failed.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
