/**
 * An LTI 1.3 launch on the server (issue 46's budget: p95 ≤ 50 ms with the platform's JWKS
 * cached), against the fake platform of the tests (test/fakes/lms.ts) on loopback.
 *
 * Each launch is what a platform's browser sends, handed to the route table (serveApiRoute, what
 * the Next route file and the production fast path, direct.ts, both call): GET /api/lti/login
 * (the registration found, a state and nonce kept, the redirect), then the platform signs an
 * id_token for that nonce (not timed: the platform's work), then POST /api/lti/launch with the
 * form (timed: the state used once, the signature checked against the cached JWKS, the claims,
 * the account, the context's class, the launch kept, the course assigned once, the session and
 * frame cookies). The learners of one LMS course launch a link to a course in turn: the first
 * launch of each makes their account and seats them in the class, the later ones find it. The
 * app's modules run in this process on the bench database, one launch at a time after a warm-up
 * (the JWKS is fetched once then, and kept). Beside the wall time, the CPU time the app's process
 * spent on each launch: on a shared machine the wall time is mostly waiting for a core.
 *
 *   npm run bench:lti-launch [-- --runs 400 --learners 100]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder. A missed budget is a FAIL line (and a figure for
 * bench/report.ts) and exits 1.
 */
import { randomBytes } from "node:crypto";
import { register } from "node:module";
import os from "node:os";

import { startFakeLms } from "../test/fakes/lms";

import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { recordFigure } from "./lib/figures";

const RUNS = Number(arg("--runs") ?? 400);
const LEARNERS = Number(arg("--learners") ?? 100);
const WARMUP = 20;
const TARGET_MS = 50;
const BENCH = "lti-launch";
const ORIGIN = "http://localhost:3000";
const INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor";

type Timing = { p50: number; p95: number; n: number };

function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: at(50), p95: at(95), n: sorted.length };
}

const show = (label: string, { p50, p95, n }: Timing) => console.log(`${label} (${n}): p50 ${p50.toFixed(2)} ms · p95 ${p95.toFixed(2)} ms`);

