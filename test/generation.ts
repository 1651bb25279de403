/**
 * Helpers for tests of course generation: video sources over our own fixture library (counting
 * their calls, or failing on demand), and a way to run every queued job to its end.
 */
import { createOfflineEngine } from "~/server/ai/offline";
import type { StructureEngine } from "~/server/ai/structure/types";
import type { Db } from "~/server/db";
import { claimNextJob } from "~/server/jobs/queue";
import type { JobTimings } from "~/server/jobs/run";
import type { GenerationDeps } from "~/server/services/generation/run-job";
import { processGenerationJob } from "~/server/services/generation/worker";
import { VideoSourceError, type VideoSourceFailure } from "~/server/video/errors";
import { createLibrarySource } from "~/server/video/sources/library";
import type { VideoQuery, VideoSource } from "~/server/video/types";

export const FIXTURE_LIBRARY_DIR = "test/fixtures/videos";

/** Our small videos with tracks in other languages and playlists (test/fixtures/videos-languages/README.md). */
export const LANGUAGES_LIBRARY_DIR = "test/fixtures/videos-languages";

export type CountingSource = VideoSource & {
  calls: { search: number; details: number; transcript: number; translatedTranscript: number; playlist: number };
  /** The queries search was asked, in order. */
  queries: VideoQuery[];
};

export function countingSource(inner: VideoSource = createLibrarySource(FIXTURE_LIBRARY_DIR)): CountingSource {
  const calls = { search: 0, details: 0, transcript: 0, translatedTranscript: 0, playlist: 0 };
  const queries: VideoQuery[] = [];
  return {
    name: inner.name,
    calls,
    queries,
    search: (query, signal) => ((calls.search += 1), queries.push(query), inner.search(query, signal)),
    details: (id, signal) => ((calls.details += 1), inner.details(id, signal)),
    transcript: (id, signal) => ((calls.transcript += 1), inner.transcript(id, signal)),
    translatedTranscript: async (id, language, signal) => (
      (calls.translatedTranscript += 1),
      (await inner.translatedTranscript?.(id, language, signal)) ?? null
    ),
    playlist: async (id, limit, signal) => ((calls.playlist += 1), (await inner.playlist?.(id, limit, signal)) ?? null),
  };
}

/**
 * The fixture library answering every search as if it were for `topic`, so a test's topic need not
 * match a fixture; it remembers the topics it was asked for.
 */
export function anyTopicSource(topic = "binary search"): VideoSource & { topics: string[] } {
  const library = createLibrarySource(FIXTURE_LIBRARY_DIR);
  const topics: string[] = [];
  return {
    name: library.name,
    topics,
    search: (query, signal) => (topics.push(query.topic), library.search({ ...query, topic }, signal)),
    details: (id, signal) => library.details(id, signal),
    transcript: (id, signal) => library.transcript(id, signal),
  };
}

/** A source whose every call fails the given way (a YouTube that is down or out of quota). */
export function failingSource(kind: VideoSourceFailure, name = "youtube-api"): VideoSource {
  const fail = () => Promise.reject(new VideoSourceError(kind, name, `${name} failed: ${kind}`));
  return { name, search: fail, details: fail, transcript: fail };
}

export function libraryDeps(overrides: Partial<GenerationDeps> = {}): GenerationDeps {
  return { sources: [createLibrarySource(FIXTURE_LIBRARY_DIR)], engine: createOfflineEngine(), ...overrides };
}

/** An engine that waits, then defers to another (to hold a job "running" for a while). */
export function slowEngine(ms: number, inner: StructureEngine = createOfflineEngine()): StructureEngine {
  return {
    name: inner.name,
    async structure(input, options) {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        options?.signal?.addEventListener("abort", () => (clearTimeout(timer), reject(options.signal?.reason as Error)), { once: true });
      });
      return inner.structure(input, options);
    },
  };
}

/** Claims and runs queued jobs one after another until none is left; returns how many ran. */
export async function drainGenerationQueue(db: Db, deps: GenerationDeps, timings: JobTimings = {}): Promise<number> {
  let ran = 0;
  for (let job = await claimNextJob(db); job; job = await claimNextJob(db)) {
    await processGenerationJob(db, job, deps, timings);
    ran += 1;
  }
  return ran;
}

/** Runs the queue until `call` settles: what a worker does while POST /api/courses/generate-from-topic waits. */
export async function whileDraining<T>(db: Db, call: Promise<T>, deps: GenerationDeps = libraryDeps()): Promise<T> {
  let settled = false;
  const done = call.finally(() => (settled = true));
  while (!settled) {
    await drainGenerationQueue(db, deps);
    await Promise.race([done.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 20))]);
  }
  return done;
}
