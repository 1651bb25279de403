/**
 * Grades back to an LMS (issue 46): one class's quiz attempts queue 1,000 scores (500 learners
 * launched from the LMS × 2 linked courses, one attempt each), then the score senders (two, as two
 * server processes run them, sharing the queue with SKIP LOCKED) start and post them to a local fake
 * platform (test/fakes/lms.ts: its token endpoint checks the tool's signed assertion, its scores
 * endpoint the bearer token), which answers each post after `--platform-ms` (default 50 ms, a real
 * LMS's pace). Goal: the 1,000 queued scores all received within 60 s, none twice. The senders are
 * started only once every score is queued, so the figure is the queue's drain, whatever the quiz
 * attempts cost on this machine; the attempts' own time (p95) is reported beside it: with no sender
 * running at all, it shows the request path never waits for the platform.
 *
 *   npm run bench:lti-scores [-- --learners 500 --platform-ms 50 --concurrency 8]
 *
 * The attempts run through the quiz service (submitQuizAttempt) in this process, `--concurrency`
 * at once. Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else
 * an embedded PostgreSQL in a temp folder. Exits 1 when a score is missing or doubled, or on a crash.
 */
import { createHash, randomBytes } from "node:crypto";
import { register } from "node:module";
import { availableParallelism, loadavg } from "node:os";

import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { recordFigure } from "./lib/figures";

