/**
 * The pipeline with the real adapters against the local fakes: the YouTube Data API and keyless
 * YouTube (youtubei.js) served by test/fakes/youtube.mjs, and the LLM engine talking to
 * test/fakes/openai.mjs over HTTP.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createLlmEngine } from "~/server/ai/course-outline";
import { conceptKey } from "~/server/ai/offline/concepts";
import { createOfflineEngine } from "~/server/ai/offline";
import { createVideoSources } from "~/server/video/sources";

import { type FakeOpenAI, startFakeOpenAI } from "../../../../test/fakes/openai.mjs";
import { type FakeYouTube, startFakeYouTube } from "../../../../test/fakes/youtube.mjs";
import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { createUser } from "../../../../test/factories";
import { drainGenerationQueue } from "../../../../test/generation";

let youtube: FakeYouTube;
let llm: FakeOpenAI;
beforeAll(async () => {
  [youtube, llm] = await Promise.all([startFakeYouTube(), startFakeOpenAI()]);
});
afterAll(async () => {
  await Promise.all([youtube.close(), llm.close()]);
});

const sources = (apiKey?: string) =>
  createVideoSources({ order: "youtube", youtubeApiKey: apiKey, youtubeApiBaseUrl: `${youtube.url}/youtube/v3`, youtubeiBaseUrl: youtube.url });
const llmEngine = () => createLlmEngine(createOpenAI({ apiKey: "test", baseURL: llm.url }).chat("fake-model"), { timeoutMs: 5_000 });

async function generate(deps: Parameters<typeof drainGenerationQueue>[1], topic = "binary search") {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user, db });
  await db.video.deleteMany({});
  const queued = await caller.generation.start({ topic, complexity: "beginner" });
  await drainGenerationQueue(db, deps);
  return caller.generation.job({ jobId: queued.id });
}

describe("with the real adapters and the local fakes", () => {
  test("YouTube Data API search + keyless transcript + the LLM engine: a course", async () => {
    const job = await generate({ sources: sources("test-youtube-key"), engine: llmEngine() });
    expect(job).toMatchObject({ status: "succeeded", engine: "llm" });
    expect(youtube.requests.some((request) => request.path.startsWith("/youtube/v3/search"))).toBe(true);
    expect(youtube.requests.some((request) => request.path.includes("get_transcript"))).toBe(true);
    expect(llm.requests.length).toBeGreaterThan(0);
    // The concepts the model named for each section, kept, and the course's concepts made of them.
    const sections = await db.section.findMany({ where: { chapter: { courseId: job.courseId! } }, select: { id: true, modelConcepts: true } });
    const named = sections.flatMap((section) => (section.modelConcepts ?? []) as { label: string }[]);
    expect(named.length).toBeGreaterThan(0);
    const stored = await db.courseConcept.findMany({ where: { courseId: job.courseId! }, select: { concept: { select: { key: true } } } });
    expect(stored.length).toBeGreaterThan(0);
    const namedKeys = new Set(named.map((concept) => conceptKey(concept.label, "en")));
    expect(stored.every((row) => namedKeys.has(row.concept.key))).toBe(true);
  });

  test("keyless YouTube only (no key) with the offline engine: a course", async () => {
    const before = youtube.requests.length;
    const job = await generate({ sources: sources(), engine: createOfflineEngine() });
    expect(job).toMatchObject({ status: "succeeded", engine: "offline" });
    const made = youtube.requests.slice(before);
    expect(made.some((request) => request.path.startsWith("/youtube/v3"))).toBe(false);
    expect(made.some((request) => request.path === "/youtubei/v1/search")).toBe(true);
  });

  test("YouTube out of quota: the learner is told, nothing is saved", async () => {
    youtube.setMode("quota");
    try {
      const job = await generate({ sources: sources("test-youtube-key"), engine: createOfflineEngine() });
      expect(job).toMatchObject({ status: "failed", error: "The YouTube API quota for today is used up. Please try again later." });
    } finally {
      youtube.setMode("normal");
    }
  });

  test("YouTube down: the learner is told to paste a link or try later", async () => {
    youtube.setMode("down");
    try {
      const job = await generate({ sources: sources(), engine: createOfflineEngine() });
      expect(job).toMatchObject({
        status: "failed",
        error: "YouTube could not be reached to search for this topic. Paste a link to a YouTube video, or try again in a few minutes.",
      });
    } finally {
      youtube.setMode("normal");
    }
  });

  test("the model answering nonsense every time: the job fails after bounded retries", async () => {
    llm.setMode("malformed", { times: 10 });
    const before = llm.requests.length;
    try {
      const job = await generate({ sources: sources("test-youtube-key"), engine: llmEngine() });
      expect(job).toMatchObject({ status: "failed", error: "The AI service returned an unusable course outline. Please try again." });
      // One call and two retries for the outline (the transcript fits one part).
      expect(llm.requests.length - before).toBe(3);
    } finally {
      llm.setMode("normal");
    }
  });

  test("the model rate limited: 429 for the REST caller, a clear message", async () => {
    llm.setMode("rate-limit", { times: 10 });
    try {
      const job = await generate({ sources: sources("test-youtube-key"), engine: llmEngine() });
      expect(job.status).toBe("failed");
      expect(job.error).toMatch(/rate limited/);
      expect((await db.generationJob.findUniqueOrThrow({ where: { id: job.id } })).errorCode).toBe("TOO_MANY_REQUESTS");
    } finally {
      llm.setMode("normal");
    }
  });
});
