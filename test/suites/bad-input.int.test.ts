/**
 * The bad-input suite (docs/reliability.md, "Bad input"): table-driven and property-based (fast-check)
 * inputs into every documented REST path (through handleRest, as a browser or curl would call
 * it) and the tRPC form procedures (through handleTrpc). What must hold:
 * - never a 5xx; every refusal is a clear 4xx with a JSON error body naming the problem, and no
 *   stack trace, SQL or file path (test/http.ts checks every body for leaks, too);
 * - a refused input changes nothing: every table's rows are checksummed before and after each
 *   refused input and must be equal (rate_limits excepted, see EXCLUDED_TABLES);
 * - accepted learner text (topics, instructions, notes, messages, card faces, token names) is
 *   stored as lib/schemas/common.ts `learnerText` cleans it: NFC, without bidi controls,
 *   zero-width spaces and control characters, whitespace tidied; emoji, HTML and every script
 *   are kept. Passwords and quiz answers round-trip byte for byte. NUL and lone surrogates are
 *   refused with 400 in every stored text field (`storableText`): PostgreSQL cannot store NUL,
 *   and UTF-8 cannot carry a lone surrogate.
 *
 * Bounded: fixed fast-check seed and run counts. Rate limits are respected by random client IPs
 * per request (test/http.ts) and by rotating users where a per-user limit applies; a 429 is an
 * accepted refusal everywhere.
 */
import { randomUUID } from "node:crypto";

import { vi } from "vitest";

vi.hoisted(() => {
  // Read by src/env.ts: the LTI block's fake platform is on http://127.0.0.1.
  process.env.LTI_ALLOW_HTTP_PLATFORMS = "1";
});

import type { AnyTRPCProcedure } from "@trpc/server";
import fc from "fast-check";
import type { JSONWebKeySet } from "jose";
import superjson from "superjson";
import type { OpenApiMeta, OpenApiRouter } from "trpc-to-openapi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { cleanLearnerText } from "~/lib/schemas/common";
import { MAX_BODY_BYTES } from "~/server/api/http-guards";
import { openApiDocument } from "~/server/api/openapi";
import { appRouter } from "~/server/api/root";
import { startCourseGeneration } from "~/server/services/generation/start-generation";
import { LTI_CLAIM } from "~/server/lti/claims";
import { registerPlatform } from "~/server/services/lti/register-platform";
import { createLinkToken } from "~/server/services/auth/email-links";
import { oidcProfileFrom } from "~/server/auth/oidc-claims";
import { upsertOidcUser } from "~/server/services/auth/upsert-oidc-user";
import { displayNameFrom } from "~/server/services/auth/users";
import { ACCOUNT_MESSAGES } from "~/lib/rules/account";

import { sessionTokenFor } from "../caller";
import { db, getPool } from "../db";
import { courseWithTranscript, createApiTokenRow, createCourse, createUser, DEFAULT_PASSWORD, uniqueSuffix } from "../factories";
import { createClassRow } from "../factories/classes";
import { createEditableCourse } from "../factories/editing";
import { createQuiz, createQuizCourse } from "../factories/quiz";
import { type FakeLms, INSTRUCTOR, LEARNER, startFakeLms } from "../fakes/lms";
import { anyTopicSource, drainGenerationQueue, libraryDeps, whileDraining } from "../generation";
import { type ApiRequestOptions, type ApiResult, ORIGIN, restCall, routeCall, sessionTokenOf, trpcCall } from "../http";
import { NOT_NUMBERS, numbersIn, placed, type Position, positionLabel } from "../number-inputs";
import { CLASS_MESSAGES } from "~/lib/rules/classes";
import { MAX_SYNC_REVIEWS } from "~/lib/rules/offline";
import { COURSE_TITLE_MAX_LENGTH, EDIT_MESSAGES, SECTION_CONTENT_MAX_LENGTH } from "~/lib/rules/editing";

const SEED = 20_260_522;
/** fast-check runs per property: enough to vary the shapes, small enough for ~1 s per property. */
const RUNS = 25;
const fcOptions = { seed: SEED, numRuns: RUNS };

/**
 * Every status a refusal may have: each is a clear 4xx. (415 is the guards' answer to a body that
 * is not JSON; 405 appears only where a test allows it: a tRPC mutation called with GET.)
 */
const REFUSALS = [400, 401, 403, 404, 409, 413, 415, 422, 429] as const;

// ---------------------------------------------------------------------------------------------
// Counting: every request goes through `send`, so the summary line covers the whole file.
// ---------------------------------------------------------------------------------------------
const stats = { tried: 0, fiveXX: 0, accepted: 0, byStatus: {} as Record<number, number>, roundTrips: 0, checksums: 0 };

type Kind = "rest" | "trpc" | "route";
async function send(kind: Kind, method: string, path: string, options: ApiRequestOptions = {}): Promise<ApiResult> {
  const result =
    kind === "rest" ? await restCall(method, path, options) : kind === "route" ? await routeCall(method, path, options) : await trpcCall(method, path, options);
  stats.tried += 1;
  stats.byStatus[result.status] = (stats.byStatus[result.status] ?? 0) + 1;
  if (result.status >= 500) stats.fiveXX += 1;
  if (result.status < 300) stats.accepted += 1;
  return result;
}

/** tRPC over HTTP: a mutation posts `{ json: input }` (superjson); a query sends it in `?input=`. */
const trpcMutation = (procedure: string, input: unknown, options: ApiRequestOptions = {}) =>
  send("trpc", "POST", `/api/trpc/${procedure}`, { json: { json: input }, ...options });
const trpcQuery = (procedure: string, input: unknown, options: ApiRequestOptions = {}) =>
  send("trpc", "GET", `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, options);

/** The message of an error body: REST `{ message, code }`, tRPC `{ error: { json: { message, data } } }`. */
function errorOf(json: unknown): { message?: unknown; code?: unknown; httpStatus?: unknown } {
  const body = json as { message?: unknown; code?: unknown; error?: { json?: { message?: unknown; data?: { code?: unknown; httpStatus?: unknown } } } } | null;
  if (body?.error?.json) return { message: body.error.json.message, code: body.error.json.data?.code, httpStatus: body.error.json.data?.httpStatus };
  return { message: body?.message, code: body?.code };
}

/** A clear refusal: an expected 4xx, a JSON body with a message for a person, and no internals. */
function expectRefusal(result: ApiResult, label: string, allowed: readonly number[] = REFUSALS): void {
  expect(result.status, `${label}: ${result.text.slice(0, 300)}`).toBeLessThan(500);
  expect(allowed, `${label}: status ${result.status}: ${result.text.slice(0, 300)}`).toContain(result.status);
  expect(result.headers.get("content-type"), label).toMatch(/^application\/json/);
  const error = errorOf(result.json);
  expect(typeof error.message, `${label}: ${result.text.slice(0, 300)}`).toBe("string");
  expect((error.message as string).length, label).toBeGreaterThan(0);
  expect(typeof error.code, label).toBe("string");
  if (error.httpStatus !== undefined) expect(error.httpStatus, label).toBe(result.status);
  // Beyond expectNoLeak (test/http.ts): no stack field, no raw driver or Prisma messages.
  expect(result.text, label).not.toMatch(/"stack"\s*:|Invalid `prisma|invalid byte sequence|node_modules|\bat \S+ \(|\.ts:\d+:\d+/);
  if (result.status === 500) expect(error.message).toBe("Internal server error");
}

// ---------------------------------------------------------------------------------------------
// "Nothing else changed": a checksum of every table's rows.
// ---------------------------------------------------------------------------------------------
/**
 * Tables a refused call may legitimately change:
 * - rate_limits: failed logins, failed coupon codes and chat messages count against limits
 *   before or whatever the outcome (that is the point of a limit; a refusal must still count).
 * - _prisma_migrations: not app data.
 */
const EXCLUDED_TABLES = new Set(["rate_limits", "_prisma_migrations"]);
let checksumSql: string | null = null;

async function tableChecksums(): Promise<Record<string, string>> {
  const pool = getPool();
  if (!checksumSql) {
    const { rows } = await pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    const tables = rows.filter((row) => !EXCLUDED_TABLES.has(row.name));
    expect(tables.length).toBeGreaterThan(10);
    checksumSql = tables
      .map(
        ({ schema, name }) =>
          // Order-free (a sum of the rows' hashes, no sort): taken before and after every input.
          `SELECT '${schema}.${name}' AS name, count(*)::int || ':' || coalesce(sum(hashtextextended(t::text, 0)::numeric), 0) AS sum FROM "${schema}"."${name}" t`,
      )
      .join(" UNION ALL ");
  }
  stats.checksums += 1;
  const { rows } = await pool.query<{ name: string; sum: string }>(checksumSql);
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/**
 * Sends inputs one by one: each refused input must leave every table as it was; an accepted
 * one (when `mayAccept` allows it) moves the baseline on. Returns the results.
 */
class Probe {
  async run(
    label: string,
    call: () => Promise<ApiResult>,
    { mayAccept = false, allowed = REFUSALS }: { mayAccept?: boolean; allowed?: readonly number[] } = {},
  ): Promise<ApiResult> {
    const before = await tableChecksums();
    const result = await call();
    if (result.status >= 200 && result.status < 300) {
      expect(mayAccept, `${label} was accepted (${result.status}): ${result.text.slice(0, 300)}`).toBe(true);
    } else {
      expectRefusal(result, label, allowed);
      expect(await tableChecksums(), `${label} was refused (${result.status}) but changed the database`).toEqual(before);
    }
    return result;
  }
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------
/**
 * Text that is stored as sent where it is compared (passwords, quiz answers, course titles found by
 * search), and as `cleanLearnerText` makes it where a learner wrote it.
 */
const TRICKY_TEXTS = [
  "🧪 emoji 👩‍👩‍👧‍👦 family 🇺🇦 flag 👍🏽 tone 𝕏 astral 𓀀",
  "\u202Eevil override\u202C and \u2066isolate\u2069 \u200Fmark",
  "<script>alert('x')</script> <img src=x onerror=alert(1)> &amp; &lt;b&gt; <!-- c -->",
  "مرحبا بالعالم עברית mixed with LTR 123",
  "e\u0301 combining, Ｆｕｌｌｗｉｄｔｈ, ﬀ ligature, ß, İ, ǅ",
  "zero\u200Bwidth\u200Djoiner\uFEFFbom inside",
  "line\nbreak\ttab\r\nCRLF \u2028 \u2029 inside",
  '\'; DROP TABLE "User"; -- 100% _like_ \\wildcards\\',
  "\u0001\u0007\u001B[31m control chars \u007F\u0085\u009F end",
  '{"json":{"__proto__":{"admin":true}}} ${7*7} {{7*7}}',
  // Default-ignorable code points: TAG letters ("hide"), a soft hyphen, a Hangul filler, VS17, an annotation, an invisible
  // operator; and the emoji that hold some (the TAG flag of Scotland, VS16, ZWJ), which stay whole.
  "tag\u{E0068}\u{E0069}\u{E0064}\u{E0065} soft\u00ADhyphen 🏴󠁧󠁢󠁳󠁣󠁴󠁿 ❤️ 👩‍💻 \u3164 \u{E0100}葛 \uFFF9x\uFFFB\u2061",
];

/** Text every stored text field refuses with 400 (storableText). */
const UNSTORABLE_TEXTS = ["nul\u0000inside", "\u0000", "lone \uD800 high", "lone \uDFFF low", "reversed \uDE00\uD83D pair", "end\uDBFF"];

/** Values for a numeric id that must be refused (400), in a path, a query or a JSON body. */
const BAD_ID_STRINGS = [
  "0",
  "-1",
  "-0",
  "1.5",
  "abc",
  "2147483648",
  "99999999999999999999",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "",
  " ",
  "１２",
  "%00",
  "%F0%9F%A7%AA",
  "%E2%80%AE",
  "%3Cscript%3E",
  "1%2F2",
  "null",
  "undefined",
  "[1]",
];
/** (`true`, `[1]`, "3" and the other values that only read as numbers: see "numbers that are not numbers" below.) */
const BAD_ID_JSON: unknown[] = [
  0,
  -1,
  -0,
  1.5,
  2147483648,
  2 ** 53,
  -(2 ** 53),
  1e308,
  "abc",
  "",
  " ",
  null,
  false,
  [],
  [1, 2],
  {},
  { id: 1 },
  "NaN",
  "Infinity",
  "1e309",
  "\u0000",
  "１２",
];

/** Bodies that are not a valid JSON value (or are JSON, but not an object). */
// (A leading byte-order mark is skipped by the UTF-8 decoder, as RFC 8259 allows: "\uFEFF{}" is {}.)
const MALFORMED_BODIES = [
  "{bad json",
  "{",
  "}",
  "[",
  '{"a":}',
  "'single'",
  '{"a":1,}',
  "\u0000",
  "\u0000{}",
  "NaN",
  "undefined",
  "null",
  "[]",
  "[1,2]",
  '"string"',
  "42",
  "true",
  "1e999999",
];

const deep = (depth: number, open = "[", close = "]", inner = "") => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** An arbitrary JSON value (wrong types in every position). */
const jsonValue = fc.jsonValue({ maxDepth: 3 });
/** Arbitrary UTF-16 text, lone surrogates included. */
const anyText = fc.string({ unit: "binary", maxLength: 40 });
/** Arbitrary well-formed text (full graphemes), for round trips. */
const wellFormedText = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });
const hasUnstorable = (text: string) => text.includes("\u0000") || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------
type Fixtures = Awaited<ReturnType<typeof setUp>>;
let f: Fixtures;

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  return { user, token: await sessionTokenFor(user, db) };
}

async function setUp() {
  const owner = await signedIn();
  const chatCourse = await courseWithTranscript(db, owner.user.id);
  const { course: quizCourse, sections: quizSections } = await createQuizCourse(db, { userId: owner.user.id });
  const quiz = await createQuiz(db, quizSections[0]!.id);
  // A quiz whose options are the tricky texts: an answer must be one of them, exactly.
  const trickyQuiz = await createQuiz(db, quizSections[1]!.id, [
    { options: TRICKY_TEXTS.slice(0, 4), correctAnswer: TRICKY_TEXTS[0]! },
    { options: TRICKY_TEXTS.slice(4, 8), correctAnswer: TRICKY_TEXTS[5]! },
    { options: [...TRICKY_TEXTS.slice(8, 10), "plain", "other"], correctAnswer: "plain" },
  ]);
  // A course titled with every kind of tricky text, for the search round trip.
  const trickyCourse = await createCourse(db, { userId: owner.user.id, title: `Searchable ${TRICKY_TEXTS.slice(0, 4).join(" | ")}` });
  // Today's challenges are created on first read: do that now, outside any refused batch.
  const challenges = await restCall<{ id: number }[]>("GET", "/api/challenges/active", { sessionToken: owner.token });
  expect(challenges.status).toBe(200);
  expect(challenges.json.length).toBeGreaterThan(0);
  // A free learner who has used the month's course: any generation input that passes
  // validation is refused (403) instead of queueing a job, so fuzzing creates no jobs.
  const exhausted = await signedIn();
  await startCourseGeneration(db, exhausted.user.id, { topic: "binary search", complexity: "beginner", additionalInstructions: null });
  const coupon = await db.coupon.create({ data: { code: `BADINPUT-${uniqueSuffix().toUpperCase()}`, premiumDays: 30, maxRedemptions: 100 } });
  const other = await signedIn();
  // A course of the owner's that the editing paths name (4 sections of 60 s, a quiz on the first); refusals leave it at version 1.
  const editable = await createEditableCourse(db, { userId: owner.user.id });
  return {
    owner,
    other,
    exhausted,
    chatCourse,
    quizCourse,
    quizSections,
    quiz,
    trickyQuiz,
    trickyCourse,
    challengeId: challenges.json[0]!.id,
    coupon,
    editable,
  };
}

beforeAll(async () => {
  f = await setUp();
});

const startedAt = performance.now();
afterAll(() => {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const refusals = Object.entries(stats.byStatus)
    .filter(([status]) => Number(status) >= 400)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
  console.info(
    `bad-input summary: ${stats.tried} inputs tried, ${stats.fiveXX} 5xx (goal 0), ${stats.accepted} accepted, refusals by status: ${refusals}, ` +
      `${stats.roundTrips} round-trips checked, ${stats.checksums} table checksums, ${seconds} s`,
  );
});

// ---------------------------------------------------------------------------------------------
// The documented REST paths
// ---------------------------------------------------------------------------------------------
type Endpoint = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (ids: Ids) => string;
  auth: boolean;
  body?: (ids: Ids) => unknown;
  ids?: (keyof Ids)[];
};
/**
 * `classId`: a class the owner owns, so a valid call of a class path answers. `edited`,
 * `chapterId`, `sectionId` and `questionId`: the owner's course to edit and its parts; `version`
 * the version an edit names (or a version placeholder).
 */
type Ids = {
  id: number;
  userId: number;
  challengeId: number;
  classId: number;
  edited: number;
  chapterId: number;
  sectionId: number;
  questionId: number;
  version: number;
};
/** Methods whose input is a JSON body (and the path's placeholders). */
const hasBody = (endpoint: Endpoint) => endpoint.method === "POST" || endpoint.method === "PUT" || endpoint.method === "PATCH";

