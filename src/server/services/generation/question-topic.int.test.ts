/**
 * A topic asked as a question, through generation on PostgreSQL: the library's video that answers
 * it is the one the course is built from, and the course is titled by that video's subject, never
 * by the question, with the offline engine and with a model that hands the question back.
 */
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, test } from "vitest";

import { createLlmEngine } from "~/server/ai/course-outline";
import { createLibrarySource } from "~/server/video/sources/library";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { createUser } from "../../../../test/factories";
import { readVideoFolder, SHARED_VIDEOS } from "../../../../test/fixtures/video-folder";
import { drainGenerationQueue, libraryDeps } from "../../../../test/generation";
import { reply, userText, type MockCallOptions } from "../../../../test/mock-model";

async function courseFor(topic: string, deps = libraryDeps()) {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user, db });
  const queued = await caller.generation.start({ topic, complexity: "beginner" });
  await drainGenerationQueue(db, deps);
  const job = await caller.generation.job({ jobId: queued.id });
  expect(job, job.error ?? "").toMatchObject({ status: "succeeded" });
  return (await caller.course.byId({ id: job.courseId! })).course;
}

/** A model that structures whatever it is shown into one section, and titles the course `title`. */
function modelTitling(title: string) {
  return new MockLanguageModelV4({
    doGenerate: (options: MockCallOptions) => {
      const first = Number(/^\[(\d+)\]/m.exec(userText(options))?.[1] ?? 0);
      const chapters = [
        { title: "The idea", summary: "What the video shows.", sections: [{ startSegment: first, title: "Where it starts", content: "How it works." }] },
      ];
      return reply({ title, description: "A course from the video.", chapters });
    },
  });
}

describe("a topic asked as a question", () => {
  test("offline: the library's video on it is used, and the course is titled by the video, not by the question", async () => {
    const course = await courseFor("How does recursion work?");
    expect(course).toMatchObject({ videoId: "recursion01", engine: "offline", title: "Recursion explained with Russian dolls" });
    // A subject, not a question, still names the course as it did.
    expect((await courseFor("binary search")).title).toBe("How binary search works");
  });

  test("with a model that titles the course with the question: the video's subject instead; a title of its own is kept", async () => {
    const echoed = await courseFor("How does recursion work?", libraryDeps({ engine: createLlmEngine(modelTitling("How Does Recursion Work?")) }));
    expect(echoed).toMatchObject({ videoId: "recursion01", engine: "llm", title: "Recursion explained with Russian dolls" });
    const named = await courseFor("How does recursion work?", libraryDeps({ engine: createLlmEngine(modelTitling("Recursion, One Doll at a Time")) }));
    expect(named.title).toBe("Recursion, One Doll at a Time");
  });

  const corpusPresent = readVideoFolder(SHARED_VIDEOS).length > 0;
  test.skipIf(!corpusPresent)(
    'the shared corpus: "How do neural networks learn?" is built from "Gradient descent, how neural networks learn", not "But what is a neural network?"',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "coursecraft-question-topic-"));
      try {
        // The deep-learning series and a few neighbours of the corpus, as a library.
        for (const id of ["aircAruvnKk", "IHZwWFHWa-w", "Ilg3gGewQ5U", "fNk_zzaMoSs", "PFDu9oVAE-g", "spUNpyF58BY", "HZGCoVF3YvM", "WUvTyaaNkzM"]) {
          await copyFile(join(SHARED_VIDEOS, `${id}.json`), join(dir, `${id}.json`));
        }
        const deps = libraryDeps({ sources: [createLibrarySource(dir)] });
        expect(await courseFor("How do neural networks learn?", deps)).toMatchObject({
          videoId: "IHZwWFHWa-w",
          engine: "offline",
          title: "Gradient descent, how neural networks learn",
        });
        expect(await courseFor("What is a neural network?", deps)).toMatchObject({ videoId: "aircAruvnKk", title: "What is a neural network?" });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
