/**
 * The races suite (`npm run test:races`): every check-then-act of docs/reliability.md under real
 * concurrency on PostgreSQL. Each race runs TRIALS times with CONCURRENCY requests started at
 * once (Promise.all over separate requests, each on its own pooled connection; the harness sizes
 * the pool with DATABASE_POOL_SIZE), through the real HTTP entrypoints (`restCall` for the
 * documented /api paths, the Stripe webhook handler) or tRPC callers. For every trial it asserts
 * the exact number of successes, no duplicate rows on the unique keys (GROUP BY … HAVING
 * count(*) > 1, over the whole table) and no 5xx, and prints one summary line per race.
 *
 * RACE_TRIALS and RACE_CONCURRENCY override the defaults (e.g. RACE_CONCURRENCY=50).
 */
import { randomUUID } from "node:crypto";

import type { JSONWebKeySet } from "jose";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

vi.hoisted(() => {
  // Read by src/env.ts: the LTI races' fake platform is on http://127.0.0.1.
  process.env.LTI_ALLOW_HTTP_PLATFORMS = "1";
});

import { createBilling, type Billing } from "~/server/billing/stripe";
import { createDbClient } from "~/server/db/client";
import { claimNextJob } from "~/server/jobs/queue";
import { getStreak } from "~/server/services/gamification/get-streak";
import { computeStreak } from "~/server/services/gamification/streak-math";
import { processGenerationJob } from "~/server/services/generation/worker";
import { MAX_ACTIVE_JOBS_PER_USER } from "~/server/services/generation/start-generation";
import { createCoupon } from "~/server/services/subscription/create-coupon";
import { getEntitlements } from "~/server/services/subscription/entitlements";
import { monthKey } from "~/server/services/subscription/monthly-usage";
import { stripeWebhookHandler } from "~/server/api/stripe-webhook";
import { decodeSessionToken } from "~/server/auth/session";
import { LTI_CLAIM } from "~/server/lti/claims";
import { registerPlatform } from "~/server/services/lti/register-platform";
import { COURSE_ID_PARAMETER } from "~/server/services/lti/accept-launch";
import { verifyPassword } from "~/server/auth/password";
import { createLinkToken } from "~/server/services/auth/email-links";
import { runReminderPass } from "~/server/services/reminders/run-pass";
import { upsertOidcUser } from "~/server/services/auth/upsert-oidc-user";
import { unsubscribeToken } from "~/server/services/reminders/unsubscribe-token";

import { createTestCaller, sessionTokenFor, sessionTokenFromSetCookie } from "../caller";
import { db, getPool } from "../db";
import { tally } from "../expect";
import { bearer, courseWithTranscript, createApiTokenRow, createCourse, createUser, sectionsOf, uniqueSuffix } from "../factories";
import { createQuiz, createQuizCourse } from "../factories/quiz";
import { createClassRow, fillClass } from "../factories/classes";
import { createCourseConcept } from "../factories/concepts";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe.mjs";
import { INSTRUCTOR, LEARNER, startFakeLms } from "../fakes/lms";
import { ltiLaunch, ltiLogin } from "../lti";
import { apiRequest, ORIGIN, restCall, routeCall, trpcCall, type ApiResult } from "../http";
import { libraryDeps } from "../generation";
import { paidLearner } from "../stripe";
import { MAX_ACTIVE_API_TOKENS } from "~/lib/rules/api-tokens";
import { EDIT_MESSAGES, MIN_SECTION_SECONDS } from "~/lib/rules/editing";
import { MAX_CARDS_PER_LEARNER } from "~/lib/rules/cards";
import { MAX_NOTES_PER_COURSE } from "~/lib/rules/notes";
import { MAX_CLASS_MEMBERS } from "~/lib/rules/classes";
import { MONTHLY_LIMIT_MESSAGE } from "~/lib/rules/subscription";

function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Trials per race, and requests started at once in each trial. */
const TRIALS = positiveIntFromEnv("RACE_TRIALS", 5);
const CONCURRENCY = positiveIntFromEnv("RACE_CONCURRENCY", 8);

// ---------------------------------------------------------------------------------------------
// Bookkeeping: one outcome per trial, one summary line per race.

type TrialOutcome = {
  expected: number;
  observed: number;
  /** Rows beyond the first on a key that must be unique. */
  duplicates: number;
  /** HTTP 5xx answers, INTERNAL_SERVER_ERROR from callers, or anything thrown that is not a TRPCError. */
  serverErrors: number;
  /** Status (or tRPC code) → how many answers had it. */
  statuses: Record<string, number>;
  /** Other expectations that failed in this trial, as readable sentences. */
  problems: string[];
};

async function runRace(name: string, trial: (index: number) => Promise<TrialOutcome>): Promise<void> {
  const started = performance.now();
  const outcomes: TrialOutcome[] = [];
  for (let index = 0; index < TRIALS; index += 1) outcomes.push(await trial(index));
  const sum = (pick: (o: TrialOutcome) => number) => outcomes.reduce((total, o) => total + pick(o), 0);
  const statuses: Record<string, number> = {};
  for (const outcome of outcomes) for (const [key, count] of Object.entries(outcome.statuses)) statuses[key] = (statuses[key] ?? 0) + count;
  const totals = {
    expected: sum((o) => o.expected),
    observed: sum((o) => o.observed),
    duplicates: sum((o) => o.duplicates),
    serverErrors: sum((o) => o.serverErrors),
  };
  console.info(
    `[races] ${name}: trials=${TRIALS} concurrency=${CONCURRENCY} successes expected=${totals.expected} observed=${totals.observed} ` +
      `duplicates=${totals.duplicates} 5xx=${totals.serverErrors} answers=${JSON.stringify(statuses)} (${Math.round(performance.now() - started)} ms)`,
  );
  expect(outcomes.flatMap((o, i) => o.problems.map((p) => `trial ${i + 1}: ${p}`))).toEqual([]);
  // Per trial, so one trial's surplus cannot hide another's shortfall.
  expect(outcomes.map((o) => o.observed)).toEqual(outcomes.map((o) => o.expected));
  expect(totals.duplicates).toBe(0);
  expect(totals.serverErrors).toBe(0);
}

const statusTally = (results: ApiResult<unknown>[]) => {
  const counts: Record<string, number> = {};
  for (const { status } of results) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
};
const count5xx = (results: ApiResult<unknown>[]) => results.filter((r) => r.status >= 500).length;
const ok = <T>(results: ApiResult<T>[]) => results.filter((r) => r.status === 200);
/** Answers other than the allowed statuses, as a problem sentence (or none). */
function unexpectedStatuses(results: ApiResult<unknown>[], allowed: number[]): string[] {
  const others = results.filter((r) => !allowed.includes(r.status));
  return others.length ? [`unexpected answers ${JSON.stringify(others.map((r) => `${r.status} ${r.text.slice(0, 120)}`))}`] : [];
}

/** `count` requests started at once (each its own Request, session check and pooled connection). */
const atOnce = <T>(count: number, request: (index: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, index) => request(index)));

/**
 * Each query groups a table by a key that must be unique and returns the keys found more than
 * once with n = count(*); the whole table is checked, not only this trial's rows.
 */
const DUPLICATE_KEYS = {
  monthlyUsage: `SELECT "userId", "month", count(*)::int AS n FROM "MonthlyUsage" GROUP BY 1, 2 HAVING count(*) > 1`,
  // A free learner's month holds one course: one job per (free user, quota month).
  freeJobsPerMonth: `SELECT j."userId", j.input->>'quotaMonth', count(*)::int AS n FROM "GenerationJob" j JOIN "User" u ON u.id = j."userId"
    WHERE u."couponPremiumUntil" IS NULL AND NOT EXISTS (SELECT 1 FROM "Subscription" s WHERE s."userId" = u.id)
    GROUP BY 1, 2 HAVING count(*) > 1`,
  couponRedemption: `SELECT "couponId", "userId", count(*)::int AS n FROM "CouponRedemption" GROUP BY 1, 2 HAVING count(*) > 1`,
  couponOverused: `SELECT c.id, (count(r.id) - c."maxRedemptions" + 1)::int AS n FROM "Coupon" c JOIN "CouponRedemption" r ON r."couponId" = c.id
    GROUP BY c.id HAVING count(r.id) > c."maxRedemptions"`,
  quizPerSection: `SELECT "sectionId", count(*)::int AS n FROM "Quiz" GROUP BY 1 HAVING count(*) > 1`,
  // Questions deleted from their quiz (quizId null, services/editing) have no place in one.
  quizQuestion: `SELECT "quizId", "order", count(*)::int AS n FROM "QuizQuestion" WHERE "quizId" IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`,
  // A section's place in its chapter; sections an edit took out of the outline (chapterId null) have none.
  sectionPlace: `SELECT "chapterId", "order", count(*)::int AS n FROM "Section" WHERE "chapterId" IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`,
  courseVersion: `SELECT "courseId", "version", count(*)::int AS n FROM "CourseVersion" GROUP BY 1, 2 HAVING count(*) > 1`,
  sectionCompletion: `SELECT "userId", "sectionId", count(*)::int AS n FROM "SectionCompletion" GROUP BY 1, 2 HAVING count(*) > 1`,
  courseProgress: `SELECT "userId", "courseId", count(*)::int AS n FROM "CourseProgress" GROUP BY 1, 2 HAVING count(*) > 1`,
  activityEvent: `SELECT "userId", "type", "subjectKey", count(*)::int AS n FROM "ActivityEvent" GROUP BY 1, 2, 3 HAVING count(*) > 1`,
  userBadge: `SELECT "userId", "badgeId", count(*)::int AS n FROM "UserBadge" GROUP BY 1, 2 HAVING count(*) > 1`,
  streak: `SELECT "userId", count(*)::int AS n FROM "Streak" GROUP BY 1 HAVING count(*) > 1`,
  userChallenge: `SELECT "userId", "challengeId", count(*)::int AS n FROM "UserChallenge" GROUP BY 1, 2 HAVING count(*) > 1`,
  challengePerDay: `SELECT "day", "key", count(*)::int AS n FROM "Challenge" GROUP BY 1, 2 HAVING count(*) > 1`,
  stripeEvent: `SELECT "id", count(*)::int AS n FROM "StripeEvent" GROUP BY 1 HAVING count(*) > 1`,
  subscription: `SELECT "userId", count(*)::int AS n FROM "Subscription" GROUP BY 1 HAVING count(*) > 1`,
  cardPerQuestion: `SELECT "userId", "questionId", count(*)::int AS n FROM "Card" WHERE "questionId" IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`,
  cardsOverLimit: `SELECT "userId", (count(*) - ${MAX_CARDS_PER_LEARNER} + 1)::int AS n FROM "Card" GROUP BY 1 HAVING count(*) > ${MAX_CARDS_PER_LEARNER}`,
  // A learner's active API tokens beyond the limit count as duplicates.
  apiTokensOverLimit: `SELECT "userId", (count(*) - ${MAX_ACTIVE_API_TOKENS} + 1)::int AS n FROM "ApiToken"
    WHERE "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > now() AT TIME ZONE 'UTC') GROUP BY 1 HAVING count(*) > ${MAX_ACTIVE_API_TOKENS}`,
  // A learner's notes on one course beyond the limit count as duplicates.
  notesOverLimit: `SELECT "userId", "courseId", (count(*) - ${MAX_NOTES_PER_COURSE} + 1)::int AS n FROM "Note" GROUP BY 1, 2 HAVING count(*) > ${MAX_NOTES_PER_COURSE}`,
  classMember: `SELECT "classId", "userId", count(*)::int AS n FROM "ClassMember" GROUP BY 1, 2 HAVING count(*) > 1`,
  // Members of a class beyond the limit count as duplicates.
  classOverFull: `SELECT "classId", (count(*) - ${MAX_CLASS_MEMBERS} + 1)::int AS n FROM "ClassMember" GROUP BY 1 HAVING count(*) > ${MAX_CLASS_MEMBERS}`,
} as const;