/** Every documented path (product-spec §7), with a valid id for each placeholder. */
function documentedEndpoints(): Record<string, Endpoint> {
  return {
    "GET /api/user": { method: "GET", path: () => "/api/user", auth: true },
    "POST /api/auth/google": {
      method: "POST",
      path: () => "/api/auth/google",
      auth: true,
      body: () => ({ uid: "1", email: "a@example.com", displayName: "A", photoURL: null }),
    },
    "POST /api/login": { method: "POST", path: () => "/api/login", auth: false, body: () => ({ username: "nobody_here", password: "password123" }) },
    "POST /api/register": { method: "POST", path: () => "/api/register", auth: false, body: () => ({ username: "x", email: "x", password: "x" }) },
    "POST /api/logout": { method: "POST", path: () => "/api/logout", auth: false },
    "GET /api/courses?userId={id}": { method: "GET", path: (i) => `/api/courses?userId=${i.userId}`, auth: true, ids: ["userId"] },
    "GET /api/courses/user": { method: "GET", path: () => "/api/courses/user", auth: true },
    "GET /api/progress/user": { method: "GET", path: () => "/api/progress/user", auth: true },
    "GET /api/recommendations": { method: "GET", path: () => "/api/recommendations", auth: true },
    "GET /api/courses/{id}/progress?userId={userId}": {
      method: "GET",
      path: (i) => `/api/courses/${i.id}/progress?userId=${i.userId}`,
      auth: true,
      ids: ["id", "userId"],
    },
    "POST /api/courses/{id}/progress": {
      method: "POST",
      path: (i) => `/api/courses/${i.id}/progress`,
      auth: true,
      body: () => ({ completedSectionId: 2147483647 }),
      ids: ["id"],
    },
    "GET /api/subscription/course-limit": { method: "GET", path: () => "/api/subscription/course-limit", auth: true },
    "POST /api/courses/generate-from-topic": {
      method: "POST",
      path: () => "/api/courses/generate-from-topic",
      auth: true,
      body: () => ({ topic: "x", complexity: "beginner" }),
    },
    "GET /api/courses/{id}": { method: "GET", path: (i) => `/api/courses/${i.id}`, auth: true, ids: ["id"] },
    "GET /api/sections/{id}/quiz": { method: "GET", path: (i) => `/api/sections/${i.id}/quiz`, auth: true, ids: ["id"] },
    "POST /api/sections/{id}/generate-quiz": { method: "POST", path: (i) => `/api/sections/${i.id}/generate-quiz`, auth: true, ids: ["id"] },
    "POST /api/quizzes/{id}/attempts": { method: "POST", path: (i) => `/api/quizzes/${i.id}/attempts`, auth: true, body: () => ({ answers: [] }), ids: ["id"] },
    "GET /api/courses/{id}/chat?userId={userId}": {
      method: "GET",
      path: (i) => `/api/courses/${i.id}/chat?userId=${i.userId}`,
      auth: true,
      ids: ["id", "userId"],
    },
    "POST /api/courses/{id}/chat": { method: "POST", path: (i) => `/api/courses/${i.id}/chat`, auth: true, body: () => ({ content: "" }), ids: ["id"] },
    "GET /api/courses/{id}/transcript": { method: "GET", path: (i) => `/api/courses/${i.id}/transcript`, auth: true, ids: ["id"] },
    "POST /api/classes": { method: "POST", path: () => "/api/classes", auth: true, body: () => ({ name: "A class" }) },
    "GET /api/classes": { method: "GET", path: () => "/api/classes", auth: true },
    "GET /api/classes/{id}": { method: "GET", path: (i) => `/api/classes/${i.classId}`, auth: true, ids: ["classId"] },
    "POST /api/classes/join": { method: "POST", path: () => "/api/classes/join", auth: true, body: () => ({ code: "not-a-code" }) },
    "POST /api/classes/{id}/invite": {
      method: "POST",
      path: (i) => `/api/classes/${i.classId}/invite`,
      auth: true,
      body: () => ({ expiresInDays: 7 }),
      ids: ["classId"],
    },
    "DELETE /api/classes/{id}/invite": { method: "DELETE", path: (i) => `/api/classes/${i.classId}/invite`, auth: true, ids: ["classId"] },
    "POST /api/classes/{id}/leave": { method: "POST", path: (i) => `/api/classes/${i.classId}/leave`, auth: true, ids: ["classId"] },
    "POST /api/classes/{id}/roster-sync": { method: "POST", path: (i) => `/api/classes/${i.classId}/roster-sync`, auth: true, ids: ["classId"] },
    "POST /api/classes/{id}/assignments": {
      method: "POST",
      path: (i) => `/api/classes/${i.classId}/assignments`,
      auth: true,
      body: (i) => ({ courseId: i.id }),
      ids: ["classId"],
    },
    "GET /api/classes/{id}/assignments": { method: "GET", path: (i) => `/api/classes/${i.classId}/assignments`, auth: true, ids: ["classId"] },
    "GET /api/classes/{id}/dashboard": { method: "GET", path: (i) => `/api/classes/${i.classId}/dashboard`, auth: true, ids: ["classId"] },
    "GET /api/assignments": { method: "GET", path: () => "/api/assignments", auth: true },
    "DELETE /api/assignments/{id}": { method: "DELETE", path: (i) => `/api/assignments/${i.id}`, auth: true, ids: ["id"] },
    "GET /api/courses/{id}/notes": { method: "GET", path: (i) => `/api/courses/${i.id}/notes`, auth: true, ids: ["id"] },
    "POST /api/courses/{id}/notes": {
      method: "POST",
      path: (i) => `/api/courses/${i.id}/notes`,
      auth: true,
      body: () => ({ timeSeconds: 1, text: "" }),
      ids: ["id"],
    },
    "POST /api/coupons/redeem": { method: "POST", path: () => "/api/coupons/redeem", auth: true, body: () => ({ code: "" }) },
    "GET /api/subscription": { method: "GET", path: () => "/api/subscription", auth: true },
    "POST /api/subscription/create-checkout": { method: "POST", path: () => "/api/subscription/create-checkout", auth: true },
    "GET /api/streaks/{userId}": { method: "GET", path: (i) => `/api/streaks/${i.userId}`, auth: true, ids: ["userId"] },
    "POST /api/streaks/{userId}/activity": { method: "POST", path: (i) => `/api/streaks/${i.userId}/activity`, auth: true, ids: ["userId"] },
    "GET /api/users/{userId}/badges": { method: "GET", path: (i) => `/api/users/${i.userId}/badges`, auth: true, ids: ["userId"] },
    "GET /api/challenges/active": { method: "GET", path: () => "/api/challenges/active", auth: true },
    "GET /api/review/queue": { method: "GET", path: () => "/api/review/queue", auth: true },
    "POST /api/courses/{id}/cards": {
      method: "POST",
      path: (i) => `/api/courses/${i.id}/cards`,
      auth: true,
      body: () => ({ source: "transcript", front: "", back: "" }),
      ids: ["id"],
    },
    "POST /api/cards/{id}/review": { method: "POST", path: (i) => `/api/cards/${i.id}/review`, auth: true, body: () => ({ rating: "good" }), ids: ["id"] },
    "DELETE /api/cards/{id}": { method: "DELETE", path: (i) => `/api/cards/${i.id}`, auth: true, ids: ["id"] },
    // issue 45, offline reviews
    "POST /api/reviews/sync": { method: "POST", path: () => "/api/reviews/sync", auth: true, body: () => ({ reviews: [] }) },
    "GET /api/users/{userId}/challenges": { method: "GET", path: (i) => `/api/users/${i.userId}/challenges`, auth: true, ids: ["userId"] },
    "POST /api/users/{userId}/challenges/{challengeId}": {
      method: "POST",
      path: (i) => `/api/users/${i.userId}/challenges/${i.challengeId}`,
      auth: true,
      ids: ["userId", "challengeId"],
    },
    "PATCH /api/courses/{id}": {
      method: "PATCH",
      path: (i) => `/api/courses/${i.edited}`,
      auth: true,
      body: (i) => ({ title: "A title", description: "A description", version: i.version }),
      ids: ["edited"],
    },
    "PATCH /api/chapters/{id}": {
      method: "PATCH",
      path: (i) => `/api/chapters/${i.chapterId}`,
      auth: true,
      body: (i) => ({ title: "A chapter", version: i.version }),
      ids: ["chapterId"],
    },
    "PATCH /api/sections/{id}": {
      method: "PATCH",
      path: (i) => `/api/sections/${i.sectionId}`,
      auth: true,
      body: (i) => ({ title: "A section", content: "Its text", timeStart: 5, version: i.version }),
      ids: ["sectionId"],
    },
    "POST /api/sections/{id}/split": {
      method: "POST",
      path: (i) => `/api/sections/${i.sectionId}/split`,
      auth: true,
      body: (i) => ({ atSeconds: 30, version: i.version }),
      ids: ["sectionId"],
    },
    "POST /api/sections/{id}/merge-next": {
      method: "POST",
      path: (i) => `/api/sections/${i.sectionId}/merge-next`,
      auth: true,
      body: (i) => ({ version: i.version }),
      ids: ["sectionId"],
    },
    "DELETE /api/questions/{id}?version={version}": {
      method: "DELETE",
      path: (i) => `/api/questions/${i.questionId}?version=${i.version}`,
      auth: true,
      ids: ["questionId", "version"],
    },
    "GET /api/courses/{id}/versions": { method: "GET", path: (i) => `/api/courses/${i.edited}/versions`, auth: true, ids: ["edited"] },
    "GET /api/courses/{id}/versions/{version}": {
      method: "GET",
      path: (i) => `/api/courses/${i.edited}/versions/${i.version}`,
      auth: true,
      ids: ["edited", "version"],
    },
    "POST /api/courses/{id}/versions/{version}/restore": {
      method: "POST",
      path: (i) => `/api/courses/${i.edited}/versions/${i.version}/restore`,
      auth: true,
      body: (i) => ({ baseVersion: i.version }),
      ids: ["edited", "version"],
    },
    // ── reminders and web push (issue 45, i45-reminders) ──
    "GET /api/user/reminders": { method: "GET", path: () => "/api/user/reminders", auth: true },
    "PUT /api/user/reminders": { method: "PUT", path: () => "/api/user/reminders", auth: true, body: () => ({ ...VALID_REMINDERS }) },
    "GET /api/push/vapid-public-key": { method: "GET", path: () => "/api/push/vapid-public-key", auth: false },
    "POST /api/push/subscriptions": { method: "POST", path: () => "/api/push/subscriptions", auth: true, body: () => pushBody("https://203.0.114.9/p") },
    "DELETE /api/push/subscriptions": { method: "DELETE", path: () => "/api/push/subscriptions?endpoint=https%3A%2F%2F203.0.114.9%2Fp", auth: true },
    // ── end reminders and web push ──
  };
}

let ownerClassId = 0;
let rosterLms: FakeLms | undefined;
beforeAll(async () => {
  ownerClassId = (await createClassRow(db, { ownerId: f.owner.user.id, name: "The owner's class" })).id;
  // The class comes from a context of a fake LMS that shares its roster: a valid roster sync answers 200.
  rosterLms = await startFakeLms({
    clientId: `bad-input-roster-${uniqueSuffix()}`,
    toolJwks: async () => (await routeCall<JSONWebKeySet>("GET", "/api/lti/jwks")).json,
  });
  const platform = await registerPlatform(db, rosterLms.registration);
  const contextId = `ctx-${uniqueSuffix()}`;
  await db.ltiContext.create({
    data: {
      issuer: rosterLms.issuer,
      deploymentId: rosterLms.deploymentId,
      contextId,
      classId: ownerClassId,
      platformId: platform.id,
      membershipsUrl: rosterLms.rosterClaim(contextId)[LTI_CLAIM.rosterService].context_memberships_url,
    },
  });
  rosterLms.setRoster(contextId, []);
});
afterAll(() => rosterLms?.close());

const validIds = (): Ids => ({
  id: f.chatCourse.id,
  userId: f.owner.user.id,
  challengeId: f.challengeId,
  classId: ownerClassId,
  edited: f.editable.id,
  chapterId: f.editable.chapterId,
  sectionId: f.editable.sectionIds[0]!,
  questionId: f.editable.questionIds[0]!,
  version: 1,
});

