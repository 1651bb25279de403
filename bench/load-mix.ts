/**
 * A closed-loop load of a realistic mix of learners' requests against the production build, on
 * the offline engine (no LLM key, the local video library of test/fixtures/videos, as the e2e
 * offline instance runs): course pages, progress, quiz attempts, chat history, own lists and a
 * few course generations, each request from a random one of 200 seeded learners.
 * Targets: 0 answers 5xx, the app's RSS grows ≤ 20% from after the warm-up to the end, and
 * every generation job reaches a final state (0 stuck).
 *
 *   npm run bench:load [-- --seconds 300 --connections 16] [--smoke]
 *
 * `--smoke` (CI runs 30 seconds): 5xx answers and stuck jobs still fail the run; RSS growth over
 * so short a run says little about a warm process, so it is reported, not judged.
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder. The first 20% of the time is a warm-up (its answers count
 * towards the 5xx total, not towards the latency figures); RSS is read from /proc before the
 * load, after the warm-up and at the end. Rate limits: none of the app's limits (register,
 * login, chat messages, coupons) applies to this mix, so none is raised; the one the mix can
 * legitimately hit, 3 active generations per learner, is avoided by spreading generations over
 * 50 premium learners, and any 429 is reported apart from errors.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";

import { openDatabase, startApp, stop, waitFor } from "./lib/app";
import { recordFigure } from "./lib/figures";
import { runLoad, type LoadRequest, type LoadStats } from "./lib/load";
import { arg } from "./lib/args";
import { ADD_COURSE_VIDEO_ROWS_SQL } from "./lib/course-videos";

const SECONDS = Number(arg("--seconds") ?? 300);
const CONNECTIONS = Number(arg("--connections") ?? 16);
const APP_PORT = Number(arg("--port") ?? 3400);
const LEARNERS = 200;
/** Every PREMIUM_EVERY-th learner has premium (a coupon), and only they generate courses. */
const PREMIUM_EVERY = 4;
const PUBLIC_COURSES = 20;
const CHAPTERS = 4;
const SECTIONS_PER_CHAPTER = 3;
const QUESTIONS = 4;
const CHAT_MESSAGES = 8;
const TOPICS = ["binary search", "recursion", "hash tables"];
const COMPLEXITIES = ["beginner", "intermediate", "advanced"];
/** How long after the load every generation job has to reach a final state. */
const JOB_GRACE_MS = 60_000;
const RSS_GROWTH_TARGET = 0.2;
const SMOKE = process.argv.includes("--smoke");

if (!Number.isFinite(SECONDS) || SECONDS < 5 || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 1) {
  console.error("usage: tsx bench/load-mix.ts [--seconds N≥5] [--connections N≥1] [--port P] [--smoke]");
  process.exit(2);
}

type Quiz = { id: number; questions: { id: number; options: string[] }[] };
type Learner = { userId: number; cookie: string; courseId: number; sectionIds: number[]; quizzes: Quiz[]; premium: boolean };

