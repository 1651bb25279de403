/**
 * Time to first token of the course chat (POST /api/courses/{id}/chat/stream) over the model's
 * own, against the production build, on a course of a 60-minute transcript.
 * Goal: p50 overhead ≤ 50 ms (auth, rate limit, history, retrieval, prompt building, streaming).
 *
 *   npm run build && npm run bench:chat-ttft [-- --requests 100 --model-latency 0]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder. The transcript joins the longest real ones of
 * ../shared/fixtures/videos up to an hour when the corpus is present, else it is synthetic; the
 * questions name distinctive words of it. The app runs as `npm start` with the fake OpenAI
 * server (test/fakes/openai.mjs) as its model. The fake runs in this process, so the times it
 * records (request received, first chunk written) share the clock with the client's:
 *   overhead   = (first text-delta at the client − request sent) − fake's own time to first chunk
 *   appToModel = model request received by the fake − request sent
 * Requests go one at a time, rotating over users so no one passes the chat rate limit.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

import pg from "pg";

import { type FakeOpenAI, startFakeOpenAI } from "../test/fakes/openai.mjs";
import { syntheticTranscript } from "../test/fixtures/transcripts/synthetic";

import { recordFigure } from "./lib/figures";
import { openDatabase, startApp, stop, waitFor } from "./lib/app";
import { arg } from "./lib/args";
import { ADD_COURSE_VIDEO_ROWS_SQL } from "./lib/course-videos";

const REQUESTS = Number(arg("--requests") ?? 100);
const MODEL_LATENCY_MS = Number(arg("--model-latency") ?? 0);
const WARMUP = 10;
const BUDGET_MS = 50;
const APP_PORT = 3310;
const MINUTES = 60;
const FIXTURES = join(import.meta.dirname, "../../shared/fixtures/videos");
// The chat allows 20 messages per user a minute (LIMITS.chatMessagesPerUser): each user asks at most 15.
const USERS = Math.max(10, Math.ceil((WARMUP + REQUESTS) / 15));

type Segment = { startMs: number; endMs: number; text: string };
type Transcript = { label: string; title: string; durationSeconds: number; segments: Segment[] };

/** The longest real transcripts one after another until they last an hour; else a synthetic hour. */
function hourTranscript(): Transcript {
  if (existsSync(FIXTURES)) {
    type Fixture = { videoId: string; title: string; durationSeconds: number; segments: { text: string; start: number; duration: number }[] };
    const videos = readdirSync(FIXTURES)
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as Fixture)
      .sort((a, b) => b.durationSeconds - a.durationSeconds || a.videoId.localeCompare(b.videoId));
    const segments: Segment[] = [];
    const used: string[] = [];
    let offset = 0;
    for (const video of videos) {
      if (offset >= MINUTES * 60) break;
      for (const s of video.segments)
        segments.push({ startMs: Math.round((offset + s.start) * 1000), endMs: Math.round((offset + s.start + s.duration) * 1000), text: s.text });
      used.push(video.videoId);
      offset += video.durationSeconds;
    }
    if (offset >= MINUTES * 60) return { label: `real, joined from ${used.join(" + ")}`, title: videos[0]!.title, durationSeconds: offset, segments };
  }
  const synthetic = syntheticTranscript(MINUTES);
  return { label: "synthetic", title: "Synthetic lecture", durationSeconds: synthetic.durationSeconds, segments: synthetic.segments };
}

const TEMPLATES = [
  "What does the video say about {w}?",
  "Can you explain {w} in simpler terms?",
  "Why does {w} matter here?",
  "How is {w} used in the argument?",
  "Where does the video talk about {w}, and what is the point?",
];

/** ~20 questions about words that come up a few times (not everywhere), spread over the frequency range. */
function questionsAbout(segments: Segment[], count = 20): string[] {
  const frequency = new Map<string, number>();
  for (const { text } of segments) for (const word of text.toLowerCase().match(/[a-z]{7,}/g) ?? []) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const words = [...frequency]
    .filter(([, n]) => n >= 3 && n <= 20)
    .sort(([a, n], [b, m]) => m - n || a.localeCompare(b))
    .map(([word]) => word);
  if (words.length < count) throw new Error(`only ${words.length} distinctive words in the transcript`);
  return Array.from({ length: count }, (_, i) => TEMPLATES[i % TEMPLATES.length]!.replace("{w}", words[Math.floor((i * words.length) / count)]!));
}