async function duplicates(...keys: (keyof typeof DUPLICATE_KEYS)[]): Promise<number> {
  let total = 0;
  for (const key of keys) total += await duplicatesOfKeys(DUPLICATE_KEYS[key]);
  return total;
}

async function duplicatesOfKeys(sql: string): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(sql);
  return rows.reduce((total, row) => total + row.n - 1, 0);
}

/** A course's outline as its chapters hold it: per chapter, its sections' [order, start, end] in order. */
async function outlineOf(courseId: number) {
  const chapters = await db.chapter.findMany({
    where: { courseId },
    orderBy: { order: "asc" },
    select: { order: true, sections: { orderBy: { order: "asc" }, select: { id: true, order: true, timeStart: true, timeEnd: true } } },
  });
  return chapters.map((chapter) => ({ order: chapter.order, sections: chapter.sections }));
}

/**
 * What is wrong with an outline that covers `from`–`to` seconds of one video: every chapter has a
 * section; a chapter's sections are numbered 1, 2, … (so no two share a place); along the outline
 * each section is at least MIN_SECTION_SECONDS long and starts where the one before ends.
 */
function outlineProblems(outline: Awaited<ReturnType<typeof outlineOf>>, from: number, to: number): string[] {
  const problems: string[] = [];
  for (const chapter of outline) {
    if (chapter.sections.length === 0) problems.push(`chapter ${chapter.order} has no section`);
    const places = chapter.sections.map((section) => section.order);
    if (places.some((place, k) => place !== k + 1)) problems.push(`chapter ${chapter.order}'s sections are at places ${JSON.stringify(places)}`);
  }
  const sections = outline.flatMap((chapter) => chapter.sections);
  let at = from;
  for (const section of sections) {
    if (section.timeStart !== at) problems.push(`section ${section.id} starts at ${section.timeStart}, where ${at} was due`);
    if (section.timeEnd === null || section.timeEnd - section.timeStart < MIN_SECTION_SECONDS)
      problems.push(`section ${section.id} spans ${section.timeStart}–${section.timeEnd}`);
    at = section.timeEnd ?? at;
  }
  if (at !== to) problems.push(`the outline ends at ${at}, not ${to}`);
  return problems;
}

async function learner(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  return { user, token: await sessionTokenFor(user) };
}

// ---------------------------------------------------------------------------------------------

