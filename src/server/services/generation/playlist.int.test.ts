/**
 * Courses from a playlist on PostgreSQL: the videos in order on one timeline, a video without a
 * transcript skipped and listed, the refusals (unknown or private, empty, too long), one course
 * against the monthly allowance, the per-video progress, and a mixed-language playlist offline.
 */
import { mkdtemp, rm, writeFile, mkdir, cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { claimNextJob } from "~/server/jobs/queue";
import type { JobWorker } from "~/server/jobs/worker";
import { createLibrarySource } from "~/server/video/sources/library";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { createUser } from "../../../../test/factories";
import { expectNoLeak, readBody, rest } from "../../../../test/http";
import { countingSource, drainGenerationQueue, FIXTURE_LIBRARY_DIR, LANGUAGES_LIBRARY_DIR, libraryDeps } from "../../../../test/generation";
import { monthKey } from "../subscription/monthly-usage";
import { EMPTY_PLAYLIST_MESSAGE, MAX_PLAYLIST_VIDEOS, PLAYLIST_NOT_FOUND_MESSAGE, playlistTooLongMessage } from "./find-video";
import { generationJobInputSchema } from "./generation-job";
import { runGenerationJob } from "./run-job";
import { processGenerationJob, startGenerationWorker } from "./worker";

const PLAYLIST = "https://www.youtube.com/playlist?list=PLfixtureLessons01";

const temporaryDirs: string[] = [];
afterAll(async () => {
  await Promise.all(temporaryDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The fixture library plus playlists written by the test. */
async function libraryWithPlaylists(playlists: Record<string, string[]>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "coursecraft-playlists-"));
  temporaryDirs.push(dir);
  await cp(FIXTURE_LIBRARY_DIR, dir, { recursive: true });
  await mkdir(path.join(dir, "playlists"), { recursive: true });
  for (const [id, videoIds] of Object.entries(playlists)) {
    await writeFile(path.join(dir, "playlists", `${id}.json`), JSON.stringify({ title: `Playlist ${id}`, videoIds }));
  }
  return dir;
}

async function signedIn() {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user, db });
  return { user, caller };
}

async function generate(topic: string, deps = libraryDeps(), language?: string) {
  const { user, caller } = await signedIn();
  const queued = await caller.generation.start({ topic, complexity: "beginner", ...(language ? { language } : {}) });
  await drainGenerationQueue(db, deps);
  return { user, caller, job: await caller.generation.job({ jobId: queued.id }) };
}

