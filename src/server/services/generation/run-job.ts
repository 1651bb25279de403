import { languageName } from "~/lib/languages";
import type { GenerationStage } from "~/lib/schemas/generation";
import { createLimiter } from "~/server/ai/limiter";
import { playlistFollowsSentence } from "~/server/ai/offline/wording";
import type { CourseOutline, StructureEngine, StructureInput, StructureProgress } from "~/server/ai/structure/types";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { completeJob, recordJobStage } from "~/server/jobs/queue";
import { logger } from "~/server/logger";
import { classifyVideoInput } from "~/server/video/parse-video-id";
import type { VideoSource } from "~/server/video/types";

import { refreshCourseConcepts } from "../concepts/course-concepts";
import { findPlaylistVideos, findVideoWithTranscript, type FoundPlaylist, type SkippedVideo, type VideoRequest } from "./find-video";
import type { GenerationJob } from "./generation-job";
import { insertCourse } from "./save-course";
import type { ReadyVideo } from "./transcript-cache";

export type GenerationDeps = { sources: readonly VideoSource[]; engine: StructureEngine };

export const INVALID_LINK_MESSAGE = "That does not look like a YouTube link. Paste a youtube.com or youtu.be link, or type a topic.";

/** Where each stage sits on the job's progress bar (start and end, in percent). */
const STAGE_SPAN: Record<"reading-transcript" | "structuring" | "writing", [number, number]> = {
  "reading-transcript": [5, 25],
  structuring: [30, 80],
  writing: [80, 92],
};

type Request = VideoRequest | { kind: "playlist"; listId: string; language?: string };

/** What a course is built from: its videos in order, the title it is asked for, and what the learner should know. */
type Material = { topic: string; videos: ReadyVideo[]; playlist: FoundPlaylist | null; notices: string[] };

/**
 * Runs one claimed job to its saved course: find the video (or the playlist's videos) and the
 * transcripts, structure the course, then write it and mark the job done in one short
 * transaction. No transaction is open during the slow calls. Throws what went wrong; the worker
 * turns it into a failed job.
 */
export async function runGenerationJob(db: Db, job: GenerationJob, deps: GenerationDeps, signal: AbortSignal): Promise<{ courseId: number }> {
  const progress = createProgress(db, job);
  await progress.stage("finding-video", 5);
  const request = requestFor(job);
  const material = request.kind === "playlist" ? await playlistMaterial(db, deps, request, progress, signal) : await videoMaterial(db, deps, request, signal);
  await progress.stage("reading-transcript", 25);

  const language = courseLanguage(deps.engine, request.language, material.videos);
  const videos = deps.engine.name === "llm" ? material.videos : material.videos.filter((video) => video.language === language);
  const notices = [...material.notices, ...languageNotices(request.language, language, material.videos, videos, material.playlist !== null)];
  const base = { complexity: job.input.complexity, additionalInstructions: job.input.additionalInstructions, language };
  const outline =
    material.playlist === null
      ? await deps.engine.structure(structureInput(base, material.topic, videos[0]!), { signal, onProgress: progress.engine })
      : await structurePlaylist(deps.engine, base, material.playlist, videos, progress.engine, signal);
  signal.throwIfAborted();
  await progress.settled();

  await progress.stage("saving", 95);
  const saved = await db.$transaction(async (tx) => {
    const course = await insertCourse(tx, {
      userId: job.userId,
      topic: job.input.topic,
      complexity: job.input.complexity,
      additionalInstructions: job.input.additionalInstructions,
      engine: deps.engine.name,
      language,
      outline,
      videos,
      playlistId: material.playlist?.id ?? null,
    });
    await completeJob(tx, job, course.id, notices);
    return { courseId: course.id };
  });
  // The course is the learner's already; its concepts follow it, or come from the backfill.
  await refreshCourseConcepts(db, saved.courseId).catch((error: unknown) =>
    logger.warn("could not find a new course's concepts", { courseId: saved.courseId, error: String(error) }),
  );
  return saved;
}