describe("every documented REST path", () => {
  test("anonymous: 401 on every signed-in path, whatever the body", async () => {
    const probe = new Probe();
    for (const [name, endpoint] of Object.entries(documentedEndpoints())) {
      if (!endpoint.auth) continue;
      const body = hasBody(endpoint) ? { json: endpoint.body?.(validIds()) ?? {} } : {};
      const result = await probe.run(`anonymous ${name}`, () => send("rest", endpoint.method, endpoint.path(validIds()), body), { allowed: [401] });
      expect(result.status, name).toBe(401);
    }
  });

  test("malformed ids in every path and query placeholder: 400 (403 for a userId that parses as someone else's)", async () => {
    const probe = new Probe();
    for (const [name, endpoint] of Object.entries(documentedEndpoints())) {
      for (const placeholder of endpoint.ids ?? []) {
        for (const bad of BAD_ID_STRINGS) {
          const ids = { ...validIds(), [placeholder]: bad };
          const path = endpoint.path(ids);
          const options: ApiRequestOptions = { sessionToken: f.owner.token, ...(hasBody(endpoint) ? { json: endpoint.body?.(ids) ?? {} } : {}) };
          // An empty path segment routes to another path or to none (404); everything else is 400.
          const emptySegment = bad.trim() === "" || bad === "1%2F2";
          const allowed = emptySegment ? [400, 404, 405] : [400];
          // "/api/courses/" is GET /api/courses (no userId): another documented path, answered.
          await probe.run(`${name} with ${placeholder}=${JSON.stringify(bad)}`, () => send("rest", endpoint.method, path, options), {
            allowed,
            mayAccept: emptySegment,
          });
        }
      }
    }
  });

  test("unknown ids: 404 for courses, sections, quizzes and challenges; 403 for another user's id; 400 for a section or question of something else", async () => {
    const probe = new Probe();
    const unknown = 2_147_483_647;
    const token = f.owner.token;
    const cases: [string, string, unknown, number][] = [
      ["GET", `/api/courses/${unknown}`, undefined, 404],
      ["GET", `/api/courses/${unknown}/progress`, undefined, 404],
      ["POST", `/api/courses/${unknown}/progress`, { currentSectionId: f.quizSections[0]!.id }, 404],
      ["GET", `/api/courses/${unknown}/chat`, undefined, 404],
      ["GET", `/api/courses/${unknown}/transcript`, undefined, 404],
      ["GET", `/api/courses/${unknown}/notes`, undefined, 404],
      ["POST", `/api/courses/${unknown}/notes`, { timeSeconds: 1, text: "hello" }, 404],
      ["PATCH", `/api/notes/${unknown}`, { text: "hello" }, 404],
      ["DELETE", `/api/notes/${unknown}`, undefined, 404],
      ["POST", `/api/courses/${unknown}/chat`, { content: "hello" }, 404],
      ["GET", `/api/sections/${unknown}/quiz`, undefined, 404],
      ["POST", `/api/sections/${unknown}/generate-quiz`, undefined, 404],
      ["POST", `/api/quizzes/${unknown}/attempts`, { answers: [{ questionId: 1, answer: "A1" }] }, 404],
      ["POST", `/api/users/${f.owner.user.id}/challenges/${unknown}`, undefined, 404],
      ["POST", `/api/courses/${unknown}/cards`, { source: "transcript", front: "F", back: "B" }, 404],
      ["POST", `/api/cards/${unknown}/review`, { rating: "good" }, 404],
      ["DELETE", `/api/cards/${unknown}`, undefined, 404],
      ["GET", `/api/courses?userId=${unknown}`, undefined, 403],
      ["GET", `/api/streaks/${unknown}`, undefined, 403],
      ["POST", `/api/streaks/${unknown}/activity`, undefined, 403],
      ["GET", `/api/users/${unknown}/badges`, undefined, 403],
      ["GET", `/api/users/${unknown}/challenges`, undefined, 403],
      ["POST", `/api/users/${f.other.user.id}/challenges/${f.challengeId}`, undefined, 403],
      // Editing: unknown courses, chapters, sections, questions and versions.
      ["PATCH", `/api/courses/${unknown}`, { title: "T", version: 1 }, 404],
      ["PATCH", `/api/chapters/${unknown}`, { title: "T", version: 1 }, 404],
      ["PATCH", `/api/sections/${unknown}`, { title: "T", version: 1 }, 404],
      ["POST", `/api/sections/${unknown}/split`, { atSeconds: 30, version: 1 }, 404],
      ["POST", `/api/sections/${unknown}/merge-next`, { version: 1 }, 404],
      ["DELETE", `/api/questions/${unknown}?version=1`, undefined, 404],
      ["GET", `/api/courses/${unknown}/versions`, undefined, 404],
      ["GET", `/api/courses/${unknown}/versions/1`, undefined, 404],
      ["POST", `/api/courses/${unknown}/versions/1/restore`, {}, 404],
      ["GET", `/api/courses/${f.editable.id}/versions/${unknown}`, undefined, 404],
      // The first edit keeps version 1 in its transaction: a refused restore leaves no trace of it.
      ["POST", `/api/courses/${f.editable.id}/versions/${unknown}/restore`, {}, 404],
      // A section of another course of the caller's: not part of this course.
      ["POST", `/api/courses/${f.chatCourse.id}/progress`, { currentSectionId: f.quizSections[0]!.id }, 400],
      ["POST", `/api/courses/${f.chatCourse.id}/progress`, { completedSectionId: unknown }, 400],
      ["POST", `/api/quizzes/${f.quiz.id}/attempts`, { answers: [{ questionId: unknown, answer: "A1" }] }, 400],
    ];
    for (const [method, path, json, status] of cases) {
      const result = await probe.run(
        `${method} ${path} ${JSON.stringify(json)}`,
        () => send("rest", method, path, { sessionToken: token, ...(json === undefined ? {} : { json }) }),
        { allowed: [status] },
      );
      expect(result.status, `${method} ${path}`).toBe(status);
    }
  });

  test("atSeconds ('Ask about this moment'): negative, NaN, infinite, text or null → 400 on the chat, its stream and chat.send; nothing stored", async () => {
    const probe = new Probe();
    const token = f.owner.token;
    const chat = `/api/courses/${f.chatCourse.id}/chat`;
    const bads: [string, string][] = [
      ["negative", '{"content":"What is this?","atSeconds":-1}'],
      ["text", '{"content":"What is this?","atSeconds":"12"}'],
      ["null", '{"content":"What is this?","atSeconds":null}'],
      // JSON has no NaN; a number too large for a double parses as Infinity.
      ["infinite", '{"content":"What is this?","atSeconds":1e400}'],
      ["an object", '{"content":"What is this?","atSeconds":{"s":1}}'],
    ];
    const headers = { "content-type": "application/json" };
    for (const [label, body] of bads) {
      for (const [kind, path] of [
        ["rest", chat],
        ["route", `${chat}/stream`],
      ] as const) {
        const result = await probe.run(`${kind} chat with atSeconds ${label}`, () => send(kind, "POST", path, { sessionToken: token, body, headers }), {
          allowed: [400],
        });
        expect(result.status, `${kind} ${label}`).toBe(400);
        expect(errorOf(result.json).message, `${kind} ${label}`).toMatch(/atSeconds/);
      }
    }
    // superjson carries NaN and Infinity as such.
    for (const bad of [Number.NaN, Number.NEGATIVE_INFINITY, -0.5]) {
      const body = JSON.stringify(superjson.serialize({ id: f.chatCourse.id, content: "What is this?", atSeconds: bad }));
      const result = await probe.run(
        `tRPC chat.send with atSeconds ${bad}`,
        () => send("trpc", "POST", "/api/trpc/chat.send", { sessionToken: token, body, headers }),
        {
          allowed: [400],
        },
      );
      expect(result.status, String(bad)).toBe(400);
    }
  });

  test("the exports: a bad or missing format, odd ids and others' courses are clear 4xx, never a file", async () => {
    const probe = new Probe();
    const token = f.owner.token;
    const theirs = await courseWithTranscript(db, f.other.user.id);
    const cases: [string, number][] = [
      [`/api/courses/${f.chatCourse.id}/export?format=pdf`, 400],
      [`/api/courses/${f.chatCourse.id}/export?format=MARKDOWN`, 400],
      [`/api/courses/${f.chatCourse.id}/export?format=${encodeURIComponent("markdown\u0000")}`, 400],
      [`/api/courses/${f.chatCourse.id}/export?format=${encodeURIComponent("🧪")}`, 400],
      [`/api/courses/${f.chatCourse.id}/export`, 400],
      [`/api/courses/${theirs.id}/export?format=markdown`, 404],
      [`/api/courses/2147483647/export?format=markdown`, 404],
      [`/api/courses/2147483648/export?format=markdown`, 400],
      [`/api/courses/-1/export?format=markdown`, 400],
      [`/api/courses/1.5/export?format=markdown`, 400],
      ["/api/cards/export?format=xlsx", 400],
      ["/api/cards/export", 400],
      [`/api/cards/export?format=anki&courseId=${theirs.id}`, 404],
      ["/api/cards/export?format=anki&courseId=abc", 400],
      ["/api/cards/export?format=tsv&courseId=0", 400],
      ["/api/cards/export?format=tsv&courseId=", 400],
    ];
    for (const [path, status] of cases) {
      const result = await probe.run(`GET ${path}`, () => send("route", "GET", path, { sessionToken: token }), { allowed: [status] });
      expect(result.status, path).toBe(status);
      expect(result.headers.get("content-disposition"), path).toBeNull();
    }
  });

  /** The paths that take a JSON body: every POST, and the PATCH paths of the table. */
  const postEndpoints = () => Object.entries(documentedEndpoints()).filter(([, endpoint]) => hasBody(endpoint));

  test("every POST and PATCH: malformed JSON → 400, wrong content type → 415, over 1 MB → 413, 10,000-deep JSON → 400", async () => {
    const probe = new Probe();
    const huge = JSON.stringify({ content: "x".repeat(MAX_BODY_BYTES + 1) });
    for (const [name, endpoint] of postEndpoints()) {
      const path = endpoint.path(validIds());
      const token = endpoint.auth ? f.owner.token : undefined;
      // create-checkout and logout take no input: a malformed body is never read (they answer
      // 503 "payments not configured" / 200), so only the guards' refusals apply to them.
      const takesInput = !name.includes("create-checkout") && !name.includes("logout") && !name.includes("/activity") && !name.includes("/challenges/");
      if (takesInput) {
        for (const body of MALFORMED_BODIES) {
          // The REST adapter (trpc-to-openapi) spreads the body into an object with the path
          // parameters, so null, [], 42, true and 1e999999 (Infinity) read as {}: a procedure that needs nothing more
          // (googleSync, whose body is ignored anyway) may answer them. All else is a 400.
          const mayAccept = ["null", "[]", "42", "true", "1e999999"].includes(body);
          await probe.run(
            `${name} body ${JSON.stringify(body)}`,
            () => send("rest", endpoint.method, path, { sessionToken: token, body, headers: { "content-type": "application/json" } }),
            { allowed: [400], mayAccept },
          );
        }
        for (const depth of [10_000, 100_000]) {
          const body = `{"content":${deep(depth)},"code":${deep(depth, '{"a":', "}", "1")},"answers":${deep(depth)}}`;
          await probe.run(
            `${name} ${depth}-deep JSON`,
            () => send("rest", endpoint.method, path, { sessionToken: token, body, headers: { "content-type": "application/json" } }),
            { allowed: [400] },
          );
        }
      }
      for (const contentType of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/jsonx",
        "",
      ]) {
        const body = contentType === "" ? new Blob([JSON.stringify({ a: 1 })]) : JSON.stringify({ a: 1 });
        await probe.run(
          `${name} content-type ${contentType}`,
          () => send("rest", endpoint.method, path, { sessionToken: token, body, headers: contentType ? { "content-type": contentType } : {} }),
          { allowed: [415] },
        );
      }
      await probe.run(
        `${name} over 1 MB`,
        () => send("rest", endpoint.method, path, { sessionToken: token, body: huge, headers: { "content-type": "application/json" } }),
        { allowed: [413] },
      );
      // Streamed with no length, and with a Content-Length that claims too much.
      const stream = () => new Blob([huge]).stream();
      await probe.run(
        `${name} over 1 MB streamed`,
        () => send("rest", endpoint.method, path, { sessionToken: token, body: stream(), headers: { "content-type": "application/json" } }),
        { allowed: [413] },
      );
      await probe.run(
        `${name} declared over 1 MB`,
        () =>
          send("rest", endpoint.method, path, {
            sessionToken: token,
            body: "{}",
            headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
          }),
        {
          allowed: [413],
        },
      );
    }
  });

  test("every POST and PATCH with input: unknown fields → 400 naming the field (strict schemas)", async () => {
    const probe = new Probe();
    for (const [name, endpoint] of postEndpoints()) {
      if (!endpoint.body && !endpoint.ids) continue;
      const path = endpoint.path(validIds());
      const token = endpoint.auth ? f.exhausted.token : undefined;
      for (const field of ["isAdmin", "__proto__", "constructor", "userId\u0000", "💥"]) {
        const body = `{${JSON.stringify(field)}:true${endpoint.body ? `,${JSON.stringify(endpoint.body(validIds())).slice(1, -1)}` : ""}}`;
        // googleSync ignores its body but still refuses unknown fields.
        const result = await probe.run(
          `${name} unknown field ${JSON.stringify(field)}`,
          () => send("rest", endpoint.method, path, { sessionToken: token, body, headers: { "content-type": "application/json" } }),
          { allowed: [400] },
        );
        // The message names the field (as JSON escapes it); "__proto__" is dropped by JSON.parse.
        if (field !== "__proto__") expect(result.text, name).toContain(JSON.stringify(field).slice(1, -1));
      }
    }
  });

  test("property: any JSON value as the body of any POST or PATCH is accepted or clearly refused, never a 5xx", async () => {
    const probe = new Probe();
    const endpoints = postEndpoints().filter(([name]) => !name.includes("create-checkout") && !name.includes("logout") && !name.includes("register"));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), jsonValue, async ([name, endpoint], body) => {
        // The exhausted learner: generation inputs that validate are refused by the monthly limit.
        await probe.run(
          `${name} body ${JSON.stringify(body)}`,
          () => send("rest", endpoint.method, endpoint.path(validIds()), { sessionToken: f.exhausted.token, json: body }),
          { mayAccept: true, allowed: [...REFUSALS] },
        );
      }),
      { ...fcOptions, numRuns: RUNS * 4 },
    );
  });

  test("property: any text as a path or query id is accepted only when it is a valid id", async () => {
    const probe = new Probe();
    const withIds = Object.entries(documentedEndpoints()).filter(([, endpoint]) => endpoint.ids?.length);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withIds),
        fc.oneof(anyText, fc.integer().map(String), fc.double().map(String), fc.bigInt().map(String)),
        async ([name, endpoint], raw) => {
          const placeholder = endpoint.ids![0]!;
          const ids = { ...validIds(), [placeholder]: encodeURIComponent(raw) };
          const options: ApiRequestOptions = {
            sessionToken: f.exhausted.token,
            ...(hasBody(endpoint) ? { json: endpoint.body?.(validIds()) ?? {} } : {}),
          };
          await probe.run(`${name} ${placeholder}=${JSON.stringify(raw)}`, () => send("rest", endpoint.method, endpoint.path(ids), options), {
            mayAccept: true,
          });
        },
      ),
      { ...fcOptions, numRuns: RUNS * 4 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Text fields: what is refused, and what is stored exactly
// ---------------------------------------------------------------------------------------------
describe("text fields", () => {
  test("NUL and lone surrogates are refused with 400 in every text field, nothing stored", async () => {
    const probe = new Probe();
    const ownerToken = f.owner.token;
    for (const bad of UNSTORABLE_TEXTS) {
      const fields: [string, () => Promise<ApiResult>][] = [
        [
          "chat message (REST)",
          () => send("rest", "POST", `/api/courses/${f.chatCourse.id}/chat`, { sessionToken: ownerToken, json: { content: `question ${bad}` } }),
        ],
        ["chat message (tRPC)", () => trpcMutation("chat.send", { id: f.chatCourse.id, content: `question ${bad}` }, { sessionToken: ownerToken })],
        [
          "topic (REST)",
          () =>
            send("rest", "POST", "/api/courses/generate-from-topic", {
              sessionToken: f.exhausted.token,
              json: { topic: `binary search ${bad}`, complexity: "beginner" },
            }),
        ],
        [
          "topic (tRPC)",
          () => trpcMutation("generation.start", { topic: `binary search ${bad}`, complexity: "beginner" }, { sessionToken: f.exhausted.token }),
        ],
        [
          "topic as video link (tRPC)",
          () =>
            trpcMutation(
              "generation.generateFromTopic",
              { topic: `https://youtu.be/binSearch01${bad}`, complexity: "beginner" },
              { sessionToken: f.exhausted.token },
            ),
        ],
        [
          "additional instructions",
          () =>
            send("rest", "POST", "/api/courses/generate-from-topic", {
              sessionToken: f.exhausted.token,
              json: { topic: "binary search", complexity: "beginner", additionalInstructions: `be brief ${bad}` },
            }),
        ],
        [
          "coupon code (REST)",
          () => send("rest", "POST", "/api/coupons/redeem", { sessionToken: f.exhausted.token, json: { code: `${f.coupon.code}${bad}` } }),
        ],
        ["coupon code (tRPC)", () => trpcMutation("subscription.redeemCoupon", { code: `${bad}${f.coupon.code}` }, { sessionToken: f.exhausted.token })],
        [
          "username (register)",
          () => send("rest", "POST", "/api/register", { json: { username: `name${bad}x`, email: `n${uniqueSuffix()}@example.com`, password: "password123" } }),
        ],
        [
          "email (register)",
          () => send("rest", "POST", "/api/register", { json: { username: `n_${uniqueSuffix()}`, email: `n${bad}@example.com`, password: "password123" } }),
        ],
        [
          "password (register, tRPC)",
          () => trpcMutation("auth.register", { username: `n_${uniqueSuffix()}`, email: `n${uniqueSuffix()}@example.com`, password: `password123${bad}` }),
        ],
        ["username (login)", () => send("rest", "POST", "/api/login", { json: { username: `${f.owner.user.username}${bad}`, password: DEFAULT_PASSWORD } })],
        [
          "new password (change)",
          () => trpcMutation("auth.changePassword", { currentPassword: DEFAULT_PASSWORD, newPassword: `new-password-${bad}` }, { sessionToken: ownerToken }),
        ],
        [
          "quiz answer",
          () =>
            send("rest", "POST", `/api/quizzes/${f.quiz.id}/attempts`, {
              sessionToken: ownerToken,
              json: { answers: f.quiz.questions.map((q) => ({ questionId: q.id, answer: `A${q.order}${bad}` })) },
            }),
        ],
        ["search query", () => trpcQuery("course.search", { q: `course ${bad}` }, { sessionToken: ownerToken })],
        [
          "card front",
          () =>
            send("rest", "POST", `/api/courses/${f.quizCourse.id}/cards`, {
              sessionToken: ownerToken,
              json: { source: "transcript", front: `Q ${bad}`, back: "A" },
            }),
        ],
        [
          "card back",
          () => trpcMutation("cards.create", { id: f.quizCourse.id, source: "transcript", front: "Q", back: `${bad} A` }, { sessionToken: ownerToken }),
        ],
        [
          "course title (editing, REST)",
          () => send("rest", "PATCH", `/api/courses/${f.editable.id}`, { sessionToken: ownerToken, json: { title: `Title ${bad}`, version: 1 } }),
        ],
        [
          "course description (editing, tRPC)",
          () => trpcMutation("editing.course", { id: f.editable.id, description: `${bad} about`, version: 1 }, { sessionToken: ownerToken }),
        ],
        [
          "chapter title (editing, REST)",
          () => send("rest", "PATCH", `/api/chapters/${f.editable.chapterId}`, { sessionToken: ownerToken, json: { title: `Chapter ${bad}`, version: 1 } }),
        ],
        [
          "section title (editing, tRPC)",
          () => trpcMutation("editing.section", { id: f.editable.sectionIds[0], title: `${bad}`, version: 1 }, { sessionToken: ownerToken }),
        ],
        [
          "section content (editing, REST)",
          () =>
            send("rest", "PATCH", `/api/sections/${f.editable.sectionIds[0]}`, { sessionToken: ownerToken, json: { content: `Text ${bad} text`, version: 1 } }),
        ],
      ];
      for (const [field, call] of fields) {
        const result = await probe.run(`${field} with ${JSON.stringify(bad)}`, call, { allowed: [400] });
        expect(result.status, field).toBe(400);
        expect(String(errorOf(result.json).message), field).toMatch(/NUL|invalid character|cannot be stored/);
      }
    }
  });

  test("bidi overrides, zero-width, TAG and other default-ignorable characters, NUL, lone surrogates and invisible-only text on every learner-text path: 200 with the cleaned text stored, or a 400", async () => {
    const probe = new Probe();
    // Every default-ignorable code point (bidi controls, zero-width characters, TAG characters…) and the annotation marks.
    const SPOOFING = /[\p{Default_Ignorable_Code_Point}\uFFF9-\uFFFB]/u;
    const INVISIBLE_ONLY = "\u200B\u202E\u2066\uFEFF\u200D\u2060 \u200C\u200F";
    const TAG_ONLY = "\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}"; // "Ignore" in TAG letters, and the cancel tag
    const texts = [
      "\u202Eevil\u202C override",
      "zero\u200Bwidth\uFEFF and \u2060joiner\u200D",
      "bidi \u2067isolate\u2069 and \u200Fmark\u061C",
      `hidden${TAG_ONLY} TAG text`,
      "soft\u00ADhyphen \u3164filler \u{E0100}vs17 a\uFE0Fvs16 \u2061op \u{1D173}music \uFFF9note\uFFFB",
      "nul\u0000inside",
      "lone \uD800 high",
      INVISIBLE_ONLY,
      TAG_ONLY,
      `\u00AD\u034F\u115F\u3164\uFFA0\u180E${TAG_ONLY}\u{E0100}\u{1BCA0}`,
    ];
    const premium = await signedIn({ couponPremiumUntil: new Date(Date.now() + 30 * 86_400_000) });
    const writer = await signedIn();
    const course = await courseWithTranscript(db, writer.user.id);
    let chatter = await signedIn();
    let chatCourse = await courseWithTranscript(db, chatter.user.id);
    let messages = 0;
    const dataOf = (kind: Kind, result: ApiResult) =>
      kind === "trpc" ? (result.json as { result: { data: { json: unknown } } }).result.data.json : result.json;
    const note = await db.note.create({ data: { userId: writer.user.id, courseId: course.id, timeSeconds: 1, text: "to be edited" } });
    const edited = await createEditableCourse(db, { userId: writer.user.id });
    const versionOf = async (courseId: number) => (await db.course.findUniqueOrThrow({ where: { id: courseId }, select: { version: true } })).version;

    /** One learner-text path: how to send a text, whether the field may be left empty, and where the stored text is read back. */
    type TextPath = {
      name: string;
      layout: "one-line" | "multi-line";
      optional?: boolean;
      /** Set-up before a send, outside the probe (which requires a refused send to change nothing). */
      before?: () => Promise<void>;
      send: (text: string) => Promise<ApiResult>;
      stored?: (result: ApiResult) => Promise<string | null>;
    };
    // Every topic finds the fixture video, so each accepted generation makes its course.
    const deps = libraryDeps({ sources: [anyTopicSource()] });
    const latestJob = async () => {
      const job = await db.generationJob.findFirstOrThrow({ where: { userId: premium.user.id }, orderBy: { createdAt: "desc" }, select: { input: true } });
      await drainGenerationQueue(db, deps);
      return job.input as { topic: string; additionalInstructions: string | null };
    };
    const generation = (name: string, field: "topic" | "additionalInstructions", call: (input: object) => Promise<ApiResult>): TextPath => ({
      name: `${field} (${name})`,
      layout: field === "topic" ? "one-line" : "multi-line",
      optional: field === "additionalInstructions",
      send: (text) => whileDraining(db, call(field === "topic" ? { topic: text } : { topic: "binary search", additionalInstructions: text }), deps),
      stored: async () => (await latestJob())[field],
    });
    const chat = (name: string, call: (text: string) => Promise<ApiResult>): TextPath => ({
      name: `chat message (${name})`,
      layout: "multi-line",
      before: async () => {
        // Refused messages count against the chat limit too (20 a minute): a fresh learner in time.
        if (++messages % 15 === 0) {
          chatter = await signedIn();
          chatCourse = await courseWithTranscript(db, chatter.user.id);
        }
      },
      send: call,
      stored: async () =>
        (
          await db.chatMessage.findFirstOrThrow({
            where: { userId: chatter.user.id, role: "user" },
            orderBy: { id: "desc" },
            select: { content: true },
          })
        ).content,
    });
    const writerAuth = { sessionToken: writer.token };
    const noteRow = async (id: number) => db.note.findUniqueOrThrow({ where: { id }, select: { text: true, quote: true } });
    const cardRow = async (id: number) => db.card.findUniqueOrThrow({ where: { id }, select: { front: true, back: true } });
    const paths: TextPath[] = [
      generation("REST generate-from-topic", "topic", (json) =>
        send("rest", "POST", "/api/courses/generate-from-topic", { sessionToken: premium.token, json: { complexity: "beginner", ...json } }),
      ),
      generation("REST generation-jobs", "topic", (json) => send("rest", "POST", "/api/generation-jobs", { sessionToken: premium.token, json })),
      generation("tRPC generation.start", "topic", (input) => trpcMutation("generation.start", input, { sessionToken: premium.token })),
      generation("tRPC generation.generateFromTopic", "topic", (input) => trpcMutation("generation.generateFromTopic", input, { sessionToken: premium.token })),
      generation("REST generation-jobs", "additionalInstructions", (json) =>
        send("rest", "POST", "/api/generation-jobs", { sessionToken: premium.token, json }),
      ),
      generation("tRPC generation.start", "additionalInstructions", (input) => trpcMutation("generation.start", input, { sessionToken: premium.token })),
      chat("REST", (content) => send("rest", "POST", `/api/courses/${chatCourse.id}/chat`, { sessionToken: chatter.token, json: { content } })),
      chat("tRPC", (content) => trpcMutation("chat.send", { id: chatCourse.id, content }, { sessionToken: chatter.token })),
      chat("stream", (content) => send("route", "POST", `/api/courses/${chatCourse.id}/chat/stream`, { sessionToken: chatter.token, json: { content } })),
      {
        name: "note text (REST create)",
        layout: "multi-line",
        send: (text) => send("rest", "POST", `/api/courses/${course.id}/notes`, { ...writerAuth, json: { timeSeconds: 2, text } }),
        stored: async (result) => (await noteRow((result.json as { id: number }).id)).text,
      },
      {
        name: "note quote (tRPC create)",
        layout: "multi-line",
        optional: true,
        send: (quote) => trpcMutation("notes.create", { id: course.id, timeSeconds: 2, text: "quoted", quote }, writerAuth),
        stored: async (result) => (await noteRow((dataOf("trpc", result) as { id: number }).id)).quote,
      },
      {
        name: "note text (REST edit)",
        layout: "multi-line",
        send: (text) => send("rest", "PATCH", `/api/notes/${note.id}`, { ...writerAuth, json: { text } }),
        stored: async () => (await noteRow(note.id)).text,
      },
      {
        name: "card front (REST)",
        layout: "multi-line",
        send: (front) => send("rest", "POST", `/api/courses/${course.id}/cards`, { ...writerAuth, json: { source: "transcript", front, back: "B" } }),
        stored: async (result) => (await cardRow((result.json as { id: number }).id)).front,
      },
      {
        name: "card back (tRPC)",
        layout: "multi-line",
        send: (back) => trpcMutation("cards.create", { id: course.id, source: "transcript", front: "F", back }, writerAuth),
        stored: async (result) => (await cardRow((dataOf("trpc", result) as { id: number }).id)).back,
      },
      {
        name: "API token name (tRPC)",
        layout: "one-line",
        send: (name) => trpcMutation("apiTokens.create", { name, expiresInDays: null }, writerAuth),
        stored: async (result) => {
          const { id } = (dataOf("trpc", result) as { apiToken: { id: number } }).apiToken;
          const { name } = await db.apiToken.findUniqueOrThrow({ where: { id }, select: { name: true } });
          expect((await trpcMutation("apiTokens.revoke", { id }, writerAuth)).status).toBe(200);
          return name;
        },
      },
      { name: "search query (tRPC)", layout: "one-line", send: (q) => trpcQuery("course.search", { q }, writerAuth) },
      // The owner's corrections of a course: each edit names the version the course has then.
      {
        name: "course title (REST edit)",
        layout: "one-line",
        send: async (title) => send("rest", "PATCH", `/api/courses/${edited.id}`, { ...writerAuth, json: { title, version: await versionOf(edited.id) } }),
        stored: async () => (await db.course.findUniqueOrThrow({ where: { id: edited.id }, select: { title: true } })).title,
      },
      {
        name: "course description (tRPC edit)",
        layout: "multi-line",
        optional: true,
        send: async (description) => trpcMutation("editing.course", { id: edited.id, description, version: await versionOf(edited.id) }, writerAuth),
        stored: async () => (await db.course.findUniqueOrThrow({ where: { id: edited.id }, select: { description: true } })).description,
      },
      {
        name: "chapter title (REST edit)",
        layout: "one-line",
        send: async (title) =>
          send("rest", "PATCH", `/api/chapters/${edited.chapterId}`, { ...writerAuth, json: { title, version: await versionOf(edited.id) } }),
        stored: async () => (await db.chapter.findUniqueOrThrow({ where: { id: edited.chapterId }, select: { title: true } })).title,
      },
      {
        name: "section title (tRPC edit)",
        layout: "one-line",
        send: async (title) => trpcMutation("editing.section", { id: edited.sectionIds[1], title, version: await versionOf(edited.id) }, writerAuth),
        stored: async () => (await db.section.findUniqueOrThrow({ where: { id: edited.sectionIds[1] }, select: { title: true } })).title,
      },
      {
        name: "section content (REST edit)",
        layout: "multi-line",
        send: async (content) =>
          send("rest", "PATCH", `/api/sections/${edited.sectionIds[1]}`, { ...writerAuth, json: { content, version: await versionOf(edited.id) } }),
        stored: async () => (await db.section.findUniqueOrThrow({ where: { id: edited.sectionIds[1] }, select: { content: true } })).content,
      },
    ];

    for (const path of paths) {
      for (const text of texts) {
        const label = `${path.name} with ${JSON.stringify(text)}`;
        const cleaned = cleanLearnerText(text, path.layout);
        const accepted = !hasUnstorable(text) && (cleaned !== "" || path.optional === true);
        await path.before?.();
        const result = await probe.run(label, () => path.send(text), { mayAccept: accepted, allowed: [400] });
        expect(result.status, `${label}: ${result.text.slice(0, 300)}`).toBe(accepted ? 200 : 400);
        if (!accepted) {
          expect(String(errorOf(result.json).message), label).toMatch(hasUnstorable(text) ? /NUL|invalid character/ : /empty|Please|at least/);
          continue;
        }
        if (!path.stored) continue;
        const stored = await path.stored(result);
        expect(stored ?? "", label).not.toMatch(SPOOFING);
        // An optional field left empty is stored as null.
        expect(stored, label).toBe(cleaned || null);
        stats.roundTrips += 1;
      }
    }
  });

  test("bytes that are not UTF-8 are refused with 400, never stored as U+FFFD (REST and tRPC)", async () => {
    const probe = new Probe();
    const encode = (text: string) => new TextEncoder().encode(text);
    const invalid = [[0xff], [0xfe, 0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x80]];
    for (const bytes of invalid) {
      const rest = new Uint8Array([...encode('{"content":"bad '), ...bytes, ...encode(' end"}')]);
      const trpc = new Uint8Array([...encode(`{"json":{"id":${f.chatCourse.id},"content":"bad `), ...bytes, ...encode(' end"}}')]);
      const headers = { "content-type": "application/json" };
      const label = bytes.map((b) => b.toString(16)).join(" ");
      await probe.run(
        `REST chat with bytes ${label}`,
        () => send("rest", "POST", `/api/courses/${f.chatCourse.id}/chat`, { sessionToken: f.owner.token, body: rest, headers }),
        { allowed: [400] },
      );
      await probe.run(
        `tRPC chat with bytes ${label}`,
        () => send("trpc", "POST", "/api/trpc/chat.send", { sessionToken: f.owner.token, body: trpc, headers }),
        { allowed: [400] },
      );
    }
  });

  test("the Google sync body (display name, e-mail, photo) is ignored: any text answers the session's user and stores nothing", async () => {
    const probe = new Probe();
    for (const text of [...TRICKY_TEXTS, ...UNSTORABLE_TEXTS]) {
      const result = await probe.run(
        `googleSync ${JSON.stringify(text)}`,
        () => send("rest", "POST", "/api/auth/google", { sessionToken: f.owner.token, json: { uid: text, email: text, displayName: text, photoURL: text } }),
        { mayAccept: true },
      );
      expect(result.status).toBe(200);
      expect(result.json).toMatchObject({ id: f.owner.user.id, displayName: f.owner.user.displayName, email: f.owner.user.email });
    }
  });

  test("chat messages are stored cleaned: emoji and HTML kept, bidi overrides and control characters removed", async () => {
    let user = await signedIn();
    let sent = 0;
    let course = await courseWithTranscript(db, user.user.id);
    const expectRoundTrip = async (content: string, kind: Kind) => {
      // The chat limit is 20 messages a minute per learner: switch learners (and courses) in time.
      if (sent > 0 && sent % 15 === 0) {
        user = await signedIn();
        course = await courseWithTranscript(db, user.user.id);
      }
      sent += 1;
      const result =
        kind === "rest"
          ? await send("rest", "POST", `/api/courses/${course.id}/chat`, { sessionToken: user.token, json: { content } })
          : await trpcMutation("chat.send", { id: course.id, content }, { sessionToken: user.token });
      expect(result.status, result.text.slice(0, 300)).toBe(200);
      const cleaned = cleanLearnerText(content, "multi-line");
      const history = await send("rest", "GET", `/api/courses/${course.id}/chat`, { sessionToken: user.token });
      const mine = (history.json as { role: string; content: string }[]).filter((m) => m.role === "user");
      expect(mine.at(-1)?.content).toBe(cleaned);
      const row = await db.chatMessage.findFirstOrThrow({
        where: { courseId: course.id, userId: user.user.id, role: "user" },
        orderBy: { id: "desc" },
        select: { content: true },
      });
      expect(row.content).toBe(cleaned);
      stats.roundTrips += 1;
    };
    for (const [i, text] of TRICKY_TEXTS.entries()) await expectRoundTrip(text, i % 2 ? "trpc" : "rest");
    await fc.assert(
      fc.asyncProperty(
        wellFormedText.filter((text) => !text.includes("\u0000") && cleanLearnerText(text, "multi-line") !== ""),
        async (text) => {
          await expectRoundTrip(text, "rest");
        },
      ),
      fcOptions,
    );
  });

  test("property: chat text with NUL or a lone surrogate is refused, any other text is stored cleaned (or 'required' when nothing is left)", async () => {
    const probe = new Probe();
    let user = await signedIn();
    let course = await courseWithTranscript(db, user.user.id);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        if (sent >= 15) {
          sent = 0;
          user = await signedIn();
          course = await courseWithTranscript(db, user.user.id);
        }
        const result = await probe.run(
          `chat ${JSON.stringify(text)}`,
          () => send("rest", "POST", `/api/courses/${course.id}/chat`, { sessionToken: user.token, json: { content: text } }),
          {
            mayAccept: !hasUnstorable(text) && cleanLearnerText(text, "multi-line") !== "",
          },
        );
        if (result.status === 200) {
          sent += 1;
          const row = await db.chatMessage.findFirstOrThrow({
            where: { courseId: course.id, userId: user.user.id, role: "user" },
            orderBy: { id: "desc" },
            select: { content: true },
          });
          expect(row.content).toBe(cleanLearnerText(text, "multi-line"));
          stats.roundTrips += 1;
        }
      }),
      fcOptions,
    );
  });

  test("topic and additional instructions are stored cleaned in the job and the course", async () => {
    const premium = await signedIn({ couponPremiumUntil: new Date(Date.now() + 30 * 86_400_000) });
    // Every topic finds the fixture video: the test is about the text, not the search.
    const deps = libraryDeps({ sources: [anyTopicSource()] });
    const cases = TRICKY_TEXTS.map((text, i) => ({
      topic: `binary search ${text}`.slice(0, 200),
      additionalInstructions: TRICKY_TEXTS.slice(i).join(" — "),
      kind: i % 2 ? ("trpc" as const) : ("rest" as const),
    }));
    for (const { topic, additionalInstructions, kind } of cases) {
      const input = { topic, complexity: "beginner", additionalInstructions };
      const result =
        kind === "rest"
          ? await send("rest", "POST", "/api/generation-jobs", { sessionToken: premium.token, json: input })
          : await trpcMutation("generation.start", input, { sessionToken: premium.token });
      expect(result.status, result.text.slice(0, 300)).toBe(200);
      const job = await db.generationJob.findFirstOrThrow({
        where: { userId: premium.user.id },
        orderBy: { createdAt: "desc" },
        select: { id: true, input: true },
      });
      const cleaned = { topic: cleanLearnerText(topic, "one-line"), additionalInstructions: cleanLearnerText(additionalInstructions, "multi-line") };
      expect(job.input).toMatchObject(cleaned);
      await drainGenerationQueue(db, deps);
      const finished = await db.generationJob.findUniqueOrThrow({
        where: { id: job.id },
        select: { status: true, error: true, course: { select: { topic: true, additionalInstructions: true } } },
      });
      expect(finished.status, finished.error ?? "").toBe("succeeded");
      expect(finished.course).toEqual(cleaned);
      stats.roundTrips += 1;
    }
  });

  test("usernames: the documented alphabet round-trips; anything else is a 400", async () => {
    const probe = new Probe();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.stringMatching(/^[A-Za-z0-9_.-]{3,32}$/),
          anyText,
          fc.constantFrom(...TRICKY_TEXTS, "<script>x</script>", "bob\u202Eevil", "ａｌｉｃｅ", "👍👍👍"),
        ),
        async (username) => {
          const valid = /^[A-Za-z0-9_.-]{3,32}$/.test(username.trim());
          const email = `u${uniqueSuffix()}@example.com`;
          const result = await probe.run(
            `register ${JSON.stringify(username)}`,
            () => send("rest", "POST", "/api/register", { json: { username, email, password: "password123" } }),
            {
              mayAccept: valid,
              // A valid name can collide with an earlier run's (409).
              allowed: valid ? [409] : [400],
            },
          );
          if (result.status === 200) {
            const me = await send("rest", "GET", "/api/user", { sessionToken: sessionTokenOf(result.response) });
            expect(me.json).toMatchObject({ username: username.trim(), email });
            stats.roundTrips += 1;
          }
        },
      ),
      { ...fcOptions, numRuns: 12 },
    );
  });

  test("a password with emoji, bidi overrides and HTML signs in exactly as registered (and not with a look-alike)", async () => {
    const probe = new Probe();
    for (const text of TRICKY_TEXTS.slice(0, 5)) {
      const username = `pw_${uniqueSuffix()}`;
      const password = `${text} password`;
      const registered = await trpcMutation("auth.register", { username, email: `${username}@example.com`, password });
      expect(registered.status, registered.text.slice(0, 300)).toBe(200);
      const login = await send("rest", "POST", "/api/login", { json: { username, password } });
      expect(login.status).toBe(200);
      await probe.run(
        "login with a normalised look-alike",
        () =>
          send("rest", "POST", "/api/login", {
            json: { username, password: password.normalize("NFKC") === password ? `${password}!` : password.normalize("NFKC") },
          }),
        { allowed: [401] },
      );
      stats.roundTrips += 1;
    }
  });

  test("quiz answers and options round-trip exactly; an answer that differs in any code unit is refused", async () => {
    const probe = new Probe();
    const quiz = await send("rest", "GET", `/api/sections/${f.quizSections[1]!.id}/quiz`, { sessionToken: f.owner.token });
    expect(quiz.status).toBe(200);
    const questions = (quiz.json as { questions: { id: number; options: string[] }[] }).questions;
    expect(questions.map((q) => q.options)).toEqual(f.trickyQuiz.questions.map((q) => q.options));
    for (const pick of [0, 1, 2, 3]) {
      const answers = questions.map((q) => ({ questionId: q.id, answer: q.options[pick]! }));
      const result = await send("rest", "POST", `/api/quizzes/${f.trickyQuiz.id}/attempts`, { sessionToken: f.owner.token, json: { answers } });
      expect(result.status, result.text.slice(0, 300)).toBe(200);
      expect((result.json as { results: { answer: string }[] }).results.map((r) => r.answer)).toEqual(answers.map((a) => a.answer));
      stats.roundTrips += 1;
    }
    // Look-alikes of an option (normalised, trimmed, case-folded, override stripped) are not that option.
    const option = TRICKY_TEXTS[1]!;
    for (const lookAlike of [
      option.normalize("NFKC") + " ",
      ` ${option}`,
      option.toUpperCase(),
      option.replaceAll("\u202E", ""),
      option.replaceAll("\u202E", "\u202D"),
    ]) {
      const answers = questions.map((q) => ({ questionId: q.id, answer: q.options.includes(option) ? lookAlike : q.options[0]! }));
      await probe.run(
        `quiz answer look-alike ${JSON.stringify(lookAlike)}`,
        () => send("rest", "POST", `/api/quizzes/${f.trickyQuiz.id}/attempts`, { sessionToken: f.owner.token, json: { answers } }),
        { allowed: [400] },
      );
    }
  });

  test("an open answer of invisible characters only is refused like an empty one (400 on both entries), and nothing is stored", async () => {
    const probe = new Probe();
    const quiz = await createQuiz(db, f.quizSections[2]!.id, [
      { options: ["A1", "B1", "C1", "D1"], correctAnswer: "A1" },
      { kind: "open", options: [], correctAnswer: "Halving the range each step finds the item in logarithmic time.", keyIdeas: ["halving", "logarithmic"] },
    ]);
    const [choice, open] = quiz.questions;
    for (const invisible of [
      "\u200B",
      "\uFEFF\uFEFF",
      "\u00A0\u2007\u202F",
      "\u0001\u007F\u009F",
      "\u200C\u200D\u2060\u180E",
      "\u3164\uFFA0",
      "\u{E0041}\u{E0042}",
      "\u200B \n\t\u00A0",
    ]) {
      const answers = [
        { questionId: choice!.id, answer: "A1" },
        { questionId: open!.id, answer: invisible },
      ];
      await probe.run(
        `open answer ${JSON.stringify(invisible)}`,
        () => send("rest", "POST", `/api/quizzes/${quiz.id}/attempts`, { sessionToken: f.owner.token, json: { answers } }),
        { allowed: [400] },
      );
      await probe.run(
        `open answer over tRPC ${JSON.stringify(invisible)}`,
        () => trpcMutation("quiz.submitAttempt", { id: quiz.id, answers }, { sessionToken: f.owner.token }),
        {
          allowed: [400],
        },
      );
    }
    expect(await db.quizAttempt.count({ where: { quizId: quiz.id } })).toBe(0);
    expect(await db.card.count({ where: { questionId: open!.id } })).toBe(0);
  });

  test("search: tricky text finds the course and its title comes back exactly; any query is answered or refused, never a 5xx", async () => {
    const probe = new Probe();
    for (const text of TRICKY_TEXTS.slice(0, 4)) {
      const word = text.split(" ").find((w) => w.length > 3) ?? text;
      const result = await trpcQuery("course.search", { q: word }, { sessionToken: f.owner.token });
      expect(result.status, result.text.slice(0, 300)).toBe(200);
      const hits = (result.json as { result: { data: { json: { courseId: number; title: string }[] } } }).result.data.json;
      expect(hits.find((hit) => hit.courseId === f.trickyCourse.id)?.title, word).toBe(f.trickyCourse.title);
      stats.roundTrips += 1;
    }
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyText, fc.constantFrom(...TRICKY_TEXTS, "%", "_", "\\", "%%%", "' OR 1=1 --", "x".repeat(101), "a ".repeat(60)), jsonValue),
        async (q) => {
          await probe.run(`search ${JSON.stringify(q)}`, () => trpcQuery("course.search", { q }, { sessionToken: f.owner.token }), {
            mayAccept: typeof q === "string" && !hasUnstorable(q) && q.trim().length > 0 && q.trim().length <= 100,
            allowed: [400],
          });
        },
      ),
      { ...fcOptions, numRuns: RUNS * 2 },
    );
  });

  test("coupon codes: tricky text is an unknown code (404) or a refusal; the documented normalisation (trim, NFKC, case) redeems", async () => {
    const probe = new Probe();
    let user = await signedIn();
    let tries = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyText, fc.constantFrom(...TRICKY_TEXTS, "ß".repeat(64), "ﬀ".repeat(64), "x".repeat(65), "%", "' OR 1=1 --"), jsonValue),
        async (code) => {
          // Ten failed codes a learner per 15 minutes: switch learners before the limit.
          if (++tries % 9 === 0) user = await signedIn();
          await probe.run(`coupon ${JSON.stringify(code)}`, () => send("rest", "POST", "/api/coupons/redeem", { sessionToken: user.token, json: { code } }), {
            allowed: [400, 404, 422],
          });
        },
      ),
      { ...fcOptions, numRuns: RUNS * 2 },
    );
    const fresh = await signedIn();
    const redeemed = await send("rest", "POST", "/api/coupons/redeem", { sessionToken: fresh.token, json: { code: `  ${f.coupon.code.toLowerCase()}\t` } });
    expect(redeemed.status, redeemed.text.slice(0, 300)).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Numbers: progress, quiz attempts, challenges, sharing