describe("a course from a playlist", () => {
  test("holds the playlist's videos in order on one timeline, skips and lists the one without a transcript, and counts as one course", async () => {
    const { user, caller, job } = await generate(PLAYLIST);
    expect(job).toMatchObject({ status: "succeeded", error: null });
    expect(job.notices).toHaveLength(1);
    expect(job.notices[0]).toMatch(/^Skipped 1 video without a transcript: ".+"\.$/);

    const { course, chapters } = await caller.course.byId({ id: job.courseId! });
    expect(course).toMatchObject({ title: "Algorithms, one lesson at a time", playlistId: "PLfixtureLessons01", videoId: "binSearch01" });
    expect(course.videos.map((video) => video.videoId)).toEqual(["binSearch01", "hashTable01", "recursion01"]);
    // Each video starts where the one before it ends.
    const [first, second, third] = course.videos;
    expect(first!.offsetSeconds).toBe(0);
    expect(second!.offsetSeconds).toBe(first!.durationSeconds);
    expect(third!.offsetSeconds).toBe(second!.offsetSeconds + second!.durationSeconds);
    expect(course.description).toMatch(/playlist "Algorithms, one lesson at a time" in 3 videos/);

    // Sections run in order across the videos, and every video has at least one chapter of its own.
    const starts = chapters.flatMap((chapter) => chapter.sections.map((section) => section.timeStart));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const video of course.videos) {
      expect(
        chapters.some(
          (chapter) => chapter.sections[0]!.timeStart >= video.offsetSeconds && chapter.sections[0]!.timeStart < video.offsetSeconds + video.durationSeconds,
        ),
      ).toBe(true);
    }
    // No chapter straddles two videos.
    for (const chapter of chapters) {
      const videoOf = (seconds: number) => course.videos.findLastIndex((video) => video.offsetSeconds <= seconds);
      expect(new Set(chapter.sections.map((section) => videoOf(section.timeStart))).size).toBe(1);
    }

    // The transcript runs through the three videos, on the course's timeline.
    const { segments } = await caller.transcript.byCourse({ id: course.id });
    expect(segments.at(-1)!.start).toBeGreaterThan(third!.offsetSeconds);
    expect(segments.map((line) => line.start)).toEqual([...segments.map((line) => line.start)].sort((a, b) => a - b));

    const usage = await db.monthlyUsage.findUnique({ where: { userId_month: { userId: user.id, month: monthKey(new Date()) } } });
    expect(usage?.coursesCreated).toBe(1);
  });

  test("the tutor and the quiz work across the videos; the tutor's quotes name their video", async () => {
    const { caller, job } = await generate(PLAYLIST);
    const { course, chapters } = await caller.course.byId({ id: job.courseId! });
    const reply = await caller.chat.send({ id: course.id, content: "What is the base case of a recursive function?" });
    expect(reply.content).toMatch(/> [^\n]*base case[^\n]*\(Recursion explained with Russian dolls\) \[\d+:\d\d\]/);
    const lastSection = chapters.at(-1)!.sections.at(-1)!;
    const quiz = await caller.quiz.generate({ id: lastSection.id });
    expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
  });

  test("a playlist nobody knows (or a private one) is a 404; an empty one and one of more than 25 videos a 422 with the count; none uses a course", async () => {
    const ids = ["binSearch01", "hashTable01", "recursion01"];
    const dir = await libraryWithPlaylists({
      PLemptyPlaylist1: [],
      PLtooLongPlaylist: Array.from({ length: MAX_PLAYLIST_VIDEOS + 1 }, (_, k) => ids[k % 3]!),
      PLexactly25Videos: Array.from({ length: MAX_PLAYLIST_VIDEOS }, (_, k) => ids[k % 3]!),
      PLonlySilence001: ["musicOnly01"],
    });
    const deps = libraryDeps({ sources: [createLibrarySource(dir)] });
    const cases: [string, string, string][] = [
      ["PLnoSuchPlaylist1", "NOT_FOUND", PLAYLIST_NOT_FOUND_MESSAGE],
      ["PLemptyPlaylist1", "UNPROCESSABLE", EMPTY_PLAYLIST_MESSAGE],
      ["PLtooLongPlaylist", "UNPROCESSABLE", playlistTooLongMessage(26)],
      ["PLonlySilence001", "UNPROCESSABLE", "None of this playlist's videos has a transcript, so a course cannot be built from it."],
    ];
    for (const [listId, code, message] of cases) {
      const { user, job } = await generate(`https://www.youtube.com/playlist?list=${listId}`, deps);
      expect(job).toMatchObject({ status: "failed", error: message });
      expect((await db.generationJob.findUniqueOrThrow({ where: { id: job.id }, select: { errorCode: true } })).errorCode).toBe(code);
      expect(await db.course.count({ where: { userId: user.id } })).toBe(0);
      const usage = await db.monthlyUsage.findUnique({ where: { userId_month: { userId: user.id, month: monthKey(new Date()) } } });
      expect(usage?.coursesCreated ?? 0).toBe(0);
    }
    expect(playlistTooLongMessage(26)).toBe(
      "This playlist has 26 videos; a course can be built from at most 25. Paste a shorter playlist, or one of its videos.",
    );
    const { job } = await generate("https://www.youtube.com/playlist?list=PLexactly25Videos", deps);
    expect(job.error).toBeNull();
    expect(job.status).toBe("succeeded");
  });

  test("the job reports each video as it is read", async () => {
    const source = countingSource(createLibrarySource(FIXTURE_LIBRARY_DIR));
    const stages: (string | null)[] = [];
    const { caller } = await signedIn();
    const queued = await caller.generation.start({ topic: PLAYLIST, complexity: "beginner" });
    const watching = setInterval(() => {
      void db.generationJob.findUnique({ where: { id: queued.id }, select: { stageDetail: true } }).then((row) => stages.push(row?.stageDetail ?? null));
    }, 1);
    await drainGenerationQueue(db, libraryDeps({ sources: [source] }));
    clearInterval(watching);
    expect(source.calls.playlist).toBe(1);
    const job = await db.generationJob.findUniqueOrThrow({ where: { id: queued.id }, select: { stageDetail: true, status: true } });
    expect(job.status).toBe("succeeded");
    // The last write of the reading stage said "Video 4 of 4"; later stages clear it.
    expect(job.stageDetail).toBeNull();
    expect(stages.filter((detail) => detail !== null).every((detail) => /^Video [1-4] of 4$/.test(detail))).toBe(true);
  });

  test("a job whose runner dies while structuring is resumed by another and finishes once, the transcripts it had read coming from the cache", async () => {
    // Nothing cached from the tests before: the first runner reads every transcript.
    await db.transcript.deleteMany({});
    const { caller } = await signedIn();
    const queued = await caller.generation.start({ topic: PLAYLIST, complexity: "beginner" });
    const dead = (await claimNextJob(db))!;
    const firstSource = countingSource(createLibrarySource(FIXTURE_LIBRARY_DIR));
    const dying = new AbortController();
    // Its process dies once the transcripts are read: the engine never answers, nothing marks the job.
    const engine = libraryDeps().engine;
    const hanging = { ...engine, structure: () => (dying.abort(), new Promise<never>(() => undefined)) };
    const run = runGenerationJob(db, { ...dead, input: generationJobInputSchema.parse(dead.input) }, { sources: [firstSource], engine: hanging }, dying.signal);
    await expect.poll(() => dying.signal.aborted).toBe(true);
    void run.catch(() => undefined);
    expect(firstSource.calls.transcript).toBe(4);
    expect(await db.generationJob.findUniqueOrThrow({ where: { id: queued.id }, select: { status: true } })).toEqual({ status: "running" });

    await db.generationJob.update({ where: { id: queued.id }, data: { heartbeatAt: new Date(Date.now() - 60_000) } });
    const resumed = (await claimNextJob(db))!;
    expect(resumed).toMatchObject({ id: queued.id, attempt: 2 });
    const secondSource = countingSource(createLibrarySource(FIXTURE_LIBRARY_DIR));
    await processGenerationJob(db, resumed, libraryDeps({ sources: [secondSource] }));
    const job = await caller.generation.job({ jobId: queued.id });
    expect(job).toMatchObject({ status: "succeeded" });
    // Only the video without a transcript is asked again: nothing was cached of it.
    expect(secondSource.calls.transcript).toBeLessThanOrEqual(1);
    const { course } = await caller.course.byId({ id: job.courseId! });
    expect(course.videos).toHaveLength(3);
    expect(await db.course.count({ where: { userId: (await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } })).userId } })).toBe(1);
  });

  test("offline, a mixed-language playlist keeps the videos in the course language and lists the others", async () => {
    const { job, caller } = await generate(
      "https://www.youtube.com/playlist?list=PLcourseCraftBasics1",
      libraryDeps({ sources: [createLibrarySource(LANGUAGES_LIBRARY_DIR)] }),
      "es",
    );
    expect(job.status).toBe("succeeded");
    const { course } = await caller.course.byId({ id: job.courseId! });
    expect(course.language).toBe("es");
    // busqBinar01 is Spanish; binSteps001 has a Spanish track; hashMaps001 is English only; silentClip1 has no captions.
    expect(course.videos.map((video) => video.videoId)).toEqual(["busqBinar01", "binSteps001"]);
    expect(job.notices).toEqual([
      expect.stringMatching(/^Skipped 1 video without a transcript: /),
      expect.stringMatching(/^Without an AI model a course is written in one language, Spanish: left out 1 video in another language: ".+" \(English\)\.$/),
    ]);
  });
});

