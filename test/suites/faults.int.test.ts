/**
 * The faults suite (`npm run test:faults`, with bench/fault-restart.ts for the process killed
 * mid-generation): each fault of docs/reliability.md ("Faults") is provoked for real and the app's
 * answer checked through its HTTP entrypoints (restCall: every body is checked for stacks, SQL
 * and paths) on a real PostgreSQL.
 *
 *   LLM (test/fakes/openai.mjs over HTTP): timeout, 429, malformed output, a connection cut
 *     mid-answer (the course outline, and the streamed tutor reply);
 *   YouTube (test/fakes/youtube.mjs through the real adapters): unreachable, no transcript;
 *   PostgreSQL: the app's backend killed with pg_terminate_backend while a request waits on it
 *     (a progress write, a course read), and while a generation job saves its course.
 *
 * For each it asserts a clear error (the right status and code, a sentence for a person, no
 * stack), no half-written course (SQL: no Course that is not `failed` without sections), no
 * quota used by the failure (the learner's MonthlyUsage is unchanged), and the job ended
 * `failed` with an error code, or retried and succeeded. It prints (console.info) for each fault
 * the time until the error was answered and the recovery time: from the fault's end to the next
 * successful request or course.
 */
import { createOpenAI } from "@ai-sdk/openai";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { createLlmTutor } from "~/server/ai/chat/tutor";
import { createLlmEngine } from "~/server/ai/course-outline";
import { chatStreamHandler } from "~/server/api/chat-stream";
import type { JobWorker } from "~/server/jobs/worker";
import { TOPIC_SEARCH_UNREACHABLE_MESSAGE, VIDEO_WITHOUT_TRANSCRIPT_MESSAGE } from "~/server/services/generation/find-video";
import type { GenerationDeps } from "~/server/services/generation/run-job";
import { startGenerationWorker } from "~/server/services/generation/worker";
import { llmAnswerer } from "~/server/services/chat/llm-answer";
import { monthKey } from "~/server/services/subscription/monthly-usage";
import { createVideoSources } from "~/server/video/sources";

import { sessionTokenFor } from "../caller";
import { db } from "../db";
import { courseWithTranscript, createCourse, createUser, sectionsOf } from "../factories";
import { type FakeOpenAI, startFakeOpenAI } from "../fakes/openai.mjs";
import { type FakeYouTube, startFakeYouTube } from "../fakes/youtube.mjs";
import { libraryDeps } from "../generation";
import { apiRequest, type ApiResult, expectNoLeak, restCall } from "../http";
import { chatStreamPath } from "~/lib/rules/chat";

/** Per model call: short, so the timeout fault costs about a second. */
const AI_TIMEOUT_MS = 1_000;

let llm: FakeOpenAI;
let youtube: FakeYouTube;
let worker: JobWorker;
/** What the worker builds courses with; each test points it at the dependency it breaks. */
let deps: GenerationDeps = libraryDeps();

const model = () => createOpenAI({ apiKey: "test", baseURL: llm.url }).chat("fake-model");
const llmDeps = (): GenerationDeps => libraryDeps({ engine: createLlmEngine(model(), { timeoutMs: AI_TIMEOUT_MS }) });
const youtubeDeps = (): GenerationDeps => ({
  ...libraryDeps(),
  sources: createVideoSources({
    order: "youtube",
    youtubeApiKey: "test-youtube-key",
    youtubeApiBaseUrl: `${youtube.url}/youtube/v3`,
    youtubeiBaseUrl: youtube.url,
  }),
});

beforeAll(async () => {
  [llm, youtube] = await Promise.all([startFakeOpenAI(), startFakeYouTube()]);
  worker = startGenerationWorker(db, () => deps, { concurrency: 2, pollMs: 50 });
});
afterAll(async () => {
  await worker.stop();
  await Promise.all([llm.close(), youtube.close()]);
  printFigures();
});
beforeEach(() => {
  llm.setMode("normal", { latencyMs: 0, chunkDelayMs: 0 });
  youtube.setMode("normal");
  deps = libraryDeps();
});

// ---------------------------------------------------------------------------------------------
// Figures: one line per fault.

type Figure = { fault: string; answer: string; errorMs: number; recoveryMs: number; recovery: string };
const figures: Figure[] = [];