const BENCH = "lti-scores";
const LEARNERS = Number(arg("--learners") ?? 500);
const COURSES = 2;
const PLATFORM_MS = Number(arg("--platform-ms") ?? 50);
const CONCURRENCY = Number(arg("--concurrency") ?? 8);
const TARGET_SECONDS = 60;
const GIVE_UP_MS = 120_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const database = await openDatabase();
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
  const { db } = await import("~/server/db");
  const { toolJwks } = await import("~/server/lti/tool-keys");
  const { ensureScoreSender, startScoreSender, stopScoreSender } = await import("~/server/lti/score-sender");
  const { registerPlatform } = await import("~/server/services/lti/register-platform");
  const { submitQuizAttempt } = await import("~/server/services/quiz/submit-attempt");
  const { LTI_SCOPE } = await import("~/server/lti/claims");
  const { startFakeLms } = await import("../test/fakes/lms");
  const { createCourse, sectionsOf } = await import("../test/factories/course");
  const { createQuiz } = await import("../test/factories/quiz");
  const { createClassRow } = await import("../test/factories/classes");

  const lms = await startFakeLms({ toolJwks: () => toolJwks(db) });
  lms.setScoreDelay(PLATFORM_MS);
  const senders: { stop(): Promise<void> }[] = [];
  try {
    const platform = await registerPlatform(db, lms.registration);

    // One class: its teacher's courses (a quiz of three questions each), assigned to it; its learners, each launched from the LMS.
    const teacher = await db.user.create({ data: { username: "bench_teacher", usernameKey: "bench_teacher" } });
    const klass = await createClassRow(db, { ownerId: teacher.id });
    const quizzes: { courseId: number; quiz: Awaited<ReturnType<typeof createQuiz>>; lineItem: string }[] = [];
    for (let c = 0; c < COURSES; c++) {
      const course = await createCourse(db, { userId: teacher.id, status: "ready", isPublic: false, title: `Graded course ${c + 1}` });
      await db.assignment.create({ data: { classId: klass.id, courseId: course.id, assignedById: teacher.id } });
      const quiz = await createQuiz(db, sectionsOf(course)[0]!.id);
      quizzes.push({ courseId: course.id, quiz, lineItem: `${lms.issuer}/lineitems/course-${c + 1}` });
    }
    const names = Array.from({ length: LEARNERS }, (_, i) => `bench_learner_${i}`);
    await db.user.createMany({ data: names.map((name) => ({ username: name, usernameKey: name })) });
    const learners = await db.user.findMany({ where: { username: { in: names } }, select: { id: true, username: true }, orderBy: { id: "asc" } });
    await db.classMember.createMany({ data: learners.map((learner) => ({ classId: klass.id, userId: learner.id, role: "member" as const })) });
    await db.ltiIdentity.createMany({ data: learners.map((learner) => ({ issuer: lms.issuer, subject: `sub-${learner.username}`, userId: learner.id })) });
    await db.ltiLineItem.createMany({
      data: learners.flatMap((learner) =>
        quizzes.map(({ courseId, lineItem }) => ({
          platformId: platform.id,
          resourceLinkId: `link-${courseId}`,
          userId: learner.id,
          subject: `sub-${learner.username}`,
          courseId,
          lineItemUrl: lineItem,
          lineItemKey: createHash("sha256").update(lineItem).digest("hex"),
          lineItemsUrl: `${lms.issuer}/lineitems`,
          scopes: [LTI_SCOPE.score],
        })),
      ),
    });
    const expected = learners.length * quizzes.length;

    const attempts = learners.flatMap((learner, i) =>
      quizzes.map(({ quiz }) => ({
        userId: learner.id,
        quizId: quiz.id,
        answers: quiz.questions.map((q, k) => ({ questionId: q.id, answer: k <= i % 3 ? q.correctAnswer : q.options[1]! })),
      })),
    );
    const latencies: number[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < attempts.length) {
          const attempt = attempts[next++]!;
          const at = performance.now();
          await submitQuizAttempt(db, attempt);
          latencies.push(performance.now() - at);
        }
      }),
    );
    const attemptsSeconds = (performance.now() - started) / 1000;
    const queued = await db.ltiScore.count({ where: { status: "queued" } });
    if (queued !== expected) throw new Error(`${queued} scores queued, expected ${expected}`);

    // Two senders, as two server processes would run them: the process's own and another.
    const sending = performance.now();
    senders.push(ensureScoreSender(db), startScoreSender(db, { pollMs: 1_000 }));
    while (lms.scores.length < expected && performance.now() - sending < GIVE_UP_MS) await new Promise((resolve) => setTimeout(resolve, 20));
    const seconds = (performance.now() - sending) / 1000;
    // A moment more: a duplicate posted late would show.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const received = lms.scores.length;
    const distinct = new Set(lms.scores.map((score) => `${score.lineItem} ${score.userId}`)).size;
    const duplicates = received - distinct;
    const tokens = lms.tokenRequests();
    latencies.sort((a, b) => a - b);
    const ok = received === expected && duplicates === 0 && seconds <= TARGET_SECONDS;
    console.log(
      `${expected} scores queued by ${attempts.length} quiz attempts (${learners.length} learners × ${quizzes.length} courses; attempts done in ${attemptsSeconds.toFixed(1)} s, ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms each); ${received} received by the platform (${PLATFORM_MS} ms a post) ` +
        `in ${seconds.toFixed(1)} s once the senders started (${Math.round(received / seconds)} scores/s), ${duplicates} duplicates, ${tokens} token request(s) ` +
        `(load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    recordFigure({
      bench: BENCH,
      name: `${expected} queued scores from one class's quiz attempts → a local fake LMS (${PLATFORM_MS} ms a post), all received`,
      value: Number(seconds.toFixed(1)),
      unit: "s",
      target: `≤ ${TARGET_SECONDS} s, no duplicate`,
      ok,
    });
    recordFigure({ bench: BENCH, name: "duplicate scores received", value: duplicates, unit: "", target: "0", ok: duplicates === 0 });
    recordFigure({
      bench: BENCH,
      name: `a quiz attempt with its score queued, no sender running, p95 (${CONCURRENCY} at once)`,
      value: Number(percentile(latencies, 95).toFixed(1)),
      unit: "ms",
    });
    if (received !== expected || duplicates > 0) process.exitCode = 1;
  } finally {
    await stopScoreSender();
    await Promise.all(senders.map((sender) => sender.stop()));
    await lms.close();
    const { getPool } = await import("~/server/db");
    await getPool().end();
    await database.close();
  }
}

await main();