// ---------------------------------------------------------------------------------------------
describe("numbers and ids in bodies", () => {
  test("progress: every bad id, boolean and mix is a 400; nothing is written", async () => {
    const probe = new Probe();
    const path = `/api/courses/${f.quizCourse.id}/progress`;
    const sectionId = f.quizSections[0]!.id;
    for (const bad of BAD_ID_JSON) {
      for (const body of [
        { currentSectionId: bad },
        { completedSectionId: bad },
        { completedSectionId: sectionId, isCompleted: bad },
        { userId: bad, currentSectionId: sectionId },
      ]) {
        if ("isCompleted" in body && (bad === true || bad === false)) continue;
        await probe.run(`progress ${JSON.stringify(body)}`, () => send("rest", "POST", path, { sessionToken: f.owner.token, json: body }), { allowed: [400] });
      }
    }
    for (const body of [
      {},
      { isCompleted: true },
      { currentSectionId: sectionId, isCompleted: "false" },
      { currentSectionId: sectionId, isCompleted: "no" },
      { currentSectionId: sectionId, isCompleted: 0 },
    ]) {
      await probe.run(`progress ${JSON.stringify(body)}`, () => send("rest", "POST", path, { sessionToken: f.owner.token, json: body }), { allowed: [400] });
    }
  });

  test("property: progress, quiz attempts, challenge join and sharing over tRPC take only valid ids", async () => {
    const probe = new Probe();
    const number = fc.oneof(
      fc.integer({ min: -(2 ** 31), max: -1 }),
      fc.constant(0),
      fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
      fc.double({ noInteger: true }),
      fc.constantFrom(Number.MAX_VALUE, Number.MIN_VALUE, -0, 2 ** 53 + 2, 1e21),
      fc.string({ maxLength: 12 }),
      fc.boolean(),
      fc.constant(null),
      jsonValue,
    );
    // A value that reads as a valid id may be accepted: a path's `id` is also read from its digits, as REST sends it.
    const readsAsId = (n: unknown) =>
      typeof n !== "object" || n === null || Array.isArray(n) ? Number.isInteger(Number(n)) && Number(n) > 0 && Number(n) <= 2_147_483_647 : false;
    const calls: ((n: unknown) => [string, () => Promise<ApiResult>, boolean])[] = [
      (n) => [
        "progress.update currentSectionId",
        () => trpcMutation("progress.update", { id: f.quizCourse.id, currentSectionId: n }, { sessionToken: f.owner.token }),
        readsAsId(n),
      ],
      (n) => [
        "progress.update id",
        () => trpcMutation("progress.update", { id: n, currentSectionId: f.quizSections[0]!.id }, { sessionToken: f.owner.token }),
        readsAsId(n),
      ],
      (n) => [
        "quiz.submitAttempt questionId",
        () => trpcMutation("quiz.submitAttempt", { id: f.quiz.id, answers: [{ questionId: n, answer: "A1" }] }, { sessionToken: f.owner.token }),
        readsAsId(n),
      ],
      (n) => ["quiz.submitAttempt id", () => trpcMutation("quiz.submitAttempt", { id: n, answers: [] }, { sessionToken: f.owner.token }), readsAsId(n)],
      (n) => [
        "gamification.joinChallenge",
        () => trpcMutation("gamification.joinChallenge", { userId: f.owner.user.id, challengeId: n }, { sessionToken: f.owner.token }),
        readsAsId(n),
      ],
      (n) => ["course.setSharing id", () => trpcMutation("course.setSharing", { id: n, isPublic: true }, { sessionToken: f.owner.token }), readsAsId(n)],
      (n) => [
        "course.setSharing isPublic",
        () => trpcMutation("course.setSharing", { id: f.chatCourse.id, isPublic: n }, { sessionToken: f.owner.token }),
        typeof n === "boolean",
      ],
    ];
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: calls.length - 1 }), number, async (which, n) => {
        const [label, call, mayAccept] = calls[which]!(n);
        await probe.run(`${label} ${JSON.stringify(n)}`, call, { allowed: mayAccept ? [...REFUSALS] : [400], mayAccept });
      }),
      { ...fcOptions, numRuns: RUNS * 4 },
    );
  });

  // An id in a body is a JSON number only (idSchema, lib/schemas/common.ts); only a path or query id is read from its digits (idParam).
  test("a JSON array or boolean is not an id ([id] is not read as id)", async () => {
    const result = await send("rest", "POST", `/api/courses/${f.quizCourse.id}/progress`, {
      sessionToken: f.owner.token,
      json: { userId: [f.owner.user.id], currentSectionId: [f.quizSections[0]!.id] },
    });
    expect(result.status).toBe(400);
  });

  test("notes: texts, times, quotes and ids; tricky text round-trips; another learner's note or private course is a 404", async () => {
    const probe = new Probe();
    const auth = { sessionToken: f.owner.token };
    const course = f.chatCourse.id; // a 600 s video
    const create = (json: unknown) => send("rest", "POST", `/api/courses/${course}/notes`, { ...auth, json });
    const valid = { timeSeconds: 12, text: "a note" };
    const badTimes: unknown[] = [-1, -0.001, -(2 ** 53), "12", "NaN", "Infinity", "", null, true, [], [12], {}, "１２"];
    const badInputs: unknown[] = [
      ...UNSTORABLE_TEXTS.map((text) => ({ ...valid, text })),
      ...UNSTORABLE_TEXTS.map((quote) => ({ ...valid, quote })),
      { ...valid, text: "x".repeat(5_001) },
      { ...valid, text: "😀".repeat(5_001) }, // characters are counted, not UTF-16 units
      { ...valid, text: "" },
      { ...valid, text: " \n\t " },
      { ...valid, text: 42 },
      { ...valid, text: ["a"] },
      { ...valid, quote: "q".repeat(1_001) },
      { ...valid, quote: 7 },
      { timeSeconds: 12 },
      { text: "no time" },
      ...badTimes.map((timeSeconds) => ({ ...valid, timeSeconds })),
      { ...valid, userId: f.other.user.id },
      { ...valid, courseId: f.quizCourse.id },
    ];
    for (const input of badInputs) {
      const result = await probe.run(`POST notes ${JSON.stringify(input).slice(0, 80)}`, () => create(input), { allowed: [400] });
      expect(typeof errorOf(result.json).message).toBe("string");
    }
    const tooLong = await create({ ...valid, text: "x".repeat(5_001) });
    expect(errorOf(tooLong.json).message).toBe("A note can be at most 5,000 characters");
    // NaN and Infinity are not JSON: such a body is malformed.
    for (const body of ['{"timeSeconds":NaN,"text":"a"}', '{"timeSeconds":Infinity,"text":"a"}', '{"timeSeconds":-Infinity,"text":"a"}']) {
      await probe.run(
        `POST notes ${body}`,
        () => send("rest", "POST", `/api/courses/${course}/notes`, { ...auth, body, headers: { "content-type": "application/json" } }),
        {
          allowed: [400],
        },
      );
    }
    // Past the video's end: 422, with the reason.
    for (const timeSeconds of [600.001, 601, 86_400, 1e308]) {
      const result = await probe.run(`POST notes at ${timeSeconds}`, () => create({ ...valid, timeSeconds }), { allowed: [422] });
      expect(errorOf(result.json).message).toBe("The note's time must be inside the video");
    }
    // Another learner's private course: Course Not Found; their note: Note not found.
    const theirCourse = await courseWithTranscript(db, f.other.user.id);
    await probe.run(
      "POST notes on another learner's private course",
      () => send("rest", "POST", `/api/courses/${theirCourse.id}/notes`, { ...auth, json: valid }),
      {
        allowed: [404],
      },
    );
    const theirNote = await db.note.create({ data: { userId: f.other.user.id, courseId: theirCourse.id, timeSeconds: 1, text: "theirs" } });
    await probe.run("PATCH another learner's note", () => send("rest", "PATCH", `/api/notes/${theirNote.id}`, { ...auth, json: { text: "mine now" } }), {
      allowed: [404],
    });
    await probe.run("DELETE another learner's note", () => send("rest", "DELETE", `/api/notes/${theirNote.id}`, auth), { allowed: [404] });

    // Tricky text and quotes are stored and read back cleaned; times may be fractions; 0 and the very end are inside.
    const mine: number[] = [];
    for (const [index, text] of [...TRICKY_TEXTS, "x".repeat(5_000), "😀".repeat(5_000)].entries()) {
      const timeSeconds = [0, 600, 12.345][index % 3]!;
      const created = await create({ timeSeconds, text, quote: TRICKY_TEXTS[(index + 1) % TRICKY_TEXTS.length] });
      expect(created.status, created.text.slice(0, 300)).toBe(200);
      const note = created.json as { id: number; text: string; quote: string; timeSeconds: number };
      expect(note.text).toBe(cleanLearnerText(text, "multi-line"));
      expect(note.quote).toBe(cleanLearnerText(TRICKY_TEXTS[(index + 1) % TRICKY_TEXTS.length]!, "multi-line"));
      expect(note.timeSeconds).toBe(timeSeconds);
      mine.push(note.id);
      stats.roundTrips += 1;
    }
    const listed = await send("rest", "GET", `/api/courses/${course}/notes`, auth);
    const texts = (listed.json as { notes: { id: number; text: string }[] }).notes.filter((note) => mine.includes(note.id)).map((note) => note.text);
    expect(texts.sort()).toEqual([...TRICKY_TEXTS, "x".repeat(5_000), "😀".repeat(5_000)].map((text) => cleanLearnerText(text, "multi-line")).sort());

    // PATCH and DELETE: malformed ids are 400s; bad fields are 400s, a time past the end 422.
    const note = mine[0]!;
    for (const id of BAD_ID_STRINGS.filter((bad) => bad.trim() !== "" && bad !== "1%2F2")) {
      await probe.run(`PATCH /notes/${id}`, () => send("rest", "PATCH", `/api/notes/${id}`, { ...auth, json: { text: "x" } }), { allowed: [400] });
      await probe.run(`DELETE /notes/${id}`, () => send("rest", "DELETE", `/api/notes/${id}`, auth), { allowed: [400] });
    }
    const badPatches: unknown[] = [
      { text: "x".repeat(5_001) },
      { text: "" },
      ...UNSTORABLE_TEXTS.map((text) => ({ text })),
      ...badTimes.map((timeSeconds) => ({ timeSeconds })),
      { courseId: f.quizCourse.id },
      { userId: f.other.user.id },
    ];
    for (const json of badPatches) {
      await probe.run(`PATCH notes ${JSON.stringify(json).slice(0, 80)}`, () => send("rest", "PATCH", `/api/notes/${note}`, { ...auth, json }), {
        allowed: [400],
      });
    }
    await probe.run("PATCH notes past the end", () => send("rest", "PATCH", `/api/notes/${note}`, { ...auth, json: { timeSeconds: 600.5 } }), {
      allowed: [422],
    });
  });

  test("quiz attempts: too many, duplicate, missing and non-option answers are 400s", async () => {
    const probe = new Probe();
    const [q1, q2, q3] = f.quiz.questions;
    const cases: unknown[] = [
      { answers: [] },
      { answers: [{ questionId: q1!.id, answer: "A1" }] },
      { answers: [q1, q1, q2].map((q) => ({ questionId: q!.id, answer: "A1" })) },
      { answers: Array.from({ length: 51 }, () => ({ questionId: q1!.id, answer: "A1" })) },
      { answers: [q1, q2, q3].map((q) => ({ questionId: q!.id, answer: "x".repeat(1001) })) },
      { answers: [q1, q2, q3].map((q) => ({ questionId: q!.id, answer: "<script>alert(1)</script>" })) },
      { answers: [q1, q2, q3].map((q) => ({ questionId: q!.id, answer: 1 })) },
      { answers: [q1, q2, q3].map((q) => ({ questionId: q!.id })) },
      { answers: [q1, q2, q3].map((q) => ({ questionId: q!.id, answer: `A${q!.order}`, extra: true })) },
      { answers: { 0: { questionId: q1!.id, answer: "A1" } } },
      { answers: "A1,A2,A3" },
    ];
    for (const body of cases) {
      await probe.run(
        `attempt ${JSON.stringify(body).slice(0, 120)}`,
        () => send("rest", "POST", `/api/quizzes/${f.quiz.id}/attempts`, { sessionToken: f.owner.token, json: body }),
        { allowed: [400] },
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Course editing: versions, times, texts, fields and ids
// ---------------------------------------------------------------------------------------------
describe("course editing", () => {
  /** Values a version (in a JSON body) must refuse with 400. */
  const BAD_VERSIONS: unknown[] = [0, -1, "1", 1.5, null, true, false, [1], {}, "NaN", 2_147_483_648, -(2 ** 53), 1e308];
  /** The same as text, in a query key or a path placeholder. */
  const BAD_VERSION_TEXTS = ["0", "-1", "1.5", "abc", "NaN", "1e3", "0x1", "2147483648", "%00", "１"];
  /** Values a moment (seconds) must refuse with 400, whatever the section. */
  const BAD_SECONDS: unknown[] = [-1, -0.5, -(2 ** 53), "30", "", null, true, [30], {}, "NaN", "Infinity"];
  /** Bodies JSON cannot carry as numbers: NaN and ±Infinity are malformed, a number too large for a double is Infinity. */
  const NOT_FINITE = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"];

  test("bad versions, times, texts, unknown fields and others' ids on every editing path: a clear 4xx each, nothing changed; the limits themselves are accepted", async () => {
    const probe = new Probe();
    const owner = await signedIn();
    const auth = { sessionToken: owner.token };
    // Sections of 60 s (0–60, 60–120, 120–180, 180–240) on the 372 s fixture video, a quiz on the first.
    const course = await createEditableCourse(db, { userId: owner.user.id });
    const [first, second, , last] = course.sectionIds as [number, number, number, number];
    // Another learner's public course: the owner may read it, not edit it.
    const theirs = await createEditableCourse(db, { userId: f.other.user.id, isPublic: true });
    const call = (method: string, path: string, json?: unknown) => send("rest", method, path, { ...auth, ...(json === undefined ? {} : { json }) });
    const raw = (method: string, path: string, body: string) => send("rest", method, path, { ...auth, body, headers: { "content-type": "application/json" } });
    const refused = async (label: string, request: () => Promise<ApiResult>, status: number, message: string | RegExp) => {
      const result = await probe.run(label, request, { allowed: [status] });
      expect(result.status, label).toBe(status);
      const said = String(errorOf(result.json).message);
      if (typeof message === "string") expect(said, label).toBe(message);
      else expect(said, label).toMatch(message);
      return result;
    };

    // Each path with a body, with a valid body of its own on version 1 (the course's).
    const bodies: [string, string, Record<string, unknown>][] = [
      ["PATCH", `/api/courses/${course.id}`, { title: "A title", description: "About it", version: 1 }],
      ["PATCH", `/api/chapters/${course.chapterId}`, { title: "A chapter", version: 1 }],
      ["PATCH", `/api/sections/${second}`, { title: "A section", content: "Its text", timeStart: 70, version: 1 }],
      ["POST", `/api/sections/${first}/split`, { atSeconds: 30, version: 1 }],
      ["POST", `/api/sections/${first}/merge-next`, { version: 1 }],
    ];
    for (const [method, path, body] of bodies) {
      const label = `${method} ${path}`;
      for (const version of BAD_VERSIONS)
        await refused(`${label} version=${JSON.stringify(version)}`, () => call(method, path, { ...body, version }), 400, /version/);
      const { version: _sent, ...withoutVersion } = body;
      await refused(`${label} without a version`, () => call(method, path, withoutVersion), 400, /version/);
      const json = JSON.stringify(withoutVersion).slice(0, -1);
      for (const value of NOT_FINITE)
        await refused(`${label} version=${value}`, () => raw(method, path, `${json},"version":${value}}`), 400, /version|JSON|parse/i);
      // A version the course does not have: 409, and the answer names the version now.
      for (const version of [2, 2_147_483_647]) {
        const stale = await refused(`${label} on version ${version}`, () => call(method, path, { ...body, version }), 409, EDIT_MESSAGES.stale);
        expect((stale.json as { data?: { currentVersion?: unknown } }).data?.currentVersion, label).toBe(1);
      }
      for (const field of ["userId", "courseId", "chapterId", "order", "timeEnd", "isPublic", "baseVersion"]) {
        const result = await refused(`${label} with ${field}`, () => call(method, path, { ...body, [field]: 1 }), 400, /Unknown field/);
        expect(String(errorOf(result.json).message), label).toContain(field);
      }
    }

    const question = `/api/questions/${course.questionIds[0]}`;
    for (const query of ["", "?version=", ...BAD_VERSION_TEXTS.map((bad) => `?version=${bad}`), "?version=1&version=1", "?VERSION=1"]) {
      await refused(`DELETE ${question}${query}`, () => call("DELETE", `${question}${query}`), 400, /version/);
    }
    const staleDelete = await refused(`DELETE ${question}?version=2`, () => call("DELETE", `${question}?version=2`), 409, EDIT_MESSAGES.stale);
    expect((staleDelete.json as { data?: { currentVersion?: unknown } }).data?.currentVersion).toBe(1);

    const versions = `/api/courses/${course.id}/versions`;
    for (const bad of BAD_VERSION_TEXTS) {
      await refused(`GET ${versions}/${bad}`, () => call("GET", `${versions}/${bad}`), 400, /version/);
      await refused(`POST ${versions}/${bad}/restore`, () => call("POST", `${versions}/${bad}/restore`, {}), 400, /version/);
    }
    for (const baseVersion of BAD_VERSIONS) {
      await refused(`restore baseVersion=${JSON.stringify(baseVersion)}`, () => call("POST", `${versions}/1/restore`, { baseVersion }), 400, /baseVersion/);
    }
    await refused("restore on a stale base", () => call("POST", `${versions}/1/restore`, { baseVersion: 2 }), 409, EDIT_MESSAGES.stale);
    await refused("restore with its version in the body", () => call("POST", `${versions}/1/restore`, { outline: {} }), 400, /Unknown field/);
    await refused("a version the course never had", () => call("GET", `${versions}/2`), 404, EDIT_MESSAGES.versionNotFound);
    await refused("restoring a version the course never had", () => call("POST", `${versions}/2/restore`, {}), 404, EDIT_MESSAGES.versionNotFound);

    // Moving the second section's start (60–120, after 0–60): before 15 s after the first's start, or within 15 s of its end, or outside the video.
    const section = `/api/sections/${second}`;
    for (const timeStart of BAD_SECONDS) {
      await refused(`timeStart=${JSON.stringify(timeStart)}`, () => call("PATCH", section, { timeStart, version: 1 }), 400, /timeStart/);
    }
    for (const value of NOT_FINITE)
      await refused(`timeStart=${value}`, () => raw("PATCH", section, `{"timeStart":${value},"version":1}`), 400, /timeStart|JSON|parse/i);
    for (const timeStart of [0, 5, 14.4, 105.6, 106, 119, 120]) {
      await refused(`timeStart=${timeStart}`, () => call("PATCH", section, { timeStart, version: 1 }), 422, EDIT_MESSAGES.tooShort);
    }
    for (const timeStart of [372, 400, 86_400, 2 ** 31, 1e12, 1e308]) {
      await refused(`timeStart=${timeStart}`, () => call("PATCH", section, { timeStart, version: 1 }), 422, EDIT_MESSAGES.ownVideo);
    }
    // Splitting the first section (0–60): both halves at least 15 s.
    const split = `/api/sections/${first}/split`;
    for (const atSeconds of BAD_SECONDS) {
      await refused(`atSeconds=${JSON.stringify(atSeconds)}`, () => call("POST", split, { atSeconds, version: 1 }), 400, /atSeconds/);
    }
    await refused("a split without a moment", () => call("POST", split, { version: 1 }), 400, /atSeconds/);
    for (const value of NOT_FINITE)
      await refused(`atSeconds=${value}`, () => raw("POST", split, `{"atSeconds":${value},"version":1}`), 400, /atSeconds|JSON|parse/i);
    for (const atSeconds of [0, 5, 14.4, 45.6, 46, 60, 61, 372, 2 ** 31, 1e12, 1e308]) {
      await refused(`atSeconds=${atSeconds}`, () => call("POST", split, { atSeconds, version: 1 }), 422, EDIT_MESSAGES.splitPlace);
    }
    await refused("merging the last section", () => call("POST", `/api/sections/${last}/merge-next`, { version: 1 }), 422, EDIT_MESSAGES.lastOfChapter);

    // Texts: empty or invisible, too long, not text, or unstorable.
    const over = (max: number) => ["x".repeat(max + 1), "😀".repeat(max + 1)];
    const badTitles: unknown[] = ["", "   ", "\u200B\u202E\u2066", ...over(COURSE_TITLE_MAX_LENGTH), 42, null, ["A title"], ...UNSTORABLE_TEXTS];
    for (const title of badTitles) {
      const shown = JSON.stringify(title).slice(0, 40);
      await refused(`course title ${shown}`, () => call("PATCH", `/api/courses/${course.id}`, { title, version: 1 }), 400, /[Tt]itle/);
      await refused(`chapter title ${shown}`, () => call("PATCH", `/api/chapters/${course.chapterId}`, { title, version: 1 }), 400, /[Tt]itle/);
      await refused(`section title ${shown}`, () => call("PATCH", section, { title, version: 1 }), 400, /[Tt]itle/);
    }
    for (const description of ["x".repeat(2_001), 42, ["About"], ...UNSTORABLE_TEXTS]) {
      const shown = JSON.stringify(description).slice(0, 40);
      await refused(`description ${shown}`, () => call("PATCH", `/api/courses/${course.id}`, { description, version: 1 }), 400, /[Dd]escription/);
    }
    for (const content of ["", " \n\t ", "\u200B\u2060", ...over(SECTION_CONTENT_MAX_LENGTH), 42, null, ["Text"], ...UNSTORABLE_TEXTS]) {
      const shown = JSON.stringify(content).slice(0, 40);
      await refused(`content ${shown}`, () => call("PATCH", section, { content, version: 1 }), 400, /[Cc]ontent/);
    }
    await refused("a chapter without a title", () => call("PATCH", `/api/chapters/${course.chapterId}`, { version: 1 }), 400, /[Tt]itle/);
    await refused("a course edit that changes nothing", () => call("PATCH", `/api/courses/${course.id}`, { version: 1 }), 400, EDIT_MESSAGES.nothingToChange);
    await refused("a section edit that changes nothing", () => call("PATCH", section, { version: 1 }), 400, EDIT_MESSAGES.nothingToChange);

    // Another learner's course, chapter, sections and question: the 404 of an unknown id, on their version or any other (never a 409 naming it).
    for (const version of [1, 2]) {
      const cases: [string, string, unknown, string][] = [
        ["PATCH", `/api/courses/${theirs.id}`, { title: "Mine now", version }, EDIT_MESSAGES.notFound],
        ["PATCH", `/api/chapters/${theirs.chapterId}`, { title: "Mine now", version }, EDIT_MESSAGES.chapterNotFound],
        ["PATCH", `/api/sections/${theirs.sectionIds[1]}`, { content: "Mine now", timeStart: 70, version }, EDIT_MESSAGES.sectionNotFound],
        ["POST", `/api/sections/${theirs.sectionIds[0]}/split`, { atSeconds: 30, version }, EDIT_MESSAGES.sectionNotFound],
        ["POST", `/api/sections/${theirs.sectionIds[0]}/merge-next`, { version }, EDIT_MESSAGES.sectionNotFound],
        ["DELETE", `/api/questions/${theirs.questionIds[0]}?version=${version}`, undefined, EDIT_MESSAGES.questionNotFound],
        ["POST", `/api/courses/${theirs.id}/versions/1/restore`, { baseVersion: version }, EDIT_MESSAGES.notFound],
      ];
      for (const [method, path, json, message] of cases) {
        const result = await refused(`${method} ${path} (another learner's, version ${version})`, () => call(method, path, json), 404, message);
        expect((result.json as { data?: { currentVersion?: unknown } }).data?.currentVersion, path).toBeUndefined();
      }
    }
    await refused("another learner's versions", () => call("GET", `/api/courses/${theirs.id}/versions`), 404, EDIT_MESSAGES.notFound);
    await refused("another learner's version 1", () => call("GET", `/api/courses/${theirs.id}/versions/1`), 404, EDIT_MESSAGES.notFound);
    // The positive control of those 404s: the course is theirs to edit, and everyone's to read.
    expect((await call("GET", `/api/courses/${theirs.id}`)).status).toBe(200);

    // Nothing of all that was kept: the course is as it was made, with no history yet.
    expect(await db.course.findUniqueOrThrow({ where: { id: course.id }, select: { version: true } })).toEqual({ version: 1 });
    expect(await db.courseVersion.count({ where: { courseId: { in: [course.id, theirs.id] } } })).toBe(0);

    // The limits themselves are accepted, each edit on the version the one before answered.
    const accepted: [string, string, Record<string, unknown>][] = [
      ["PATCH", `/api/courses/${course.id}`, { title: "x".repeat(COURSE_TITLE_MAX_LENGTH), description: "d".repeat(2_000) }],
      ["PATCH", `/api/chapters/${course.chapterId}`, { title: "😀".repeat(COURSE_TITLE_MAX_LENGTH) }],
      // 15 s before its end: the first section now ends there too.
      ["PATCH", section, { title: "t".repeat(COURSE_TITLE_MAX_LENGTH), content: "x".repeat(SECTION_CONTENT_MAX_LENGTH), timeStart: 105 }],
      ["PATCH", `/api/sections/${first}`, { content: "😀".repeat(SECTION_CONTENT_MAX_LENGTH) }],
      // 14.5 s is 15 once rounded: the first half is exactly 15 s.
      ["POST", split, { atSeconds: 14.5 }],
    ];
    for (const [index, [method, path, body]] of accepted.entries()) {
      const result = await probe.run(`${method} ${path} at the limits`, () => call(method, path, { ...body, version: index + 1 }), { mayAccept: true });
      expect(result.status, `${method} ${path}: ${result.text.slice(0, 200)}`).toBe(200);
      expect(result.json, path).toMatchObject({ courseId: course.id, version: index + 2 });
    }
    // Both halves of the split hold the whole 20,000 characters (one sentence cannot be cut): merged, they would pass the limit.
    await refused(
      "a merge past the content limit",
      () => call("POST", `/api/sections/${first}/merge-next`, { version: accepted.length + 1 }),
      422,
      EDIT_MESSAGES.mergedTooLong,
    );
    const stored = await db.course.findUniqueOrThrow({
      where: { id: course.id },
      select: {
        title: true,
        description: true,
        version: true,
        chapters: {
          select: { title: true, sections: { orderBy: { order: "asc" }, select: { id: true, title: true, content: true, timeStart: true, timeEnd: true } } },
        },
      },
    });
    expect(stored).toMatchObject({ title: "x".repeat(COURSE_TITLE_MAX_LENGTH), description: "d".repeat(2_000), version: accepted.length + 1 });
    expect(stored.chapters[0]!.title).toBe("😀".repeat(COURSE_TITLE_MAX_LENGTH));
    const sections = stored.chapters[0]!.sections;
    expect(sections.map((s) => [s.timeStart, s.timeEnd])).toEqual([
      [0, 15],
      [15, 105],
      [105, 120],
      [120, 180],
      [180, 240],
    ]);
    expect(sections[2]).toMatchObject({ id: second, title: "t".repeat(COURSE_TITLE_MAX_LENGTH), content: "x".repeat(SECTION_CONTENT_MAX_LENGTH) });
    stats.roundTrips += 1;
  });
});

// ---------------------------------------------------------------------------------------------
// The tRPC form procedures over HTTP: envelopes, bodies and types
// ---------------------------------------------------------------------------------------------
describe("tRPC form procedures over HTTP", () => {
  const MUTATIONS = [
    "auth.register",
    "auth.login",
    "auth.changePassword",
    "generation.start",
    "generation.generateFromTopic",
    "chat.send",
    "subscription.redeemCoupon",
    "progress.update",
    "quiz.submitAttempt",
    "gamification.joinChallenge",
    "course.setSharing",
    "apiTokens.create",
    "apiTokens.revoke",
    "cards.create",
    "cards.review",
    "cards.delete",
    "review.updateSettings",
  ];

  test("malformed bodies, broken envelopes, deep JSON, huge bodies and wrong content types are refused", async () => {
    const probe = new Probe();
    const huge = JSON.stringify({ json: { content: "x".repeat(MAX_BODY_BYTES) } });
    for (const procedure of MUTATIONS) {
      const token = f.exhausted.token;
      const path = `/api/trpc/${procedure}`;
      const bodies = [
        ...MALFORMED_BODIES.filter((body) => !["null", "[]", "[1,2]", '"string"', "42", "true"].includes(body)),
        `{"json":${deep(10_000)}}`,
        `{"json":{"topic":${deep(10_000, '{"a":', "}", "1")}}}`,
        `{"json":{"username":"a","password":"b"},"meta":{"values":{"username":["bigint"],"password":[["custom","x"]]}}}`,
        `{"json":{"id":1},"meta":{"values":{"id":["Date"]}}}`,
        `{"json":{"a":1},"meta":{"values":{"__proto__.polluted":["undefined"]}}}`,
        `{"json":{"a":[1]},"meta":{"referentialEqualities":{"a":["a.0.x.y"]}}}`,
        `{"json":1,"meta":{"values":["class"]}}`,
        `{"json":"x","meta":null}`,
      ];
      for (const body of bodies) {
        // Malformed JSON is a 400; a well-formed envelope with odd superjson meta is decoded and
        // then refused by the procedure, whatever its reason (400, 404, 403 …).
        const allowed = body.includes('"meta"') ? [...REFUSALS] : [400];
        await probe.run(
          `${procedure} body ${body.slice(0, 80)}`,
          () => send("trpc", "POST", path, { sessionToken: token, body, headers: { "content-type": "application/json" } }),
          { allowed },
        );
      }
      await probe.run(
        `${procedure} over 1 MB`,
        () => send("trpc", "POST", path, { sessionToken: token, body: huge, headers: { "content-type": "application/json" } }),
        { allowed: [413] },
      );
      await probe.run(
        `${procedure} text/plain`,
        () => send("trpc", "POST", path, { sessionToken: token, body: '{"json":{}}', headers: { "content-type": "text/plain" } }),
        { allowed: [415] },
      );
      // A mutation must be a POST; a GET of it is refused, not run.
      await probe.run(`${procedure} as GET`, () => send("trpc", "GET", `${path}?input=${encodeURIComponent('{"json":{}}')}`, { sessionToken: token }), {
        allowed: [400, 404, 405] as number[],
      });
    }
    const unknownProcedure = await probe.run("unknown procedure", () => send("trpc", "POST", "/api/trpc/admin.deleteEverything", { json: { json: {} } }), {
      allowed: [404],
    });
    expect(unknownProcedure.status).toBe(404);
  });

  test("property: any JSON value as the input of any form procedure is accepted or clearly refused", async () => {
    const probe = new Probe();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MUTATIONS), jsonValue, async (procedure, input) => {
        // The exhausted learner can change nothing a random value might validate for, except a
        // challenge join or a progress row of a real id; those are the accepted cases.
        await probe.run(`${procedure} ${JSON.stringify(input)}`, () => trpcMutation(procedure, input, { sessionToken: f.exhausted.token }), {
          mayAccept: true,
        });
      }),
      { ...fcOptions, numRuns: RUNS * 4 },
    );
  });

  test("register, login and change password: wrong types, unknown fields and tricky text in each field", async () => {
    const probe = new Probe();
    const base = () => ({ username: `f_${uniqueSuffix()}`, email: `f${uniqueSuffix()}@example.com`, password: "password123" });
    const mutate = fc.record({
      field: fc.constantFrom("username", "email", "password", "confirmPassword", "extra"),
      value: fc.oneof(jsonValue, anyText, fc.constantFrom(...TRICKY_TEXTS, ...UNSTORABLE_TEXTS, "x".repeat(257), "x".repeat(10_000))),
      procedure: fc.constantFrom("auth.register", "auth.login"),
    });
    await fc.assert(
      fc.asyncProperty(mutate, async ({ field, value, procedure }) => {
        const input: Record<string, unknown> = procedure === "auth.login" ? { username: "no_such_learner", password: "password123" } : base();
        input[field] = value;
        await probe.run(`${procedure} ${field}=${JSON.stringify(value).slice(0, 80)}`, () => trpcMutation(procedure, input), {
          // A register with a valid value in one field works; a login of an unknown name is a 401.
          mayAccept: procedure === "auth.register",
        });
      }),
      { ...fcOptions, numRuns: RUNS * 2 },
    );
    // Change password: 5 attempts a user per 15 minutes, so each learner gets a few bad inputs.
    const badChanges: unknown[] = [
      { currentPassword: DEFAULT_PASSWORD, newPassword: "short" },
      { currentPassword: DEFAULT_PASSWORD, newPassword: "x".repeat(257) },
      { currentPassword: DEFAULT_PASSWORD, newPassword: 12345678 },
      { currentPassword: DEFAULT_PASSWORD },
      { currentPassword: "", newPassword: "new-password" },
      { currentPassword: DEFAULT_PASSWORD, newPassword: "new-password", userId: 1 },
      { currentPassword: `${DEFAULT_PASSWORD}\u0000`, newPassword: "new-password-1" },
      { currentPassword: `${DEFAULT_PASSWORD}\uD800`, newPassword: "new-password-1" },
      { currentPassword: `\u202E${DEFAULT_PASSWORD}`, newPassword: "new-password-1" },
      { currentPassword: DEFAULT_PASSWORD.normalize("NFKC").toUpperCase(), newPassword: "new-password-1" },
    ];
    const learner = await signedIn();
    for (const input of badChanges) {
      await probe.run(`changePassword ${JSON.stringify(input)}`, () => trpcMutation("auth.changePassword", input, { sessionToken: learner.token }), {
        allowed: [400, 403, 429],
      });
    }
    // Positive control: the right current password and a tricky new one work.
    const fresh = await signedIn();
    const changed = await trpcMutation(
      "auth.changePassword",
      { currentPassword: DEFAULT_PASSWORD, newPassword: TRICKY_TEXTS[0]! },
      { sessionToken: fresh.token },
    );
    expect(changed.status, changed.text.slice(0, 300)).toBe(200);
    expect((await send("rest", "POST", "/api/login", { json: { username: fresh.user.username, password: TRICKY_TEXTS[0]! } })).status).toBe(200);
    stats.roundTrips += 1;
  });

  test("API tokens: names, expiries and ids; tricky names are stored cleaned; another learner's token is a 404", async () => {
    const probe = new Probe();
    const learner = await signedIn();
    const auth = { sessionToken: learner.token };
    const valid = { name: "script", expiresInDays: 30 };
    const badInputs: unknown[] = [
      ...UNSTORABLE_TEXTS.map((name) => ({ ...valid, name })),
      { ...valid, name: "x".repeat(101) },
      { ...valid, name: "" },
      { ...valid, name: "   " },
      { ...valid, name: 42 },
      { ...valid, name: null },
      { ...valid, name: ["script"] },
      { expiresInDays: 30 },
      { name: "script" },
      ...[0, -1, 366, 1.5, "30", true, 1e308, -(2 ** 53), {}, []].map((expiresInDays) => ({ ...valid, expiresInDays })),
      { ...valid, userId: f.other.user.id },
      { ...valid, token: "cc_pat_chosen_by_the_client" },
    ];
    for (const input of badInputs) {
      const result = await probe.run(`apiTokens.create ${JSON.stringify(input).slice(0, 80)}`, () => trpcMutation("apiTokens.create", input, auth), {
        allowed: [400],
      });
      expect(typeof errorOf(result.json).message).toBe("string");
    }
    // Every tricky name is stored and listed cleaned (revoked again to stay under the limit of active tokens).
    for (const name of [...TRICKY_TEXTS, "x".repeat(100)]) {
      const created = await trpcMutation("apiTokens.create", { name, expiresInDays: null }, auth);
      expect(created.status, created.text.slice(0, 300)).toBe(200);
      const { apiToken } = (created.json as { result: { data: { json: { apiToken: { id: number; name: string } } } } }).result.data.json;
      expect(apiToken.name).toBe(cleanLearnerText(name, "one-line"));
      const listed = (await trpcQuery("apiTokens.list", undefined, auth)).json as { result: { data: { json: { id: number; name: string }[] } } };
      expect(listed.result.data.json.find((token) => token.id === apiToken.id)?.name).toBe(cleanLearnerText(name, "one-line"));
      expect((await trpcMutation("apiTokens.revoke", { id: apiToken.id }, auth)).status).toBe(200);
      stats.roundTrips += 1;
    }
    // Revoke: malformed ids are 400s; unknown, revoked and another learner's tokens are 404s, and nothing changes.
    const theirs = await createApiTokenRow(db, f.other.user.id);
    for (const id of BAD_ID_JSON) {
      await probe.run(`apiTokens.revoke id=${JSON.stringify(id)}`, () => trpcMutation("apiTokens.revoke", { id }, auth), { allowed: [400] });
    }
    for (const id of [theirs.row.id, 2_147_483_647]) {
      const result = await probe.run(`apiTokens.revoke id=${id}`, () => trpcMutation("apiTokens.revoke", { id }, auth), { allowed: [404] });
      expect(errorOf(result.json).message).toBe("API token not found.");
    }
    await probe.run("apiTokens.revoke extra field", () => trpcMutation("apiTokens.revoke", { id: theirs.row.id, userId: f.other.user.id }, auth), {
      allowed: [400],
    });
  });

  test("classes: names, codes, expiries, roles and ids; tricky names are stored cleaned; another learner's class is a 404", async () => {
    const probe = new Probe();
    const owner = await signedIn();
    const auth = { sessionToken: owner.token };
    const create = (json: unknown) => send("rest", "POST", "/api/classes", { ...auth, json });
    for (const name of [...UNSTORABLE_TEXTS, "x".repeat(101), "", "   ", "\u200B\u2066", 42, null, ["Algebra"]]) {
      await probe.run(`POST /api/classes name=${JSON.stringify(name).slice(0, 60)}`, () => create({ name }), { allowed: [400] });
    }
    await probe.run("POST /api/classes with an owner", () => create({ name: "Algebra", ownerId: f.other.user.id }), { allowed: [400] });
    for (const name of [...TRICKY_TEXTS, "x".repeat(100)]) {
      const created = await create({ name });
      expect(created.status, created.text.slice(0, 300)).toBe(200);
      const { id } = (created.json as { class: { id: number } }).class;
      const read = await send("rest", "GET", `/api/classes/${id}`, auth);
      expect((read.json as { class: { name: string } }).class.name).toBe(cleanLearnerText(name, "one-line"));
      stats.roundTrips += 1;
    }
    const { id } = ((await create({ name: "Bad input class" })).json as { class: { id: number } }).class;
    const member = await signedIn();
    await createClassRow(db, { ownerId: f.other.user.id, name: "Another learner's class" });
    await db.classMember.create({ data: { classId: id, userId: member.user.id } });
    for (const expiresInDays of [0, -1, 91, 1.5, "7", true, null, {}, [], 1e308]) {
      await probe.run(
        `invite expiresInDays=${JSON.stringify(expiresInDays)}`,
        () => send("rest", "POST", `/api/classes/${id}/invite`, { ...auth, json: { expiresInDays } }),
        {
          allowed: [400],
        },
      );
    }
    for (const role of ["owner", "admin", "", "Teacher", null, 1, ["teacher"]]) {
      await probe.run(
        `role=${JSON.stringify(role)}`,
        () => send("rest", "PATCH", `/api/classes/${id}/members/${member.user.id}`, { ...auth, json: { role } }),
        { allowed: [400] },
      );
    }
    for (const body of [{ archived: "true" }, { archived: 1 }, { name: "" }, { name: "x".repeat(101) }, { ownerId: f.other.user.id }]) {
      await probe.run(`PATCH /api/classes/{id} ${JSON.stringify(body)}`, () => send("rest", "PATCH", `/api/classes/${id}`, { ...auth, json: body }), {
        allowed: [400],
      });
    }
    // Codes are compared as typed: unstorable or oversized text is a 400, anything else an unknown code (404), each counted against the limit.
    const joiner = await signedIn();
    for (const code of [...UNSTORABLE_TEXTS, "", "x".repeat(65), 42, null, ["code"]]) {
      await probe.run(
        `join code=${JSON.stringify(code).slice(0, 60)}`,
        () => send("rest", "POST", "/api/classes/join", { sessionToken: joiner.token, json: { code } }),
        {
          allowed: [400],
        },
      );
    }
    // Cut to 20 code points (at most 40 UTF-16 units: under the 64 a code may have), never inside a surrogate pair.
    for (const code of TRICKY_TEXTS.slice(0, 4).map((text) => Array.from(text).slice(0, 20).join(""))) {
      const result = await probe.run(
        `join code=${JSON.stringify(code).slice(0, 60)}`,
        () => send("rest", "POST", "/api/classes/join", { sessionToken: joiner.token, json: { code } }),
        { allowed: [404] },
      );
      expect(errorOf(result.json).message).toBe(CLASS_MESSAGES.inviteUnknown);
      await probe.run(
        `preview code=${JSON.stringify(code).slice(0, 60)}`,
        () => send("rest", "GET", `/api/classes/join/${encodeURIComponent(code)}`, { sessionToken: joiner.token }),
        { allowed: [400, 404, 429] },
      );
    }
    for (const path of [`/api/classes/${f.chatCourse.id + 1_000_000}`, `/api/classes/2147483647`]) {
      await probe.run(`GET ${path}`, () => send("rest", "GET", path, auth), { allowed: [404] });
    }
  });

  test("assignments: due dates, notes, course ids and formats; tricky notes are stored cleaned; nothing is stored on a refusal", async () => {
    const probe = new Probe();
    const owner = await signedIn();
    const auth = { sessionToken: owner.token };
    const room = await createClassRow(db, { ownerId: owner.user.id, name: "Assignments under bad input" });
    const path = `/api/classes/${room.id}/assignments`;
    const assign = (json: unknown) => send("rest", "POST", path, { ...auth, json });
    const course = await createCourse(db, { userId: owner.user.id });
    const theirs = await createCourse(db, { userId: f.other.user.id });
    const dueAts: unknown[] = [
      "",
      "tomorrow",
      "2026-13-01",
      "2026-02-30",
      "2026-12-24T25:00:00Z",
      "2026-12-24T10:00:00",
      "2020-01-01",
      "3000-01-01",
      1767225600000,
    ];
    for (const dueAt of [...dueAts, ...UNSTORABLE_TEXTS, true, {}, ["2030-01-01"], "x".repeat(10_000)]) {
      await probe.run(`assign dueAt=${JSON.stringify(dueAt).slice(0, 60)}`, () => assign({ courseId: course.id, dueAt }), { allowed: [400] });
    }
    for (const note of [...UNSTORABLE_TEXTS, "x".repeat(1_001), 42, ["a note"]]) {
      await probe.run(`assign note=${JSON.stringify(note).slice(0, 60)}`, () => assign({ courseId: course.id, note }), { allowed: [400] });
    }
    for (const body of [{}, { courseId: course.id, classId: 1 }, { courseId: course.id, assignedById: f.other.user.id }]) {
      await probe.run(`assign ${JSON.stringify(body)}`, () => assign(body), { allowed: [400] });
    }
    for (const courseId of [theirs.id, 2_147_483_647]) {
      await probe.run(`assign courseId=${courseId}`, () => assign({ courseId }), { allowed: [404] });
    }
    expect(await db.assignment.count({ where: { classId: room.id } })).toBe(0);
    // A note takes any text a learner may write, cleaned as every learner text is.
    const tricky = TRICKY_TEXTS.join(" ").slice(0, 1_000);
    const made = await assign({ courseId: course.id, dueAt: null, note: tricky });
    expect(made.status, made.text.slice(0, 300)).toBe(200);
    const listed = (await send("rest", "GET", path, auth)).json as { assignments: { note: string | null; dueAt: string | null }[] };
    expect(listed.assignments).toEqual([expect.objectContaining({ note: cleanLearnerText(tricky, "multi-line"), dueAt: null })]);
    stats.roundTrips += 1;
    for (const format of ["", "xlsx", "CSV", "csv,markdown"]) {
      await probe.run(`export format=${format}`, () => send("route", "GET", `/api/classes/${room.id}/export?format=${format}`, auth), { allowed: [400] });
    }
    for (const id of ["0", "abc", "1e3", "2147483648"]) {
      await probe.run(`export of class ${id}`, () => send("route", "GET", `/api/classes/${id}/export?format=csv`, auth), { allowed: [400] });
    }
    await probe.run("export anonymously", () => send("route", "GET", `/api/classes/${room.id}/export?format=csv`), { allowed: [401] });
    for (const id of ["0", "-1", "1.5", "abc", "2147483648"]) {
      await probe.run(`DELETE /api/assignments/${id}`, () => send("rest", "DELETE", `/api/assignments/${id}`, auth), { allowed: [400] });
    }
    await probe.run("DELETE another class's assignment", () => send("rest", "DELETE", "/api/assignments/2147483647", auth), { allowed: [404] });
  });

  test("flashcards: tricky faces are stored cleaned; bad ratings, times, sources, huge texts and ids of others are refused", async () => {
    const probe = new Probe();
    const learner = await signedIn();
    const auth = { sessionToken: learner.token };
    // Two sections of 60 s: the video ends at 2:00.
    const course = await createCourse(db, { userId: learner.user.id });
    const cardsPath = `/api/courses/${course.id}/cards`;
    const made: { id: number; front: string; back: string }[] = [];
    for (const text of [...TRICKY_TEXTS, "x".repeat(1_000)]) {
      const result = await send("rest", "POST", cardsPath, { ...auth, json: { source: "transcript", front: text, back: `${text} ✓`, timeSeconds: 120 } });
      expect(result.status, result.text.slice(0, 300)).toBe(200);
      const card = result.json as { id: number; front: string; back: string };
      expect(card.front).toBe(cleanLearnerText(text, "multi-line"));
      expect(card.back).toBe(cleanLearnerText(`${text} ✓`, "multi-line"));
      made.push(card);
      stats.roundTrips += 1;
    }
    const queue = (await send("rest", "GET", "/api/review/queue", auth)).json as { cards: { id: number; front: string }[] };
    for (const card of made) expect(queue.cards.find((c) => c.id === card.id)?.front).toBe(card.front);

    const valid = { source: "transcript", front: "Front", back: "Back" };
    const theirCourse = await createCourse(db, { userId: f.other.user.id });
    const theirNote = await db.note.create({ data: { userId: f.other.user.id, courseId: course.id, timeSeconds: 1, text: "not yours" } });
    const createCases: [unknown, number][] = [
      [{ ...valid, front: "x".repeat(1_001) }, 400],
      [{ ...valid, back: "x".repeat(5_001) }, 400],
      [{ ...valid, front: "" }, 400],
      [{ ...valid, back: " \n\t " }, 400],
      [{ ...valid, front: 42 }, 400],
      [{ ...valid, front: null }, 400],
      [{ ...valid, source: "quiz" }, 400],
      [{ ...valid, source: "NOTE" }, 400],
      [{ front: "F", back: "B" }, 400],
      ...[-1, -0.001, "NaN", "Infinity", "-5", {}, "1:30", "30", true, []].map((timeSeconds): [unknown, number] => [{ ...valid, timeSeconds }, 400]),
      [{ ...valid, timeSeconds: 120.5 }, 422],
      [{ ...valid, timeSeconds: 1e308 }, 422],
      [{ ...valid, source: "note" }, 422],
      [{ ...valid, source: "note", noteId: theirNote.id }, 404],
      [{ ...valid, source: "note", noteId: 2_147_483_647 }, 404],
      ...BAD_ID_JSON.slice(0, 6).map((noteId): [unknown, number] => [{ ...valid, source: "note", noteId }, 400]),
      [{ ...valid, userId: f.other.user.id }, 400],
      [{ ...valid, due: "2000-01-01T00:00:00Z" }, 400],
    ];
    for (const [json, status] of createCases) {
      const result = await probe.run(`create ${JSON.stringify(json).slice(0, 80)}`, () => send("rest", "POST", cardsPath, { ...auth, json }), {
        allowed: [status],
      });
      expect(result.status, JSON.stringify(json).slice(0, 80)).toBe(status);
    }
    await probe.run(
      "a card on another learner's private course",
      () => send("rest", "POST", `/api/courses/${theirCourse.id}/cards`, { ...auth, json: valid }),
      {
        allowed: [404],
      },
    );

    const mine = made[0]!.id;
    for (const rating of ["", "Good", "GOOD", "perfect", "again ", 1, 4, null, true, [], {}, "\u0000"]) {
      await probe.run(`review rating=${JSON.stringify(rating)}`, () => send("rest", "POST", `/api/cards/${mine}/review`, { ...auth, json: { rating } }), {
        allowed: [400],
      });
    }
    await probe.run("review without a rating", () => send("rest", "POST", `/api/cards/${mine}/review`, { ...auth, json: {} }), { allowed: [400] });
    await probe.run("review with an extra field", () => send("rest", "POST", `/api/cards/${mine}/review`, { ...auth, json: { rating: "good", due: 0 } }), {
      allowed: [400],
    });
    for (const id of BAD_ID_JSON) {
      await probe.run(`cards.review id=${JSON.stringify(id)}`, () => trpcMutation("cards.review", { id, rating: "good" }, auth), { allowed: [400] });
      await probe.run(`cards.delete id=${JSON.stringify(id)}`, () => trpcMutation("cards.delete", { id }, auth), { allowed: [400] });
    }
    // Another learner's card: 404 to review and to delete, as an unknown id.
    const theirs = (await send("rest", "POST", `/api/courses/${theirCourse.id}/cards`, { sessionToken: f.other.token, json: valid })).json as { id: number };
    for (const call of [
      () => send("rest", "POST", `/api/cards/${theirs.id}/review`, { ...auth, json: { rating: "good" } }),
      () => send("rest", "DELETE", `/api/cards/${theirs.id}`, auth),
      () => trpcMutation("cards.review", { id: theirs.id, rating: "easy" }, auth),
    ]) {
      const result = await probe.run(`another learner's card`, call, { allowed: [404] });
      expect(errorOf(result.json).message).toBe("Card not found");
    }
    // A review that is accepted once is refused (409) the second time, and writes nothing then.
    expect((await send("rest", "POST", `/api/cards/${mine}/review`, { ...auth, json: { rating: "hard" } })).status).toBe(200);
    await probe.run("a card reviewed just now", () => send("rest", "POST", `/api/cards/${mine}/review`, { ...auth, json: { rating: "hard" } }), {
      allowed: [409],
    });

    for (const desiredRetention of [0.69, 0.991, 1, 0, -0.9, "0.9", null, 1e308, [], {}]) {
      await probe.run(`desired retention ${JSON.stringify(desiredRetention)}`, () => trpcMutation("review.updateSettings", { desiredRetention }, auth), {
        allowed: [400],
      });
    }
    for (const courseId of BAD_ID_JSON.slice(0, 8)) {
      await probe.run(`dueCount courseId=${JSON.stringify(courseId)}`, () => trpcQuery("review.dueCount", { courseId }, auth), { allowed: [400] });
    }
  });

  test("Authorization headers: odd bearer values are a clear 401, never a 5xx, and write nothing", async () => {
    const probe = new Probe();
    const values = [
      "Bearer",
      "Bearer ",
      "Bearer  cc_pat_",
      `Bearer ${"a".repeat(10_000)}`,
      "Bearer cc_pat_ä€",
      "Bearer cc_pat_%00",
      "Bearer \t",
      `Bearer ${"cc_pat_".repeat(3)}`,
    ];
    for (const authorization of values) {
      for (const [kind, method, path] of [
        ["rest", "GET", "/api/user"],
        ["rest", "GET", "/api/courses/user"],
        ["trpc", "GET", "/api/trpc/auth.session"],
      ] as const) {
        // Header values are bytes: anything past Latin-1 is sent as its UTF-8 bytes, as a client would.
        const header = Buffer.from(authorization, "utf8").toString("latin1");
        await probe.run(`${path} Authorization: ${authorization.slice(0, 40)}`, () => send(kind, method, path, { headers: { authorization: header } }), {
          allowed: [401],
        });
      }
    }
  });

  test("generation: tricky and oversized topics and instructions, wrong complexity and language, video links", async () => {
    const probe = new Probe();
    const input = fc.record(
      {
        topic: fc.oneof(
          anyText,
          fc.constantFrom(
            ...TRICKY_TEXTS,
            "x".repeat(201),
            "ab",
            "   ab   ",
            "https://youtube.com/watch?v=bad",
            "https://youtu.be/\u202Ebinsearch01",
            "javascript:alert(1)",
            "https://evil.example/watch?v=binSearch01",
            "https://www.youtube.com/playlist?list=",
            "https://www.youtube.com/playlist?list=PL<script>alert(1)</script>",
            "https://www.youtube.com/playlist?list=PLfixtureLessons01",
            "https://www.youtube.com/watch?v=binSearch01&list=RDbinSearch01",
          ),
          jsonValue,
        ),
        complexity: fc.oneof(fc.constantFrom("beginner", "expert", "BEGINNER", "", "<script>"), jsonValue),
        additionalInstructions: fc.oneof(anyText, fc.constantFrom(...TRICKY_TEXTS, "x".repeat(2001), null), jsonValue),
        language: fc.oneof(
          fc.constantFrom("es", "pt-BR", "zh-Hans-CN", "xx", "it", "español", "", "e".repeat(40), "en_US", "ja-JP-x-private", "\u202Ear", null),
          anyText,
          jsonValue,
        ),
      },
      { requiredKeys: ["topic"] },
    );
    await fc.assert(
      fc.asyncProperty(
        input,
        fc.constantFrom("rest:generate-from-topic", "rest:generation-jobs", "trpc:generation.start", "trpc:generation.generateFromTopic"),
        async (body, route) => {
          const [kind, name] = route.split(":") as [Kind, string];
          const call = () =>
            kind === "rest"
              ? send("rest", "POST", `/api/${name === "generate-from-topic" ? "courses/generate-from-topic" : name}`, {
                  sessionToken: f.exhausted.token,
                  json: body,
                })
              : trpcMutation(name, body, { sessionToken: f.exhausted.token });
          // The exhausted learner's valid inputs meet the monthly limit (403); invalid ones a 400.
          await probe.run(`${route} ${JSON.stringify(body).slice(0, 120)}`, call, { allowed: [400, 403] });
        },
      ),
      { ...fcOptions, numRuns: RUNS * 2 },
    );
  });

  test("headers: odd time zones, request ids and forwarded addresses never break a call", async () => {
    const probe = new Probe();
    for (const timeZone of ["Mars/Olympus_Mons", "", "UTC\t", "../../etc/passwd", "Etc/GMT+99", "x".repeat(500), "Europe/Berlin", "ÿ"]) {
      const headers = { "x-time-zone": timeZone, "x-request-id": timeZone, "x-forwarded-for": `${timeZone}, 10.0.0.1` };
      await probe.run(
        `progress with time zone ${JSON.stringify(timeZone)}`,
        () => send("rest", "POST", `/api/courses/${f.quizCourse.id}/progress`, { sessionToken: f.owner.token, json: { completedSectionId: 0 }, headers }),
        { allowed: [400] },
      );
      const streak = await send("rest", "GET", `/api/streaks/${f.owner.user.id}`, { sessionToken: f.owner.token, headers });
      expect(streak.status).toBe(200);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Numbers that are not numbers (issue 29): what `Number` would read from a non-number
// ---------------------------------------------------------------------------------------------
/**
 * `true`, `""`, `[]`, `[5]`, "0x10", "1e3" and "3" read as 1, 0, 0, 5, 16, 1000 and 3 where a number
 * schema is coerced (the REST adapter coerces the bare number schemas of an input in place, for
 * tRPC too). Every number field is sent each of them, on every way in: the documented REST paths
 * (through the route table, the hand-written routes too), with the fields read from the OpenAPI
 * document, and every procedure over tRPC, with the fields found in its input schema
 * (test/number-inputs.ts). In a JSON body or a tRPC input only a JSON number is a number: each is
 * a 400 naming the field, and nothing is stored. A path placeholder or query key carries text, so
 * there "3" is the number 3 (not sent as a refusal); the rest are 400s.
 */
describe("numbers that are not numbers: true, '', [], [5], '0x10', '1e3' and '3' in every number field", () => {
  /** In a path or a query, the same values as text; "3" is a valid one, and an empty path segment is another path. */
  const NOT_NUMBER_TEXTS = ["true", "", "[]", "[5]", "0x10", "1e3"];
  const cases = { body: 0, parameter: 0, trpc: 0 };

  type DocSchema = {
    type?: string | string[];
    enum?: unknown[];
    properties?: Record<string, DocSchema>;
    items?: DocSchema;
    anyOf?: DocSchema[];
    oneOf?: DocSchema[];
  };
  type DocOperation = {
    parameters?: { name: string; in: string; required?: boolean; schema: DocSchema }[];
    requestBody?: { content: Record<string, { schema: DocSchema }> };
  };
  const isNumber = (schema: DocSchema) => [schema.type ?? []].flat().some((type) => type === "number" || type === "integer");
  /** The number fields of a documented body, as positions ("answers[].questionId"). */
  function docNumbers(schema: DocSchema | undefined, at: Position = []): Position[] {
    if (!schema) return [];
    if (isNumber(schema)) return [at];
    const found = [
      ...Object.entries(schema.properties ?? {}).flatMap(([key, child]) => docNumbers(child, [...at, key])),
      ...docNumbers(schema.items, [...at, "[]"]),
      ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((option) => docNumbers(option, at)),
    ];
    return [...new Map(found.map((position) => [positionLabel(position), position])).values()];
  }
  const operations = () =>
    Object.entries(openApiDocument(`${ORIGIN}/api`).paths ?? {}).flatMap(([template, item]) =>
      Object.entries(item ?? {})
        .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), template, operation: operation as DocOperation })),
    );

  /** The message names the field and says it must be a number; the status is 400, and nothing changed (Probe). */
  function expectNumberRefusal(result: ApiResult, at: Position, label: string): void {
    const message = String(errorOf(result.json).message);
    expect(message, label).toMatch(/must be a number/);
    expect(message, label).toContain(at.filter((part) => part !== "[]").at(-1)!);
  }

  let note: number;
  let card: number;
  let classId: number;
  beforeAll(async () => {
    classId = (await createClassRow(db, { ownerId: f.owner.user.id, members: [{ userId: f.other.user.id }] })).id;
    note = (await db.note.create({ data: { userId: f.owner.user.id, courseId: f.chatCourse.id, timeSeconds: 5, text: "numbers" } })).id;
    const created = await restCall<{ id: number }>("POST", `/api/courses/${f.chatCourse.id}/cards`, {
      sessionToken: f.owner.token,
      json: { source: "transcript", front: "numbers", back: "not numbers" },
    });
    expect(created.status, created.text.slice(0, 300)).toBe(200);
    card = created.json.id;
  });

  /** A valid value of each path placeholder and query key: the resource the path names, or the caller. */
  function validParameter(template: string, name: string): number {
    if (name === "userId") return f.owner.user.id;
    if (name === "challengeId") return f.challengeId;
    if (name === "limit") return 3;
    if (name === "courseId") return f.chatCourse.id;
    if (name === "version") return 1;
    if (template.startsWith("/chapters/")) return f.editable.chapterId;
    if (template.startsWith("/questions/")) return f.editable.questionIds[0]!;
    if (template.startsWith("/courses/{id}/versions")) return f.editable.id;
    if (template.startsWith("/quizzes/")) return f.quiz.id;
    if (template.startsWith("/sections/")) return f.quizSections[0]!.id;
    if (template.startsWith("/notes/")) return note;
    if (template.startsWith("/cards/")) return card;
    if (template.startsWith("/classes/")) return name === "memberId" ? f.other.user.id : classId;
    if (template === "/courses/{id}/progress") return f.quizCourse.id;
    return f.chatCourse.id;
  }

  /** A valid body of every documented operation with a number in its body: each number is replaced in turn. */
  const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
    "POST /courses/{id}/cards": () => ({ source: "note", front: "Front", back: "Back", timeSeconds: 12, noteId: note }),
    "POST /courses/{id}/chat": () => ({ content: "What is this?", atSeconds: 12, userId: f.owner.user.id }),
    "POST /courses/{id}/chat/stream": () => ({ content: "What is this?", atSeconds: 12, userId: f.owner.user.id }),
    "POST /courses/generate-from-topic": () => ({ topic: "binary search", complexity: "beginner", userId: f.exhausted.user.id }),
    "POST /courses/{id}/notes": () => ({ timeSeconds: 12, text: "a note" }),
    "PATCH /notes/{id}": () => ({ timeSeconds: 12 }),
    "POST /courses/{id}/progress": () => ({ currentSectionId: f.quizSections[0]!.id, completedSectionId: f.quizSections[0]!.id, userId: f.owner.user.id }),
    "POST /quizzes/{id}/attempts": () => ({ answers: [{ questionId: f.quiz.questions[0]!.id, answer: "A1" }], userId: f.owner.user.id }),
    "POST /practice": () => ({ conceptIds: [1] }),
    "POST /classes/{id}/invite": () => ({ expiresInDays: 7 }),
    "POST /classes/{id}/assignments": () => ({ courseId: f.chatCourse.id, note: "Watch it" }),
    "POST /practice/answers": () => ({ questionId: f.quiz.questions[0]!.id, answer: "A1" }),
    "PATCH /courses/{id}": () => ({ title: "A title", description: "A description", version: 1 }),
    "PATCH /chapters/{id}": () => ({ title: "A chapter", version: 1 }),
    "PATCH /sections/{id}": () => ({ title: "A section", content: "Its text", timeStart: 5, version: 1 }),
    "POST /sections/{id}/split": () => ({ atSeconds: 30, version: 1 }),
    "POST /sections/{id}/merge-next": () => ({ version: 1 }),
    "POST /sections/{id}/regenerate": () => ({ instructions: "simpler", version: 1 }),
    "POST /courses/{id}/versions/{version}/restore": () => ({ baseVersion: 1 }),
    // issue 45, offline reviews
    "POST /reviews/sync": () => ({ reviews: [{ clientId: randomUUID(), cardId: 1, rating: "good", reviewedAt: new Date().toISOString() }] }),
    "PUT /user/reminders": () => ({ ...VALID_REMINDERS }), // reminders (i45-reminders)
    "POST /push/subscriptions": () => ({ ...pushBody("https://203.0.114.9/n"), expirationTime: null }), // push (i45-reminders)
  };
  /** The learner who calls: the exhausted one where a valid input would start a generation. */
  const tokenFor = (name: string) => (/generat/i.test(name) ? f.exhausted.token : f.owner.token);

  const fill = (template: string, values: Record<string, string> = {}) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? String(validParameter(template, name)));

  test("documented REST bodies: each value in each number field is a 400 naming it, nothing stored", async () => {
    const probe = new Probe();
    const missing: string[] = [];
    for (const { method, template, operation } of operations()) {
      const fields = docNumbers(operation.requestBody?.content["application/json"]?.schema);
      if (!fields.length) continue;
      const key = `${method} ${template}`;
      const body = VALID_BODIES[key];
      if (!body) {
        missing.push(key);
        continue;
      }
      for (const at of fields) {
        for (const bad of NOT_NUMBERS) {
          const label = `${key} ${positionLabel(at)}=${JSON.stringify(bad)}`;
          const json = placed(at, bad, body());
          const result = await probe.run(label, () => send("route", method, `/api${fill(template)}`, { sessionToken: tokenFor(template), json }), {
            allowed: [400],
          });
          expectNumberRefusal(result, at, label);
          cases.body += 1;
        }
      }
    }
    expect(missing, "a documented body with a number needs a valid body in VALID_BODIES").toEqual([]);
    expect(cases.body).toBeGreaterThanOrEqual(14 * NOT_NUMBERS.length);
  });

  test("documented REST path placeholders and query keys: each value as text is a 400 naming the key", async () => {
    const probe = new Probe();
    for (const { method, template, operation } of operations()) {
      const parameters = operation.parameters ?? [];
      for (const parameter of parameters.filter((p) => isNumber(p.schema))) {
        for (const bad of NOT_NUMBER_TEXTS) {
          if (parameter.in === "path" && bad === "") continue;
          const encoded = encodeURIComponent(bad);
          const query = new URLSearchParams();
          for (const other of parameters) {
            if (other.in !== "query") continue;
            if (other === parameter) query.set(other.name, bad);
            else if (other.required) query.set(other.name, String(other.schema.enum?.[0]));
          }
          const search = query.size ? `?${query.toString()}` : "";
          const path = `/api${fill(template, parameter.in === "path" ? { [parameter.name]: encoded } : {})}${search}`;
          const body = method === "GET" || method === "DELETE" ? {} : { json: VALID_BODIES[`${method} ${template}`]?.() ?? {} };
          const label = `${method} ${template} ${parameter.in} ${parameter.name}=${JSON.stringify(bad)}`;
          const result = await probe.run(label, () => send("route", method, path, { sessionToken: tokenFor(template), ...body }), { allowed: [400] });
          expectNumberRefusal(result, [parameter.name], label);
          cases.parameter += 1;
        }
      }
    }
    expect(cases.parameter).toBeGreaterThan(100);
  });

  test("every procedure over tRPC: each value in each number field of its input is a 400 naming it, nothing stored", async () => {
    const probe = new Probe();
    /** Procedures without a REST path: their valid input. (Those with one: the documented body and path values, as numbers.) */
    const TRPC_ONLY: Record<string, () => Record<string, unknown>> = {
      "course.setSharing": () => ({ id: f.chatCourse.id, isPublic: true }),
      "apiTokens.create": () => ({ name: "numbers", expiresInDays: 30 }),
      "apiTokens.revoke": () => ({ id: 2_147_483_647 }),
      "review.dueCount": () => ({ courseId: f.chatCourse.id }),
      "review.updateSettings": () => ({ desiredRetention: 0.9 }),
      "gamification.calendar": () => ({ weeks: 12 }),
      "progress.find": () => ({ id: f.chatCourse.id }),
      "quiz.find": () => ({ id: f.quizSections[0]!.id }),
      "classes.exportCsv": () => ({ id: classId }),
    };
    const router: OpenApiRouter = appRouter;
    const missing: string[] = [];
    let procedures = 0;
    for (const [name, procedure] of Object.entries(router._def.procedures as Record<string, AnyTRPCProcedure>)) {
      const numbers = (procedure._def.inputs as unknown[]).flatMap((input) => numbersIn(input));
      if (!numbers.length) continue;
      procedures += 1;
      const openapi = (procedure._def.meta as OpenApiMeta | undefined)?.openapi;
      const base = openapi
        ? () => ({
            ...VALID_BODIES[`${openapi.method} ${openapi.path}`]?.(),
            ...Object.fromEntries([...openapi.path.matchAll(/\{(\w+)\}/g)].map(([, key]) => [key!, validParameter(openapi.path, key!)] as const)),
          })
        : TRPC_ONLY[name];
      if (!base) {
        missing.push(name);
        continue;
      }
      const call = procedure._def.type === "query" ? trpcQuery : trpcMutation;
      for (const { at, input } of numbers) {
        for (const bad of NOT_NUMBERS) {
          // A path or query parameter's digits are its REST form, read as the number (the unit guard checks that).
          if (input?.source === "parameter" && bad === "3") continue;
          const label = `${name} ${positionLabel(at)}=${JSON.stringify(bad)}`;
          const result = await probe.run(label, () => call(name, placed(at, bad, base()), { sessionToken: tokenFor(name) }), { allowed: [400] });
          expectNumberRefusal(result, at, label);
          cases.trpc += 1;
        }
      }
    }
    expect(missing, "a tRPC-only procedure with a number needs a valid input in TRPC_ONLY").toEqual([]);
    expect(procedures).toBeGreaterThan(25);
    console.info(
      `numbers that are not numbers: ${cases.body} REST body cases, ${cases.parameter} REST path/query cases, ${cases.trpc} tRPC cases, ` +
        `${cases.body + cases.parameter + cases.trpc} in all, each a 400 with nothing stored`,
    );
  });
});

