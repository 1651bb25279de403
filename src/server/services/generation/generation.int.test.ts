/** Course generation end to end on PostgreSQL: queue, worker, sources, engine, save, monthly limit. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, test, vi } from "vitest";

import { generationFailureMessage } from "~/components/create-course/generation-failure";
import { AiError } from "~/server/ai/errors";
import { createOfflineEngine } from "~/server/ai/offline";
import { poolOf } from "~/server/db/client";
import { holdWorkerLiveness } from "~/server/jobs/liveness";
import { logger } from "~/server/logger";
import { beatHeart, claimNextJob, completeJob, DEAD_AFTER_MS, JobLostError, MAX_ATTEMPTS, STALE_AFTER_MS } from "~/server/jobs/queue";
import type { JobTimings } from "~/server/jobs/run";
import { createLibrarySource } from "~/server/video/sources/library";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createUser } from "../../../../test/factories";
import { countingSource, drainGenerationQueue, failingSource, libraryDeps, slowEngine } from "../../../../test/generation";
import { monthKey } from "../subscription/monthly-usage";
import { INTERRUPTED_MESSAGE, JOB_TIMEOUT_FAILURE } from "./failures";
import { NO_VIDEO_MESSAGE, TOPIC_SEARCH_UNREACHABLE_MESSAGE, VIDEO_QUOTA_MESSAGE, VIDEO_WITHOUT_TRANSCRIPT_MESSAGE } from "./find-video";
import { INVALID_LINK_MESSAGE } from "./run-job";
import { MAX_ACTIVE_JOBS_PER_USER, startCourseGeneration, TOO_MANY_ACTIVE_JOBS_MESSAGE } from "./start-generation";
import { processGenerationJob, startGenerationWorker } from "./worker";
import { MONTHLY_LIMIT_MESSAGE } from "~/lib/rules/subscription";

const usageOf = async (userId: number) =>
  (await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: monthKey(new Date()) } } }))?.coursesCreated ?? 0;

async function signedIn() {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user, db });
  return { user, caller };
}

describe("generating a course from a topic", () => {
  test("finds the fixture video, builds a course with in-order times inside the video, and records the job's stages", async () => {
    const { user, caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    expect(queued).toMatchObject({ status: "queued", stage: "queued", progress: 0, courseId: null, engine: null, error: null });

    expect(await drainGenerationQueue(db, libraryDeps())).toBe(1);
    const job = await caller.generation.job({ jobId: queued.id });
    expect(job).toMatchObject({ status: "succeeded", stage: "done", progress: 100, error: null, engine: "offline" });
    expect(job.courseId).not.toBeNull();

    const detail = await caller.course.byId({ id: job.courseId! });
    expect(detail.course).toMatchObject({ videoId: "binSearch01", engine: "offline", isOwner: true, complexity: "beginner" });
    const times = detail.chapters.flatMap((chapter) => chapter.sections.map((section) => section.timeStart));
    expect(times.length).toBeGreaterThan(1);
    expect(times[0]).toBe(0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThan(372);
    // The description's creator chapters are the chapters.
    expect(detail.chapters.map((chapter) => chapter.title)).toContain("Walking through an example");
    expect(await usageOf(user.id)).toBe(1);
  });

  test("a YouTube link uses that video; the transcript is fetched once and shared by later courses", async () => {
    const source = countingSource();
    await db.video.deleteMany({ where: { id: "recursion01" } });
    const first = await signedIn();
    const second = await signedIn();
    await first.caller.generation.start({ topic: "https://youtu.be/recursion01?t=30", complexity: "advanced" });
    await second.caller.generation.start({ topic: "https://www.youtube.com/watch?v=recursion01", complexity: "beginner" });
    expect(await drainGenerationQueue(db, libraryDeps({ sources: [source] }))).toBe(2);
    expect(source.calls.transcript).toBe(1);
    expect(await db.transcript.count({ where: { videoId: "recursion01" } })).toBe(1);
    expect(await db.course.count({ where: { videoId: "recursion01", status: "ready" } })).toBe(2);
  });

  test("an unusable link is a 400 that queues nothing and uses no quota", async () => {
    const { user, caller } = await signedIn();
    await expectTRPCError(caller.generation.start({ topic: "https://youtube.com/watch?v=bad", complexity: "beginner" }), "BAD_REQUEST", INVALID_LINK_MESSAGE);
    await expectTRPCError(caller.generation.start({ topic: "ab", complexity: "beginner" }), "BAD_REQUEST", /Please enter at least 3 characters for your topic/);
    expect(await db.generationJob.count({ where: { userId: user.id } })).toBe(0);
    expect(await usageOf(user.id)).toBe(0);
  });
});

describe("the monthly limit", () => {
  test("a free user's second course this month is refused with the spec's message; course-limit reports it", async () => {
    const { caller } = await signedIn();
    expect(await caller.generation.courseLimit()).toEqual({ canCreateCourse: true, subscriptionTier: "free", coursesCreatedThisMonth: 0, monthlyLimit: 1 });
    await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    await expectTRPCError(caller.generation.start({ topic: "recursion", complexity: "beginner" }), "FORBIDDEN", MONTHLY_LIMIT_MESSAGE);
    expect(await caller.generation.courseLimit()).toMatchObject({ canCreateCourse: false, coursesCreatedThisMonth: 1 });
  });

  test("ten simultaneous requests from a free user queue exactly one job", async () => {
    const { user, caller } = await signedIn();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => caller.generation.start({ topic: "binary search", complexity: "beginner" })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(String(result.reason)).toContain("monthly limit");
    expect(await db.generationJob.count({ where: { userId: user.id } })).toBe(1);
    expect(await usageOf(user.id)).toBe(1);
  });

  test("premium (a coupon still running) is unlimited", async () => {
    const { user, caller } = await signedIn();
    await db.user.update({ where: { id: user.id }, data: { couponPremiumUntil: new Date(Date.now() + 86_400_000) } });
    for (const topic of ["binary search", "recursion", "hash tables"]) await caller.generation.start({ topic, complexity: "beginner" });
    expect(await caller.generation.courseLimit()).toEqual({
      canCreateCourse: true,
      subscriptionTier: "premium",
      coursesCreatedThisMonth: 3,
      monthlyLimit: null,
    });
    await drainGenerationQueue(db, libraryDeps());
    await caller.generation.start({ topic: "binary search", complexity: "advanced" });
    expect(await caller.generation.courseLimit()).toMatchObject({ coursesCreatedThisMonth: 4 });
  });

  test(`at most ${MAX_ACTIVE_JOBS_PER_USER} jobs of one learner wait or run at once, even under concurrency`, async () => {
    const { user, caller } = await signedIn();
    await db.user.update({ where: { id: user.id }, data: { couponPremiumUntil: new Date(Date.now() + 86_400_000) } });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => caller.generation.start({ topic: "binary search", complexity: "beginner" })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(MAX_ACTIVE_JOBS_PER_USER);
    for (const result of results) if (result.status === "rejected") expect(String(result.reason)).toContain(TOO_MANY_ACTIVE_JOBS_MESSAGE);
    expect(await usageOf(user.id)).toBe(MAX_ACTIVE_JOBS_PER_USER);
    await drainGenerationQueue(db, libraryDeps());
    expect(await caller.generation.start({ topic: "recursion", complexity: "beginner" })).toMatchObject({ status: "queued" });
  });

  test("a failed job gives its course back", async () => {
    const { user, caller } = await signedIn();
    const job = await caller.generation.start({ topic: "quantum chromodynamics of gluons", complexity: "beginner" });
    expect(await usageOf(user.id)).toBe(1);
    await drainGenerationQueue(db, libraryDeps());
    expect(await caller.generation.job({ jobId: job.id })).toMatchObject({ status: "failed", error: NO_VIDEO_MESSAGE, courseId: null });
    expect(await usageOf(user.id)).toBe(0);
    expect(await caller.generation.courseLimit()).toMatchObject({ canCreateCourse: true });
  });
});

describe("failures end the job with a clear message and leave nothing half-written", () => {
  async function failWith(deps: Parameters<typeof drainGenerationQueue>[1], topic = "binary search", timings: JobTimings = {}) {
    const { user, caller } = await signedIn();
    const queued = await caller.generation.start({ topic, complexity: "beginner" });
    await drainGenerationQueue(db, deps, timings);
    const job = await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } });
    expect(job.status).toBe("failed");
    expect(await db.course.count({ where: { userId: user.id } })).toBe(0);
    expect(await usageOf(user.id)).toBe(0);
    return job;
  }

  test("a video without a transcript is skipped, never made into a course", async () => {
    const job = await failWith(libraryDeps(), "https://www.youtube.com/watch?v=musicOnly01");
    expect(job).toMatchObject({ error: VIDEO_WITHOUT_TRANSCRIPT_MESSAGE, errorCode: "UNPROCESSABLE" });
  });

  test("an unreachable source is skipped and the next one used", async () => {
    const { caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    await drainGenerationQueue(db, libraryDeps({ sources: [failingSource("unreachable"), countingSource()] }));
    expect(await caller.generation.job({ jobId: queued.id })).toMatchObject({ status: "succeeded" });
  });

  test("every source unreachable: the learner is told what to do, the operator's cause goes to the log; out of quota: the quota is named", async () => {
    const warn = vi.spyOn(logger, "warn");
    const unreachable = await failWith(libraryDeps({ sources: [failingSource("unreachable")] }));
    expect(unreachable).toMatchObject({ error: TOPIC_SEARCH_UNREACHABLE_MESSAGE, errorCode: "SERVICE_UNAVAILABLE" });
    expect(unreachable.error).toMatch(/paste a link.*try again/i);
    // The toast shows it as it is: no "contact support to ensure the YouTube API is properly configured".
    expect(generationFailureMessage(unreachable.error)).toBe(TOPIC_SEARCH_UNREACHABLE_MESSAGE);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/YouTube API is properly configured/), { failures: ["unreachable"] });
    expect(await failWith(libraryDeps({ sources: [failingSource("quota")] }))).toMatchObject({ error: VIDEO_QUOTA_MESSAGE, errorCode: "SERVICE_UNAVAILABLE" });
  });

  test("the model timing out, rate limited or answering nonsense", async () => {
    const failing = (error: Error) => ({ name: "llm" as const, structure: () => Promise.reject(error) });
    const timeout = await failWith(libraryDeps({ engine: failing(new AiError("timeout", "The AI service took too long to answer. Please try again.")) }));
    expect(timeout).toMatchObject({ errorCode: "SERVICE_UNAVAILABLE", error: "The AI service took too long to answer. Please try again." });
    const limited = await failWith(libraryDeps({ engine: failing(new AiError("rate-limited", "The AI service is busy right now.")) }));
    expect(limited).toMatchObject({ errorCode: "TOO_MANY_REQUESTS" });
    const unexpected = await failWith(libraryDeps({ engine: failing(new Error("socket hang up at 10.0.0.1")) }));
    expect(unexpected.error).toBe("Something went wrong while generating your course. Please try again.");
  });

  test("an outline with times out of order is refused at save time", async () => {
    const offline = createOfflineEngine();
    const reversed = {
      name: "llm" as const,
      async structure(...args: Parameters<typeof offline.structure>) {
        const outline = await offline.structure(...args);
        return { ...outline, chapters: [...outline.chapters].reverse() };
      },
    };
    const job = await failWith(libraryDeps({ engine: reversed }));
    expect(job.errorCode).toBe("SERVICE_UNAVAILABLE");
  });

  test("a job that runs past its timeout is failed and its quota given back", async () => {
    const job = await failWith(libraryDeps({ engine: slowEngine(5_000) }), "binary search", { timeoutMs: 1_000 });
    expect(job).toMatchObject({ error: JOB_TIMEOUT_FAILURE.message, errorCode: "SERVICE_UNAVAILABLE" });
  }, 15_000);
});

describe("durability", () => {
  test("a job whose runner died is resumed by another; the dead runner can no longer finish it", async () => {
    const { caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    const dead = (await claimNextJob(db))!;
    expect(dead.attempt).toBe(1);
    // Nothing is claimable while the first runner's heartbeat is fresh.
    expect(await claimNextJob(db)).toBeNull();
    await db.generationJob.update({ where: { id: queued.id }, data: { heartbeatAt: new Date(Date.now() - 60_000) } });

    const resumed = (await claimNextJob(db))!;
    expect(resumed).toMatchObject({ id: queued.id, attempt: 2 });
    await processGenerationJob(db, resumed, libraryDeps());
    expect(await caller.generation.job({ jobId: queued.id })).toMatchObject({ status: "succeeded" });

    await expect(db.$transaction((tx) => completeJob(tx, dead, 1))).rejects.toBeInstanceOf(JobLostError);
    expect(await db.course.count({ where: { generationJob: { id: queued.id } } })).toBe(1);
  });

  test("a runner keeps its job while it holds its lock or beats; a free lock and two missed beats, or a stale heartbeat, lose it", async () => {
    const { caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    const first = holdWorkerLiveness(poolOf(db)!);
    const second = holdWorkerLiveness(poolOf(db)!);
    try {
      await Promise.all([first.ready, second.ready]);
      expect(first.lockId).not.toBeNull();
      expect(second.lockId).not.toBe(first.lockId);
      await claimNextJob(db, { runnerLock: first.lockId });
      expect(await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ status: "running", runnerLock: first.lockId });
      // A live holder: nothing to claim, even for a claimer that holds no lock itself.
      expect(await claimNextJob(db)).toBeNull();
      expect(await claimNextJob(db, { runnerLock: second.lockId })).toBeNull();

      // The lock is gone (its connection dropped, or its process died), but the heartbeat is fresh:
      // a live runner keeps its job; a dead one stops beating and loses it after DEAD_AFTER_MS.
      await first.close();
      expect(await claimNextJob(db, { runnerLock: second.lockId })).toBeNull();
      await db.generationJob.update({ where: { id: queued.id }, data: { heartbeatAt: new Date(Date.now() - DEAD_AFTER_MS - 500) } });
      const resumed = await claimNextJob(db, { runnerLock: second.lockId });
      expect(resumed).toMatchObject({ id: queued.id, attempt: 2 });

      // The second runner hangs with its session open: only a stale heartbeat takes its job.
      await db.generationJob.update({ where: { id: queued.id }, data: { heartbeatAt: new Date(Date.now() - DEAD_AFTER_MS - 500) } });
      expect(await claimNextJob(db)).toBeNull();
      await db.generationJob.update({ where: { id: queued.id }, data: { heartbeatAt: new Date(Date.now() - STALE_AFTER_MS - 1_000) } });
      const third = (await claimNextJob(db))!;
      expect(third).toMatchObject({ id: queued.id, attempt: 3 });
      expect(await beatHeart(db, resumed!, second.lockId)).toBe(false);
      await processGenerationJob(db, third, libraryDeps());
      expect(await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ status: "succeeded", runnerLock: null });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  test("a worker that stops puts its running job back in the queue, and another takes it at once", async () => {
    const { caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    const stopping = startGenerationWorker(db, () => libraryDeps({ engine: slowEngine(60_000) }), { concurrency: 1, pollMs: 20 });
    const stage = async () => (await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } })).stage;
    for (let i = 0; i < 200 && (await stage()) !== "reading-transcript"; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: "running",
      runnerLock: expect.any(Number) as number,
    });
    await stopping.stop();
    expect(await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: "queued",
      stage: "queued",
      progress: 0,
      runnerLock: null,
      attempts: 1,
    });

    const stoppedAt = Date.now();
    const other = startGenerationWorker(db, () => libraryDeps(), { concurrency: 1, pollMs: 20 });
    try {
      for (let i = 0; i < 200 && (await caller.generation.job({ jobId: queued.id })).status !== "succeeded"; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await caller.generation.job({ jobId: queued.id })).toMatchObject({ status: "succeeded" });
      expect(Date.now() - stoppedAt).toBeLessThan(DEAD_AFTER_MS);
      expect(await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({ attempts: 2 });
    } finally {
      await other.stop();
    }
  }, 30_000);

  test(`after ${MAX_ATTEMPTS} interrupted runs the job fails cleanly and gives its course back`, async () => {
    const { user, caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    await db.generationJob.update({
      where: { id: queued.id },
      data: { status: "running", attempts: MAX_ATTEMPTS, heartbeatAt: new Date(Date.now() - 60_000) },
    });
    await drainGenerationQueue(db, libraryDeps());
    expect(await caller.generation.job({ jobId: queued.id })).toMatchObject({ status: "failed", error: INTERRUPTED_MESSAGE });
    expect(await usageOf(user.id)).toBe(0);
  });
});

describe("access", () => {
  test("another user's job is not found; anonymous calls are refused", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const job = await owner.caller.generation.start({ topic: "binary search", complexity: "beginner" });
    await expectTRPCError(stranger.caller.generation.job({ jobId: job.id }), "NOT_FOUND");
    const { caller: anonymous } = await createTestCaller({ db });
    await expectTRPCError(anonymous.generation.start({ topic: "binary search", complexity: "beginner" }), "UNAUTHORIZED");
    await expectTRPCError(anonymous.generation.courseLimit(), "UNAUTHORIZED");
    await expectTRPCError(owner.caller.generation.generateFromTopic({ topic: "binary search", complexity: "beginner", userId: stranger.user.id }), "FORBIDDEN");
  });

  test("startCourseGeneration stores the learner's text exactly", async () => {
    const { user } = await signedIn();
    const topic = "Sorting <script>alert(1)</script> 🚀 \u202Eevil";
    const job = await startCourseGeneration(db, user.id, { topic, complexity: "intermediate", additionalInstructions: "Focus on examples" });
    const row = await db.generationJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.input).toMatchObject({ topic, complexity: "intermediate", additionalInstructions: "Focus on examples" });
  });
});

describe("several app instances share the queue", () => {
  test("two workers run twelve jobs, each exactly once", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(db)));
    for (const user of users) await startCourseGeneration(db, user.id, { topic: "binary search", complexity: "beginner", additionalInstructions: null });
    const source = countingSource();
    const deps = libraryDeps({ sources: [source], engine: slowEngine(20) });
    const workers = [
      startGenerationWorker(db, () => deps, { concurrency: 2, pollMs: 20 }),
      startGenerationWorker(db, () => deps, { concurrency: 2, pollMs: 20 }),
    ];
    const ids = users.map((user) => user.id);
    for (let i = 0; i < 200; i += 1) {
      if ((await db.generationJob.count({ where: { userId: { in: ids }, status: { in: ["queued", "running"] } } })) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(workers.map((worker) => worker.stop()));
    const jobs = await db.generationJob.findMany({ where: { userId: { in: ids } }, select: { status: true, attempts: true } });
    expect(jobs).toHaveLength(12);
    expect(jobs.every((job) => job.status === "succeeded" && job.attempts === 1)).toBe(true);
    expect(await db.course.count({ where: { userId: { in: ids } } })).toBe(12);
  }, 30_000);
});

describe("database faults mid-job", () => {
  test("the save failing fails the job cleanly: no course, quota given back", async () => {
    const { user, caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    let failures = 0;
    // The first transaction (the save) fails as a dropped connection would; the rest go through.
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "$transaction" && failures === 0) {
          return () => {
            failures += 1;
            return Promise.reject(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const job = (await claimNextJob(db))!;
    await processGenerationJob(flaky, job, libraryDeps());
    expect(failures).toBe(1);
    expect(await caller.generation.job({ jobId: queued.id })).toMatchObject({
      status: "failed",
      error: "Something went wrong while generating your course. Please try again.",
    });
    expect(await db.course.count({ where: { userId: user.id } })).toBe(0);
    expect(await usageOf(user.id)).toBe(0);
  });

  test("every database connection killed while the model works: the job still completes on fresh connections", async () => {
    const { caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    const offline = createOfflineEngine();
    // Open several pooled connections, so there are idle ones to kill.
    await Promise.all(Array.from({ length: 4 }, () => db.$queryRaw`SELECT 1 AS one FROM pg_sleep(0.05)`));
    let killed = 0;
    const killer = {
      name: "offline" as const,
      async structure(...args: Parameters<typeof offline.structure>) {
        const rows = await db.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`;
        for (const { pid } of rows) await db.$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
        killed = rows.length;
        return offline.structure(...args);
      },
    };
    await drainGenerationQueue(db, libraryDeps({ engine: killer }));
    expect(killed).toBeGreaterThan(0);
    expect(await caller.generation.job({ jobId: queued.id })).toMatchObject({ status: "succeeded" });
  });
});

const corpus = join(import.meta.dirname, "../../../../../shared/fixtures/videos");
describe.skipIf(!existsSync(corpus))("the shared corpus (skipped: ../shared/fixtures/videos is absent)", () => {
  test("-qgreAUpPwM has no transcript: no course, a clear message", async () => {
    const { user, caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "https://www.youtube.com/watch?v=-qgreAUpPwM", complexity: "beginner" });
    await drainGenerationQueue(db, libraryDeps({ sources: [createLibrarySource(corpus)] }));
    expect(await caller.generation.job({ jobId: queued.id })).toMatchObject({ status: "failed", error: VIDEO_WITHOUT_TRANSCRIPT_MESSAGE });
    expect(await db.course.count({ where: { userId: user.id } })).toBe(0);
  });

  test("a topic search over the corpus builds a course from a real video", async () => {
    const { caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "fourier transform", complexity: "beginner" });
    await drainGenerationQueue(db, libraryDeps({ sources: [createLibrarySource(corpus)] }));
    const job = await caller.generation.job({ jobId: queued.id });
    expect(job.status).toBe("succeeded");
    const detail = await caller.course.byId({ id: job.courseId! });
    expect(detail.course.videoId).toBe("spUNpyF58BY");
    expect(detail.chapters.length).toBeGreaterThan(1);
  });
});

describe("the process killed mid-job", () => {
  test("SIGKILL while structuring: the job is resumed by another worker and finishes once", async () => {
    const { user, caller } = await signedIn();
    const queued = await caller.generation.start({ topic: "binary search", complexity: "beginner" });
    const child = spawn(process.execPath, ["--import", "tsx", "test/scripts/generation-worker.ts"], {
      env: { ...process.env, LOG_LEVEL: "error" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      const running = async () => (await db.generationJob.findUniqueOrThrow({ where: { id: queued.id } })).stage === "reading-transcript";
      for (let i = 0; i < 300 && !(await running()); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await running()).toBe(true);
    } finally {
      child.kill("SIGKILL");
    }
    await new Promise((resolve) => child.once("exit", resolve));
    const killedAt = Date.now();

    // The dead process's liveness lock went with its session; once it has missed two beats (of
    // 200 ms in that worker), the job is taken, long before its heartbeat is stale.
    const claim = () => claimNextJob(db, { staleAfterMs: STALE_AFTER_MS, deadAfterMs: 400 });
    let resumed = await claim();
    for (let i = 0; i < 40 && !resumed; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      resumed = await claim();
    }
    const pickedUpMs = Date.now() - killedAt;
    expect(resumed).toMatchObject({ id: queued.id, attempt: 2 });
    expect(pickedUpMs).toBeLessThan(STALE_AFTER_MS / 10);
    await processGenerationJob(db, resumed!, libraryDeps());
    expect(await caller.generation.job({ jobId: queued.id })).toMatchObject({ status: "succeeded" });
    expect(await db.course.count({ where: { userId: user.id } })).toBe(1);
    expect(await usageOf(user.id)).toBe(1);
  }, 30_000);
});
