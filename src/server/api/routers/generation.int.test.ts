/** POST /api/courses/generate-from-topic and GET /api/subscription/course-limit over HTTP, with a real worker. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { JobWorker } from "~/server/jobs/worker";
import { NO_VIDEO_MESSAGE } from "~/server/services/generation/find-video";
import { startGenerationWorker } from "~/server/services/generation/worker";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createUser } from "../../../../test/factories";
import { libraryDeps } from "../../../../test/generation";
import { expectNoLeak, readBody, rest } from "../../../../test/http";

let worker: JobWorker;
beforeAll(() => {
  worker = startGenerationWorker(db, () => libraryDeps(), { concurrency: 2, pollMs: 50 });
});
afterAll(() => worker.stop());

async function learner() {
  const user = await createUser(db);
  return { user, sessionToken: await sessionTokenFor(user, db) };
}

describe("POST /api/courses/generate-from-topic", () => {
  test("waits for the job and answers with the course; the course is the caller's", async () => {
    const { user, sessionToken } = await learner();
    const response = await rest("POST", "/api/courses/generate-from-topic", {
      sessionToken,
      json: { topic: "binary search", complexity: "intermediate", additionalInstructions: "", userId: user.id },
    });
    const { json } = await readBody(response);
    expect(response.status).toBe(200);
    expect(json).toMatchObject({ course: { id: expect.any(Number) as number, complexity: "intermediate", videoId: "binSearch01", engine: "offline" } });
    const id = (json as { course: { id: number } }).course.id;
    expect(await db.course.findUniqueOrThrow({ where: { id }, select: { userId: true, status: true } })).toEqual({ userId: user.id, status: "ready" });

    const limit = await rest("GET", "/api/subscription/course-limit", { sessionToken });
    expect(await limit.json()).toEqual({ canCreateCourse: false, subscriptionTier: "free", coursesCreatedThisMonth: 1, monthlyLimit: 1 });

    const again = await rest("POST", "/api/courses/generate-from-topic", { sessionToken, json: { topic: "recursion", complexity: "beginner" } });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ message: "You've reached your monthly limit of 1 course. Upgrade to Premium for unlimited courses." });
  });

  test("language: a BCP 47 code sets the course language; an unknown one is a 400 with the codes, and uses no course", async () => {
    const { user, sessionToken } = await learner();
    for (const language of ["xx", "klingon", "", 42]) {
      const refused = await rest("POST", "/api/courses/generate-from-topic", {
        sessionToken,
        json: { topic: "binary search", complexity: "beginner", language },
      });
      expect(refused.status).toBe(400);
      const { json, text } = await readBody(refused);
      expect((json as { message: string }).message).toMatch(
        /^(language: )?(Courses can be written in en, es, de, fr, pt, ja, zh, ar, hi\.|must be a BCP 47 language code)/,
      );
      expectNoLeak(text);
    }
    expect(await db.generationJob.count({ where: { userId: user.id } })).toBe(0);

    // The fixture video is English and has no Spanish track: offline, the course stays English.
    const response = await rest("POST", "/api/courses/generate-from-topic", {
      sessionToken,
      json: { topic: "binary search", complexity: "beginner", language: "es-ES" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ course: { videoId: "binSearch01", language: "en" } });
    const job = await db.generationJob.findFirstOrThrow({ where: { userId: user.id }, select: { input: true, notices: true } });
    expect(job.input).toMatchObject({ language: "es" });
    expect(job.notices).toEqual([expect.stringContaining("no Spanish transcript")]);
  });

  test("a failed job answers with its status and message, never a 500", async () => {
    const { sessionToken } = await learner();
    const response = await rest("POST", "/api/courses/generate-from-topic", {
      sessionToken,
      json: { topic: "https://youtu.be/musicOnly01", complexity: "beginner" },
    });
    expect(response.status).toBe(422);
    const { json, text } = await readBody(response);
    expect(json).toMatchObject({ message: "This video has no transcript, so a course cannot be built from it. Try another video or a topic." });
    expectNoLeak(text);
  });

  test("a topic no library video covers is a 422 with the message, not an unrelated video, and uses no course", async () => {
    // The fixture library holds binary search, hash tables, recursion and a music-only montage.
    for (const topic of ["how to bake sourdough bread", "How does the offside rule work?", "xqzvb plorkt wibble"]) {
      const { user, sessionToken } = await learner();
      const response = await rest("POST", "/api/courses/generate-from-topic", { sessionToken, json: { topic, complexity: "beginner" } });
      const { json, text } = await readBody(response);
      expect(response.status, topic).toBe(422);
      expect(json).toMatchObject({ message: NO_VIDEO_MESSAGE });
      expectNoLeak(text);
      expect(await db.course.count({ where: { userId: user.id } })).toBe(0);
      expect(await (await rest("GET", "/api/subscription/course-limit", { sessionToken })).json()).toMatchObject({ coursesCreatedThisMonth: 0 });
    }
  });

  test("the same through tRPC: UNPROCESSABLE_CONTENT from generateFromTopic, and a failed job with the message for the page that polls", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user, db });
    await expectTRPCError(
      caller.generation.generateFromTopic({ topic: "history of the roman empire", complexity: "beginner" }),
      "UNPROCESSABLE_CONTENT",
      NO_VIDEO_MESSAGE,
    );

    const started = await caller.generation.start({ topic: "how do volcanoes erupt", complexity: "advanced" });
    let job = started;
    for (let i = 0; i < 100 && (job.status === "queued" || job.status === "running"); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await caller.generation.job({ jobId: started.id });
    }
    expect(job).toMatchObject({ status: "failed", error: NO_VIDEO_MESSAGE, courseId: null });
    expect(await caller.generation.courseLimit()).toMatchObject({ canCreateCourse: true, coursesCreatedThisMonth: 0 });
  });

  test("bad input is a 400 with a readable message; anonymous is 401; someone else's userId is 403", async () => {
    const { sessionToken } = await learner();
    const other = await createUser(db);
    const cases: [unknown, number, RegExp][] = [
      [{ topic: "ab", complexity: "beginner" }, 400, /at least 3 characters/],
      [{ topic: "binary search", complexity: "expert" }, 400, /complexity/i],
      [{ topic: "binary search", complexity: "beginner", admin: true }, 400, /Unknown field: admin/],
      [{ topic: "bin\u0000ary", complexity: "beginner" }, 400, /NUL/],
      [{ topic: "x".repeat(201), complexity: "beginner" }, 400, /under 200 characters/],
      [{ topic: "https://youtube.com/watch?v=bad", complexity: "beginner" }, 400, /does not look like a YouTube link/],
      [{ topic: "binary search", complexity: "beginner", userId: other.id }, 403, /own data/],
    ];
    for (const [json, status, message] of cases) {
      const response = await rest("POST", "/api/courses/generate-from-topic", { sessionToken, json });
      const body = await readBody(response);
      expect(response.status, JSON.stringify(json)).toBe(status);
      expect((body.json as { message: string }).message).toMatch(message);
      expectNoLeak(body.text);
    }
    expect((await rest("POST", "/api/courses/generate-from-topic", { json: { topic: "binary search", complexity: "beginner" } })).status).toBe(401);
    expect((await rest("GET", "/api/subscription/course-limit")).status).toBe(401);
  });
});

describe("GET /api/generation-jobs/{jobId}", () => {
  test("the owner follows the job to its course; a malformed id is a 400", async () => {
    const { sessionToken } = await learner();
    const started = await rest("POST", "/api/generation-jobs", { sessionToken, json: { topic: "hash tables", complexity: "beginner" } });
    expect(started.status).toBe(200);
    const job = (await started.json()) as { id: string };
    let status = "queued";
    for (let i = 0; i < 100 && status !== "succeeded" && status !== "failed"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = ((await (await rest("GET", `/api/generation-jobs/${job.id}`, { sessionToken })).json()) as { status: string }).status;
    }
    expect(status).toBe("succeeded");
    expect((await rest("GET", "/api/generation-jobs/not-a-uuid", { sessionToken })).status).toBe(400);
  });
});