describe(`races: ${TRIALS} trials × ${CONCURRENCY} concurrent requests`, () => {
  test("the monthly course limit: a free learner's simultaneous generations queue exactly one job", async () => {
    const month = monthKey(new Date());
    await runRace("monthly limit (free learner)", async () => {
      const { user, token } = await learner();
      const results = await atOnce(CONCURRENCY, () =>
        restCall("POST", "/api/generation-jobs", { sessionToken: token, json: { topic: "binary search", complexity: "beginner" } }),
      );
      const refused = results.filter((r) => r.status === 403);
      const problems = unexpectedStatuses(results, [200, 403]);
      if (refused.some((r) => r.json.message !== MONTHLY_LIMIT_MESSAGE)) problems.push(`a 403 without the limit message: ${refused[0]?.text}`);
      const jobs = await db.generationJob.count({ where: { userId: user.id } });
      const usage = (await db.monthlyUsage.findUnique({ where: { userId_month: { userId: user.id, month } } }))?.coursesCreated ?? 0;
      if (jobs !== 1) problems.push(`${jobs} jobs queued`);
      if (usage !== 1) problems.push(`usage counter ${usage}`);
      return {
        expected: 1,
        observed: ok(results).length,
        duplicates: await duplicates("monthlyUsage", "freeJobsPerMonth"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test(`the active-job cap: a premium learner's simultaneous generations queue exactly ${MAX_ACTIVE_JOBS_PER_USER}`, async () => {
    const month = monthKey(new Date());
    const expected = Math.min(CONCURRENCY, MAX_ACTIVE_JOBS_PER_USER);
    await runRace(`active-job cap (premium learner, cap ${MAX_ACTIVE_JOBS_PER_USER})`, async () => {
      const { user, token } = await learner({ couponPremiumUntil: new Date(Date.now() + 86_400_000) });
      const results = await atOnce(CONCURRENCY, () =>
        restCall("POST", "/api/generation-jobs", { sessionToken: token, json: { topic: "binary search", complexity: "beginner" } }),
      );
      const problems = unexpectedStatuses(results, [200, 429]);
      const jobs = await db.generationJob.count({ where: { userId: user.id } });
      const usage = (await db.monthlyUsage.findUnique({ where: { userId_month: { userId: user.id, month } } }))?.coursesCreated ?? 0;
      if (jobs !== expected) problems.push(`${jobs} jobs queued`);
      if (usage !== expected) problems.push(`usage counter ${usage}`);
      if (results.some((r) => r.status === 429 && !r.headers.get("retry-after"))) problems.push("a 429 without Retry-After");
      return {
        expected,
        observed: ok(results).length,
        duplicates: await duplicates("monthlyUsage"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("playlist generation: learners building one playlist at once, on workers side by side, each get the whole course; the transcripts are cached once", async () => {
    await runRace("playlist generation (one playlist, concurrent workers)", async () => {
      // Nothing cached: every job reads and caches the same videos' transcripts at the same time.
      await db.transcript.deleteMany({});
      const learners = await atOnce(CONCURRENCY, async () => (await learner()).user);
      const callers = await Promise.all(learners.map((user) => createTestCaller({ user, db })));
      const jobs = await Promise.all(
        callers.map(({ caller }) => caller.generation.start({ topic: "https://www.youtube.com/playlist?list=PLfixtureLessons01", complexity: "beginner" })),
      );
      // Workers side by side, each taking jobs until none is left (other races' queued jobs too).
      await atOnce(CONCURRENCY, async () => {
        for (let claimed = await claimNextJob(db); claimed; claimed = await claimNextJob(db)) await processGenerationJob(db, claimed, libraryDeps());
      });
      const finished = await db.generationJob.findMany({
        where: { id: { in: jobs.map((job) => job.id) } },
        select: { status: true, errorCode: true, course: { select: { _count: { select: { videos: true } } } } },
      });
      const statuses: Record<string, number> = {};
      for (const job of finished) statuses[job.errorCode ?? job.status] = (statuses[job.errorCode ?? job.status] ?? 0) + 1;
      const whole = finished.filter((job) => job.status === "succeeded" && job.course?._count.videos === 3).length;
      const tracks = await db.transcript.groupBy({ by: ["videoId", "language"], _count: { _all: true } });
      return {
        expected: CONCURRENCY,
        observed: whole,
        duplicates: tracks.reduce((total, track) => total + track._count._all - 1, 0),
        serverErrors: finished.filter((job) => job.errorCode === "INTERNAL_SERVER_ERROR").length,
        statuses,
        problems: tracks.length === 3 ? [] : [`${tracks.length} cached tracks, not 3`],
      };
    });
  });

  test("coupon redemption: different learners on a code with fewer uses than requests get exactly its uses", async () => {
    const maxRedemptions = Math.max(1, Math.floor(CONCURRENCY / 2));
    await runRace(`coupon (${CONCURRENCY} learners, ${maxRedemptions} uses)`, async () => {
      const learners = await atOnce(CONCURRENCY, () => learner());
      const code = `RACE-${uniqueSuffix()}`.toUpperCase();
      await createCoupon(db, { code, months: 1, maxRedemptions });
      const results = await atOnce(CONCURRENCY, (i) => restCall("POST", "/api/coupons/redeem", { sessionToken: learners[i]!.token, json: { code } }));
      const problems = unexpectedStatuses(results, [200, 422]);
      const coupon = await db.coupon.findUniqueOrThrow({ where: { code }, select: { redemptionCount: true, _count: { select: { redemptions: true } } } });
      const expected = Math.min(maxRedemptions, CONCURRENCY);
      if (coupon.redemptionCount !== expected || coupon._count.redemptions !== expected)
        problems.push(`coupon counted ${coupon.redemptionCount}, ${coupon._count.redemptions} redemption rows`);
      const premium = (await Promise.all(learners.map(async ({ user }) => (await getEntitlements(db, user.id)).tier === "premium"))).filter(Boolean).length;
      if (premium !== expected) problems.push(`${premium} learners are premium`);
      return {
        expected,
        observed: ok(results).length,
        duplicates: await duplicates("couponRedemption", "couponOverused"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("coupon redemption: one learner sending the same code at once redeems it once", async () => {
    await runRace("coupon (one learner, same code)", async () => {
      const { user, token } = await learner();
      const code = `SAME-${uniqueSuffix()}`.toUpperCase();
      await createCoupon(db, { code, months: 1, maxRedemptions: 1000 });
      const results = await atOnce(CONCURRENCY, () => restCall("POST", "/api/coupons/redeem", { sessionToken: token, json: { code } }));
      // 409 "already redeemed"; beyond 10 failures in 15 minutes the per-user limit answers 429.
      const problems = unexpectedStatuses(results, [200, 409, 429]);
      const coupon = await db.coupon.findUniqueOrThrow({ where: { code }, select: { redemptionCount: true, _count: { select: { redemptions: true } } } });
      if (coupon.redemptionCount !== 1 || coupon._count.redemptions !== 1)
        problems.push(`coupon counted ${coupon.redemptionCount}, ${coupon._count.redemptions} redemption rows`);
      // One redemption is one coupon's days of premium, not several stacked.
      const { couponPremiumUntil } = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { couponPremiumUntil: true } });
      const days = couponPremiumUntil ? (couponPremiumUntil.getTime() - Date.now()) / 86_400_000 : 0;
      if (days < 29 || days > 30.01) problems.push(`premium for ${days.toFixed(2)} days`);
      return {
        expected: 1,
        observed: ok(results).length,
        duplicates: await duplicates("couponRedemption", "couponOverused"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("quiz generation: simultaneous requests for one section store one quiz, and every caller gets it", async () => {
    await runRace("quiz generation (one instance)", async () => {
      const { course, sections } = await createQuizCourse(db, { isPublic: true });
      const section = sections[0]!;
      // The owner and other learners (the course is public) ask at once.
      const tokens = [await sessionTokenFor({ id: course.userId }), ...(await atOnce(CONCURRENCY - 1, async () => (await learner()).token))];
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall<{ quiz: { id: number } }>("POST", `/api/sections/${section.id}/generate-quiz`, { sessionToken: tokens[i] }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const quizIds = new Set(ok(results).map((r) => r.json.quiz.id));
      if (quizIds.size !== 1) problems.push(`callers got ${quizIds.size} different quizzes`);
      if (new Set(ok(results).map((r) => r.text)).size > 1) problems.push("callers got different answers");
      const stored = await db.quiz.count({ where: { sectionId: section.id } });
      if (stored !== 1) problems.push(`${stored} quiz rows`);
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: await duplicates("quizPerSection", "quizQuestion"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("quiz generation across app instances: each instance generates, the database keeps one quiz, every caller gets it", async () => {
    // One Prisma client per simulated instance (over the same pool): the in-process sharing of a
    // generation is per client, so these requests do not share one generation and their inserts
    // race on the unique sectionId (the losers answer the stored quiz).
    const instances = Array.from({ length: CONCURRENCY }, () => createDbClient(getPool()));
    await runRace("quiz generation (one client per instance)", async () => {
      const { course, sections } = await createQuizCourse(db, { isPublic: true });
      const section = sections[1]!;
      const users = [{ id: course.userId }, ...(await atOnce(CONCURRENCY - 1, async () => (await learner()).user))];
      const callers = await Promise.all(users.map((user, i) => createTestCaller({ user, db: instances[i]! })));
      const answers: { quiz: { id: number } }[] = [];
      const statuses = await tally(callers.map(({ caller }) => caller.quiz.generate({ id: section.id }).then((answer) => void answers.push(answer))));
      const problems = Object.keys(statuses).some((key) => key !== "OK") ? [`answers ${JSON.stringify(statuses)}`] : [];
      const quizIds = new Set(answers.map((a) => a.quiz.id));
      if (quizIds.size !== 1) problems.push(`callers got ${quizIds.size} different quizzes`);
      const stored = await db.quiz.count({ where: { sectionId: section.id } });
      if (stored !== 1) problems.push(`${stored} quiz rows`);
      const serverErrors = Object.entries(statuses)
        .filter(([key]) => key === "INTERNAL_SERVER_ERROR" || key.startsWith("THROWN"))
        .reduce((t, [, n]) => t + n, 0);
      return {
        expected: CONCURRENCY,
        observed: statuses.OK ?? 0,
        duplicates: await duplicates("quizPerSection", "quizQuestion"),
        serverErrors,
        statuses,
        problems,
      };
    });
  });

  test("progress: simultaneous completions of one section store one completion and one learning event", async () => {
    await runRace("progress completion (one section)", async () => {
      const { user, token } = await learner();
      const course = await createCourse(db, { userId: user.id, chapters: 1, sectionsPerChapter: 2 });
      const [section] = sectionsOf(course);
      const results = await atOnce(CONCURRENCY, () =>
        restCall<{ completedSections: number[] }>("POST", `/api/courses/${course.id}/progress`, {
          sessionToken: token,
          json: { completedSectionId: section!.id, currentSectionId: section!.id },
        }),
      );
      const problems = unexpectedStatuses(results, [200]);
      if (ok(results).some((r) => JSON.stringify(r.json.completedSections) !== JSON.stringify([section!.id])))
        problems.push(`answers ${JSON.stringify(ok(results).map((r) => r.json.completedSections))}`);
      const completions = await db.sectionCompletion.count({ where: { userId: user.id, sectionId: section!.id } });
      const events = await db.activityEvent.count({ where: { userId: user.id, type: "section_completed" } });
      const courseEvents = await db.activityEvent.count({ where: { userId: user.id, type: "course_completed" } });
      const streak = await getStreak(db, user.id);
      if (completions !== 1) problems.push(`${completions} completion rows`);
      if (events !== 1) problems.push(`${events} section_completed events`);
      if (courseEvents !== 0) problems.push(`${courseEvents} course_completed events for a half-done course`);
      if (streak.totalSectionsCompleted !== 1) problems.push(`totalSectionsCompleted ${streak.totalSectionsCompleted}`);
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: await duplicates("sectionCompletion", "courseProgress", "activityEvent", "streak"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("badges: simultaneous perfect quizzes crossing 'Perfect Score' (1) and 'Quiz Master' (5) award each badge once", async () => {
    const expectedKeys = ["quiz-perfect-1", ...(CONCURRENCY >= 5 ? ["quiz-master"] : [])].sort();
    await runRace(`badge award (${CONCURRENCY} perfect quizzes → ${expectedKeys.join(", ")})`, async () => {
      const { user, token } = await learner();
      const course = await createCourse(db, { userId: user.id, chapters: 1, sectionsPerChapter: CONCURRENCY });
      const quizzes = await Promise.all(sectionsOf(course).map((section) => createQuiz(db, section.id)));
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall<{ score: number }>("POST", `/api/quizzes/${quizzes[i]!.id}/attempts`, {
          sessionToken: token,
          json: { answers: quizzes[i]!.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer })) },
        }),
      );
      const problems = unexpectedStatuses(results, [200]);
      if (ok(results).some((r) => r.json.score !== 100)) problems.push("an attempt was not scored 100");
      const held = (await db.userBadge.findMany({ where: { userId: user.id }, select: { badge: { select: { key: true } } } })).map((b) => b.badge.key).sort();
      if (JSON.stringify(held) !== JSON.stringify(expectedKeys)) problems.push(`badges ${JSON.stringify(held)}`);
      const perfect = await db.activityEvent.count({ where: { userId: user.id, type: "quiz_perfect" } });
      if (perfect !== CONCURRENCY) problems.push(`${perfect} quiz_perfect events`);
      return {
        expected: expectedKeys.length,
        observed: held.length,
        duplicates: await duplicates("userBadge", "activityEvent", "streak"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("badges: completing a course's last sections at once completes the course once and awards 'Course Finisher' once", async () => {
    await runRace(`badge award (${CONCURRENCY} sections of one course at once → course-1)`, async () => {
      const { user, token } = await learner();
      const course = await createCourse(db, { userId: user.id, chapters: 1, sectionsPerChapter: CONCURRENCY });
      const sections = sectionsOf(course);
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall("POST", `/api/courses/${course.id}/progress`, { sessionToken: token, json: { completedSectionId: sections[i]!.id } }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const completions = await db.sectionCompletion.count({ where: { userId: user.id, courseId: course.id } });
      const finished = await db.activityEvent.count({ where: { userId: user.id, type: "course_completed", subjectKey: String(course.id) } });
      const streak = await getStreak(db, user.id);
      if (completions !== CONCURRENCY) problems.push(`${completions} completion rows`);
      if (finished !== 1) problems.push(`${finished} course_completed events`);
      if (streak.totalSectionsCompleted !== CONCURRENCY || streak.totalCoursesCompleted !== 1) problems.push(`streak totals ${JSON.stringify(streak)}`);
      const held = (await db.userBadge.findMany({ where: { userId: user.id }, select: { badge: { select: { key: true } } } })).map((b) => b.badge.key);
      return {
        expected: 1,
        observed: held.filter((key) => key === "course-1").length,
        duplicates: await duplicates("userBadge", "sectionCompletion", "activityEvent", "streak"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("challenge join: simultaneous joins of one challenge are one join", async () => {
    await runRace("challenge join", async (trial) => {
      const { user, token } = await learner();
      // The first trial's listing creates the day's challenges, concurrently from every caller.
      const listings = await atOnce(trial === 0 ? CONCURRENCY : 1, () => restCall<{ id: number }[]>("GET", "/api/challenges/active", { sessionToken: token }));
      const problems = unexpectedStatuses(listings, [200]);
      const challenges = listings[0]!.json;
      const challenge = challenges[trial % challenges.length]!;
      const results = await atOnce(CONCURRENCY, () =>
        restCall<{ joinedAt: string; challengeId: number }>("POST", `/api/users/${user.id}/challenges/${challenge.id}`, { sessionToken: token }),
      );
      problems.push(...unexpectedStatuses(results, [200]));
      if (new Set(ok(results).map((r) => r.json.joinedAt)).size !== 1)
        problems.push(`joinedAt differs: ${JSON.stringify(ok(results).map((r) => r.json.joinedAt))}`);
      const rows = await db.userChallenge.count({ where: { userId: user.id } });
      if (rows !== 1) problems.push(`${rows} UserChallenge rows`);
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: await duplicates("userChallenge", "challengePerDay"),
        serverErrors: count5xx(results) + count5xx(listings),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test(`API token creation: a learner two short of the limit (${MAX_ACTIVE_API_TOKENS}) creating at once gets exactly two`, async () => {
    await runRace("API token creation at the limit", async () => {
      const { user, token } = await learner();
      for (let i = 0; i < MAX_ACTIVE_API_TOKENS - 2; i++) await createApiTokenRow(db, user.id, { name: `existing ${i}` });
      const results = await atOnce(CONCURRENCY, (index) =>
        trpcCall("POST", "/api/trpc/apiTokens.create", { sessionToken: token, json: { json: { name: `race ${index}`, expiresInDays: null } } }),
      );
      const problems = unexpectedStatuses(results, [200, 409]);
      const active = await db.apiToken.count({ where: { userId: user.id, revokedAt: null } });
      if (active !== MAX_ACTIVE_API_TOKENS) problems.push(`${active} active tokens`);
      return {
        expected: Math.min(2, CONCURRENCY),
        observed: ok(results).length,
        duplicates: await duplicates("apiTokensOverLimit"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("card review: simultaneous reviews of one due card record one review (one 200, the rest 409 'not due yet')", async () => {
    await runRace("card review (one card)", async (index) => {
      const { user, token } = await learner();
      const course = await createCourse(db, { userId: user.id });
      const card = await db.card.create({
        data: { userId: user.id, courseId: course.id, source: "transcript", front: "F", back: "B", due: new Date(Date.now() - 1000) },
      });
      const ratings = ["again", "hard", "good", "easy"] as const;
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall<{ card: { due: string } }>("POST", `/api/cards/${card.id}/review`, { sessionToken: token, json: { rating: ratings[(i + index) % 4] } }),
      );
      const problems = unexpectedStatuses(results, [200, 409]);
      for (const refused of results.filter((r) => r.status === 409)) {
        if ((refused.json as unknown as { message?: string }).message !== "This card is not due yet") problems.push(`409 said ${refused.text.slice(0, 120)}`);
      }
      const reviews = await db.cardReview.count({ where: { cardId: card.id } });
      const events = await db.activityEvent.count({ where: { userId: user.id, type: "card_reviewed" } });
      const stored = await db.card.findUniqueOrThrow({ where: { id: card.id } });
      if (reviews !== 1) problems.push(`${reviews} CardReview rows`);
      if (events !== 1) problems.push(`${events} card_reviewed events`);
      if (stored.reps !== 1) problems.push(`reps ${stored.reps}`);
      const [winner] = ok(results);
      if (winner && winner.json.card.due !== stored.due.toISOString())
        problems.push(`the answer's due ${winner.json.card.due} is not the stored ${stored.due.toISOString()}`);
      return {
        expected: 1,
        observed: ok(results).length,
        duplicates: await duplicates("activityEvent", "streak"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("cards from missed questions: simultaneous attempts (a double submit and retakes) make one card per question", async () => {
    await runRace("cards from quiz attempts", async () => {
      const { user, token } = await learner();
      const { sections } = await createQuizCourse(db, { userId: user.id });
      const quiz = await createQuiz(db, sections[0]!.id);
      // Every attempt misses the first two questions; half of them miss the third too.
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall("POST", `/api/quizzes/${quiz.id}/attempts`, {
          sessionToken: token,
          json: { answers: quiz.questions.map((q, n) => ({ questionId: q.id, answer: n < 2 || i % 2 === 0 ? q.options[1]! : q.correctAnswer })) },
        }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const cards = await db.card.groupBy({ by: ["questionId"], where: { userId: user.id }, _count: { _all: true } });
      if (cards.length !== 3 || cards.some((c) => c._count._all !== 1)) problems.push(`cards per question ${JSON.stringify(cards)}`);
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: await duplicates("cardPerQuestion", "activityEvent"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("mastery: simultaneous attempts on one quiz count its first answers exactly once (a retake is no evidence), none lost or doubled", async () => {
    await runRace("mastery evidence", async (index) => {
      const { user, token } = await learner();
      const { course, sections } = await createQuizCourse(db, { userId: user.id });
      const quiz = await createQuiz(db, sections[0]!.id);
      const concept = await createCourseConcept(db, {
        courseId: course.id,
        sectionId: sections[0]!.id,
        key: `race concept ${user.id} ${index}`,
        label: "Race concept",
      });
      await db.questionConcept.createMany({ data: quiz.questions.map((q) => ({ questionId: q.id, conceptId: concept.id })) });
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall("POST", `/api/quizzes/${quiz.id}/attempts`, {
          sessionToken: token,
          json: { answers: quiz.questions.map((q) => ({ questionId: q.id, answer: i % 2 === 0 ? q.correctAnswer : q.options[1]! })) },
        }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const stored = await db.conceptMastery.findUnique({ where: { userId_conceptId: { userId: user.id, conceptId: concept.id } } });
      const expectedEvidence = ok(results).length > 0 ? quiz.questions.length : 0;
      if (stored?.evidenceCount !== expectedEvidence) problems.push(`evidence ${stored?.evidenceCount} of ${expectedEvidence}`);
      if (!stored || !(stored.pKnown > 0 && stored.pKnown < 1)) problems.push(`pKnown ${stored?.pKnown}`);
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: await duplicates("cardPerQuestion"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("practice answers: simultaneous answers on one concept each count, and the missed question makes one card", async () => {
    await runRace("practice answers", async (index) => {
      const { user, token } = await learner();
      const { course, sections } = await createQuizCourse(db, { userId: user.id });
      const quiz = await createQuiz(db, sections[0]!.id);
      const concept = await createCourseConcept(db, {
        courseId: course.id,
        sectionId: sections[0]!.id,
        key: `practice race ${user.id} ${index}`,
        label: "Practice race",
      });
      await db.questionConcept.createMany({ data: quiz.questions.map((q) => ({ questionId: q.id, conceptId: concept.id })) });
      const [question] = quiz.questions;
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall("POST", "/api/practice/answers", {
          sessionToken: token,
          json: { questionId: question!.id, answer: i % 2 === 0 ? question!.correctAnswer : question!.options[1]! },
        }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const stored = await db.conceptMastery.findUnique({ where: { userId_conceptId: { userId: user.id, conceptId: concept.id } } });
      if (stored?.evidenceCount !== ok(results).length) problems.push(`evidence ${stored?.evidenceCount} of ${ok(results).length}`);
      const cards = await db.card.count({ where: { userId: user.id, questionId: question!.id } });
      if (cards !== 1) problems.push(`${cards} cards from the missed question`);
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: await duplicates("cardPerQuestion"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test(`card creation: a learner two short of the limit (${MAX_CARDS_PER_LEARNER}) creating at once gets exactly two`, async () => {
    await runRace("card creation at the limit", async () => {
      const { user, token } = await learner();
      const course = await createCourse(db, { userId: user.id });
      await db.$executeRawUnsafe(
        `INSERT INTO "Card" ("userId", "courseId", source, front, back, due)
         SELECT $1, $2, 'transcript', 'front ' || n, 'back', now() AT TIME ZONE 'UTC' FROM generate_series(1, $3) AS n`,
        user.id,
        course.id,
        MAX_CARDS_PER_LEARNER - 2,
      );
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall("POST", `/api/courses/${course.id}/cards`, { sessionToken: token, json: { source: "transcript", front: `Card ${i}`, back: "B" } }),
      );
      const problems = unexpectedStatuses(results, [200, 422]);
      const total = await db.card.count({ where: { userId: user.id } });
      if (total !== MAX_CARDS_PER_LEARNER) problems.push(`${total} cards`);
      const result = {
        expected: 2,
        observed: ok(results).length,
        duplicates: await duplicates("cardsOverLimit"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
      await db.card.deleteMany({ where: { userId: user.id } });
      return result;
    });
  });

  test("API token revocation: simultaneous revokes of one token revoke it once (one 200, the rest 404), and its next use is a 401", async () => {
    await runRace("API token revocation", async () => {
      const { user, token } = await learner();
      const { token: secret, row } = await createApiTokenRow(db, user.id);
      // Its uses at once beforehand all pass, and record one last use.
      const uses = await atOnce(CONCURRENCY, () => restCall("GET", "/api/user", { headers: bearer(secret) }));
      const problems = unexpectedStatuses(uses, [200]);
      if (!(await db.apiToken.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt) problems.push("lastUsedAt not recorded");
      const results = await atOnce(CONCURRENCY, () => trpcCall("POST", "/api/trpc/apiTokens.revoke", { sessionToken: token, json: { json: { id: row.id } } }));
      problems.push(...unexpectedStatuses(results, [200, 404]));
      const after = await restCall("GET", "/api/user", { headers: bearer(secret) });
      if (after.status !== 401) problems.push(`the revoked token answered ${after.status}`);
      return {
        expected: 1,
        observed: ok(results).length,
        duplicates: 0,
        serverErrors: count5xx(results) + count5xx(uses),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test(`note creation: a learner one short of ${MAX_NOTES_PER_COURSE} notes on a course, creating at once, stores exactly one (422 for the rest)`, async () => {
    await runRace("note creation at the limit", async () => {
      const { user, token } = await learner();
      const course = await courseWithTranscript(db, user.id);
      await db.note.createMany({
        data: Array.from({ length: MAX_NOTES_PER_COURSE - 1 }, (_, i) => ({
          userId: user.id,
          courseId: course.id,
          timeSeconds: i % 600,
          text: `existing ${i}`,
        })),
      });
      const results = await atOnce(CONCURRENCY, (index) =>
        restCall("POST", `/api/courses/${course.id}/notes`, { sessionToken: token, json: { timeSeconds: index, text: `race ${index}` } }),
      );
      const problems = unexpectedStatuses(results, [200, 422]);
      const stored = await db.note.count({ where: { userId: user.id, courseId: course.id } });
      if (stored !== MAX_NOTES_PER_COURSE) problems.push(`${stored} notes stored`);
      return {
        expected: 1,
        observed: ok(results).length,
        duplicates: await duplicates("notesOverLimit"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test(`class join: learners joining at once for the last of ${MAX_CLASS_MEMBERS} seats: exactly one gets it (409 "full" for the rest)`, async () => {
    await runRace("class join at the last seat", async () => {
      const owner = await createUser(db);
      const joining = await Promise.all(Array.from({ length: CONCURRENCY }, () => learner()));
      const created = await createClassRow(db, { ownerId: owner.id });
      await fillClass(db, created.id, MAX_CLASS_MEMBERS - 2);
      const results = await atOnce(CONCURRENCY, (index) =>
        restCall("POST", "/api/classes/join", { sessionToken: joining[index]!.token, json: { code: created.inviteCode } }),
      );
      const problems = unexpectedStatuses(results, [200, 409]);
      const members = await db.classMember.count({ where: { classId: created.id } });
      if (members !== MAX_CLASS_MEMBERS) problems.push(`${members} members`);
      return {
        expected: 1,
        observed: ok(results).length,
        duplicates: await duplicates("classMember", "classOverFull"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("class join: one learner joining at once (a double click) is one membership, and every answer is the class", async () => {
    await runRace("class join twice at once", async () => {
      const owner = await createUser(db);
      const { user, token } = await learner();
      const created = await createClassRow(db, { ownerId: owner.id });
      const results = await atOnce(CONCURRENCY, () =>
        restCall<{ joined: boolean; class: { id: number } }>("POST", "/api/classes/join", { sessionToken: token, json: { code: created.inviteCode } }),
      );
      const problems = unexpectedStatuses(results, [200]);
      if (ok(results).some((r) => r.json.class.id !== created.id)) problems.push("an answer names another class");
      const joined = ok(results).filter((r) => r.json.joined).length;
      if (joined !== 1) problems.push(`${joined} answers say they joined`);
      const rows = await db.classMember.count({ where: { classId: created.id, userId: user.id } });
      if (rows !== 1) problems.push(`${rows} memberships`);
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: await duplicates("classMember"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("class roles: role changes racing the member's removal: one removal, each change a 200 before it or a 404 after, no member left behind", async () => {
    await runRace("class role change racing a removal", async () => {
      const owner = await learner();
      const member = await createUser(db);
      const created = await createClassRow(db, { ownerId: owner.user.id, members: [{ userId: member.id }] });
      const path = `/api/classes/${created.id}/members/${member.id}`;
      const results = await atOnce(CONCURRENCY, (index) =>
        index % 2 === 0
          ? restCall("DELETE", path, { sessionToken: owner.token })
          : restCall("PATCH", path, { sessionToken: owner.token, json: { role: index % 4 === 1 ? "teacher" : "member" } }),
      );
      const problems = unexpectedStatuses(results, [200, 404]);
      const removals = results.filter((r, index) => index % 2 === 0 && r.status === 200).length;
      const rows = await db.classMember.findMany({ where: { classId: created.id }, select: { userId: true, role: true } });
      if (JSON.stringify(rows) !== JSON.stringify([{ userId: owner.user.id, role: "owner" }])) problems.push(`members left: ${JSON.stringify(rows)}`);
      return {
        expected: 1,
        observed: removals,
        duplicates: await duplicates("classMember"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("assignments racing the teacher's removal: one removal; each assignment a 200 before it (stored) or a 404 after (not stored)", async () => {
    await runRace("assignment racing a removal", async () => {
      const owner = await learner();
      const teacher = await learner();
      const created = await createClassRow(db, { ownerId: owner.user.id, members: [{ userId: teacher.user.id, role: "teacher" }] });
      const courses = await Promise.all(Array.from({ length: CONCURRENCY }, () => createCourse(db, { isPublic: true })));
      const results = await atOnce(CONCURRENCY, (index) =>
        index === 0
          ? restCall("DELETE", `/api/classes/${created.id}/members/${teacher.user.id}`, { sessionToken: owner.token })
          : restCall("POST", `/api/classes/${created.id}/assignments`, { sessionToken: teacher.token, json: { courseId: courses[index]!.id } }),
      );
      const assigns = results.slice(1);
      const problems = [...unexpectedStatuses(results.slice(0, 1), [200]), ...unexpectedStatuses(assigns, [200, 404])];
      const stored = await db.assignment.count({ where: { classId: created.id } });
      if (stored !== ok(assigns).length) problems.push(`${stored} assignments stored for ${ok(assigns).length} answered 200`);
      if (await db.classMember.count({ where: { classId: created.id, userId: teacher.user.id } })) problems.push("the teacher is still a member");
      return {
        expected: 1,
        observed: ok(results.slice(0, 1)).length,
        duplicates: 0,
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("assignment: one course assigned at once by the owner and a teacher is one assignment (one 200, the rest 409)", async () => {
    await runRace("one course assigned at once", async () => {
      const owner = await learner();
      const teacher = await learner();
      const created = await createClassRow(db, { ownerId: owner.user.id, members: [{ userId: teacher.user.id, role: "teacher" }] });
      const course = await createCourse(db, { isPublic: true });
      const results = await atOnce(CONCURRENCY, (index) =>
        restCall("POST", `/api/classes/${created.id}/assignments`, { sessionToken: (index % 2 ? teacher : owner).token, json: { courseId: course.id } }),
      );
      return {
        expected: 1,
        observed: ok(results).length,
        duplicates: (await db.assignment.count({ where: { classId: created.id } })) - 1,
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems: unexpectedStatuses(results, [200, 409]),
      };
    });
  });

  test("notes: simultaneous edits and deletes of one note: the deletes remove it once, each edit is a 200 before the delete or a 404 after, never a 5xx or a resurrected note", async () => {
    await runRace("note edit and delete", async () => {
      const { user, token } = await learner();
      const course = await courseWithTranscript(db, user.id);
      const note = await db.note.create({ data: { userId: user.id, courseId: course.id, timeSeconds: 5, text: "before" } });
      const results = await atOnce(CONCURRENCY, (index) =>
        index % 2 === 0
          ? restCall("DELETE", `/api/notes/${note.id}`, { sessionToken: token })
          : restCall("PATCH", `/api/notes/${note.id}`, { sessionToken: token, json: { text: `edit ${index}`, timeSeconds: index } }),
      );
      const deletes = results.filter((_, index) => index % 2 === 0);
      const edits = results.filter((_, index) => index % 2 === 1);
      const problems = [...unexpectedStatuses(deletes, [200, 404]), ...unexpectedStatuses(edits, [200, 404])];
      const left = await db.note.count({ where: { id: note.id } });
      if (left !== 0) problems.push(`the note is still there (${left})`);
      return {
        expected: 1,
        observed: ok(deletes).length,
        duplicates: 0,
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("read-your-writes: after a rename, a make-private or a make-public has answered, 20 reads at once on 2 instances × 2 processes are never stale (30 rounds)", async () => {
    // Each process keeps course trees of its own: one client with a pool of its own per process.
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 }));
    const processes = pools.map((pool) => createDbClient(pool));
    try {
      const { user: owner } = await learner();
      const { user: viewer } = await learner();
      const course = await createCourse(db, { userId: owner.id, chapters: 2, sectionsPerChapter: 3, isPublic: true });
      const owners = await Promise.all(processes.map((client) => createTestCaller({ user: owner, db: client })));
      const viewers = await Promise.all(processes.map((client) => createTestCaller({ user: viewer, db: client })));
      const ROUNDS = 30;
      const READS = 20;
      let [stale, reads, title, isPublic] = [0, 0, course.title, true];
      const readAll = () =>
        Promise.all(
          Array.from({ length: READS }, (_, k) => {
            const byOwner = k % 2 === 0;
            const { caller } = (byOwner ? owners : viewers)[(k >> 1) % processes.length]!;
            return caller.course.byId({ id: course.id }).then(
              (detail) => ({ byOwner, title: detail.course.title }),
              () => ({ byOwner, title: null }),
            );
          }),
        );
      for (let round = 0; round < ROUNDS; round += 1) {
        await readAll(); // every process holds the course as it is now
        const { caller: writer } = owners[round % processes.length]!;
        const step = round % 3;
        if (step === 0) {
          title = `Read your writes ${round}`;
          const { version } = (await writer.course.byId({ id: course.id })).course;
          await writer.editing.course({ id: course.id, title, version });
        } else {
          isPublic = step === 2;
          await writer.course.setSharing({ id: course.id, isPublic });
        }
        for (const read of await readAll()) {
          reads += 1;
          const expected = read.byOwner || isPublic ? title : null;
          if (read.title !== expected) stale += 1;
        }
      }
      console.info(`[races] read-your-writes: ${ROUNDS} rounds × ${READS} reads at once on 4 processes: ${stale} stale of ${reads}`);
      expect(reads).toBe(ROUNDS * READS);
      expect(stale).toBe(0);
    } finally {
      await Promise.all(processes.map((client) => client.$disconnect()));
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  test("course edits: K concurrent edits on one version give exactly one 200, the rest 409, and one new version", async () => {
    await runRace("course edits on one version", async () => {
      const { user, token } = await learner();
      // 4 sections of 60 s and a quiz of one question per request on the first: each kind of edit names its own target.
      const { course, sections } = await createQuizCourse(db, { userId: user.id, sectionsPerChapter: 4 });
      const quiz = await createQuiz(
        db,
        sections[0]!.id,
        Array.from({ length: CONCURRENCY }, (_, k) => ({ options: [`A${k}`, `B${k}`], correctAnswer: `A${k}`, sourceTime: k })),
      );
      const KINDS = ["course", "chapter", "section", "question"] as const;
      const kindOf = (index: number) => KINDS[index % KINDS.length]!;
      const label = (index: number) => `Edit ${index}`;
      const edit = (index: number) => {
        switch (kindOf(index)) {
          case "course":
            return restCall("PATCH", `/api/courses/${course.id}`, { sessionToken: token, json: { title: label(index), version: 1 } });
          case "chapter":
            return restCall("PATCH", `/api/chapters/${course.chapters[0]!.id}`, { sessionToken: token, json: { title: label(index), version: 1 } });
          case "section": {
            // A later section (60–120, 120–180, 180–240): its start moves 5 s on, and the end of the one before with it.
            const k = 1 + (index % (sections.length - 1));
            return restCall("PATCH", `/api/sections/${sections[k]!.id}`, {
              sessionToken: token,
              json: { content: label(index), timeStart: k * 60 + 5, version: 1 },
            });
          }
          case "question":
            return restCall("DELETE", `/api/questions/${quiz.questions[index]!.id}?version=1`, { sessionToken: token });
        }
      };
      const results = await atOnce(CONCURRENCY, edit);
      const problems = unexpectedStatuses(results, [200, 409]);
      const winners = results.flatMap((result, index) => (result.status === 200 ? [index] : []));
      const stale = results.filter((result) => result.status === 409) as ApiResult<{ message: string; data?: { currentVersion?: number } }>[];
      if (stale.some((result) => result.json.message !== EDIT_MESSAGES.stale || result.json.data?.currentVersion !== 2)) {
        problems.push(`a 409 without the version now: ${stale.map((result) => result.text.slice(0, 160)).join(" | ")}`);
      }
      if (ok(results).some((result) => JSON.stringify(result.json) !== JSON.stringify({ courseId: course.id, version: 2 }))) {
        problems.push(
          `a 200 answered ${ok(results)
            .map((result) => result.text)
            .join(" | ")}`,
        );
      }
      // What the course holds now: the winner's edit, and no other.
      const after = await db.course.findUniqueOrThrow({
        where: { id: course.id },
        select: {
          title: true,
          version: true,
          chapters: { select: { title: true, sections: { orderBy: { order: "asc" }, select: { content: true, timeStart: true } } } },
          versions: { orderBy: { version: "asc" }, select: { version: true, change: true } },
        },
      });
      const deleted = await db.quizQuestion.findMany({ where: { retiredQuizId: quiz.id }, select: { id: true } });
      const applied = [
        ...(after.title.startsWith("Edit ") ? [`course: ${after.title}`] : []),
        ...(after.chapters[0]!.title.startsWith("Edit ") ? [`chapter: ${after.chapters[0]!.title}`] : []),
        ...after.chapters[0]!.sections.filter((section) => section.content.startsWith("Edit ")).map((section) => `section: ${section.content}`),
        ...deleted.map((question) => `question: ${question.id} deleted`),
      ];
      const winner = winners[0];
      if (winner !== undefined) {
        const kind = kindOf(winner);
        const due = `${kind}: ${kind === "question" ? `${quiz.questions[winner]!.id} deleted` : label(winner)}`;
        if (JSON.stringify(applied) !== JSON.stringify([due])) problems.push(`request ${winner} won (${due}), the course holds ${JSON.stringify(applied)}`);
      }
      if (after.version !== 2) problems.push(`the course is at version ${after.version}`);
      const kinds = after.versions.map((row) => `${row.version}:${(row.change as { kind: string }).kind}`);
      const winnerKind = winner === undefined ? "none" : kindOf(winner);
      if (JSON.stringify(kinds) !== JSON.stringify(["1:generated", `2:${winnerKind}`]))
        problems.push(`versions ${JSON.stringify(kinds)} (winner: ${winnerKind})`);
      problems.push(...outlineProblems(await outlineOf(course.id), 0, 240));
      return {
        expected: 1,
        observed: winners.length,
        duplicates: await duplicates("courseVersion", "sectionPlace", "quizQuestion"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("course edits: a split, a merge-next and a restore sent at once on one version: exactly one succeeds and the outline stays whole", async () => {
    await runRace("split, merge-next and restore on one version", async () => {
      const { user, token } = await learner();
      // Two chapters of three 60 s sections (0–180, 180–360); a first edit splits the second section at 90 (version 2).
      const { course, sections } = await createQuizCourse(db, { userId: user.id, chapters: 2, sectionsPerChapter: 3 });
      const [s0, s1, s2, s3, s4, s5] = sections.map((section) => section.id) as [number, number, number, number, number, number];
      const first = await restCall<{ newSectionId: number; version: number }>("POST", `/api/sections/${s1}/split`, {
        sessionToken: token,
        json: { atSeconds: 90, version: 1 },
      });
      const problems = unexpectedStatuses([first], [200]);
      const n = first.json.newSectionId;
      const KINDS = ["split", "merge", "restore"] as const;
      const kindOf = (index: number) => KINDS[index % KINDS.length]!;
      const results = await atOnce(Math.max(CONCURRENCY, KINDS.length), (index) => {
        switch (kindOf(index)) {
          case "split":
            return restCall("POST", `/api/sections/${s4}/split`, { sessionToken: token, json: { atSeconds: 270, version: 2 } });
          case "merge":
            return restCall("POST", `/api/sections/${s0}/merge-next`, { sessionToken: token, json: { version: 2 } });
          case "restore":
            return restCall("POST", `/api/courses/${course.id}/versions/1/restore`, { sessionToken: token, json: { baseVersion: 2 } });
        }
      });
      const winners = results.flatMap((result, index) => (result.status === 200 ? [index] : []));
      const winnerKind = winners.length === 1 ? kindOf(winners[0]!) : undefined;
      // A loser is a 409; a merge that comes after the winning merge may find its section gone from the outline (404) before it reads the version.
      for (const [index, result] of results.entries()) {
        if (result.status === 200 || result.status === 409) continue;
        const lateMerge = result.status === 404 && kindOf(index) === "merge" && winnerKind === "merge" && result.json.message === EDIT_MESSAGES.sectionNotFound;
        if (!lateMerge) problems.push(`request ${index} (${kindOf(index)}): ${result.status} ${result.text.slice(0, 160)}`);
      }
      // Each possible winner leaves its own outline: [order, start, end] per section, by chapter.
      const spans = (...times: [number, number][][]) => times.map((chapter) => chapter.map(([start, end], k) => [k + 1, start, end]));
      const expected = {
        split: spans(
          [
            [0, 60],
            [60, 90],
            [90, 120],
            [120, 180],
          ],
          [
            [180, 240],
            [240, 270],
            [270, 300],
            [300, 360],
          ],
        ),
        merge: spans(
          [
            [0, 90],
            [90, 120],
            [120, 180],
          ],
          [
            [180, 240],
            [240, 300],
            [300, 360],
          ],
        ),
        restore: spans(
          [
            [0, 60],
            [60, 120],
            [120, 180],
          ],
          [
            [180, 240],
            [240, 300],
            [300, 360],
          ],
        ),
      };
      const outline = await outlineOf(course.id);
      problems.push(...outlineProblems(outline, 0, 360));
      const seen = outline.map((chapter) => chapter.sections.map((section) => [section.order, section.timeStart, section.timeEnd]));
      if (winnerKind && JSON.stringify(seen) !== JSON.stringify(expected[winnerKind]))
        problems.push(`${winnerKind} won, the outline is ${JSON.stringify(seen)}`);
      const ids = outline.flatMap((chapter) => chapter.sections.map((section) => section.id));
      if (winnerKind === "restore" && JSON.stringify(ids) !== JSON.stringify([s0, s1, s2, s3, s4, s5]))
        problems.push(`restored sections ${JSON.stringify(ids)}`);
      if (winnerKind !== "restore" && !ids.includes(n)) problems.push(`the split's second half ${n} left the outline`);
      // One new version, which keeps the outline the course has now.
      const after = await db.course.findUniqueOrThrow({ where: { id: course.id }, select: { version: true } });
      const stored = await db.courseVersion.findMany({
        where: { courseId: course.id },
        orderBy: { version: "asc" },
        select: { version: true, change: true, outline: true },
      });
      const kinds = stored.map((row) => (row.change as { kind: string }).kind);
      if (after.version !== 3 || JSON.stringify(kinds) !== JSON.stringify(["generated", "split", winnerKind ?? "none"])) {
        problems.push(`version ${after.version}, versions ${JSON.stringify(kinds)}`);
      }
      const kept = (stored.at(-1)?.outline as { chapters?: { sections: { id: number }[] }[] } | undefined)?.chapters?.flatMap((chapter) =>
        chapter.sections.map((s) => s.id),
      );
      if (JSON.stringify(kept) !== JSON.stringify(ids))
        problems.push(`version 3 keeps sections ${JSON.stringify(kept)}, the outline has ${JSON.stringify(ids)}`);
      return {
        expected: 1,
        observed: winners.length,
        duplicates: await duplicates("courseVersion", "sectionPlace", "quizQuestion"),
        serverErrors: count5xx(results) + count5xx([first]),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  describe("Stripe webhook delivery", () => {
    const SECRET = "whsec_race_secret";
    let stripe: FakeStripe;
    let billing: Billing;
    beforeAll(async () => {
      stripe = await startFakeStripe({ webhookSecret: SECRET });
      billing = createBilling({ secretKey: "sk_test_fake", priceId: "price_premium_monthly", webhookSecret: SECRET, apiBase: stripe.url });
    });
    afterAll(() => stripe.close());

    /** POST /api/webhooks/stripe through its handler, with a body and signature as Stripe sends them. */
    async function deliver(signed: { body: string; signature: string }) {
      const response = await stripeWebhookHandler({ db, billing })(
        apiRequest("POST", "/api/webhooks/stripe", {
          body: signed.body,
          headers: { "content-type": "application/json", "stripe-signature": signed.signature },
        }),
      );
      const text = await response.text();
      let outcome: string | undefined;
      try {
        outcome = (JSON.parse(text) as { outcome?: string }).outcome;
      } catch {
        outcome = undefined;
      }
      return { status: response.status, outcome, text };
    }

    const outcomeTally = (results: { status: number; outcome?: string }[]) => {
      const counts: Record<string, number> = {};
      for (const r of results) {
        const key = `${r.status}${r.outcome ? ` ${r.outcome}` : ""}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    };

    test("the same signed event delivered at once is applied once", async () => {
      await runRace("stripe webhook (same event)", async () => {
        const { user, session } = await paidLearner(stripe, billing);
        const signed = stripe.signedEvent("checkout.session.completed", session);
        const results = await atOnce(CONCURRENCY, () => deliver(signed));
        const problems = results.filter((r) => r.status !== 200).map((r) => `answer ${r.status} ${r.text.slice(0, 120)}`);
        const applied = results.filter((r) => r.outcome === "applied").length;
        if (results.filter((r) => r.outcome === "duplicate").length !== CONCURRENCY - applied)
          problems.push(`outcomes ${JSON.stringify(outcomeTally(results))}`);
        const recorded = await db.stripeEvent.count({ where: { id: signed.event.id } });
        if (recorded !== 1) problems.push(`${recorded} StripeEvent rows`);
        if ((await getEntitlements(db, user.id)).tier !== "premium") problems.push("the learner is not premium");
        return {
          expected: 1,
          observed: applied,
          duplicates: await duplicates("stripeEvent", "subscription"),
          serverErrors: results.filter((r) => r.status >= 500).length,
          statuses: outcomeTally(results),
          problems,
        };
      });
    });

    test("a payment's three events, each delivered several times, all at once: each applied once, one subscription", async () => {
      await runRace("stripe webhook (3 events of one payment, mixed copies)", async () => {
        const { user, session, subscription } = await paidLearner(stripe, billing);
        const invoice = [...stripe.invoices.values()].find((i) => i.parent.subscription_details.subscription === subscription.id)!;
        const events = [
          stripe.signedEvent("checkout.session.completed", session),
          stripe.signedEvent("customer.subscription.created", subscription),
          stripe.signedEvent("invoice.paid", invoice),
        ];
        const results = await atOnce(Math.max(CONCURRENCY, events.length), (i) => deliver(events[i % events.length]!));
        const problems = results.filter((r) => r.status !== 200).map((r) => `answer ${r.status} ${r.text.slice(0, 120)}`);
        const recorded = await db.stripeEvent.count({ where: { id: { in: events.map((e) => e.event.id) } } });
        if (recorded !== events.length) problems.push(`${recorded} StripeEvent rows`);
        const rows = await db.subscription.count({ where: { userId: user.id } });
        if (rows !== 1) problems.push(`${rows} subscription rows`);
        if ((await getEntitlements(db, user.id)).tier !== "premium") problems.push("the learner is not premium");
        return {
          expected: events.length,
          observed: results.filter((r) => r.outcome === "applied").length,
          duplicates: await duplicates("stripeEvent", "subscription"),
          serverErrors: results.filter((r) => r.status >= 500).length,
          statuses: outcomeTally(results),
          problems,
        };
      });
    });
  });

  // ── issue 45, offline reviews (begin) ──
  test("offline review sync: the same batch sent at once from several tabs applies each review once", async () => {
    await runRace("review sync (one batch of 6 reviews × concurrency)", async () => {
      const { user, token } = await learner();
      const course = await createCourse(db, { userId: user.id });
      const cards = await Promise.all(
        [1, 2, 3].map((i) =>
          db.card.create({ data: { userId: user.id, courseId: course.id, source: "transcript", front: `F${i}`, back: "B", due: new Date() } }),
        ),
      );
      const batch = cards.flatMap((card, i) =>
        ["again", "good"].map((rating, j) => ({
          clientId: randomUUID(),
          cardId: card.id,
          rating,
          reviewedAt: new Date(Date.now() - (10 - i - j) * 60_000).toISOString(),
        })),
      );
      const results = await atOnce(CONCURRENCY, () =>
        restCall<{ applied: string[] }>("POST", "/api/reviews/sync", { sessionToken: token, json: { reviews: batch } }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const applied = ok(results).flatMap((r) => r.json.applied);
      if (new Set(applied).size !== applied.length) problems.push(`a review applied by two requests: ${applied.length} applied`);
      const rows = await db.cardReview.findMany({ where: { userId: user.id }, select: { clientId: true } });
      for (const card of await db.card.findMany({ where: { userId: user.id } })) if (card.reps !== 2) problems.push(`card ${card.id} has ${card.reps} reps`);
      return {
        expected: batch.length,
        observed: rows.length,
        duplicates: rows.length - new Set(rows.map((r) => r.clientId)).size,
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("offline review sync: several devices' batches of one learner at once all count, and the streak, challenge and badges once", async () => {
    await runRace("review sync (one learner, a batch of 3 reviews per device × concurrency)", async () => {
      const { user, token } = await learner();
      const course = await createCourse(db, { userId: user.id });
      const createdAt = new Date(Date.now() - 2 * 86_400_000);
      const cards = await Promise.all(
        [1, 2, 3].map((i) =>
          db.card.create({ data: { userId: user.id, courseId: course.id, source: "transcript", front: `F${i}`, back: "B", due: createdAt, createdAt } }),
        ),
      );
      const target = 2 * CONCURRENCY;
      const challenge = await db.challenge.create({
        data: {
          day: new Date(createdAt.toISOString().slice(0, 10)),
          key: `race-${randomUUID()}`.slice(0, 64),
          title: "Race",
          description: "Race",
          eventType: "card_reviewed",
          target,
          expiryDate: new Date(Date.now() + 86_400_000),
        },
      });
      await db.userChallenge.create({ data: { userId: user.id, challengeId: challenge.id, joinedAt: createdAt } });
      // Each device reviewed the three cards at its own minutes: every review counts, in time order.
      const batches = Array.from({ length: CONCURRENCY }, (_, device) =>
        cards.map((card, i) => ({
          clientId: randomUUID(),
          cardId: card.id,
          rating: "good",
          reviewedAt: new Date(Date.now() - (1 + device + i * CONCURRENCY) * 60_000).toISOString(),
        })),
      );
      const results = await atOnce(CONCURRENCY, (device) =>
        restCall<{ applied: string[] }>("POST", "/api/reviews/sync", { sessionToken: token, json: { reviews: batches[device] } }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const reviews = CONCURRENCY * cards.length;
      for (const card of await db.card.findMany({ where: { userId: user.id } }))
        if (card.reps !== CONCURRENCY) problems.push(`card ${card.id} has ${card.reps} reps`);
      const events = await db.activityEvent.findMany({ where: { userId: user.id, type: "card_reviewed" }, select: { localDate: true } });
      if (events.length !== reviews) problems.push(`${events.length} learning events for ${reviews} reviews`);
      const joined = await db.userChallenge.findUniqueOrThrow({ where: { userId_challengeId: { userId: user.id, challengeId: challenge.id } } });
      if (joined.progress !== target || !joined.completed) problems.push(`challenge at ${joined.progress}/${target}, completed ${joined.completed}`);
      // The stored streak (what the follow-ups wrote) from every event, whichever follow-up ran last.
      const days = events.map((e) => e.localDate.toISOString().slice(0, 10));
      const want = computeStreak(days, days.sort().at(-1)!);
      const streak = await db.streak.findUnique({ where: { userId: user.id } });
      const stored = streak && {
        currentStreak: streak.currentStreak,
        longestStreak: streak.longestStreak,
        lastActivityDate: streak.lastActivityDate?.toISOString().slice(0, 10),
      };
      if (JSON.stringify(stored) !== JSON.stringify(want)) problems.push(`streak ${JSON.stringify(stored)}, not ${JSON.stringify(want)}`);
      const badges = await db.userBadge.findMany({ where: { userId: user.id }, select: { badge: { select: { key: true } } } });
      if (!badges.some((b) => b.badge.key === "challenge-1")) problems.push("no challenge-1 badge");
      return {
        expected: reviews,
        observed: await db.cardReview.count({ where: { userId: user.id } }),
        duplicates: await duplicates("activityEvent", "userBadge", "streak", "userChallenge"),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });
  // ── issue 45, offline reviews (end) ──
});

describe(`LTI launches: ${CONCURRENCY} at once`, () => {
  const launched = async (response: Response) => (await decodeSessionToken(sessionTokenFromSetCookie(response.headers) ?? ""))?.userId;

  test("first launches of one new platform user, each with its own login → one account; of one context by instructors → one class", async () => {
    const lms = await startFakeLms({ clientId: `races-${uniqueSuffix()}` });
    try {
      await registerPlatform(db, lms.registration);
      const launchAll = async (claims: (index: number) => Record<string, unknown>) => {
        const logins = await atOnce(CONCURRENCY, () => ltiLogin(lms));
        const tokens = await Promise.all(logins.map(({ nonce }, index) => lms.idToken(nonce, claims(index))));
        return atOnce(CONCURRENCY, (index) => ltiLaunch(lms, { state: logins[index]!.state, id_token: tokens[index]! }));
      };
      const sub = `race-${uniqueSuffix()}`;
      const users = await launchAll(() => ({ sub }));
      expect(users.map((response) => response.status)).toEqual(Array(CONCURRENCY).fill(303));
      expect(new Set(await Promise.all(users.map(launched))).size).toBe(1);
      expect(await db.ltiIdentity.count({ where: { issuer: lms.issuer, subject: sub } })).toBe(1);

      const context = { id: `ctx-${uniqueSuffix()}` };
      const teachers = await launchAll((index) => ({ sub: `t${index}-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR] }));
      expect(teachers.map((response) => response.status)).toEqual(Array(CONCURRENCY).fill(303));
      const classes = await db.class.findMany({ where: { ltiContexts: { some: { contextId: context.id } } }, select: { members: { select: { role: true } } } });
      expect(classes).toHaveLength(1);
      expect(classes[0]!.members.map((member) => member.role).sort()).toEqual(["owner", ...Array<string>(CONCURRENCY - 1).fill("teacher")]);
    } finally {
      await lms.close();
    }
  });

  test("one state brought back at once → one launch, the others 401", async () => {
    const lms = await startFakeLms({ clientId: `races-state-${uniqueSuffix()}` });
    try {
      await registerPlatform(db, lms.registration);
      const { state, nonce } = await ltiLogin(lms);
      const token = await lms.idToken(nonce, { sub: `once-${uniqueSuffix()}` });
      const statuses = (await atOnce(CONCURRENCY, () => ltiLaunch(lms, { state, id_token: token }))).map((response) => response.status);
      expect(statuses.filter((status) => status === 303)).toHaveLength(1);
      expect(statuses.filter((status) => status === 401)).toHaveLength(CONCURRENCY - 1);
    } finally {
      await lms.close();
    }
  });

  test("one deep linking launch answered at once (a double click, two tabs) → one answer, the others 409, one assignment; and with a learner's launch of the link → still one", async () => {
    const lms = await startFakeLms({ clientId: `races-pick-${uniqueSuffix()}` });
    try {
      await registerPlatform(db, lms.registration);
      const context = { id: `ctx-${uniqueSuffix()}` };
      const { state, nonce } = await ltiLogin(lms);
      const response = await ltiLaunch(lms, {
        state,
        id_token: await lms.idToken(nonce, {
          sub: `picker-${uniqueSuffix()}`,
          [LTI_CLAIM.messageType]: "LtiDeepLinkingRequest",
          [LTI_CLAIM.roles]: [INSTRUCTOR],
          [LTI_CLAIM.context]: context,
          [LTI_CLAIM.deepLinkingSettings]: { deep_link_return_url: `${lms.issuer}/return` },
        }),
      });
      const sessionToken = sessionTokenFromSetCookie(response.headers)!;
      const launchId = response.headers.get("location")!.split("/").at(-1)!;
      const course = await createCourse(db, { userId: (await launched(response))!, status: "ready" });
      const pick = () =>
        routeCall("POST", "/api/lti/deep-link", {
          json: { launchId, courseId: course.id },
          sessionToken,
          headers: { host: new URL(ORIGIN).host, origin: ORIGIN },
        });
      // A learner's launch of a link to the course races the answers: the same lock, one assignment.
      const learnerLogin = await ltiLogin(lms);
      const learnerToken = await lms.idToken(learnerLogin.nonce, {
        sub: `learner-${uniqueSuffix()}`,
        [LTI_CLAIM.context]: context,
        [LTI_CLAIM.custom]: { coursecraft_course_id: String(course.id) },
      });
      const [learner, ...answers] = await Promise.all([
        ltiLaunch(lms, { state: learnerLogin.state, id_token: learnerToken }),
        ...Array.from({ length: CONCURRENCY }, () => pick()),
      ]);
      expect(learner.status).toBe(303);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(CONCURRENCY - 1);
      expect(await db.assignment.count({ where: { courseId: course.id } })).toBe(1);
    } finally {
      await lms.close();
    }
  });
});

describe(`LTI grades and rosters: ${CONCURRENCY} at once`, () => {
  const launchAs = async (lms: Awaited<ReturnType<typeof startFakeLms>>, claims: Record<string, unknown>) => {
    const { state, nonce } = await ltiLogin(lms);
    const response = await ltiLaunch(lms, { state, id_token: await lms.idToken(nonce, claims) });
    const sessionToken = sessionTokenFromSetCookie(response.headers)!;
    return { userId: (await decodeSessionToken(sessionToken))!.userId, sessionToken, location: response.headers.get("location") ?? "" };
  };

  test("roster syncs of one class at once → each learner one account and one membership, added once in all", async () => {
    const toolJwks = async () => (await routeCall<JSONWebKeySet>("GET", "/api/lti/jwks")).json;
    const lms = await startFakeLms({ clientId: `races-roster-${uniqueSuffix()}`, pageSize: 3, toolJwks });
    try {
      await registerPlatform(db, lms.registration);
      const contextId = `ctx-${uniqueSuffix()}`;
      const teacher = await launchAs(lms, {
        sub: `t-${uniqueSuffix()}`,
        [LTI_CLAIM.context]: { id: contextId },
        [LTI_CLAIM.roles]: [INSTRUCTOR],
        ...lms.rosterClaim(contextId),
      });
      const classId = Number(teacher.location.split("/").at(-1));
      const subs = Array.from({ length: 7 }, (_, i) => `roster-${i}-${uniqueSuffix()}`);
      lms.setRoster(
        contextId,
        subs.map((sub) => ({ user_id: sub, roles: [LEARNER] })),
      );
      const results = await atOnce(CONCURRENCY, () =>
        restCall<{ added: number; learners: number }>("POST", `/api/classes/${classId}/roster-sync`, { sessionToken: teacher.sessionToken }),
      );
      expect(results.map((result) => result.status)).toEqual(Array(CONCURRENCY).fill(200));
      expect(results.reduce((sum, result) => sum + result.json.added, 0)).toBe(subs.length);
      expect(await db.ltiIdentity.count({ where: { issuer: lms.issuer, subject: { in: subs } } })).toBe(subs.length);
      expect(await db.classMember.count({ where: { classId, role: "member" } })).toBe(subs.length);
    } finally {
      await lms.close();
    }
  });

  test("quiz attempts of one LMS learner at once → one score row for the line item, holding the newest attempt's score", async () => {
    const lms = await startFakeLms({ clientId: `races-scores-${uniqueSuffix()}` });
    try {
      await registerPlatform(db, lms.registration);
      const context = { id: `ctx-${uniqueSuffix()}` };
      const teacher = await launchAs(lms, { sub: `t-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR] });
      const { course, sections } = await createQuizCourse(db, { userId: teacher.userId, status: "ready" });
      const quiz = await createQuiz(db, sections[0]!.id);
      const learner = await launchAs(lms, {
        sub: `l-${uniqueSuffix()}`,
        [LTI_CLAIM.context]: context,
        [LTI_CLAIM.custom]: { [COURSE_ID_PARAMETER]: String(course.id) },
        ...lms.gradeClaim(`race-${uniqueSuffix()}`),
      });
      const answers = quiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer }));
      const results = await atOnce(CONCURRENCY, () =>
        restCall("POST", `/api/quizzes/${quiz.id}/attempts`, { sessionToken: learner.sessionToken, json: { answers } }),
      );
      expect(results.map((result) => result.status)).toEqual(Array(CONCURRENCY).fill(200));
      const rows = await db.ltiScore.findMany({ where: { userId: learner.userId } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ scoreGiven: 100, status: "queued" });
      const newest = await db.quizAttempt.findFirstOrThrow({ where: { userId: learner.userId }, orderBy: { createdAt: "desc" } });
      expect(rows[0]!.scoredAt.getTime()).toBe(newest.createdAt.getTime());
      expect(rows[0]!.version).toBeLessThanOrEqual(CONCURRENCY);
    } finally {
      await lms.close();
    }
  });
});

// ── issue 45, mail: the address and forgotten passwords ───────────────────────────────────────
describe("the address and forgotten passwords", () => {
  test("one reset link confirmed by CONCURRENCY requests at once: exactly one sets the password, the others a 400", async () => {
    await runRace("password reset link used at once", async () => {
      const email = `race_reset_${uniqueSuffix()}@example.com`;
      const user = await createUser(db, { email, emailVerifiedAt: new Date() });
      const token = await createLinkToken(db, { userId: user.id, purpose: "reset", email, ttlMs: 60_000 });
      const results = await atOnce(CONCURRENCY, (i) =>
        restCall("POST", "/api/auth/password-reset/confirm", { json: { token, password: `new password ${i}` } }),
      );
      const problems = unexpectedStatuses(results, [200, 400]);
      const winner = results.findIndex((r) => r.status === 200);
      const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
      if (row.sessionVersion !== user.sessionVersion + 1) problems.push(`session version moved ${row.sessionVersion - user.sessionVersion} times`);
      if (winner >= 0 && !(await verifyPassword(row.passwordHash, `new password ${winner}`))) problems.push("the stored password is not the winner's");
      return { expected: 1, observed: ok(results).length, duplicates: 0, serverErrors: count5xx(results), statuses: statusTally(results), problems };
    });
  });

  test("CONCURRENCY accounts verifying one address at once: exactly one owns it, the others a 409", async () => {
    await runRace("one address verified by several accounts at once", async () => {
      const email = `race_verify_${uniqueSuffix()}@example.com`;
      const users = await Promise.all(Array.from({ length: CONCURRENCY }, () => createUser(db, { email })));
      const tokens = await Promise.all(users.map((user) => createLinkToken(db, { userId: user.id, purpose: "verify", email, ttlMs: 60_000 })));
      const results = await atOnce(CONCURRENCY, (i) => restCall("POST", "/api/user/email/verify", { json: { token: tokens[i] } }));
      const problems = unexpectedStatuses(results, [200, 409]);
      const verified = await db.user.count({ where: { email, emailVerifiedAt: { not: null } } });
      if (verified !== 1) problems.push(`${verified} accounts hold the verified address`);
      // The losers' links stay unused (nothing changed): each may try again once the address is free.
      const spent = await db.emailToken.count({ where: { email, usedAt: { not: null } } });
      if (spent !== 1) problems.push(`${spent} links spent`);
      return { expected: 1, observed: ok(results).length, duplicates: 0, serverErrors: count5xx(results), statuses: statusTally(results), problems };
    });
  });

  test("one verify link opened CONCURRENCY times at once: one 200, the rest a 400", async () => {
    await runRace("verify link used at once", async () => {
      const user = await createUser(db);
      const token = await createLinkToken(db, { userId: user.id, purpose: "verify", email: user.email!, ttlMs: 60_000 });
      const results = await atOnce(CONCURRENCY, () => restCall("POST", "/api/user/email/verify", { json: { token } }));
      return {
        expected: 1,
        observed: ok(results).length,
        duplicates: 0,
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems: unexpectedStatuses(results, [200, 400]),
      };
    });
  });
});
// ── end issue 45, mail ────────────────────────────────────────────────────────────────────────

// ── reminders and web push (issue 45, i45-reminders) ──
describe("reminders and web push", () => {
  const settingsOf = (hour: number) => ({ email: hour % 2 === 0, push: true, hour, timeZone: hour % 2 ? "Europe/Paris" : "Asia/Tokyo", kinds: ["due-cards"] });
  const pushBody = (endpoint: string) => ({ endpoint, keys: { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" } });

  test("PUT /api/user/reminders at once with different settings: every answer 200, one row, and the stored settings are one of those sent, whole", async () => {
    await runRace("reminder settings", async () => {
      const { user, token } = await learner();
      const results = await atOnce(CONCURRENCY, (i) => restCall("PUT", "/api/user/reminders", { sessionToken: token, json: settingsOf(i) }));
      const problems = unexpectedStatuses(results, [200]);
      const stored = await restCall<ReturnType<typeof settingsOf>>("GET", "/api/user/reminders", { sessionToken: token });
      const sent = Array.from({ length: CONCURRENCY }, (_, i) => JSON.stringify(settingsOf(i)));
      if (!sent.includes(JSON.stringify(stored.json))) problems.push(`stored settings are a mix: ${stored.text}`);
      const rows = await db.reminderSettings.count({ where: { userId: user.id } });
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: rows - 1,
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("POST /api/push/subscriptions of one browser at once (a double click), and DELETE racing them: one row or none, never a 5xx", async () => {
    await runRace("push subscription", async () => {
      const { user, token } = await learner();
      const endpoint = `https://203.0.114.7/race/${uniqueSuffix()}`;
      const results = await atOnce(CONCURRENCY, (i) =>
        i % 4 === 3
          ? restCall("DELETE", `/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, { sessionToken: token })
          : restCall("POST", "/api/push/subscriptions", { sessionToken: token, json: pushBody(endpoint) }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const rows = await db.pushSubscription.count({ where: { userId: user.id } });
      if (rows > 1) problems.push(`${rows} subscriptions of one endpoint`);
      return {
        expected: CONCURRENCY,
        observed: ok(results).length,
        duplicates: Math.max(0, rows - 1),
        serverErrors: count5xx(results),
        statuses: statusTally(results),
        problems,
      };
    });
  });

  test("the one-click unsubscribe sent at once (a mail client retrying): every answer 200, the channel off once", async () => {
    await runRace("one-click unsubscribe", async () => {
      const { user, token } = await learner();
      await restCall("PUT", "/api/user/reminders", { sessionToken: token, json: settingsOf(2) });
      const path = `/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(user.id, "email"))}`;
      const results = await atOnce(CONCURRENCY, () =>
        routeCall("POST", path, { body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      );
      const problems = unexpectedStatuses(results, [200]);
      const stored = await db.reminderSettings.findUniqueOrThrow({ where: { userId: user.id } });
      if (stored.email || !stored.push) problems.push(`settings after: ${JSON.stringify(stored)}`);
      return { expected: CONCURRENCY, observed: ok(results).length, duplicates: 0, serverErrors: count5xx(results), statuses: statusTally(results), problems };
    });
  });

  test("reminder passes at once on two instances (two pools) as of one time: one digest and one mail per learner", async () => {
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 }));
    const instances = pools.map((pool) => createDbClient(pool));
    try {
      await runRace("reminder pass", async (index) => {
        const at = new Date(Date.UTC(2027, 0, 1 + index, 9, 30));
        const users = await Promise.all(Array.from({ length: 4 }, () => createUser(db, { timeZone: "UTC", emailVerifiedAt: new Date() })));
        for (const user of users) {
          await db.reminderSettings.create({ data: { userId: user.id, email: true, hour: 9, kinds: ["due-cards"] } });
          const course = await createCourse(db, { userId: user.id });
          await db.card.create({ data: { userId: user.id, courseId: course.id, source: "transcript", front: "Q", back: "A", due: at } });
        }
        const results = await atOnce(CONCURRENCY, (i) => runReminderPass(instances[i % 2]!, { now: at }));
        const ids = users.map((user) => user.id);
        const digests = await db.reminderDigest.count({ where: { userId: { in: ids } } });
        const mails = await db.mailMessage.count({ where: { userId: { in: ids }, kind: "reminder-digest" } });
        const problems = [digests, mails].some((n) => n !== users.length) ? [`${digests} digests and ${mails} mails for ${users.length} learners`] : [];
        return {
          expected: users.length,
          observed: mails,
          duplicates: Math.max(0, mails - users.length),
          serverErrors: 0,
          statuses: { passes: results.length },
          problems,
        };
      });
    } finally {
      await Promise.all(instances.map((client) => client.$disconnect()));
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
// ── end reminders and web push ──

// ── a class behind one school address ──
describe("a class behind one school address (issue 47's load test)", () => {
  const SCHOOL = "198.51.100.47";
  const CLASS_SIZE = 40;
  const password = "class password 1";

  test(`${CLASS_SIZE} learners register and sign in from one address within a minute, all succeed; a guessing script from there is then refused before 200 attempts; a valid token keeps working after 50 bad ones`, async () => {
    const started = Date.now();
    const names = Array.from({ length: CLASS_SIZE }, (_, i) => `pupil_${i}_${uniqueSuffix()}`);
    const registered = await atOnce(CLASS_SIZE, (i) =>
      restCall("POST", "/api/register", {
        ip: SCHOOL,
        json: { username: names[i], email: `${names[i]}@school.example`, password, confirmPassword: password },
      }),
    );
    expect(statusTally(registered)).toEqual({ 200: CLASS_SIZE });
    // A few mistype first, as a class does.
    const typos = await atOnce(8, (i) => restCall("POST", "/api/login", { ip: SCHOOL, json: { username: names[i], password: "class pasword 1" } }));
    expect(statusTally(typos)).toEqual({ 401: 8 });
    const signedIn = await atOnce(CLASS_SIZE, (i) => restCall("POST", "/api/login", { ip: SCHOOL, json: { username: names[i], password } }));
    expect(statusTally(signedIn)).toEqual({ 200: CLASS_SIZE });
    expect(Date.now() - started).toBeLessThan(60_000);

    // A guessing script from the same address: many usernames, wrong passwords, 10 at a time.
    let attempts = 0;
    let firstRefusal: ApiResult | undefined;
    while (!firstRefusal && attempts < 200) {
      const round = await atOnce(10, (i) =>
        restCall("POST", "/api/login", { ip: SCHOOL, json: { username: names[(attempts + i) % CLASS_SIZE], password: `guess ${attempts + i}` } }),
      );
      attempts += round.length;
      expect(count5xx(round)).toBe(0);
      firstRefusal = round.find((result) => result.status === 429);
    }
    expect(firstRefusal, `no 429 after ${attempts} guesses`).toBeDefined();
    expect(attempts).toBeLessThan(200);
    expect(Number(firstRefusal!.headers.get("retry-after"))).toBeGreaterThan(0);

    // A teacher's integration from the school: a valid token works after 50 bad ones from there.
    const teacher = await createUser(db);
    const { token } = await createApiTokenRow(db, teacher.id);
    const bad = await atOnce(50, (i) => restCall("GET", "/api/user", { ip: SCHOOL, headers: bearer(`cc_pat_wrong_${i}`) }));
    expect(bad.every((result) => result.status === 401 || result.status === 429)).toBe(true);
    expect(bad.filter((result) => result.status === 429).length).toBeGreaterThan(0);
    const valid = await restCall<{ id: number }>("GET", "/api/user", { ip: SCHOOL, headers: bearer(token) });
    expect(valid.status).toBe(200);
    expect(valid.json.id).toBe(teacher.id);
  });
});
// ── end a class behind one school address ──

// ── issue 46 part 2, school sign-in (OpenID Connect) ──────────────────────────────────────────
describe("school sign-in: first sign-ins at once", () => {
  /** CONCURRENCY sign-ins started together on two instances (two pools): settled, so a failure is counted, not thrown. */
  async function signInsAtOnce(profiles: (index: number) => Parameters<typeof upsertOidcUser>[1], instances: ReturnType<typeof createDbClient>[]) {
    const settled = await Promise.allSettled(Array.from({ length: CONCURRENCY }, (_, index) => upsertOidcUser(instances[index % 2]!, profiles(index))));
    const ids = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value.id] : []));
    const failures = settled.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
    return { ids, failures };
  }

  async function withTwoInstances(run: (instances: ReturnType<typeof createDbClient>[]) => Promise<void>) {
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 }));
    const instances = pools.map((pool) => createDbClient(pool));
    try {
      await run(instances);
    } finally {
      await Promise.all(instances.map((client) => client.$disconnect()));
      await Promise.all(pools.map((pool) => pool.end()));
    }
  }

  const issuer = "https://idp.races.example/realms/school";

  test("one new identity signing in at once (a double click, two tabs): one account, one identity, every sign-in that account", async () => {
    await withTwoInstances((instances) =>
      runRace("school sign-in: one new identity", async () => {
        const subject = `race-${uniqueSuffix()}`;
        const email = `race_${uniqueSuffix()}@school.example`;
        const { ids, failures } = await signInsAtOnce(
          () => ({ issuer, subject, email, emailVerified: true, name: "Racing Pupil", usernameHint: "racer" }),
          instances,
        );
        const identities = await db.oidcIdentity.count({ where: { issuer, subject } });
        const accounts = await db.user.count({ where: { email } });
        return {
          expected: 1,
          observed: new Set(ids).size,
          duplicates: Math.max(0, identities - 1) + Math.max(0, accounts - 1),
          serverErrors: failures.length,
          statuses: { signedIn: ids.length },
          problems: failures.slice(0, 1),
        };
      }),
    );
  });

  test("new identities with one username and one verified address at once: each its own account, one of them holds the address verified", async () => {
    await withTwoInstances((instances) =>
      runRace("school sign-in: new identities sharing a name and an address", async () => {
        const hint = `twin${uniqueSuffix()}`.slice(0, 20);
        const email = `twins_${uniqueSuffix()}@school.example`;
        const { ids, failures } = await signInsAtOnce(
          (index) => ({ issuer, subject: `twin-${index}-${uniqueSuffix()}`, email, emailVerified: true, name: null, usernameHint: hint }),
          instances,
        );
        const verified = await db.user.count({ where: { email, emailVerifiedAt: { not: null } } });
        const usernames = new Set((await db.user.findMany({ where: { email }, select: { usernameKey: true } })).map((user) => user.usernameKey));
        return {
          expected: CONCURRENCY,
          observed: new Set(ids).size,
          duplicates: Math.max(0, verified - 1) + (ids.length - usernames.size),
          serverErrors: failures.length,
          statuses: { signedIn: ids.length },
          problems: [...failures.slice(0, 1), ...(verified === 1 ? [] : [`${verified} accounts hold the address verified`])],
        };
      }),
    );
  });
});
// ── end school sign-in ──
