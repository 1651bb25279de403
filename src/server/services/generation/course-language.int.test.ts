/**
 * Courses in the learner's language, on PostgreSQL: the track a course is built from, the
 * language it is written in and stored with, what the job says when it cannot keep the language
 * asked for, and the refusal of a language courses are not written in.
 */
import { describe, expect, test } from "vitest";

import { createOfflineEngine } from "~/server/ai/offline";
import type { StructureEngine, StructureInput } from "~/server/ai/structure/types";
import { createLibrarySource } from "~/server/video/sources/library";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createUser } from "../../../../test/factories";
import { countingSource, drainGenerationQueue, LANGUAGES_LIBRARY_DIR, libraryDeps } from "../../../../test/generation";
import { languageKeptNotice } from "./run-job";
import { UNSUPPORTED_LANGUAGE_MESSAGE } from "~/lib/rules/generation";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function signedIn() {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user, db });
  return { user, caller };
}

const languagesLibrary = () => countingSource(createLibrarySource(LANGUAGES_LIBRARY_DIR));

/** The offline engine under the LLM engine's name, recording what it was asked: a model that writes in any language. */
function recordingModelEngine(): StructureEngine & { inputs: StructureInput[] } {
  const offline = createOfflineEngine();
  const inputs: StructureInput[] = [];
  return { name: "llm", inputs, structure: (input, options) => (inputs.push(input), offline.structure(input, options)) };
}

async function generate(language: string | undefined, topic: string, deps = libraryDeps({ sources: [languagesLibrary()] })) {
  const { caller } = await signedIn();
  const queued = await caller.generation.start({ topic, complexity: "beginner", ...(language ? { language } : {}) });
  await drainGenerationQueue(db, deps);
  const job = await caller.generation.job({ jobId: queued.id });
  expect(job).toMatchObject({ status: "succeeded", error: null });
  const detail = await caller.course.byId({ id: job.courseId! });
  const transcript = await caller.transcript.byCourse({ id: job.courseId! });
  return { caller, job, detail, transcript };
}

describe("the course language", () => {
  test("offline, a video with a track in the language asked for is built from that track, and the course is in it", async () => {
    const source = languagesLibrary();
    const { job, detail, transcript } = await generate("es-MX", "https://youtu.be/binSteps001", libraryDeps({ sources: [source] }));
    expect(detail.course).toMatchObject({ language: "es", videoId: "binSteps001" });
    expect(detail.course.title).toMatch(/Búsqueda binaria/);
    expect(job.notices).toEqual([]);
    expect(transcript.segments.map((line) => line.text).join(" ")).toMatch(/búsqueda|mitad/i);
    expect(source.calls.translatedTranscript).toBe(1);
    const tracks = await db.transcript.findMany({ where: { videoId: "binSteps001" }, select: { language: true, translated: true }, orderBy: { id: "asc" } });
    expect(tracks).toEqual([
      { language: "en", translated: false },
      { language: "es", translated: true },
    ]);
    const courseVideos = await db.courseVideo.findMany({ where: { courseId: detail.course.id }, select: { transcript: { select: { language: true } } } });
    expect(courseVideos.map((video) => video.transcript?.language)).toEqual(["es"]);
  });

  test("a video whose own track is in the language is used as is, with no translation asked for", async () => {
    const source = languagesLibrary();
    const { detail, job } = await generate("es", "https://youtu.be/busqBinar01", libraryDeps({ sources: [source] }));
    expect(detail.course.language).toBe("es");
    expect(job.notices).toEqual([]);
    expect(source.calls.translatedTranscript).toBe(0);
  });

  test("offline, without a track in the language, the course keeps the video's language and the job says so", async () => {
    const { detail, job } = await generate("ja", "https://youtu.be/hashMaps001");
    expect(detail.course.language).toBe("en");
    expect(job.notices).toEqual([languageKeptNotice("ja", "en")]);
    expect(job.notices[0]).toBe("This video has no Japanese transcript, and without an AI model the course keeps the video's language: it is in English.");
  });

  test("with a model, the course is written in the language asked for, from the video's own track when there is no translation", async () => {
    const engine = recordingModelEngine();
    const { detail, job } = await generate("ja", "https://youtu.be/hashMaps001", libraryDeps({ sources: [languagesLibrary()], engine }));
    expect(detail.course.language).toBe("ja");
    expect(job.notices).toEqual([]);
    expect(engine.inputs[0]).toMatchObject({ language: "ja", video: { language: "en" } });
  });

  test("a client that sends no language gets what it got before: the video's own track, no translation, no notice", async () => {
    const source = languagesLibrary();
    const { detail, job } = await generate(undefined, "https://youtu.be/binSteps001", libraryDeps({ sources: [source] }));
    expect(detail.course.language).toBe("en");
    expect(job.notices).toEqual([]);
    expect(source.calls.translatedTranscript).toBe(0);
  });

  test("a topic search asks the sources for videos in the course language", async () => {
    const source = languagesLibrary();
    const { detail } = await generate("es", "búsqueda binaria", libraryDeps({ sources: [source] }));
    expect(source.queries[0]).toMatchObject({ topic: "búsqueda binaria", language: "es" });
    expect(detail.course.language).toBe("es");
  });

  test("a language courses are not written in, or a malformed tag, is a 400 that queues nothing", async () => {
    const { user, caller } = await signedIn();
    for (const language of ["xx", "it", "español", "", "e".repeat(40)]) {
      await expectTRPCError(
        caller.generation.start({ topic: "binary search", complexity: "beginner", language }),
        "BAD_REQUEST",
        new RegExp(escapeRegExp(UNSUPPORTED_LANGUAGE_MESSAGE)),
      );
    }
    expect(await db.generationJob.count({ where: { userId: user.id } })).toBe(0);
  });
});