/**
 * Seeds in a few set-based statements: learners (bench_1…), each with a ready private course of
 * CHAPTERS × SECTIONS_PER_CHAPTER sections, a quiz of QUESTIONS questions on one section of each
 * chapter but the last and CHAT_MESSAGES chat messages; every PREMIUM_EVERY-th learner holds a
 * coupon's premium; and PUBLIC_COURSES public courses of other authors.
 */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`INSERT INTO "Video" (id, source, title, "durationSeconds") VALUES ('benchLoad01', 'library', 'Bench video', 3600)`);
    await client.query(
      `INSERT INTO "User" (username, "usernameKey", "updatedAt", "couponPremiumUntil")
       SELECT 'bench_' || g, 'bench_' || g, now(), CASE WHEN g % $2 = 0 THEN now() + interval '30 days' END FROM generate_series(1, $1) AS g`,
      [LEARNERS, PREMIUM_EVERY],
    );
    await client.query(
      `INSERT INTO "User" (username, "usernameKey", "updatedAt") SELECT 'author_' || g, 'author_' || g, now() FROM generate_series(1, $1) AS g`,
      [PUBLIC_COURSES],
    );
    await client.query(`INSERT INTO "Course" ("userId", "videoId", title, description, topic, complexity, status, engine, "isPublic", "updatedAt")
      SELECT id, 'benchLoad01', 'Course of ' || username, 'A seeded course', 'bench', 'beginner', 'ready', 'offline', username LIKE 'author\\_%', now() FROM "User"`);
    await client.query(ADD_COURSE_VIDEO_ROWS_SQL);
    await client.query(
      `INSERT INTO "Chapter" ("courseId", title, "order") SELECT c.id, 'Chapter ' || g, g FROM "Course" c CROSS JOIN generate_series(1, $1) AS g`,
      [CHAPTERS],
    );
    await client.query(
      `INSERT INTO "Section" ("chapterId", title, "order", content, "timeStart", "timeEnd")
       SELECT ch.id, 'Section ' || ch."order" || '.' || g, g, repeat('What this section teaches. ', 20), ((ch."order" - 1) * $1 + g - 1) * 60, ((ch."order" - 1) * $1 + g) * 60
       FROM "Chapter" ch CROSS JOIN generate_series(1, $1) AS g`,
      [SECTIONS_PER_CHAPTER],
    );
    await client.query(
      `INSERT INTO "Quiz" ("sectionId", title, description, engine)
       SELECT s.id, 'Quiz on ' || s.title, 'Check yourself', 'offline' FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId"
       WHERE ch."order" < $1 AND s."order" = 1 + (ch."order" - 1) % $2`,
      [CHAPTERS, SECTIONS_PER_CHAPTER],
    );
    await client.query(
      `INSERT INTO "QuizQuestion" ("quizId", "order", "questionText", options, "correctAnswer", explanation, "sourceTime")
       SELECT q.id, g, 'Question ' || g || '?', ARRAY['Option A', 'Option B', 'Option C', 'Option D'], (ARRAY['Option A', 'Option B', 'Option C', 'Option D'])[1 + g % 4], 'Because.', g * 10
       FROM "Quiz" q CROSS JOIN generate_series(1, $1) AS g`,
      [QUESTIONS],
    );
    await client.query(
      `INSERT INTO "ChatMessage" ("userId", "courseId", role, content, timestamp)
       SELECT c."userId", c.id, (CASE WHEN g % 2 = 1 THEN 'user' ELSE 'assistant' END)::"ChatRole", 'Message ' || g || ': ' || repeat('about the course ', 10), now() - (($1 - g) * interval '1 minute')
       FROM "Course" c CROSS JOIN generate_series(1, $1) AS g WHERE NOT c."isPublic"`,
      [CHAT_MESSAGES],
    );
    await client.query("ANALYZE");

    const learners = await client.query<{ userId: number; premium: boolean; courseId: number; sectionIds: number[] }>(
      `SELECT u.id AS "userId", u."couponPremiumUntil" IS NOT NULL AS premium, c.id AS "courseId",
         (SELECT array_agg(s.id ORDER BY ch."order", s."order") FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id WHERE ch."courseId" = c.id) AS "sectionIds"
       FROM "User" u JOIN "Course" c ON c."userId" = u.id WHERE u.username LIKE 'bench\\_%' ORDER BY u.id`,
    );
    const questions = await client.query<{ courseId: number; quizId: number; questionId: number; options: string[] }>(
      `SELECT ch."courseId", q.id AS "quizId", qq.id AS "questionId", qq.options
       FROM "QuizQuestion" qq JOIN "Quiz" q ON q.id = qq."quizId" JOIN "Section" s ON s.id = q."sectionId" JOIN "Chapter" ch ON ch.id = s."chapterId"
       ORDER BY q.id, qq."order"`,
    );
    const quizzesByCourse = new Map<number, Map<number, Quiz>>();
    for (const row of questions.rows) {
      const quizzes = quizzesByCourse.get(row.courseId) ?? new Map<number, Quiz>();
      quizzesByCourse.set(row.courseId, quizzes);
      const quiz = quizzes.get(row.quizId) ?? { id: row.quizId, questions: [] };
      quizzes.set(row.quizId, quiz);
      quiz.questions.push({ id: row.questionId, options: row.options });
    }
    const publicCourses = await client.query<{ id: number }>(`SELECT id FROM "Course" WHERE "isPublic" ORDER BY id`);
    return {
      learners: learners.rows.map((row) => ({ ...row, quizzes: [...(quizzesByCourse.get(row.courseId)?.values() ?? [])] })),
      publicCourseIds: publicCourses.rows.map((row) => row.id),
    };
  } finally {
    await client.end();
  }
}