function requestFor(job: GenerationJob): Request {
  const input = classifyVideoInput(job.input.topic);
  if (input.kind === "invalid-link") throw new AppError("BAD_REQUEST", INVALID_LINK_MESSAGE);
  const { language } = job.input;
  if (input.kind === "topic") return { kind: "topic", topic: input.topic, complexity: job.input.complexity, language };
  return { ...input, language };
}

async function videoMaterial(db: Db, deps: GenerationDeps, request: VideoRequest, signal: AbortSignal): Promise<Material> {
  const video = await findVideoWithTranscript(db, deps.sources, request, signal);
  return { topic: request.kind === "topic" ? request.topic : video.title, videos: [video], playlist: null, notices: [] };
}

async function playlistMaterial(
  db: Db,
  deps: GenerationDeps,
  request: { listId: string; language?: string },
  progress: Progress,
  signal: AbortSignal,
): Promise<Material> {
  const playlist = await findPlaylistVideos(db, deps.sources, request, (done, total) => progress.videos("reading-transcript", done, total), signal);
  return { topic: playlist.title, videos: playlist.videos, playlist, notices: skippedNotices(playlist.skipped) };
}

type StructureBase = Pick<StructureInput, "complexity" | "additionalInstructions" | "language">;

function structureInput(base: StructureBase, topic: string, video: ReadyVideo): StructureInput {
  return {
    ...base,
    topic,
    video: { title: video.title, description: video.description, durationSeconds: video.durationSeconds, language: video.language },
    segments: video.segments,
    creatorChapters: video.creatorChapters,
  };
}

/**
 * A course from a playlist: each video structured on its own (its chapters stay inside it; a long
 * video gets several), all at once under one limit on model calls, then put one after another,
 * each section naming its segment by its index across the videos (the order save-course.ts lays
 * them on the course's timeline). The title is the playlist's; the description lists its videos.
 */
async function structurePlaylist(
  engine: StructureEngine,
  base: StructureBase,
  playlist: FoundPlaylist,
  videos: readonly ReadyVideo[],
  onProgress: StructureProgress,
  signal: AbortSignal,
): Promise<CourseOutline> {
  const limit = createLimiter(engine.concurrency ?? 1);
  let done = 0;
  const outlines = await Promise.all(
    videos.map(async (video) => {
      const outline = await engine.structure(structureInput(base, video.title, video), { signal, limit });
      onProgress("structuring", (100 * ++done) / videos.length);
      return outline;
    }),
  );
  let firstIndex = 0;
  const unique = uniqueTitles();
  const chapters = outlines.flatMap((outline, k) => {
    const video = videos[k]!;
    const shift = firstIndex;
    firstIndex += video.segments.length;
    return outline.chapters.map((chapter) => ({
      ...chapter,
      title: unique(chapter.title, video.title),
      sections: chapter.sections.map((section) => ({
        ...section,
        title: unique(section.title, video.title),
        startSegment: positionOf(video, section.startSegment) + shift,
      })),
    }));
  });
  onProgress("writing", 100);
  return {
    title: playlist.title,
    description: playlistFollowsSentence(
      playlist.title,
      videos.map((video) => video.title),
      base.language ?? "en",
    ),
    chapters,
  };
}

/**
 * Titles stay unique across a course: two videos of a series may both have an "Introduction". A
 * title met before gets its video's title after it, and a number if that is taken too.
 */
function uniqueTitles(): (title: string, videoTitle: string) => string {
  const taken = new Set<string>();
  return (title, videoTitle) => {
    const key = (text: string) => text.trim().toLowerCase();
    let candidate = title;
    if (taken.has(key(candidate))) candidate = `${title} (${videoTitle})`;
    for (let n = 2; taken.has(key(candidate)); n += 1) candidate = `${title} (${videoTitle}, ${n})`;
    taken.add(key(candidate));
    return candidate;
  };
}

/** Where the segment with `index` sits in the video's transcript (indexes are positions, but an engine only promises ids). */
function positionOf(video: ReadyVideo, index: number): number {
  const position = video.segments.findIndex((segment) => segment.index === index);
  return Math.max(0, position);
}