function printFigures() {
  if (figures.length === 0) return;
  const lines = figures.map(
    (f) =>
      `[faults] ${f.fault.padEnd(44)} → ${f.answer.padEnd(34)} error after ${String(Math.round(f.errorMs)).padStart(5)} ms · recovered in ${String(Math.round(f.recoveryMs)).padStart(5)} ms (${f.recovery})`,
  );
  console.info(lines.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Helpers.

async function learner() {
  const user = await createUser(db);
  return { user, sessionToken: await sessionTokenFor(user) };
}

const usageOf = async (userId: number) =>
  (await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: monthKey(new Date()) } } }))?.coursesCreated ?? 0;

/** Courses left half-written: not failed, yet without a single section. Must always be empty. */
const halfWrittenCourses = () =>
  db.$queryRaw<{ id: number; status: string }[]>`
    SELECT c.id, c.status::text FROM "Course" c
    WHERE c.status <> 'failed'
      AND NOT EXISTS (SELECT 1 FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id WHERE ch."courseId" = c.id)`;

type Timed<T> = ApiResult<T> & { ms: number };

async function timed<T>(call: () => Promise<ApiResult<T>>): Promise<Timed<T>> {
  const started = performance.now();
  const result = await call();
  return { ...result, ms: performance.now() - started };
}

type ErrorBody = { message?: string; code?: string };

const generate = (sessionToken: string, topic = "binary search") =>
  timed(() =>
    restCall<ErrorBody & { course?: { id: number } }>("POST", "/api/courses/generate-from-topic", { sessionToken, json: { topic, complexity: "beginner" } }),
  );