async function main() {
  const database = await openDatabase();
  const lms = await startFakeLms({ clientId: "bench-tool", deploymentId: "bench-deployment" });
  try {
    // The app's modules, on the bench database. "server-only" (src/server/db.ts) resolves only inside Next.
    register(
      `data:text/javascript,${encodeURIComponent(
        `export async function resolve(specifier, context, next) { return specifier === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(specifier, context); }`,
      )}`,
    );
    Object.assign(process.env, {
      DATABASE_URL: database.url,
      NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
      NODE_ENV: "production",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      LTI_ALLOW_HTTP_PLATFORMS: "1",
    });
    const { serveApiRoute } = await import("~/server/api/routes");
    const { db, getPool } = await import("~/server/db");
    const { registerPlatform } = await import("~/server/services/lti/register-platform");
    const { LTI_CLAIM } = await import("~/server/lti/claims");
    await registerPlatform(db, lms.registration);

    const context = { id: "bench-course-1", title: "Bench 101" };
    const headers = { host: new URL(ORIGIN).host, "x-forwarded-for": "10.9.8.7" };
    /** One launch of `claims`: the login (timed apart), the platform's id_token, the launch (timed). */
    const launchOnce = async (claims: Record<string, unknown>) => {
      const query = new URLSearchParams({ iss: lms.issuer, login_hint: "hint", target_link_uri: `${ORIGIN}/api/lti/launch`, client_id: lms.clientId });
      const loginStarted = performance.now();
      const login = await serveApiRoute(new Request(`${ORIGIN}/api/lti/login?${query}`, { headers }));
      const loginMs = performance.now() - loginStarted;
      const authorize = new URL(login.headers.get("location") ?? "");
      if (login.status !== 302) throw new Error(`login: ${login.status} ${await login.text()}`);
      const idToken = await lms.idToken(authorize.searchParams.get("nonce")!, claims);
      const body = new URLSearchParams({ id_token: idToken, state: authorize.searchParams.get("state")! }).toString();
      const launchStarted = performance.now();
      const cpuBefore = process.cpuUsage();
      const launch = await serveApiRoute(
        new Request(`${ORIGIN}/api/lti/launch`, {
          method: "POST",
          body,
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded", origin: lms.issuer, "sec-fetch-site": "cross-site" },
        }),
      );
      const launchMs = performance.now() - launchStarted;
      const cpu = process.cpuUsage(cpuBefore);
      if (launch.status !== 303) throw new Error(`launch: ${launch.status} ${await launch.text()}`);
      return { loginMs, launchMs, cpuMs: (cpu.user + cpu.system) / 1000, location: launch.headers.get("location") ?? "" };
    };

    // The teacher's first launch makes the class; their course is the link's.
    const teacher = await launchOnce({ sub: "bench-teacher", [LTI_CLAIM.roles]: [INSTRUCTOR], [LTI_CLAIM.context]: context });
    const teacherId = (await db.ltiIdentity.findUniqueOrThrow({ where: { issuer_subject: { issuer: lms.issuer, subject: "bench-teacher" } } })).userId;
    const course = await db.course.create({
      data: { userId: teacherId, title: "Photosynthesis", topic: "photosynthesis", status: "ready", engine: "offline" },
    });
    const linkClaims = (sub: string) => ({
      sub,
      name: `Learner ${sub}`,
      [LTI_CLAIM.context]: context,
      [LTI_CLAIM.custom]: { coursecraft_course_id: String(course.id) },
    });
    console.log(`fake platform at ${lms.issuer}; the class is ${teacher.location}; the link opens /course/${course.id}`);

    for (let i = 0; i < WARMUP; i += 1) await launchOnce(linkClaims(`warmup-${i % 5}`));
    const fetchesAfterWarmup = lms.jwksFetches();

    const first: number[] = [];
    const again: number[] = [];
    const logins: number[] = [];
    const cpu: number[] = [];
    const firstCpu: number[] = [];
    const loadBefore = os.loadavg()[0]!;
    for (let i = 0; i < RUNS; i += 1) {
      const { loginMs, launchMs, cpuMs, location } = await launchOnce(linkClaims(`learner-${i % LEARNERS}`));
      (i < LEARNERS ? firstCpu : cpu).push(cpuMs);
      if (location !== `/course/${course.id}`) throw new Error(`a learner's launch went to ${location}`);
      (i < LEARNERS ? first : again).push(launchMs);
      logins.push(loginMs);
    }
    const all = timing([...first, ...again]);
    console.log(
      `load average ${loadBefore.toFixed(2)} → ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores; JWKS fetched ${lms.jwksFetches()} time(s), ${lms.jwksFetches() - fetchesAfterWarmup} during the runs`,
    );
    show("GET /api/lti/login", timing(logins));
    show("POST /api/lti/launch, a learner's first (account, class seat)", timing(first));
    show("POST /api/lti/launch, a learner again", timing(again));
    show("POST /api/lti/launch, all", all);
    // The app's own CPU (this process; PostgreSQL's is apart): on a busy machine the wall time is mostly waiting for a core.
    show("  CPU time in the app's process, a learner's first", timing(firstCpu));
    show("  CPU time in the app's process, a learner again", timing(cpu));
    const ok = all.p95 <= TARGET_MS && lms.jwksFetches() === fetchesAfterWarmup;
    recordFigure({
      bench: BENCH,
      name: `launch p95 (${RUNS} launches of ${LEARNERS} learners, JWKS cached)`,
      value: Math.round(all.p95 * 100) / 100,
      unit: "ms",
      target: `≤ ${TARGET_MS} ms`,
      ok,
    });
    await db.$disconnect();
    await getPool().end();
    if (!ok) process.exitCode = 1;
  } finally {
    await lms.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