/** The app's server processes: each `node … serve.mjs` in the process group `npm start` leads (one per core and the first). */
function serverPids(group: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces, so split after ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp !== group) continue;
      const comm = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (comm === "node" && cmdline.includes("serve.mjs")) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Resident set size in MiB, of all the processes (VmRSS of /proc/PID/status). */
function rssMiB(pids: readonly number[]): number {
  let kB = 0;
  for (const pid of pids) {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    if (!match) throw new Error(`no VmRSS for ${pid}`);
    kB += Number(match[1]);
  }
  return kB / 1024;
}

const pickFrom = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The mix, in percent of requests; labels name the documented paths. */
const MIX: {
  label: string;
  weight: number;
  make: (learner: Learner, context: { base: string; publicCourseIds: number[]; generator: () => Learner }) => LoadRequest;
}[] = [
  {
    label: "GET /api/courses/{id}",
    weight: 42,
    // Mostly one's own course, sometimes a public one of another author.
    make: (learner, { publicCourseIds }) => ({
      method: "GET",
      path: `/api/courses/${Math.random() < 0.7 ? learner.courseId : pickFrom(publicCourseIds)}`,
      headers: { cookie: learner.cookie },
    }),
  },
  {
    label: "POST /api/courses/{id}/progress",
    weight: 20,
    make: (learner, { base }) => ({
      method: "POST",
      path: `/api/courses/${learner.courseId}/progress`,
      headers: { cookie: learner.cookie, origin: base },
      body: JSON.stringify({
        userId: learner.userId,
        currentSectionId: pickFrom(learner.sectionIds),
        completedSectionId: pickFrom(learner.sectionIds),
        isCompleted: Math.random() < 0.85,
      }),
    }),
  },
  {
    label: "POST /api/quizzes/{id}/attempts",
    weight: 10,
    make: (learner, { base }) => {
      const quiz = pickFrom(learner.quizzes);
      return {
        method: "POST",
        path: `/api/quizzes/${quiz.id}/attempts`,
        headers: { cookie: learner.cookie, origin: base },
        body: JSON.stringify({ userId: learner.userId, answers: quiz.questions.map((q) => ({ questionId: q.id, answer: pickFrom(q.options) })) }),
      };
    },
  },
  {
    label: "GET /api/courses/{id}/chat",
    weight: 15,
    make: (learner) => ({ method: "GET", path: `/api/courses/${learner.courseId}/chat?userId=${learner.userId}`, headers: { cookie: learner.cookie } }),
  },
  { label: "GET /api/courses/user", weight: 5, make: (learner) => ({ method: "GET", path: "/api/courses/user", headers: { cookie: learner.cookie } }) },
  { label: "GET /api/progress/user", weight: 5, make: (learner) => ({ method: "GET", path: "/api/progress/user", headers: { cookie: learner.cookie } }) },
  {
    label: "POST /api/courses/generate-from-topic",
    weight: 3,
    // Only premium learners generate (a free learner's one course a month is used by the seeded one).
    make: (_learner, { base, generator }) => {
      const learner = generator();
      return {
        method: "POST",
        path: "/api/courses/generate-from-topic",
        headers: { cookie: learner.cookie, origin: base },
        body: JSON.stringify({ userId: learner.userId, topic: pickFrom(TOPICS), complexity: pickFrom(COMPLEXITIES) }),
      };
    },
  },
];
const TOTAL_WEIGHT = MIX.reduce((sum, entry) => sum + entry.weight, 0);

function pickKind() {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const entry of MIX) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  return MIX[0]!;
}

const count5xx = (byStatus: Record<string, number>) =>
  Object.entries(byStatus)
    .filter(([status]) => /^5\d\d$/.test(status))
    .reduce((sum, [, n]) => sum + n, 0);
const count = (byStatus: Record<string, number>, status: string) => byStatus[status] ?? 0;
/** Errors apart from 429s (reported on their own) and from 5xx (counted in both columns). */
const otherErrors = (stats: LoadStats) => stats.errors - count(stats.byStatus, "429");