/** A clear error: the status, its code, and a sentence for a person (restCall already refused stacks, SQL and paths). */
function expectClearError(result: ApiResult<ErrorBody>, status: number, message: string | RegExp) {
  expect(result.status, result.text).toBe(status);
  expect(result.json.code, result.text).toEqual(expect.any(String));
  if (typeof message === "string") expect(result.json.message).toBe(message);
  else expect(result.json.message).toMatch(message);
  expect(result.json.message).toMatch(/^[A-Z].*[.!]$/);
  expect(result.json.message).not.toMatch(/Error:|ECONN|undefined|null|stack|\bat \w+ \(/);
}

/** After a failed generation: the job failed with a code, no course of the user, no quota used, nothing half-written anywhere. */
async function expectCleanFailure(userId: number, usageBefore: number, errorCode: string) {
  const jobs = await db.generationJob.findMany({ where: { userId }, select: { status: true, errorCode: true, error: true, courseId: true } });
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({ status: "failed", errorCode, courseId: null });
  expect(await db.course.count({ where: { userId } })).toBe(0);
  expect(await usageOf(userId)).toBe(usageBefore);
  expect(await halfWrittenCourses()).toEqual([]);
}

/** The same learner generates again once the fault is over: the course counts once, every job is finished. */
async function expectRecovery(sessionToken: string, userId: number, topic = "binary search"): Promise<number> {
  const started = performance.now();
  const again = await generate(sessionToken, topic);
  expect(again.status, again.text).toBe(200);
  expect(await db.course.count({ where: { userId, status: "ready" } })).toBe(1);
  expect(await usageOf(userId)).toBe(1);
  expect(await db.generationJob.count({ where: { userId, status: { in: ["queued", "running"] } } })).toBe(0);
  expect(await halfWrittenCourses()).toEqual([]);
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------

describe("the LLM fails while a course is generated (POST /api/courses/generate-from-topic)", () => {
  test("timeout: 503 with the timeout message after the per-call limit; the job failed; no quota used", async () => {
    deps = llmDeps();
    const { user, sessionToken } = await learner();
    llm.setMode("timeout");
    const failed = await generate(sessionToken);
    expectClearError(failed, 503, "The AI service took too long to answer. Please try again.");
    expect(failed.ms).toBeLessThan(AI_TIMEOUT_MS + 3_000);
    await expectCleanFailure(user.id, 0, "SERVICE_UNAVAILABLE");
    llm.setMode("normal");
    const recoveryMs = await expectRecovery(sessionToken, user.id);
    figures.push({
      fault: "LLM timeout (generation)",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs: failed.ms,
      recoveryMs,
      recovery: "model answers again → next course",
    });
  });

  test("429 on every try: 429 with the busy message, after the SDK's bounded retries; no quota used", async () => {
    deps = llmDeps();
    const { user, sessionToken } = await learner();
    const before = llm.requests.length;
    llm.setMode("rate-limit", { times: 3, retryAfterMs: 20 });
    const failed = await generate(sessionToken);
    expectClearError(failed, 429, /rate limited/);
    expect(llm.requests.length - before).toBe(3); // one call and two retries, no more
    await expectCleanFailure(user.id, 0, "TOO_MANY_REQUESTS");
    const recoveryMs = await expectRecovery(sessionToken, user.id);
    figures.push({
      fault: "LLM 429 ×3 (generation)",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs: failed.ms,
      recoveryMs,
      recovery: "limit lifts → next course",
    });
  });

  test("429 once: retried (honouring retry-after) and the course is built, counted once", async () => {
    deps = llmDeps();
    const { user, sessionToken } = await learner();
    llm.setMode("rate-limit", { times: 1, retryAfterMs: 50 });
    const result = await generate(sessionToken);
    expect(result.status, result.text).toBe(200);
    expect(await db.course.count({ where: { userId: user.id, status: "ready" } })).toBe(1);
    expect(await usageOf(user.id)).toBe(1);
    figures.push({ fault: "LLM 429 ×1 (generation)", answer: "200 (retried)", errorMs: 0, recoveryMs: result.ms, recovery: "whole request, retry included" });
  });

  test("malformed output on every try: 503 'unusable course outline' after bounded retries; no quota used", async () => {
    deps = llmDeps();
    const { user, sessionToken } = await learner();
    const before = llm.requests.length;
    llm.setMode("malformed", { times: 3 });
    const failed = await generate(sessionToken);
    expectClearError(failed, 503, "The AI service returned an unusable course outline. Please try again.");
    expect(llm.requests.length - before).toBe(3); // the answer and two retries
    await expectCleanFailure(user.id, 0, "SERVICE_UNAVAILABLE");
    const recoveryMs = await expectRecovery(sessionToken, user.id);
    figures.push({
      fault: "LLM malformed ×3 (generation)",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs: failed.ms,
      recoveryMs,
      recovery: "valid answers → next course",
    });
  });

  test("segment ids out of range (malformed variant bad-ids) once: retried, the course is sound", async () => {
    deps = llmDeps();
    const { user, sessionToken } = await learner();
    llm.setMode("malformed", { times: 1, variant: "bad-ids" });
    const result = await generate(sessionToken);
    expect(result.status, result.text).toBe(200);
    expect(await usageOf(user.id)).toBe(1);
    expect(await halfWrittenCourses()).toEqual([]);
  });

  test("the connection cut mid-answer on every try: 503 with the AI service named; no quota used", async () => {
    deps = llmDeps();
    const { user, sessionToken } = await learner();
    llm.setMode("cut");
    const failed = await generate(sessionToken);
    expectClearError(failed, 503, /^The AI service/);
    await expectCleanFailure(user.id, 0, "SERVICE_UNAVAILABLE");
    llm.setMode("normal");
    const recoveryMs = await expectRecovery(sessionToken, user.id);
    figures.push({
      fault: "LLM answer cut (generation)",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs: failed.ms,
      recoveryMs,
      recovery: "model answers again → next course",
    });
  });
});

describe("the LLM fails mid-chat-answer (POST /api/courses/{id}/chat/stream)", () => {
  const handler = chatStreamHandler(() => llmAnswerer(createLlmTutor(model(), { timeoutMs: AI_TIMEOUT_MS })));
  type Chunk = { type: string; delta?: string; errorText?: string };

  async function ask(courseId: number, sessionToken: string, content: string) {
    const started = performance.now();
    const response = await handler(apiRequest("POST", chatStreamPath(courseId), { sessionToken, json: { content } }));
    const text = await response.text();
    expectNoLeak(text);
    const chunks = response.headers.get("content-type")?.includes("text/event-stream")
      ? text
          .split("\n\n")
          .map((event) => event.replace(/^data: /, "").trim())
          .filter((event) => event && event !== "[DONE]")
          .map((event) => JSON.parse(event) as Chunk)
      : [];
    return { status: response.status, text, chunks, ms: performance.now() - started };
  }
  const history = (userId: number) => db.chatMessage.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { role: true, content: true } });

  test("stream cut after the first words: an error part with a clear message, the history is what was shown, the next question is answered", async () => {
    const { user, sessionToken } = await learner();
    const course = await courseWithTranscript(db, user.id);
    llm.setMode("cut", { times: 1, chunkDelayMs: 5 });
    const cut = await ask(course.id, sessionToken, "How does merging two sorted halves work?");
    expect(cut.status).toBe(200); // the stream had started: the failure is its last part
    const said = cut.chunks
      .filter((c) => c.type === "text-delta")
      .map((c) => c.delta)
      .join("");
    expect(said).toMatch(/^You asked/);
    expect(cut.chunks.find((c) => c.type === "error")?.errorText).toBe("The AI service could not be reached. Please try again later.");
    expect(cut.chunks.some((c) => c.type === "finish")).toBe(false);
    expect(await history(user.id)).toEqual([
      { role: "user", content: "How does merging two sorted halves work?" },
      { role: "assistant", content: said.trim() },
    ]);
    const cutAt = performance.now();
    const next = await ask(course.id, sessionToken, "And what about splitting?");
    expect(next.status).toBe(200);
    expect(next.chunks.some((c) => c.type === "finish")).toBe(true);
    figures.push({
      fault: "LLM stream cut (chat)",
      answer: "200 + error part",
      errorMs: cut.ms,
      recoveryMs: performance.now() - cutAt,
      recovery: "next question answered whole",
    });
  });

  test("timeout and 429 before the first word: plain 503 / 429 JSON with the message, the question kept", async () => {
    const { user, sessionToken } = await learner();
    const course = await courseWithTranscript(db, user.id);
    llm.setMode("timeout");
    const slow = await ask(course.id, sessionToken, "Explain merging");
    expect(slow.status).toBe(503);
    expect(JSON.parse(slow.text)).toMatchObject({ message: "The AI service took too long to answer. Please try again." });
    expect(slow.ms).toBeLessThan(AI_TIMEOUT_MS + 3_000);
    llm.setMode("rate-limit", { times: 3 });
    const limited = await ask(course.id, sessionToken, "Explain merging again");
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toMatchObject({ message: /rate limited/ });
    const clearedAt = performance.now();
    const next = await ask(course.id, sessionToken, "Explain splitting");
    expect(next.status).toBe(200);
    expect((await history(user.id)).map((m) => m.role)).toEqual(["user", "user", "user", "assistant"]);
    figures.push({
      fault: "LLM timeout (chat)",
      answer: "503 SERVICE_UNAVAILABLE",
      errorMs: slow.ms,
      recoveryMs: performance.now() - clearedAt,
      recovery: "next question answered",
    });
    figures.push({
      fault: "LLM 429 ×3 (chat)",
      answer: "429 TOO_MANY_REQUESTS",
      errorMs: limited.ms,
      recoveryMs: performance.now() - clearedAt,
      recovery: "next question answered",
    });
  });
});