describe("LTI launches (src/server/api/lti.ts)", () => {
  test("malformed JWTs, huge claims and claims of the wrong shape: 401, nothing but the used state changed; TAG and bidi characters in names are cleaned", async () => {
    const lms = await startFakeLms({ clientId: `bad-input-${uniqueSuffix()}` });
    try {
      await registerPlatform(db, lms.registration);
      const host = { host: new URL(ORIGIN).host };
      const login = async () => {
        const query = new URLSearchParams({ iss: lms.issuer, login_hint: "h", target_link_uri: `${ORIGIN}/`, client_id: lms.clientId });
        const location = (await routeCall("GET", `/api/lti/login?${query}`, { headers: host })).headers.get("location");
        const authorize = new URL(location ?? "http://invalid/");
        return { state: authorize.searchParams.get("state") ?? "", nonce: authorize.searchParams.get("nonce") ?? "" };
      };
      const launch = (form: Record<string, string>) =>
        routeCall("POST", "/api/lti/launch", {
          body: new URLSearchParams(form).toString(),
          headers: { ...host, "content-type": "application/x-www-form-urlencoded", origin: lms.issuer, "sec-fetch-site": "cross-site" },
        });
      const withoutLogins = (sums: Record<string, string>) => Object.fromEntries(Object.entries(sums).filter(([name]) => !name.endsWith(".LtiLogin")));
      const tokens: [string, (nonce: string) => Promise<string>][] = [
        ["three dots", () => Promise.resolve("...")],
        ["not base64url", () => Promise.resolve("!!!.@@@.###")],
        ["a JSON header that is not an object", () => Promise.resolve(`${Buffer.from("[1]").toString("base64url")}.e30.`)],
        ["a 4 kB name", (nonce) => lms.idToken(nonce, { name: "x".repeat(4_000) })],
        ["a context id of 1,000 characters", (nonce) => lms.idToken(nonce, { [LTI_CLAIM.context]: { id: "c".repeat(1_000) } })],
        ["a subject that is a number", (nonce) => lms.idToken(nonce, { sub: 42 })],
        ["custom parameters that are a list", (nonce) => lms.idToken(nonce, { [LTI_CLAIM.custom]: ["x"] })],
        ["200 roles", (nonce) => lms.idToken(nonce, { [LTI_CLAIM.roles]: Array(200).fill(INSTRUCTOR) })],
        [
          "a deep link return URL that is not a URL",
          (nonce) =>
            lms.idToken(nonce, {
              [LTI_CLAIM.messageType]: "LtiDeepLinkingRequest",
              [LTI_CLAIM.deepLinkingSettings]: { deep_link_return_url: "javascript:alert(1)" },
            }),
        ],
      ];
      for (const [label, token] of tokens) {
        const { state, nonce } = await login();
        const before = withoutLogins(await tableChecksums());
        const result = await launch({ state, id_token: await token(nonce) });
        expect(result.status, label).toBe(401);
        expect(result.headers.getSetCookie(), label).toEqual([]);
        expect(withoutLogins(await tableChecksums()), label).toEqual(before);
      }
      // A token larger than the form allows: 413 before anything is read.
      const huge = await login();
      const before = withoutLogins(await tableChecksums());
      expect((await launch({ state: huge.state, id_token: await lms.idToken(huge.nonce, { name: "x".repeat(70_000) }) })).status).toBe(413);
      expect(withoutLogins(await tableChecksums())).toEqual(before);
      // Names and the context's title with a TAG character, a bidi override and a zero-width space: stored cleaned.
      const { state, nonce } = await login();
      const dirty = await lms.idToken(nonce, {
        sub: `tricky-${uniqueSuffix()}`,
        name: "Ada\u{E0041} \u202ELovelace\u200B",
        [LTI_CLAIM.roles]: [INSTRUCTOR],
        [LTI_CLAIM.context]: { id: `ctx-${uniqueSuffix()}`, title: "Bio\u202E 101\u{E0067}" },
      });
      const accepted = await launch({ state, id_token: dirty });
      expect(accepted.status).toBe(303);
      const identity = await db.ltiIdentity.findFirstOrThrow({
        where: { issuer: lms.issuer, subject: { startsWith: "tricky-" } },
        select: { user: { select: { displayName: true } } },
      });
      expect(identity.user.displayName).toBe("Ada Lovelace");
      const made = await db.class.findFirstOrThrow({ where: { ltiContexts: { some: { issuer: lms.issuer } } }, select: { name: true } });
      expect(made.name).toBe("Bio 101");
    } finally {
      await lms.close();
    }
  });
});