/** Bench users, and a public ready 6 × 5 course on a video with the transcript. */
async function seed(url: string, transcript: Transcript) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const users = await pool.query<{ id: number }>(
      `INSERT INTO "User" (username, "usernameKey", "updatedAt") SELECT 'bench_chat_' || g, 'bench_chat_' || g, now() FROM generate_series(1, $1::int) AS g RETURNING id`,
      [USERS],
    );
    await pool.query(`INSERT INTO "Video" (id, source, title, "durationSeconds") VALUES ('benchChat60', 'library', $1, $2)`, [
      transcript.title,
      Math.round(transcript.durationSeconds),
    ]);
    const saved = await pool.query<{ id: number }>(
      `INSERT INTO "Transcript" ("videoId", language, source) VALUES ('benchChat60', 'en', 'library') RETURNING id`,
    );
    const { segments } = transcript;
    await pool.query(
      `INSERT INTO "TranscriptSegment" ("transcriptId", index, "startMs", "endMs", text) SELECT $1::int, * FROM unnest($2::int[], $3::int[], $4::int[], $5::text[])`,
      [saved.rows[0]!.id, segments.map((_, i) => i), segments.map((s) => s.startMs), segments.map((s) => s.endMs), segments.map((s) => s.text)],
    );
    const course = await pool.query<{ id: number }>(
      `INSERT INTO "Course" ("userId", "videoId", title, description, topic, complexity, status, engine, "isPublic", "updatedAt")
       VALUES ($1, 'benchChat60', 'Bench chat course', 'A course for the chat benchmark', 'bench', 'beginner', 'ready', 'llm', true, now()) RETURNING id`,
      [users.rows[0]!.id],
    );
    const courseId = course.rows[0]!.id;
    await pool.query(ADD_COURSE_VIDEO_ROWS_SQL);
    const sectionSeconds = (MINUTES * 60) / 30;
    for (let c = 0; c < 6; c += 1) {
      const chapter = await pool.query<{ id: number }>(`INSERT INTO "Chapter" ("courseId", title, "order") VALUES ($1, $2, $3) RETURNING id`, [
        courseId,
        `Chapter ${c + 1}`,
        c + 1,
      ]);
      for (let s = 0; s < 5; s += 1) {
        const index = c * 5 + s;
        await pool.query(`INSERT INTO "Section" ("chapterId", title, "order", content, "timeStart", "timeEnd") VALUES ($1, $2, $3, $4, $5, $6)`, [
          chapter.rows[0]!.id,
          `Section ${c + 1}.${s + 1}`,
          s + 1,
          `What section ${c + 1}.${s + 1} teaches.\n`.repeat(12),
          index * sectionSeconds,
          (index + 1) * sectionSeconds,
        ]);
      }
    }
    return { userIds: users.rows.map((row) => row.id), courseId };
  } finally {
    await pool.end();
  }
}

/** Reads a UI message stream to its end; returns when its first text-delta arrived. */
async function firstDeltaOf(response: Response): Promise<number | null> {
  let firstDeltaAt: number | null = null;
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffer += decoder.decode(read.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const event = buffer.slice(0, end).replace(/^data: /, "");
      buffer = buffer.slice(end + 2);
      if (event === "[DONE]") continue;
      const chunk = JSON.parse(event) as { type: string; errorText?: string };
      if (chunk.type === "error") throw new Error(`the stream ended with an error: ${chunk.errorText}`);
      if (chunk.type === "text-delta") firstDeltaAt ??= performance.now();
    }
  }
  return firstDeltaAt;
}

type Sample = { overhead: number; appToModel: number };

async function ask(fake: FakeOpenAI, url: string, origin: string, cookie: string, question: string): Promise<Sample> {
  const before = fake.requests.length;
  const t0 = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: JSON.stringify({ content: question, mode: "explain" }),
  });
  if (response.status !== 200) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  const t1 = await firstDeltaOf(response);
  if (fake.requests.length !== before + 1) throw new Error(`expected one model call per question, saw ${fake.requests.length - before}`);
  const call = fake.requests.at(-1)!;
  if (t1 === null || call.firstChunkAt === null) throw new Error("the reply had no text");
  return { overhead: t1 - t0 - (call.firstChunkAt - call.receivedAt), appToModel: call.receivedAt - t0 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    "p50 ms": percentile(sorted, 50).toFixed(1),
    "p90 ms": percentile(sorted, 90).toFixed(1),
    "p99 ms": percentile(sorted, 99).toFixed(1),
    "max ms": sorted.at(-1)!.toFixed(1),
  };
};