describe("YouTube fails (the real adapters against the fake YouTube)", () => {
  test("unreachable: 503 telling the learner to paste a link or try later; the job failed; no quota used", async () => {
    deps = youtubeDeps();
    const { user, sessionToken } = await learner();
    youtube.setMode("down");
    const failed = await generate(sessionToken, "binary search");
    expectClearError(failed, 503, TOPIC_SEARCH_UNREACHABLE_MESSAGE);
    await expectCleanFailure(user.id, 0, "SERVICE_UNAVAILABLE");
    youtube.setMode("normal");
    const recoveryMs = await expectRecovery(sessionToken, user.id, "binary search");
    figures.push({
      fault: "YouTube unreachable",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs: failed.ms,
      recoveryMs,
      recovery: "YouTube back → next course",
    });
  });

  test("a video without a transcript: 422 with the reason; the job failed; no quota used", async () => {
    deps = youtubeDeps();
    const { user, sessionToken } = await learner();
    const failed = await generate(sessionToken, "https://youtu.be/musicOnly01");
    expectClearError(failed, 422, VIDEO_WITHOUT_TRANSCRIPT_MESSAGE);
    await expectCleanFailure(user.id, 0, "UNPROCESSABLE");
    const recoveryMs = await expectRecovery(sessionToken, user.id, "https://youtu.be/binSearch01");
    figures.push({
      fault: "video without a transcript",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs: failed.ms,
      recoveryMs,
      recovery: "another video → course",
    });
  });
});