describe("school sign-in claims (server/auth/oidc-claims.ts, services/auth/upsert-oidc-user.ts)", () => {
  const iss = "https://idp.bad-input.example/realms/school";

  test("an issuer or subject of the wrong shape or size refuses the sign-in (no profile, so next-auth's signIn callback says no)", () => {
    const refused: [string, Record<string, unknown>][] = [
      ["no sub", { iss }],
      ["no iss", { sub: "s" }],
      ["a numeric sub", { iss, sub: 42 }],
      ["a sub that is a list", { iss, sub: ["s"] }],
      ["an empty sub", { iss, sub: "" }],
      ["a sub of 256 characters", { iss, sub: "s".repeat(256) }],
      ["a sub of 70 kB", { iss, sub: "s".repeat(70_000) }],
      ["a NUL in sub", { iss, sub: "a\u0000b" }],
      ["an issuer that is an object", { iss: { url: iss }, sub: "s" }],
      ["an issuer of 300 characters", { iss: `${iss}/${"r".repeat(300)}`, sub: "s" }],
    ];
    for (const [label, claims] of refused) expect(oidcProfileFrom(claims), label).toBeNull();
  });

  test("tricky, unstorable and huge names and addresses: an account with cleaned names, a plain address or none, never a throw", async () => {
    const texts = [...TRICKY_TEXTS, ...UNSTORABLE_TEXTS, "x".repeat(5_000), "ada\u202E@school.example", "ada\u{E0041}@school.example", "Ada@School.Example"];
    for (const text of texts) {
      const profile = oidcProfileFrom({
        iss,
        sub: `tricky-${uniqueSuffix()}`,
        name: text,
        preferred_username: text,
        given_name: text,
        email: text,
        email_verified: true,
      });
      expect(profile, JSON.stringify(text)).not.toBeNull();
      const { id } = await upsertOidcUser(db, profile!);
      const user = await db.user.findUniqueOrThrow({ where: { id }, select: { username: true, displayName: true, email: true } });
      expect(user.username, JSON.stringify(text)).toMatch(/^[A-Za-z0-9_.-]{3,32}$/);
      expect(user.displayName, JSON.stringify(text)).toBe(profile!.name === null ? null : displayNameFrom(profile!.name));
      expect(user.email, JSON.stringify(text)).toBe(text === "Ada@School.Example" ? "ada@school.example" : null);
    }
  });
});

