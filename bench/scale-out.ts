/**
 * The scale-out check: two app instances (the production build, `npm start`) on one PostgreSQL,
 * with no load balancer: the script itself sends requests to both.
 *
 *   npm run test:scale-out        (after `npm run build`; BENCH_DATABASE_URL for a PostgreSQL server)
 *
 * Both instances share one NEXTAUTH_SECRET and one public URL (NEXTAUTH_URL, the Origin the
 * requests carry, as behind a load balancer) and run like the e2e offline instance: no LLM key,
 * the video library of test/fixtures/videos, so generations run on the built-in offline engine.
 * What it proves:
 * Each instance runs two server processes (WEB_CONCURRENCY=2), so four processes in all.
 * - sessions are portable: a cookie minted by one instance works on the other; after a logout
 *   on one, every process of both refuses the old cookie on the very next request;
 * - read-your-writes: an owner renames a public course, makes it private or public again, and at
 *   once READS_PER_ROUND reads go to both instances (and so to all four processes) for
 *   STALE_ROUNDS rounds: not one returns the state before the write (0 stale);
 * - a server process killed with SIGKILL while requests are on their way leaves none of them
 *   waiting: each is answered or its connection closed within KILL_SETTLE_MS, a retry succeeds,
 *   and the instance serves on (its first process starts another);
 * - every generation job runs exactly once: N premium learners send generations to both
 *   instances alternately and concurrently; afterwards every job succeeded on its first attempt,
 *   with one course of its own, and no course without a job. The app does not record which
 *   instance ran a job, so this script adds a trigger to its throwaway database that logs every
 *   claim (attempts + 1) and every final status of "GenerationJob" with the PostgreSQL
 *   application_name of the connection that wrote it (each instance's DATABASE_URL names it):
 *   each job must be claimed once and finished once, by the instance that claimed it, and both
 *   instances must have run jobs;
 * - limits live in PostgreSQL, shared by the instances: free learners sending a generation to
 *   both at once get exactly one course each; registrations from one address stop at
 *   REGISTER_LIMIT_PER_HOUR in total; failed logins for one username stop at 10 in total;
 * - 0 answers 5xx.
 * Exits 1 on any failure; bounded to two minutes; stops its child processes on every exit.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";

import { openDatabase, startApp, stop, waitFor } from "./lib/app";
import { recordFigure } from "./lib/figures";

const PORTS = [3600, 3601] as const;
/** The public URL both instances are configured with, as behind a load balancer. */
const PUBLIC_URL = "http://coursecraft.localhost";
const PREMIUM_LEARNERS = 20;
const GENERATIONS_PER_LEARNER = 2;
const FREE_LEARNERS = 4;
/** Registrations refused beyond the shared limit (sent concurrently to both instances). */
const EXTRA_REGISTRATIONS = 2;
/** Learners who register, cross over and log out, alternating which instance is home. */
const SESSION_LEARNERS = 6;
const STALE_ROUNDS = 30;
const READS_PER_ROUND = 20;
/** Requests sent on fresh connections to one instance around the moment one of its processes is killed. */
const KILL_REQUESTS = 200;
/** How long a request sent at the kill may take to be answered or refused (a lost one waited 60 s). */
const KILL_SETTLE_MS = 5_000;
/** The session-test learners, the premium ones and the free ones: exactly the limit. */
const REGISTER_LIMIT = SESSION_LEARNERS + PREMIUM_LEARNERS + FREE_LEARNERS;
/** LIMITS.loginAttemptsPerUsername (src/server/rate-limit.ts). */
const LOGIN_FAILURES_ALLOWED = 10;
const LOGIN_ATTEMPTS = 14;
const TOPICS = ["binary search", "recursion", "hash tables"];
const TOTAL_BUDGET_MS = 180_000;
const REQUEST_TIMEOUT_MS = 75_000;

type Instance = { name: "A" | "B"; base: string };
const instances: Instance[] = [
  { name: "A", base: `http://127.0.0.1:${PORTS[0]}` },
  { name: "B", base: `http://127.0.0.1:${PORTS[1]}` },
];
const other = (instance: Instance) => (instance === instances[0] ? instances[1]! : instances[0]!);

// ─── bookkeeping ────────────────────────────────────────────────────────────────────────────