async function main() {
  const secret = randomBytes(32).toString("hex");
  process.env.NEXTAUTH_SECRET = secret;
  const { encodeSessionToken, sessionCookieName } = await import("~/server/auth/session");

  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "bench-load-"));
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let closing: Promise<void> | undefined;
  const cleanup = () =>
    (closing ??= (async () => {
      children.forEach(stop);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await database?.close().catch((error: unknown) => console.error("could not close the database:", error));
      rmSync(dataDir, { recursive: true, force: true });
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the app and the database`);
      void cleanup().finally(() => process.exit(130));
    });
  }

  let failed = false;
  try {
    database = await openDatabase();
    const seedStarted = Date.now();
    const seeded = await seed(database.url);
    const cookieName = sessionCookieName();
    const learners: Learner[] = await Promise.all(
      seeded.learners.map(async (row) => ({ ...row, cookie: `${cookieName}=${await encodeSessionToken({ userId: row.userId, sessionVersion: 0 })}` })),
    );
    const generators = learners.filter((learner) => learner.premium);
    console.log(
      `seeded ${learners.length} learners (${generators.length} premium), ${seeded.publicCourseIds.length} public courses in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const base = `http://127.0.0.1:${APP_PORT}`;
    const app = startApp({
      port: APP_PORT,
      databaseUrl: database.url,
      secret,
      // The e2e offline instance's set-up: no LLM (the offline engine), the fixtures' video library.
      env: {
        DATA_DIR: dataDir,
        OPENAI_API_KEY: "",
        OPENAI_BASE_URL: "",
        AI_MODEL: "",
        YOUTUBE_API_KEY: "",
        STRIPE_SECRET_KEY: "",
        STRIPE_PRICE_ID: "",
        VIDEO_SOURCES: "library",
        VIDEO_LIBRARY_DIR: "test/fixtures/videos",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    });
    children.push(app);
    await waitFor(`${base}/api/health`, 120_000);
    const pids = serverPids(app.pid!);
    if (!pids.length) throw new Error("could not find the app's server processes");

    let nextGenerator = 0;
    const context = { base, publicCourseIds: seeded.publicCourseIds, generator: () => generators[nextGenerator++ % generators.length]! };
    const next = () => {
      const kind = pickKind();
      return { ...kind.make(pickFrom(learners), context), label: kind.label };
    };

    // A few requests of each kind so the first figures are not the server's first compilations.
    for (const learner of learners.slice(0, 4)) for (const kind of MIX.slice(0, -1)) await runOnce(base, kind.make(learner, context));
    const rssBefore = rssMiB(pids);
    const warmMs = Math.round(SECONDS * 1000 * 0.2);
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s (${warmMs / 1000} s warm-up); database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL server" : "embedded PostgreSQL"}; app pids ${pids.join(", ")}, RSS ${rssBefore.toFixed(0)} MiB before the load`,
    );
    const warm = await runLoad(base, next, { connections: CONNECTIONS, durationMs: warmMs });
    const rssWarm = rssMiB(pids);
    const measured = await runLoad(base, next, { connections: CONNECTIONS, durationMs: SECONDS * 1000 - warmMs });
    const rssEnd = rssMiB(pids);

    // Every generation job must reach a final state (succeeded or failed) within the grace period.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const graceEnd = Date.now() + JOB_GRACE_MS;
    let open = 0;
    for (;;) {
      open = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "GenerationJob" WHERE status IN ('queued', 'running')`)).rows[0]!.n);
      if (open === 0 || Date.now() > graceEnd) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const jobs = await client.query<{ status: string; n: string; error: string | null }>(
      `SELECT status, error, count(*) AS n FROM "GenerationJob" GROUP BY status, error ORDER BY status`,
    );
    const jobTimes = await client.query<{ p50: number | null; max: number | null }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "finishedAt" - "createdAt"))::float8 AS p50, max(extract(epoch FROM "finishedAt" - "createdAt"))::float8 AS max FROM "GenerationJob" WHERE "finishedAt" IS NOT NULL`,
    );
    // Invariant 3 of docs/reliability.md on what the generations saved: no ready course without sections.
    const empty = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM "Course" c WHERE c.status = 'ready' AND NOT EXISTS (SELECT 1 FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id WHERE ch."courseId" = c.id)`,
    );
    await client.end();

    const rows = [...MIX.map((kind) => [kind.label, measured.byLabel[kind.label]] as const), ["total", measured] as const].map(([label, stats]) => ({
      endpoint: label,
      requests: stats?.requests ?? 0,
      "req/s": (stats?.rps ?? 0).toFixed(1),
      "p50 ms": (stats?.p50 ?? 0).toFixed(1),
      "p95 ms": (stats?.p95 ?? 0).toFixed(1),
      "p99 ms": (stats?.p99 ?? 0).toFixed(1),
      "5xx": stats ? count5xx(stats.byStatus) : 0,
      "429s": stats ? count(stats.byStatus, "429") : 0,
      "other errors": stats ? otherErrors(stats) - count5xx(stats.byStatus) : 0,
      statuses: stats ? JSON.stringify(stats.byStatus) : "",
    }));
    console.log(`\nafter the warm-up (${measured.seconds.toFixed(1)} s measured):`);
    console.table(rows);

    const total5xx = count5xx(warm.byStatus) + count5xx(measured.byStatus);
    const total429 = count(warm.byStatus, "429") + count(measured.byStatus, "429");
    const generations = [warm, measured].map((result) => result.byLabel["POST /api/courses/generate-from-topic"]?.byStatus ?? {});
    const generated = generations.reduce((sum, byStatus) => sum + ["200", "201", "202"].reduce((s, status) => s + count(byStatus, status), 0), 0);
    const growth = (rssEnd - rssWarm) / rssWarm;
    const jobSummary = jobs.rows.map((row) => `${row.status}${row.error ? ` (${row.error})` : ""}: ${row.n}`).join(", ") || "none";
    console.log(`warm-up: ${warm.requests} requests, ${warm.rps.toFixed(1)} req/s, statuses ${JSON.stringify(warm.byStatus)}`);
    console.log(`5xx (warm-up + measured): ${total5xx} (target 0); 429: ${total429}`);
    console.log(
      `generations answered 2xx: ${generated}; jobs: ${jobSummary}; time to finish p50 ${(jobTimes.rows[0]?.p50 ?? 0).toFixed(2)} s, max ${(jobTimes.rows[0]?.max ?? 0).toFixed(2)} s`,
    );
    console.log(`jobs not final ${JOB_GRACE_MS / 1000} s after the load: ${open} (target 0); ready courses without sections: ${empty.rows[0]!.n}`);
    console.log(
      `app RSS: ${rssBefore.toFixed(0)} MiB before, ${rssWarm.toFixed(0)} MiB after the warm-up, ${rssEnd.toFixed(0)} MiB at the end: ${(growth * 100).toFixed(1)}% growth (target ≤ ${RSS_GROWTH_TARGET * 100}%)`,
    );

    for (const kind of MIX) {
      const stats = measured.byLabel[kind.label];
      recordFigure({ bench: "load-mix", name: `${kind.label} req/s`, value: Number((stats?.rps ?? 0).toFixed(1)), unit: "req/s" });
      recordFigure({ bench: "load-mix", name: `${kind.label} p99`, value: Number((stats?.p99 ?? 0).toFixed(1)), unit: "ms" });
    }
    recordFigure({ bench: "load-mix", name: `total req/s (${CONNECTIONS} connections)`, value: Number(measured.rps.toFixed(1)), unit: "req/s" });
    recordFigure({ bench: "load-mix", name: "answers 5xx", value: total5xx, unit: "", target: "0", ok: total5xx === 0 });
    recordFigure({ bench: "load-mix", name: "answers 429", value: total429, unit: "" });
    const rssFigure = { bench: "load-mix", name: "app RSS growth, warm → end", value: Number((growth * 100).toFixed(1)), unit: "%" };
    recordFigure(SMOKE ? rssFigure : { ...rssFigure, target: `≤ ${RSS_GROWTH_TARGET * 100}%`, ok: growth <= RSS_GROWTH_TARGET });
    recordFigure({ bench: "load-mix", name: "generation jobs stuck", value: open, unit: "", target: "0", ok: open === 0 });
    failed = total5xx > 0 || open > 0 || (!SMOKE && growth > RSS_GROWTH_TARGET);
    if (failed) console.log("\nMISSED a target");
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    await cleanup();
  }
  process.exit(failed ? 1 : 0);
}

/** One request outside the measured runs (warming the routes up). */
async function runOnce(base: string, request: LoadRequest) {
  const response = await fetch(new URL(request.path, base), {
    method: request.method,
    headers: { ...request.headers, ...(request.body ? { "content-type": "application/json" } : {}) },
    body: request.body,
  });
  await response.arrayBuffer();
}

void main();