/**
 * The language the course is written in: the one asked for when the engine can write in it (a
 * model writes in any; the offline engine only in its transcripts' languages), else the language
 * most of the videos are in (the first's, on a tie).
 */
function courseLanguage(engine: StructureEngine, asked: string | undefined, videos: readonly ReadyVideo[]): string {
  if (asked !== undefined && (engine.name === "llm" || videos.some((video) => video.language === asked))) return asked;
  const counts = new Map<string, number>();
  for (const video of videos) counts.set(video.language, (counts.get(video.language) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/** Why a course is not in the language asked for (the offline engine and a video without a track in it). */
export function languageKeptNotice(asked: string, kept: string): string {
  return `This video has no ${languageName(asked)} transcript, and without an AI model the course keeps the video's language: it is in ${languageName(kept)}.`;
}

function languageNotices(
  asked: string | undefined,
  language: string,
  found: readonly ReadyVideo[],
  used: readonly ReadyVideo[],
  isPlaylist: boolean,
): string[] {
  const notices: string[] = [];
  const left = found.filter((video) => !used.includes(video));
  if (left.length > 0) {
    const titles = left.map((video) => `"${video.title}" (${languageName(video.language)})`).join(", ");
    notices.push(
      `Without an AI model a course is written in one language, ${languageName(language)}: left out ${left.length === 1 ? "1 video" : `${left.length} videos`} in another language: ${titles}.`,
    );
  }
  if (asked !== undefined && asked !== language) {
    notices.push(
      isPlaylist
        ? `These videos have no ${languageName(asked)} transcripts, and without an AI model the course keeps their language: it is in ${languageName(language)}.`
        : languageKeptNotice(asked, language),
    );
  }
  return notices;
}

function skippedNotices(skipped: readonly SkippedVideo[]): string[] {
  const named = (videos: readonly SkippedVideo[]) => videos.map((video) => (video.title ? `"${video.title}"` : video.videoId)).join(", ");
  const noTranscript = skipped.filter((video) => video.reason === "no-transcript");
  const unavailable = skipped.filter((video) => video.reason === "unavailable");
  return [
    ...(noTranscript.length > 0 ? [`Skipped ${count(noTranscript.length)} without a transcript: ${named(noTranscript)}.`] : []),
    ...(unavailable.length > 0 ? [`Skipped ${count(unavailable.length)} that could not be found: ${named(unavailable)}.`] : []),
  ];
}

const count = (n: number) => (n === 1 ? "1 video" : `${n} videos`);

type Progress = ReturnType<typeof createProgress>;

/**
 * The job's progress as the learner sees it. Writes go one after another and all land before the
 * next stage, so the bar never goes back; engines may report often, the database hears whole steps.
 */
function createProgress(db: Db, job: GenerationJob) {
  let lastReported = 0;
  let writes = Promise.resolve();
  const queue = (name: GenerationStage, progress: number, detail: string | null) => {
    writes = writes
      .then(() => recordJobStage(db, job, name, progress, detail))
      .then(
        () => undefined,
        () => undefined,
      );
  };
  const within = (name: keyof typeof STAGE_SPAN, percent: number) => {
    const [from, to] = STAGE_SPAN[name];
    return Math.round(from + ((to - from) * Math.max(0, Math.min(100, percent))) / 100);
  };
  return {
    stage: async (name: GenerationStage, progress: number) => {
      await writes;
      lastReported = progress;
      await recordJobStage(db, job, name, progress);
    },
    engine: ((name, percent) => {
      const progress = within(name, percent);
      if (progress - lastReported < 3 && percent < 100) return;
      lastReported = progress;
      queue(name, progress, null);
    }) satisfies StructureProgress,
    videos: (name: "reading-transcript", done: number, total: number) => {
      lastReported = within(name, (100 * done) / total);
      queue(name, lastReported, `Video ${done} of ${total}`);
    },
    settled: () => writes,
  };
}