const failures: string[] = [];
function check(ok: boolean, what: string): boolean {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
  return ok;
}

const statusesBy: Record<string, Map<number, number>> = { A: new Map(), B: new Map() };
const serverErrors: string[] = [];

type Answer = { status: number; body: unknown; cookie: string | null };

async function call(instance: Instance, method: "GET" | "POST" | "PATCH", path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (method !== "GET") Object.assign(headers, { "content-type": "application/json", origin: PUBLIC_URL });
  const res = await fetch(`${instance.base}${path}`, {
    method,
    headers,
    body: method === "GET" ? undefined : JSON.stringify(options.body ?? {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; kept as text
  }
  const counts = statusesBy[instance.name]!;
  counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
  if (res.status >= 500) serverErrors.push(`${instance.name} ${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
  const session = res.headers.getSetCookie().find((value) => value.startsWith("next-auth.session-token=") && !value.startsWith("next-auth.session-token=;"));
  return { status: res.status, body, cookie: session ? session.split(";")[0]! : null };
}

const field = (body: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), body);

type Learner = { username: string; cookie: string; userId: number; registeredOn: Instance };

const runId = randomBytes(3).toString("hex");
let learnerCount = 0;
async function register(instance: Instance): Promise<{ answer: Answer; learner: Learner | null }> {
  learnerCount += 1;
  const username = `so_${runId}_${learnerCount}`;
  const answer = await call(instance, "POST", "/api/register", { body: { username, email: `${username}@example.com`, password: "correct horse battery" } });
  const userId = field(answer.body, "id");
  const learner =
    answer.status === 200 && answer.cookie && typeof userId === "number" ? { username, cookie: answer.cookie, userId, registeredOn: instance } : null;
  return { answer, learner };
}

// ─── the database side: the execution log ───────────────────────────────────────────────────

/** Logs every enqueue, claim and final status of a generation job with the writer's application_name. */
const EXECUTION_LOG_SQL = `
  CREATE TABLE scale_out_job_events (job_id uuid NOT NULL, attempt int NOT NULL, event text NOT NULL, app text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());
  CREATE FUNCTION scale_out_log_job() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO scale_out_job_events (job_id, attempt, event, app) VALUES (NEW.id, NEW.attempts, 'queued', current_setting('application_name'));
    ELSE
      IF NEW.attempts > OLD.attempts THEN
        INSERT INTO scale_out_job_events (job_id, attempt, event, app) VALUES (NEW.id, NEW.attempts, 'claimed', current_setting('application_name'));
      END IF;
      IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status::text IN ('succeeded', 'failed') THEN
        INSERT INTO scale_out_job_events (job_id, attempt, event, app) VALUES (NEW.id, NEW.attempts, NEW.status::text, current_setting('application_name'));
      END IF;
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER scale_out_log_job AFTER INSERT OR UPDATE ON "GenerationJob" FOR EACH ROW EXECUTE FUNCTION scale_out_log_job();`;

const APP_NAME = { A: "coursecraft-scale-out-a", B: "coursecraft-scale-out-b" } as const;

function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("application_name", name);
  return parsed.toString();
}

// ─── the run ────────────────────────────────────────────────────────────────────────────────

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
let cleaned = false;

async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  children.forEach(stop);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database?.close().catch((error: unknown) => console.error(`could not drop the database: ${String(error)}`));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

/** A port someone else (an earlier run's orphan, another service) listens on would make the run test them instead. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () => reject(new Error(`port ${port} is in use: stop what listens there first`)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

type SessionResults = { ok: number; total: number; refusedAtOnce: number; logouts: number };

async function sessionsAcrossInstances(): Promise<SessionResults> {
  const results: SessionResults = { ok: 0, total: 0, refusedAtOnce: 0, logouts: 0 };
  const expect = (condition: boolean, what: string) => {
    results.total += 1;
    if (check(condition, what)) results.ok += 1;
  };
  for (let i = 0; i < SESSION_LEARNERS; i += 1) {
    const home = instances[i % 2]!;
    const away = other(home);
    const { learner } = await register(home);
    expect(learner !== null, `register on ${home.name} answers 200 with a session cookie`);
    if (!learner) continue;
    const onAway = await call(away, "GET", "/api/user", { cookie: learner.cookie });
    expect(
      onAway.status === 200 && field(onAway.body, "id") === learner.userId,
      `${home.name}'s cookie is the same learner on ${away.name} (GET /api/user → ${onAway.status})`,
    );
    // Every process of both instances checks this session, then it is logged out on one of them.
    const before = await Promise.all(Array.from({ length: 8 }, (_, k) => call(instances[k % 2]!, "GET", "/api/user", { cookie: learner.cookie })));
    expect(
      before.every((answer) => answer.status === 200),
      `${home.name}'s cookie works on both instances (${before.map((a) => a.status).join(",")})`,
    );
    const logout = await call(away, "POST", "/api/logout", { cookie: learner.cookie });
    expect(logout.status === 200, `logout on ${away.name} with ${home.name}'s cookie → ${logout.status}`);
    results.logouts += 1;
    const after = await Promise.all(Array.from({ length: 8 }, (_, k) => call(instances[k % 2]!, "GET", "/api/user", { cookie: learner.cookie })));
    const refused = after.every((answer) => answer.status === 401);
    if (refused) results.refusedAtOnce += 1;
    expect(
      refused,
      `after logout on ${away.name}, the old cookie is refused at once by every process of both instances (${after.map((a) => a.status).join(",")})`,
    );
  }
  return results;
}

type StaleResults = { rounds: number; reads: number; stale: number; writesFailed: number };

/**
 * Rename, make private, make public, in turn: after each write has answered, READS_PER_ROUND reads
 * at once, half to each instance, by the owner and by another learner. A read is stale if it
 * shows the title before a rename, or the course to the other learner after it was made private.
 */
async function readYourWrites(owner: Learner, viewer: Learner, courseId: number): Promise<StaleResults> {
  const results: StaleResults = { rounds: 0, reads: 0, stale: 0, writesFailed: 0 };
  const path = `/api/courses/${courseId}`;
  const setSharing = (instance: Instance, isPublic: boolean) =>
    call(instance, "POST", "/api/trpc/course.setSharing", { cookie: owner.cookie, body: { json: { id: courseId, isPublic } } });
  const readAll = () =>
    Promise.all(
      Array.from({ length: READS_PER_ROUND }, (_, k) => call(instances[k % 2]!, "GET", path, { cookie: (k >> 1) % 2 === 0 ? owner.cookie : viewer.cookie })),
    );
  let title = "";
  let isPublic = true;
  if ((await setSharing(instances[0]!, true)).status !== 200) results.writesFailed += 1;
  for (let round = 0; round < STALE_ROUNDS; round += 1) {
    const writer = instances[round % 2]!;
    await readAll(); // every process now holds the course as it is
    const current = await call(writer, "GET", path, { cookie: owner.cookie });
    const step = round % 3;
    let write: Answer;
    if (step === 0) {
      title = `Read your writes ${runId} ${round}`;
      write = await call(writer, "PATCH", path, { cookie: owner.cookie, body: { title, version: field(current.body, "course", "version") } });
    } else {
      isPublic = step === 2;
      write = await setSharing(writer, isPublic);
    }
    if (write.status !== 200) {
      results.writesFailed += 1;
      console.log(`  round ${round}: the write answered ${write.status} ${JSON.stringify(write.body).slice(0, 200)}`);
      continue;
    }
    const reads = await readAll();
    results.rounds += 1;
    reads.forEach((answer, k) => {
      const byOwner = (k >> 1) % 2 === 0;
      const fresh = byOwner || isPublic ? answer.status === 200 && field(answer.body, "course", "title") === title : answer.status === 404;
      results.reads += 1;
      if (!fresh) {
        results.stale += 1;
        console.log(
          `  stale: round ${round} (${["rename", "private", "public"][step]}), read ${k} on ${instances[k % 2]!.name} by the ${byOwner ? "owner" : "viewer"} → ${answer.status} ${String(field(answer.body, "course", "title"))}`,
        );
      }
    });
  }
  return results;
}

/** The pids of an instance's server processes (cluster workers: NODE_UNIQUE_ID in their environment). */
function serverProcessesOn(port: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environment = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (environment.includes(`PORT=${port}`) && environment.some((variable) => variable.startsWith("NODE_UNIQUE_ID="))) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** One GET on a connection of its own: its status, or the error that ended it, and how long it took. */
function getOnFreshConnection(url: string, cookie: string): Promise<{ status: number | null; error: string | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, headers: { cookie }, timeout: KILL_SETTLE_MS * 2 }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? null, error: null, ms: Date.now() - started }));
      res.on("error", (error) => resolve({ status: null, error: error.message, ms: Date.now() - started }));
    });
    request.on("timeout", () => request.destroy(new Error("no answer")));
    request.on("error", (error) => resolve({ status: null, error: error.message, ms: Date.now() - started }));
  });
}