// ── issue 45, mail: the address and forgotten passwords ───────────────────────────────────────
describe("the address and forgotten passwords", () => {
  const REFUSED_ADDRESSES: [string, unknown][] = [
    ["CR inside", "a\r@example.com"],
    ["LF inside", "a@exa\nmple.com"],
    ["CRLF and a header after", "a@example.com\r\nBcc: victim@example.com"],
    ["a trailing LF", "a@example.com\n"],
    ["a leading CR", "\ra@example.com"],
    ["255 characters", `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.com`],
    ["1,000 characters", `${"a".repeat(990)}@example.com`],
    ["not an address", "not an address"],
    ["empty", ""],
    ["a number", 5],
    ["null", null],
    ["NUL", "a\u0000@example.com"],
  ];

  test("PATCH /api/user/email: CR/LF anywhere, over 254 characters or not an address → 400, nothing stored; one on one line is 202", async () => {
    const probe = new Probe();
    const { user, token } = await signedIn();
    for (const [label, email] of REFUSED_ADDRESSES) {
      const result = await probe.run(
        `PATCH /api/user/email ${label}`,
        () => send("rest", "PATCH", "/api/user/email", { sessionToken: token, json: { email } }),
        {
          allowed: [400],
        },
      );
      if (label.includes("CR") || label.includes("LF")) expect(errorOf(result.json).message).toMatch(/one line|valid email/);
    }
    await probe.run("PATCH /api/user/email unknown field", () =>
      send("rest", "PATCH", "/api/user/email", { sessionToken: token, json: { email: "ok@example.com", verified: true } }),
    );
    await probe.run("tRPC auth.changeEmail CRLF", () => trpcMutation("auth.changeEmail", { email: "a@example.com\r\nX: y" }, { sessionToken: token }), {
      allowed: [400],
    });
    const ok = await send("rest", "PATCH", "/api/user/email", { sessionToken: token, json: { email: `  Fine_${uniqueSuffix()}@Example.com ` } });
    expect(ok.status).toBe(202);
    expect(ok.json).toMatchObject({ verified: false });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toMatch(/^fine_\w+@example\.com$/);
  });

  test("POST /api/user/email/verify: forged, malformed, expired, reused and another purpose's tokens → 400, nothing changed", async () => {
    const probe = new Probe();
    const { user } = await signedIn();
    const verify = (token: unknown) => send("rest", "POST", "/api/user/email/verify", { json: { token } });
    const forged = Buffer.alloc(32, 7).toString("base64url");
    for (const [label, token] of [
      ["forged", forged],
      ["too short", forged.slice(1)],
      ["too long", `${forged}A`],
      ["padding", `${forged}=`],
      ["a number", 12],
      ["missing", undefined],
      ["not base64url", `${forged.slice(0, 42)}+`],
    ] as [string, unknown][]) {
      await probe.run(`verify ${label}`, () => verify(token), { allowed: [400] });
    }
    const reset = await createLinkToken(db, { userId: user.id, purpose: "reset", email: user.email!, ttlMs: 60_000 });
    await probe.run("verify with a reset token", () => verify(reset), { allowed: [400] });
    const expired = await createLinkToken(db, { userId: user.id, purpose: "verify", email: user.email!, ttlMs: -1 });
    await probe.run("verify an expired token", () => verify(expired), { allowed: [400] });
    const good = await createLinkToken(db, { userId: user.id, purpose: "verify", email: user.email!, ttlMs: 60_000 });
    expect((await verify(good)).status).toBe(200);
    await probe.run("verify a used token", () => verify(good), { allowed: [400] });
    expect(errorOf((await verify(good)).json).message).toBe(ACCOUNT_MESSAGES.invalidLink);
  });

  test("POST /api/auth/password-reset and …/confirm: bad identifiers, tokens and passwords are clear 4xx, nothing changed", async () => {
    const probe = new Probe();
    for (const [label, identifier] of [
      ["empty", ""],
      ["spaces", "   "],
      ["too long", "a".repeat(255)],
      ["a number", 1],
      ["NUL", "a\u0000b"],
    ] as [string, unknown][]) {
      await probe.run(`password-reset ${label}`, () => send("rest", "POST", "/api/auth/password-reset", { json: { identifier } }), { allowed: [400] });
    }
    await probe.run("password-reset unknown field", () => send("rest", "POST", "/api/auth/password-reset", { json: { identifier: "x", admin: true } }), {
      allowed: [400],
    });
    const email = `badreset_${uniqueSuffix()}@example.com`;
    const { user } = await signedIn({ email, emailVerifiedAt: new Date() });
    const confirm = (token: unknown, password: unknown) => send("rest", "POST", "/api/auth/password-reset/confirm", { json: { token, password } });
    const good = await createLinkToken(db, { userId: user.id, purpose: "reset", email, ttlMs: 60_000 });
    for (const [label, password] of [
      ["short", "short"],
      ["too long", "p".repeat(257)],
      ["a number", 12345678],
      ["NUL", "password\u0000123"],
    ] as [string, unknown][]) {
      await probe.run(`confirm password ${label}`, () => confirm(good, password), { allowed: [400] });
    }
    const verifyToken = await createLinkToken(db, { userId: user.id, purpose: "verify", email, ttlMs: 60_000 });
    await probe.run("confirm with a verify token", () => confirm(verifyToken, "a new password"), { allowed: [400] });
    const expired = await createLinkToken(db, { userId: user.id, purpose: "reset", email, ttlMs: -1 });
    await probe.run("confirm an expired token", () => confirm(expired, "a new password"), { allowed: [400] });
    await probe.run("confirm a forged token", () => confirm(Buffer.alloc(32, 1).toString("base64url"), "a new password"), { allowed: [400] });
    expect((await confirm(good, "a new password")).status).toBe(200);
    await probe.run("confirm a used token", () => confirm(good, "another password"), { allowed: [400] });
  });
});
// ── end issue 45, mail ────────────────────────────────────────────────────────────────────────