async function main() {
  const secret = randomBytes(32).toString("hex");
  process.env.NEXTAUTH_SECRET = secret;
  const { encodeSessionToken, sessionCookieName } = await import("~/server/auth/session");
  const appBase = `http://127.0.0.1:${APP_PORT}`;
  // Another app already on the port would answer the health check and be measured instead.
  if (
    await fetch(`${appBase}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${APP_PORT} is in use`);

  const transcript = hourTranscript();
  const questions = questionsAbout(transcript.segments);
  console.log(`transcript: ${transcript.label}; ${transcript.segments.length} segments, ${(transcript.durationSeconds / 60).toFixed(1)} min`);

  const fake = await startFakeOpenAI();
  fake.setMode("normal", { latencyMs: MODEL_LATENCY_MS, chunkDelayMs: 0 });
  const database = await openDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-chat-data-"));
  let app: ChildProcess | null = null;
  let failed = false;
  try {
    const { userIds, courseId } = await seed(database.url, transcript);
    const cookies = await Promise.all(userIds.map(async (userId) => `${sessionCookieName()}=${await encodeSessionToken({ userId, sessionVersion: 0 })}`));
    app = startApp({
      port: APP_PORT,
      databaseUrl: database.url,
      secret,
      env: { DATA_DIR: dataDir, OPENAI_API_KEY: "bench", OPENAI_BASE_URL: fake.url, AI_MODEL: "fake-model" },
    });
    const up = await Promise.race([waitFor(`${appBase}/api/health`).then(() => true), once(app, "exit").then(() => false)]);
    if (!up) throw new Error("the app exited before it was up");

    const url = `${appBase}/api/courses/${courseId}/chat/stream`;
    const askNth = (i: number) => ask(fake, url, appBase, cookies[i % cookies.length]!, questions[i % questions.length]!);
    const first = await askNth(0);
    for (let i = 1; i < WARMUP; i += 1) await askNth(i);
    const samples: Sample[] = [];
    for (let i = 0; i < REQUESTS; i += 1) samples.push(await askNth(WARMUP + i));

    const overheads = samples.map((s) => s.overhead);
    const p50 = percentile(
      [...overheads].sort((a, b) => a - b),
      50,
    );
    failed = p50 > BUDGET_MS;
    console.log(
      `${REQUESTS} sequential requests after ${WARMUP} warm-up ones, ${USERS} users, ${questions.length} questions; model latency ${MODEL_LATENCY_MS} ms; database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL server" : "embedded PostgreSQL"}`,
    );
    console.log(`first request (cold): overhead ${first.overhead.toFixed(1)} ms, appToModel ${first.appToModel.toFixed(1)} ms`);
    console.table({ overhead: summary(overheads), appToModel: summary(samples.map((s) => s.appToModel)) });
    const appToModelP50 = percentile(
      samples.map((s) => s.appToModel).sort((a, b) => a - b),
      50,
    );
    recordFigure({
      bench: "chat-ttft",
      name: "time to first token over the model's own, p50",
      value: Number(p50.toFixed(1)),
      unit: "ms",
      target: `≤ ${BUDGET_MS} ms`,
      ok: !failed,
    });
    recordFigure({
      bench: "chat-ttft",
      name: "time to first token over the model's own, p90",
      value: Number(
        percentile(
          [...overheads].sort((a, b) => a - b),
          90,
        ).toFixed(1),
      ),
      unit: "ms",
    });
    recordFigure({ bench: "chat-ttft", name: "request to model call, p50", value: Number(appToModelP50.toFixed(1)), unit: "ms" });
    console.log(`${failed ? "FAIL" : "PASS"}: p50 overhead ${p50.toFixed(1)} ms (budget ${BUDGET_MS} ms)`);
  } finally {
    if (app) stop(app);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await fake.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