type KillResults = { sent: number; answered: number; closed: number; unanswered: number; slowestMs: number; retriedOk: number; servesAfter: boolean };

/** KILL_REQUESTS GETs on fresh connections to one instance, spread over ~100 ms, one of its processes killed with SIGKILL in the middle. */
async function killMidRequest(instance: Instance, owner: Learner, courseId: number): Promise<KillResults> {
  const port = Number(new URL(instance.base).port);
  const [victim] = serverProcessesOn(port);
  const url = `${instance.base}/api/courses/${courseId}`;
  const pending: Promise<{ status: number | null; error: string | null; ms: number }>[] = [];
  for (let k = 0; k < KILL_REQUESTS; k += 1) {
    pending.push(getOnFreshConnection(url, owner.cookie));
    if (k === KILL_REQUESTS / 2 && victim) process.kill(victim, "SIGKILL");
    if (k % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const outcomes = await Promise.all(pending);
  const unanswered = outcomes.filter((outcome) => outcome.ms >= KILL_SETTLE_MS);
  const failed = outcomes.filter((outcome) => outcome.status !== 200);
  const retries = await Promise.all(failed.map(() => call(instance, "GET", `/api/courses/${courseId}`, { cookie: owner.cookie })));
  await waitFor(`${instance.base}/api/health`, 30_000);
  const after = await Promise.all(Array.from({ length: 8 }, () => call(instance, "GET", `/api/courses/${courseId}`, { cookie: owner.cookie })));
  return {
    sent: outcomes.length,
    answered: outcomes.filter((outcome) => outcome.status !== null).length,
    closed: outcomes.filter((outcome) => outcome.status === null && outcome.ms < KILL_SETTLE_MS).length,
    unanswered: unanswered.length,
    slowestMs: Math.max(...outcomes.map((outcome) => outcome.ms)),
    retriedOk: retries.filter((answer) => answer.status === 200).length + (outcomes.length - failed.length),
    servesAfter: Boolean(victim) && after.every((answer) => answer.status === 200),
  };
}

async function main() {
  const startedAt = Date.now();
  const secret = randomBytes(32).toString("hex");
  for (const port of PORTS) await assertPortFree(port);
  database = await openDatabase();
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    await admin.query(EXECUTION_LOG_SQL);
    const coupon = `SCALEOUT${runId.toUpperCase()}`;
    await admin.query(`INSERT INTO "Coupon" (code, "premiumDays", "maxRedemptions") VALUES ($1, 30, $2)`, [coupon, PREMIUM_LEARNERS]);

    for (const instance of instances) {
      const dataDir = mkdtempSync(join(tmpdir(), `scale-out-${instance.name.toLowerCase()}-`));
      dataDirs.push(dataDir);
      const child = startApp({
        port: Number(new URL(instance.base).port),
        databaseUrl: withApplicationName(database.url, APP_NAME[instance.name]),
        secret,
        env: {
          NEXTAUTH_URL: PUBLIC_URL,
          DATA_DIR: dataDir,
          // The e2e offline instance: no LLM, no YouTube key, no Stripe; the fixtures' video library.
          OPENAI_API_KEY: "",
          OPENAI_BASE_URL: "",
          AI_MODEL: "",
          YOUTUBE_API_KEY: "",
          STRIPE_SECRET_KEY: "",
          STRIPE_PRICE_ID: "",
          STRIPE_WEBHOOK_SECRET: "",
          VIDEO_SOURCES: "library",
          VIDEO_LIBRARY_DIR: "test/fixtures/videos",
          GENERATION_CONCURRENCY: "2",
          WEB_CONCURRENCY: "2",
          // Each process's share of the pool as one process had it before (src/server/process-share.ts).
          DATABASE_POOL_SIZE: "20",
          REGISTER_LIMIT_PER_HOUR: String(REGISTER_LIMIT),
          TRUST_PROXY: "false",
          NEXT_TELEMETRY_DISABLED: "1",
        },
      });
      child.once("exit", (code, signal) => {
        if (!cleaned) check(false, `instance ${instance.name} exited early (code ${code}, signal ${signal})`);
      });
      children.push(child);
    }
    await Promise.all(instances.map((instance) => waitFor(`${instance.base}/api/health`, 60_000)));
    console.log(
      `two instances up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s on ${process.env.BENCH_DATABASE_URL ? "a PostgreSQL server" : "an embedded PostgreSQL"}\n`,
    );

    // 1. Sessions are signed cookies checked against the database: either instance accepts them.
    console.log("sessions");
    const sessions = await sessionsAcrossInstances();

    // 2. Registrations, alternately and concurrently: the per-address limit is one shared counter.
    console.log("\nshared limits");
    const wanted = PREMIUM_LEARNERS + FREE_LEARNERS + EXTRA_REGISTRATIONS;
    const registrations = await Promise.all(Array.from({ length: wanted }, (_, i) => register(instances[i % 2]!)));
    const registered = registrations.flatMap(({ learner }) => (learner ? [learner] : []));
    const refused = registrations.filter(({ answer }) => answer.status === 429).length;
    const registeredOn = (name: string) => registered.filter((learner) => learner.registeredOn.name === name).length;
    check(
      registered.length === PREMIUM_LEARNERS + FREE_LEARNERS && refused === EXTRA_REGISTRATIONS,
      `register limit shared: ${wanted} concurrent registrations from one address to both instances with ${REGISTER_LIMIT - SESSION_LEARNERS} left → ${registered.length} accepted (A ${registeredOn("A")}, B ${registeredOn("B")}), ${refused} × 429`,
    );
    const premium = registered.slice(0, PREMIUM_LEARNERS);
    const free = registered.slice(PREMIUM_LEARNERS, PREMIUM_LEARNERS + FREE_LEARNERS);

    // Failed logins for one username, alternately and concurrently: one counter.
    const target = registered[registered.length - 1]!;
    const logins = await Promise.all(
      Array.from({ length: LOGIN_ATTEMPTS }, (_, i) =>
        call(instances[i % 2]!, "POST", "/api/login", { body: { username: target.username, password: `wrong password ${i}` } }),
      ),
    );
    const loginStatuses = logins.map((answer) => answer.status);
    check(
      loginStatuses.filter((status) => status === 401).length === LOGIN_FAILURES_ALLOWED &&
        loginStatuses.filter((status) => status === 429).length === LOGIN_ATTEMPTS - LOGIN_FAILURES_ALLOWED,
      `login-failure limit shared: ${LOGIN_ATTEMPTS} wrong passwords for one username to both instances → ${loginStatuses.filter((s) => s === 401).length} × 401, ${loginStatuses.filter((s) => s === 429).length} × 429 (limit ${LOGIN_FAILURES_ALLOWED})`,
    );

    // Premium through a coupon, redeemed alternately on both instances.
    const redemptions = await Promise.all(
      premium.map((learner, i) => call(instances[i % 2]!, "POST", "/api/coupons/redeem", { cookie: learner.cookie, body: { code: coupon } })),
    );
    const premiumOk = redemptions.filter((answer) => answer.status === 200 && field(answer.body, "subscription", "subscriptionTier") === "premium").length;
    const couponRow = await admin.query<{ redemptionCount: number }>(`SELECT "redemptionCount" FROM "Coupon" WHERE code = $1`, [coupon]);
    check(
      premiumOk === PREMIUM_LEARNERS && couponRow.rows[0]?.redemptionCount === PREMIUM_LEARNERS,
      `coupon redeemed by ${premiumOk}/${PREMIUM_LEARNERS} learners across both instances (count ${couponRow.rows[0]?.redemptionCount}; statuses ${[...new Set(redemptions.map((answer) => answer.status))].join(",")})`,
    );

    // 3. Generations: premium learners alternate between the instances; free learners send one to each at once.
    console.log("\ngenerations");
    const generationStarted = Date.now();
    const generate = (instance: Instance, learner: Learner, topic: string) =>
      call(instance, "POST", "/api/courses/generate-from-topic", { cookie: learner.cookie, body: { topic, complexity: "beginner" } }).then((answer) => ({
        instance,
        learner,
        answer,
      }));
    let k = 0;
    const premiumCalls = premium.flatMap((learner) =>
      Array.from({ length: GENERATIONS_PER_LEARNER }, () => ((k += 1), generate(instances[k % 2]!, learner, TOPICS[k % TOPICS.length]!))),
    );
    const freeCalls = free.map((learner, i) => Promise.all(instances.map((instance) => generate(instance, learner, TOPICS[i % TOPICS.length]!))));
    const [premiumResults, freeResults] = await Promise.all([Promise.all(premiumCalls), Promise.all(freeCalls)]);
    const generationSeconds = (Date.now() - generationStarted) / 1000;

    const premiumCourses = premiumResults.filter(({ answer }) => answer.status === 200 && typeof field(answer.body, "course", "id") === "number");
    check(
      premiumCourses.length === premiumResults.length,
      `premium generations answered with a course: ${premiumCourses.length}/${premiumResults.length} (statuses ${[...new Set(premiumResults.map(({ answer }) => answer.status))].join(",")}) in ${generationSeconds.toFixed(1)} s`,
    );
    const engines = new Set(premiumCourses.map(({ answer }) => field(answer.body, "course", "engine")));
    check(engines.size === 1 && engines.has("offline"), `every course built by the offline engine (${[...engines].join(",")})`);
    let freeExact = 0;
    for (const pair of freeResults) {
      const statuses = pair.map(({ answer }) => answer.status).sort();
      if (statuses[0] === 200 && statuses[1] === 403) freeExact += 1;
    }
    check(
      freeExact === FREE_LEARNERS,
      `monthly limit shared: ${freeExact}/${FREE_LEARNERS} free learners sending one generation to each instance at once got exactly one course (200 + 403)`,
    );

    // Every job final: the REST calls waited for theirs; give any stragglers a moment anyway.
    const deadline = Math.min(Date.now() + 15_000, startedAt + TOTAL_BUDGET_MS - 10_000);
    let open = 0;
    do {
      open = Number((await admin.query<{ n: string }>(`SELECT count(*) AS n FROM "GenerationJob" WHERE status IN ('queued', 'running')`)).rows[0]!.n);
      if (open > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    } while (open > 0 && Date.now() < deadline);
    check(open === 0, `every job reached a final state (${open} queued or running)`);

    // 4. Exactly once, from the database's side.
    const jobs = (
      await admin.query<{ id: string; status: string; attempts: number; courseId: number | null; userId: number }>(
        `SELECT id, status::text, attempts, "courseId", "userId" FROM "GenerationJob"`,
      )
    ).rows;
    const events = (
      await admin.query<{ job_id: string; attempt: number; event: string; app: string }>(
        `SELECT job_id, attempt, event, app FROM scale_out_job_events ORDER BY at`,
      )
    ).rows;
    const courses = (await admin.query<{ id: number; userId: number }>(`SELECT id, "userId" FROM "Course"`)).rows;
    const jobsSent = premiumResults.length + freeResults.length * 2;
    const jobsAccepted = premiumResults.length + FREE_LEARNERS;

    const eventsOf = new Map<string, typeof events>();
    for (const event of events) eventsOf.set(event.job_id, [...(eventsOf.get(event.job_id) ?? []), event]);
    const ranBy = { A: 0, B: 0 } as Record<"A" | "B", number>;
    const queuedBy = { A: 0, B: 0 } as Record<"A" | "B", number>;
    let crossed = 0;
    let exactlyOnce = 0;
    const appToInstance = (app: string | undefined) => (app === APP_NAME.A ? "A" : app === APP_NAME.B ? "B" : null);
    for (const job of jobs) {
      const log = eventsOf.get(job.id) ?? [];
      const claims = log.filter((event) => event.event === "claimed");
      const finals = log.filter((event) => event.event === "succeeded" || event.event === "failed");
      const queuedOn = appToInstance(log.find((event) => event.event === "queued")?.app);
      const runOn = appToInstance(claims[0]?.app);
      if (queuedOn) queuedBy[queuedOn] += 1;
      if (runOn) ranBy[runOn] += 1;
      if (queuedOn && runOn && queuedOn !== runOn) crossed += 1;
      const once =
        job.status === "succeeded" &&
        job.attempts === 1 &&
        job.courseId !== null &&
        claims.length === 1 &&
        finals.length === 1 &&
        finals[0]!.event === "succeeded" &&
        finals[0]!.app === claims[0]!.app;
      if (once) exactlyOnce += 1;
      else
        console.log(
          `  job ${job.id}: status ${job.status}, attempts ${job.attempts}, course ${job.courseId}, events ${log.map((event) => `${event.event}@${appToInstance(event.app) ?? event.app}#${event.attempt}`).join(" ")}`,
        );
    }
    const courseIdsOfJobs = new Set(jobs.flatMap((job) => (job.courseId === null ? [] : [job.courseId])));
    const coursesWithoutJob = courses.filter((course) => !courseIdsOfJobs.has(course.id)).length;
    const answeredIds = [...premiumCourses, ...freeResults.flat().filter(({ answer }) => answer.status === 200)].map(
      ({ answer }) => field(answer.body, "course", "id") as number,
    );
    const duplicates = coursesWithoutJob + (answeredIds.length - new Set(answeredIds).size) + (jobs.length - new Set(jobs.map((job) => job.courseId)).size);
    const freeIds = new Set(free.map((learner) => learner.userId));
    const freeOverLimit = [...freeIds].filter((id) => courses.filter((course) => course.userId === id).length !== 1).length;

    check(
      jobs.length === jobsAccepted,
      `jobs queued: ${jobs.length} (expected ${jobsAccepted}: ${premiumResults.length} premium + ${FREE_LEARNERS} free; ${jobsSent} requests sent)`,
    );
    check(
      exactlyOnce === jobs.length,
      `jobs run exactly once: ${exactlyOnce}/${jobs.length} (succeeded on attempt 1, claimed once and finished once by the same instance, with a course)`,
    );
    check(
      courses.length === jobs.length && duplicates === 0,
      `courses: ${courses.length} for ${jobs.length} jobs; duplicates ${duplicates} (courses without a job ${coursesWithoutJob})`,
    );
    check(freeOverLimit === 0, `free learners with other than exactly one course: ${freeOverLimit}`);
    check(
      ranBy.A > 0 && ranBy.B > 0,
      `both instances ran jobs: A ran ${ranBy.A}, B ran ${ranBy.B} (queued on A ${queuedBy.A}, on B ${queuedBy.B}; ${crossed} run by the instance that did not queue them)`,
    );
    // 5. Read-your-writes across the four processes, then a process killed mid-request.
    console.log("\nread-your-writes");
    const sample = premiumCourses[0];
    const viewer = free[0];
    let stale: StaleResults = { rounds: 0, reads: 0, stale: 0, writesFailed: 0 };
    let kill: KillResults | null = null;
    if (check(sample !== undefined && viewer !== undefined, "a generated course and another learner to read it")) {
      const courseId = field(sample!.answer.body, "course", "id") as number;
      stale = await readYourWrites(sample!.learner, viewer!, courseId);
      check(
        stale.rounds === STALE_ROUNDS && stale.writesFailed === 0,
        `${stale.rounds}/${STALE_ROUNDS} rounds of rename / make private / make public answered 200 (${stale.writesFailed} failed)`,
      );
      check(
        stale.stale === 0,
        `stale reads right after a write answered: ${stale.stale} of ${stale.reads} (${READS_PER_ROUND} at once per round, on both instances)`,
      );
      console.log("\na server process killed mid-request");
      kill = await killMidRequest(instances[0]!, sample!.learner, courseId);
      check(
        kill.unanswered === 0,
        `${kill.sent} requests on fresh connections around a SIGKILL: ${kill.answered} answered, ${kill.closed} closed at once, ${kill.unanswered} left waiting ≥ ${KILL_SETTLE_MS} ms (slowest ${kill.slowestMs} ms)`,
      );
      check(kill.retriedOk === kill.sent, `every request answered 200 or succeeded on one retry: ${kill.retriedOk}/${kill.sent}`);
      check(kill.servesAfter, `instance ${instances[0]!.name} serves on after losing a process`);
    }

    check(serverErrors.length === 0, `0 answers 5xx (${serverErrors.length})`);
    for (const error of serverErrors.slice(0, 10)) console.log(`  ${error}`);

    const fmtStatuses = (name: string) =>
      [...statusesBy[name]!.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(" ");
    console.log(
      `\nsummary: ${jobsSent} generation requests, ${jobs.length} jobs, ${exactlyOnce} run exactly once (A ${ranBy.A}, B ${ranBy.B}), ${duplicates} duplicates, ${serverErrors.length} × 5xx, sessions ${sessions.ok}/${sessions.total} cross-instance checks ok (old cookie refused everywhere at once after ${sessions.refusedAtOnce}/${sessions.logouts} logouts), stale reads ${stale.stale}/${stale.reads}, requests left waiting at a SIGKILL ${kill?.unanswered ?? "not run"}`,
    );
    console.log(`statuses: A ${fmtStatuses("A")} | B ${fmtStatuses("B")}; ${((Date.now() - startedAt) / 1000).toFixed(1)} s in all`);

    recordFigure({ bench: "scale-out", name: "generation requests sent (2 instances)", value: jobsSent, unit: "" });
    recordFigure({
      bench: "scale-out",
      name: "jobs run exactly once",
      value: exactlyOnce,
      unit: `of ${jobs.length}`,
      target: `${jobsAccepted}`,
      ok: exactlyOnce === jobsAccepted && jobs.length === jobsAccepted,
    });
    recordFigure({
      bench: "scale-out",
      name: "jobs run by instance A / B",
      value: ranBy.A,
      unit: `/ ${ranBy.B}`,
      target: "both > 0",
      ok: ranBy.A > 0 && ranBy.B > 0,
    });
    recordFigure({ bench: "scale-out", name: "duplicate courses", value: duplicates, unit: "", target: "0", ok: duplicates === 0 });
    recordFigure({ bench: "scale-out", name: "answers 5xx", value: serverErrors.length, unit: "", target: "0", ok: serverErrors.length === 0 });
    recordFigure({
      bench: "scale-out",
      name: "cross-instance session checks ok",
      value: sessions.ok,
      unit: `of ${sessions.total}`,
      target: `${sessions.total}`,
      ok: sessions.ok === sessions.total,
    });
    recordFigure({
      bench: "scale-out",
      name: "logouts whose old cookie every process refused on the next request",
      value: sessions.refusedAtOnce,
      unit: `of ${sessions.logouts}`,
      target: `${sessions.logouts}`,
      ok: sessions.refusedAtOnce === sessions.logouts,
    });
    recordFigure({
      bench: "scale-out",
      name: `stale reads right after a write (${STALE_ROUNDS} rounds × ${READS_PER_ROUND} reads, 2 instances × 2 processes)`,
      value: stale.stale,
      unit: `of ${stale.reads}`,
      target: "0",
      ok: stale.stale === 0 && stale.reads === STALE_ROUNDS * READS_PER_ROUND,
    });
    recordFigure({
      bench: "scale-out",
      name: `requests left waiting ≥ ${KILL_SETTLE_MS / 1000} s when a server process is killed`,
      value: kill?.unanswered ?? KILL_REQUESTS,
      unit: `of ${KILL_REQUESTS}`,
      target: "0",
      ok: kill?.unanswered === 0,
    });
    recordFigure({
      bench: "scale-out",
      name: "free learners with exactly one course (one request per instance at once)",
      value: freeExact,
      unit: `of ${FREE_LEARNERS}`,
      target: `${FREE_LEARNERS}`,
      ok: freeExact === FREE_LEARNERS,
    });
  } finally {
    await admin.end().catch(() => undefined);
  }
}

const budget = setTimeout(() => {
  console.error(`FAIL the scale-out check did not finish within ${TOTAL_BUDGET_MS / 1000} s`);
  void cleanUp().finally(() => process.exit(1));
}, TOTAL_BUDGET_MS);
budget.unref();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void cleanUp().finally(() => process.exit(1)));
// A reader that goes away (`| head`) must not end the run before it stops its instances.
process.stdout.on("error", () => undefined);
process.on("uncaughtException", (error) => {
  failures.push(String(error));
  void cleanUp().finally(() => process.exit(1));
});

main()
  .catch((error: unknown) => {
    failures.push(String(error));
    console.error(`FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  })
  .finally(async () => {
    await cleanUp();
    if (failures.length > 0) console.log(`\n${failures.length} check(s) failed`);
    process.exit(failures.length > 0 ? 1 : 0);
  });