// ── issue 45, offline reviews (begin) ──
describe("offline review sync", () => {
  test("POST /api/reviews/sync: unknown ratings, bad times and ids, too many, duplicates and odd shapes are a clear 4xx; nothing stored", async () => {
    const probe = new Probe();
    const auth = { sessionToken: f.owner.token };
    const course = await createCourse(db, { userId: f.owner.user.id });
    const card = await db.card.create({ data: { userId: f.owner.user.id, courseId: course.id, source: "transcript", front: "F", back: "B", due: new Date() } });
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const one = (fields: Record<string, unknown> = {}) => ({ clientId: randomUUID(), cardId: card.id, rating: "good", reviewedAt: at(-60_000), ...fields });
    const dup = one();
    const cases: [unknown, number][] = [
      ...["", "Good", "perfect", 1, null, [], {}].map((rating): [unknown, number] => [{ reviews: [one({ rating })] }, 400]),
      ...["", "yesterday", "2026-13-01T00:00:00Z", "2026-12-07", 1_700_000_000_000, null].map((reviewedAt): [unknown, number] => [
        { reviews: [one({ reviewedAt })] },
        400,
      ]),
      ...["", "short", "x".repeat(65), "has space in it", "ünïcödé-id", 42, null].map((clientId): [unknown, number] => [{ reviews: [one({ clientId })] }, 400]),
      ...BAD_ID_JSON.slice(0, 8).map((cardId): [unknown, number] => [{ reviews: [one({ cardId })] }, 400]),
      [{ reviews: [one({ reviewedAt: at(60 * 60_000) })] }, 422],
      [{ reviews: [one(), one({ reviewedAt: at(24 * 3_600_000) })] }, 422],
      [{ reviews: [one({ reviewedAt: at(-31 * 86_400_000) })] }, 422],
      [{ reviews: Array.from({ length: MAX_SYNC_REVIEWS + 1 }, () => one()) }, 400],
      [{ reviews: [] }, 400],
      [{ reviews: [dup, { ...dup, rating: "easy" }] }, 400],
      [{ reviews: one() }, 400],
      [{ reviews: [one({ userId: f.other.user.id })] }, 400],
      [{ reviews: [one()], userId: f.other.user.id }, 400],
      [{}, 400],
    ];
    for (const [json, status] of cases) {
      const label = `sync ${JSON.stringify(json).slice(0, 100)}`;
      const result = await probe.run(label, () => send("rest", "POST", "/api/reviews/sync", { ...auth, json }), { allowed: [status] });
      expect(result.status, label).toBe(status);
    }
    for (const [json] of cases.slice(0, 6)) {
      await probe.run("review.sync over tRPC", () => trpcMutation("review.sync", json, auth), { allowed: [400] });
    }
    expect(await db.cardReview.count({ where: { cardId: card.id } })).toBe(0);
  });
});
// ── issue 45, offline reviews (end) ──

// ── reminders and web push (issue 45, i45-reminders) ──
const VALID_REMINDERS = { email: true, push: false, hour: 8, timeZone: "Europe/Paris", kinds: ["due-cards", "streak"] };
const pushBody = (endpoint: string) => ({ endpoint, keys: { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" } });

describe("reminders and web push", () => {
  test("PUT /api/user/reminders: an unknown time zone, hour 24, an unknown kind or a wrong type is a 400, nothing stored", async () => {
    const probe = new Probe();
    const bad: Record<string, unknown>[] = [
      { timeZone: "Mars/Olympus_Mons" },
      { timeZone: "" },
      { timeZone: "Europe/Paris\u0000" },
      { timeZone: "x".repeat(65) },
      { timeZone: "+02:00" },
      { hour: 24 },
      { hour: -1 },
      { hour: 7.5 },
      { hour: "8" },
      { kinds: ["due-cards", "nagging"] },
      { kinds: "due-cards" },
      { email: "yes" },
      { push: null },
      { extra: true },
    ];
    for (const change of bad) {
      await probe.run(`PUT /api/user/reminders ${JSON.stringify(change)}`, () =>
        send("rest", "PUT", "/api/user/reminders", { sessionToken: f.owner.token, json: { ...VALID_REMINDERS, ...change } }),
      );
    }
    const { timeZone: _zone, ...withoutZone } = VALID_REMINDERS;
    await probe.run("PUT /api/user/reminders without a time zone", () =>
      send("rest", "PUT", "/api/user/reminders", { sessionToken: f.owner.token, json: withoutZone }),
    );
  });

  test("POST /api/push/subscriptions: an endpoint that is not https or not on a public address is a 400, nothing stored", async () => {
    const probe = new Probe();
    const endpoints = [
      "http://push.example.com/send/1",
      "ftp://push.example.com/1",
      "https://127.0.0.1/push",
      "https://127.1.2.3:8443/push",
      "https://10.0.0.8/push",
      "https://172.16.5.4/push",
      "https://192.168.1.1/push",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/push",
      "https://0.0.0.0/push",
      "https://224.0.0.1/push",
      "https://[::1]/push",
      "https://[fd00::1]/push",
      "https://[fe80::1]/push",
      "https://[::ffff:127.0.0.1]/push",
      "https://[::ffff:10.0.0.1]/push",
      "https://localhost/push",
      "https://user:pass@203.0.114.9/push",
      "not a url",
      "",
      `https://203.0.114.9/${"a".repeat(2100)}`,
    ];
    for (const endpoint of endpoints) {
      const result = await probe.run(`push endpoint ${endpoint.slice(0, 60)}`, () =>
        send("rest", "POST", "/api/push/subscriptions", { sessionToken: f.owner.token, json: pushBody(endpoint) }),
      );
      expect(result.status, endpoint).toBe(400);
    }
    const keys: Record<string, unknown>[] = [{}, { p256dh: "", auth: "x" }, { p256dh: "not base64!", auth: "AAAA" }, { p256dh: "A".repeat(300), auth: "AAAA" }];
    for (const k of keys) {
      await probe.run(`push keys ${JSON.stringify(k).slice(0, 40)}`, () =>
        send("rest", "POST", "/api/push/subscriptions", { sessionToken: f.owner.token, json: { endpoint: "https://203.0.114.9/k", keys: k } }),
      );
    }
  });

  test("the unsubscribe link: a forged or malformed token is a 400 and changes nothing, whatever the body", async () => {
    const probe = new Probe();
    const tokens = [
      "",
      "1.email.x",
      `${f.owner.user.id}.email.${"A".repeat(43)}`,
      `${f.owner.user.id}.sms.${"A".repeat(43)}`,
      "%00",
      "1.email." + "A".repeat(4000),
    ];
    for (const token of tokens) {
      for (const body of [undefined, "List-Unsubscribe=One-Click", "x".repeat(10_000)]) {
        await probe.run(`unsubscribe token ${token.slice(0, 30)}`, () =>
          send("route", "POST", `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
            body,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
        );
      }
      await probe.run(`unsubscribe page ${token.slice(0, 30)}`, () => send("route", "GET", `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`));
    }
  });
});
// ── end reminders and web push ──

describe("LTI rosters (POST /api/classes/{id}/roster-sync)", () => {
  test("a platform's memberships of the wrong shape, hostile names and a next page elsewhere: never a 5xx; entries that are not memberships skipped, names cleaned", async () => {
    const lms = await startFakeLms({
      clientId: `bad-roster-${uniqueSuffix()}`,
      toolJwks: async () => (await routeCall<JSONWebKeySet>("GET", "/api/lti/jwks")).json,
    });
    try {
      const platform = await registerPlatform(db, lms.registration);
      const teacher = await createUser(db);
      const room = await createClassRow(db, { ownerId: teacher.id });
      const contextId = `ctx-${uniqueSuffix()}`;
      const membershipsUrl = lms.rosterClaim(contextId)[LTI_CLAIM.rosterService].context_memberships_url;
      await db.ltiContext.create({
        data: { issuer: lms.issuer, deploymentId: lms.deploymentId, contextId, classId: room.id, platformId: platform.id, membershipsUrl },
      });
      const sessionToken = await sessionTokenFor(teacher);
      const sync = () => routeCall<{ added: number; learners: number }>("POST", `/api/classes/${room.id}/roster-sync`, { sessionToken, json: {} });
      // A first sync of an empty roster: the platform's token is kept from here on, so the refusals below change nothing.
      lms.setRoster(contextId, []);
      expect((await sync()).status).toBe(200);

      const refused: [string, { body: string; link?: string }][] = [
        ["not JSON", { body: "<html>oops</html>" }],
        ["members not a list", { body: JSON.stringify({ members: "all" }) }],
        ["JSON null", { body: "null" }],
        ["a next page on another origin", { body: JSON.stringify({ members: [] }), link: '<https://evil.example/steal>; rel="next"' }],
        ["a next page that is not a URL", { body: JSON.stringify({ members: [] }), link: '<http://[::1>; rel="next"' }],
      ];
      for (const [label, page] of refused) {
        lms.setRawRoster(contextId, page);
        const before = await tableChecksums();
        const result = await sync();
        expect(result.status, label).toBe(503);
        expect(await tableChecksums(), label).toEqual(before);
      }

      const sub = `tricky-${uniqueSuffix()}`;
      lms.setRawRoster(contextId, {
        body: JSON.stringify({
          members: [
            { user_id: sub, roles: [LEARNER], name: "Ada\u{E0041} \u202ELovelace\u200B" },
            { user_id: "x".repeat(1_000), roles: [LEARNER] },
            { user_id: 42, roles: [LEARNER] },
            { roles: [LEARNER] },
            { user_id: `roles-${uniqueSuffix()}`, roles: "Learner" },
            "not a member",
            null,
          ],
        }),
      });
      const result = await sync();
      expect(result.status).toBe(200);
      expect(result.json).toMatchObject({ learners: 1, added: 1 });
      const identity = await db.ltiIdentity.findFirstOrThrow({
        where: { issuer: lms.issuer, subject: sub },
        select: { user: { select: { displayName: true } } },
      });
      expect(identity.user.displayName).toBe("Ada Lovelace");
    } finally {
      await lms.close();
    }
  });
});

describe("the deep-linking picker (lti.picker) and its form (POST /api/lti/deep-link)", () => {
  test("junk launch ids, TAG, bidi and huge searches, junk form fields: a clear 4xx, never a 5xx, nothing changed; tricky words only narrow the list", async () => {
    const lms = await startFakeLms({ clientId: `bad-input-picker-${uniqueSuffix()}` });
    try {
      await registerPlatform(db, lms.registration);
      const host = { host: new URL(ORIGIN).host };
      const query = new URLSearchParams({ iss: lms.issuer, login_hint: "h", target_link_uri: `${ORIGIN}/`, client_id: lms.clientId });
      const authorize = new URL((await routeCall("GET", `/api/lti/login?${query}`, { headers: host })).headers.get("location")!);
      const idToken = await lms.idToken(authorize.searchParams.get("nonce")!, {
        sub: `picker-${uniqueSuffix()}`,
        [LTI_CLAIM.messageType]: "LtiDeepLinkingRequest",
        [LTI_CLAIM.roles]: [INSTRUCTOR],
        [LTI_CLAIM.context]: { id: `ctx-${uniqueSuffix()}` },
        [LTI_CLAIM.deepLinkingSettings]: { deep_link_return_url: `${lms.issuer}/return` },
      });
      const launched = await routeCall("POST", "/api/lti/launch", {
        body: new URLSearchParams({ state: authorize.searchParams.get("state")!, id_token: idToken }).toString(),
        headers: { ...host, "content-type": "application/x-www-form-urlencoded", origin: lms.issuer, "sec-fetch-site": "cross-site" },
      });
      const sessionToken = sessionTokenOf(launched.response)!;
      const launchId = launched.headers.get("location")!.split("/").at(-1)!;

      const before = await tableChecksums();
      const badInputs: [string, unknown][] = [
        ["no launch id", {}],
        ["a launch id that is not a uuid", { launchId: "1" }],
        ["a launch id that is a number", { launchId: 7 }],
        ["a launch id with NUL", { launchId: `${launchId}\u0000` }],
        ["a search of 101 characters", { launchId, q: "x".repeat(101) }],
        ["a search of 5,000 emoji", { launchId, q: "😀".repeat(5_000) }],
        ["a search with NUL", { launchId, q: "a\u0000b" }],
        ["a search with a lone surrogate", { launchId, q: "a\uD800b" }],
        ["a search that is a list", { launchId, q: ["a"] }],
        ["an unknown field", { launchId, courseId: 1 }],
      ];
      for (const [label, input] of badInputs) expectRefusal(await trpcQuery("lti.picker", input, { sessionToken }), label, [400]);
      // Tricky words (markup, LIKE wildcards, TAG characters, bidi controls) are searched as text: an answer, maybe an empty list.
      for (const text of [...TRICKY_TEXTS, "%", "_", "\\", "\u{E0041}\u202E"]) {
        const result = await trpcQuery("lti.picker", { launchId, q: text }, { sessionToken });
        expect([200, 400], text).toContain(result.status);
        if (result.status === 400) expectRefusal(result, text, [400]);
      }

      const form = (fields: Record<string, string>) =>
        routeCall("POST", "/api/lti/deep-link", {
          body: new URLSearchParams(fields).toString(),
          sessionToken,
          headers: { ...host, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        });
      const formInputs: [string, Record<string, string>][] = [
        ["no course", { launchId }],
        ["a course id of letters", { launchId, courseId: "abc" }],
        ["a course id of 0", { launchId, courseId: "0" }],
        ["a course id past int4", { launchId, courseId: "99999999999" }],
        ["a due date that is not a date", { launchId, courseId: "1", dueAt: "tomorrow-ish" }],
        ["a launch id that is not a uuid", { launchId: "<script>", courseId: "1" }],
        ["an unknown course", { launchId, courseId: "2147483647" }],
      ];
      for (const [label, fields] of formInputs) {
        const result = await form(fields);
        expect([400, 404], label).toContain(result.status);
        expect(result.headers.get("content-type"), label).toMatch(/text\/html/);
        expect(result.text, label).not.toContain("<script>");
      }
      expect(await tableChecksums()).toEqual(before);
    } finally {
      await lms.close();
    }
  });
});