describe("POST /api/courses/generate-from-topic with a playlist link", () => {
  let worker: JobWorker;
  beforeAll(async () => {
    const ids = ["binSearch01", "hashTable01", "recursion01"];
    const dir = await libraryWithPlaylists({ PLtwentySixVideos: Array.from({ length: MAX_PLAYLIST_VIDEOS + 1 }, (_, k) => ids[k % 3]!) });
    // Our lessons with the long playlist, then the videos in several languages with their mixed playlist.
    const sources = [createLibrarySource(dir), createLibrarySource(LANGUAGES_LIBRARY_DIR)];
    worker = startGenerationWorker(db, () => libraryDeps({ sources }), { concurrency: 2, pollMs: 50 });
  });
  afterAll(() => worker.stop());

  async function post(topic: string, language?: string) {
    const user = await createUser(db);
    const sessionToken = await sessionTokenFor(user, db);
    const response = await rest("POST", "/api/courses/generate-from-topic", {
      sessionToken,
      json: { topic, complexity: "beginner", ...(language ? { language } : {}) },
    });
    const { json, text } = await readBody(response);
    expectNoLeak(text);
    const used = (await db.monthlyUsage.findUnique({ where: { userId_month: { userId: user.id, month: monthKey(new Date()) } } }))?.coursesCreated ?? 0;
    return {
      status: response.status,
      json: json as { message?: string; course?: { id: number; videoId: string; language: string }; notices?: string[] },
      user,
      used,
    };
  }

  test("answers with the course and the videos it skipped; one course used", async () => {
    const { status, json, used } = await post(PLAYLIST);
    expect(status).toBe(200);
    expect(json.course).toMatchObject({ videoId: "binSearch01", language: "en" });
    expect(json.notices).toEqual([expect.stringMatching(/^Skipped 1 video without a transcript: /)]);
    expect(used).toBe(1);
  });

  // (A private playlist is one YouTube does not show: the YouTube sources' tests cover that it reads as unknown.)
  test("26 videos: 422 with the count; an unknown playlist: 404; nothing written, no course used", async () => {
    const cases: [string, number, string][] = [
      ["https://www.youtube.com/playlist?list=PLtwentySixVideos", 422, playlistTooLongMessage(26)],
      ["https://www.youtube.com/watch?v=binSearch01&list=PLtwentySixVideos", 422, playlistTooLongMessage(26)],
      ["https://www.youtube.com/playlist?list=PLnobodyKnowsThis1", 404, PLAYLIST_NOT_FOUND_MESSAGE],
    ];
    for (const [topic, status, message] of cases) {
      const result = await post(topic);
      expect(result.status, topic).toBe(status);
      expect(result.json.message).toBe(message);
      expect(result.used).toBe(0);
      expect(await db.course.count({ where: { userId: result.user.id } })).toBe(0);
    }
  });

  test("a mixed-language playlist offline: a course in the language asked for from the videos in it, the others listed", async () => {
    const { status, json, used } = await post("https://www.youtube.com/playlist?list=PLcourseCraftBasics1", "es");
    expect(status).toBe(200);
    expect(json.course).toMatchObject({ videoId: "busqBinar01", language: "es" });
    expect(json.notices).toHaveLength(2);
    expect(json.notices![1]).toMatch(/left out 1 video in another language/);
    expect(used).toBe(1);
  });
});