describe("PostgreSQL: the app's backend killed with pg_terminate_backend", () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(() => admin.end());

  /**
   * Takes `lock` in a transaction of a connection of its own, starts `request`, waits until one of
   * the app's backends is blocked by that lock (so the kill lands mid-request), terminates that
   * backend, and releases the lock. Returns the request's outcome and when the kill happened.
   */
  async function killMidRequest<T>(lock: string, request: () => Promise<T>): Promise<{ result: T; killedAt: number; errorMs: number; waitingQuery: string }> {
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    let pending: Promise<T> | undefined;
    let answeredAt = 0;
    try {
      await locker.query("BEGIN");
      await locker.query(lock);
      const { rows } = await locker.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const lockerPid = rows[0]!.pid;
      pending = request().finally(() => (answeredAt = performance.now()));
      let victim: { pid: number; query: string } | undefined;
      for (let i = 0; i < 500 && !victim; i += 1) {
        const blocked = await admin.query<{ pid: number; query: string }>(
          `SELECT pid, query FROM pg_stat_activity WHERE datname = current_database() AND $1 = ANY(pg_blocking_pids(pid))`,
          [lockerPid],
        );
        victim = blocked.rows[0];
        if (!victim) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (!victim) throw new Error("no backend of the app ever waited on the lock");
      // The row's query and its blockers are read at different instants: the statement seen may be
      // the one before the wait. The backend waits until the kill, so a second read names it.
      const waiting = await admin.query<{ query: string }>("SELECT query FROM pg_stat_activity WHERE pid = $1", [victim.pid]);
      victim = { pid: victim.pid, query: waiting.rows[0]?.query ?? victim.query };
      const killedAt = performance.now();
      await admin.query("SELECT pg_terminate_backend($1)", [victim.pid]);
      await locker.query("ROLLBACK");
      const result = await pending;
      return { result, killedAt, errorMs: answeredAt - killedAt, waitingQuery: victim.query };
    } finally {
      await pending?.catch(() => undefined);
      await locker.end().catch(() => undefined);
    }
  }

  /** Repeats `call` until it answers 200; the time from `since`. */
  async function recoveredAfter(since: number, call: () => Promise<ApiResult<unknown>>): Promise<number> {
    for (let i = 0; i < 100; i += 1) {
      if ((await call()).status === 200) return performance.now() - since;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the app never recovered");
  }

  test("during a progress write: 503 with a retry message (no 500), nothing written; the next write succeeds", async () => {
    const { user, sessionToken } = await learner();
    const course = await createCourse(db, { userId: user.id });
    const [first] = sectionsOf(course);
    const save = () => restCall<ErrorBody>("POST", `/api/courses/${course.id}/progress`, { sessionToken, json: { completedSectionId: first!.id } });
    const { result: failed, killedAt, errorMs, waitingQuery } = await killMidRequest(`LOCK TABLE "CourseProgress" IN EXCLUSIVE MODE`, save);
    expect(waitingQuery).toMatch(/CourseProgress/);
    expectClearError(failed, 503, /try again/i);
    expect(await db.sectionCompletion.count({ where: { userId: user.id } })).toBe(0);
    const recoveryMs = await recoveredAfter(killedAt, save);
    expect(await db.sectionCompletion.count({ where: { userId: user.id } })).toBe(1);
    figures.push({
      fault: "PG backend killed mid progress write",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs,
      recoveryMs,
      recovery: "kill → next write saved",
    });
  });

  test("during a course read: 503 with a retry message (no 500); the next read succeeds", async () => {
    const { user, sessionToken } = await learner();
    const course = await createCourse(db, { userId: user.id });
    // The first read of the course: later ones may come from the process's course cache (NotifiedCache).
    const read = () => restCall<ErrorBody>("GET", `/api/courses/${course.id}`, { sessionToken });
    const { result: failed, killedAt, errorMs, waitingQuery } = await killMidRequest(`LOCK TABLE "Section" IN ACCESS EXCLUSIVE MODE`, read);
    // The course tree query, which reads "Section" further on than pg_stat_activity keeps of its text.
    expect(waitingQuery).toMatch(/^\s*SELECT json_build_object\('id', c\.id/);
    expectClearError(failed, 503, /try again/i);
    const recoveryMs = await recoveredAfter(killedAt, read);
    figures.push({
      fault: "PG backend killed mid course read",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs,
      recoveryMs,
      recovery: "kill → next read",
    });
  });

  test("during a job's save, after the Course row is written: the job fails cleanly, no course, quota given back; the retry succeeds", async () => {
    const { user, sessionToken } = await learner();
    // Chapters are inserted after the course row, in the same transaction: the kill lands between.
    const { result: failed, killedAt, errorMs, waitingQuery } = await killMidRequest(`LOCK TABLE "Chapter" IN EXCLUSIVE MODE`, () => generate(sessionToken));
    expect(waitingQuery).toMatch(/Chapter/);
    expectClearError(failed, 503, /try again/i);
    await expectCleanFailure(user.id, 0, "SERVICE_UNAVAILABLE");
    const recoveryMs = await expectRecovery(sessionToken, user.id);
    figures.push({
      fault: "PG backend killed mid job save",
      answer: `${failed.status} ${failed.json.code}`,
      errorMs,
      recoveryMs: performance.now() - killedAt,
      recovery: `kill → next course (its request ${Math.round(recoveryMs)} ms)`,
    });
  });
});
