import type { StructureEngine } from "~/server/ai/structure/types";
import type { Db } from "~/server/db/client";
import { completeJob, recordJobStage } from "~/server/jobs/queue";
import { classifyVideoInput } from "~/server/video/parse-video-id";
import type { VideoSource } from "~/server/video/types";
import type { GenerationStage } from "~/lib/schemas/generation";
import { AppError } from "~/server/errors";
import { languageName } from "~/lib/languages";

import { findVideoWithTranscript, type VideoRequest } from "./find-video";
import type { GenerationJob } from "./generation-job";
import { insertCourse } from "./save-course";

export type GenerationDeps = { sources: readonly VideoSource[]; engine: StructureEngine };

export const INVALID_LINK_MESSAGE = "That does not look like a YouTube link. Paste a youtube.com or youtu.be link, or type a topic.";

/** Where each stage sits on the job's progress bar (start and end, in percent). */
const STAGE_SPAN: Record<"structuring" | "writing", [number, number]> = { structuring: [30, 80], writing: [80, 92] };

/**
 * Runs one claimed job to its saved course: find the video and its transcript, structure the
 * course, then write it and mark the job done in one short transaction. No transaction is open
 * during the slow calls. Throws what went wrong; the worker turns it into a failed job.
 */
export async function runGenerationJob(db: Db, job: GenerationJob, deps: GenerationDeps, signal: AbortSignal): Promise<{ courseId: number }> {
  const stage = (name: GenerationStage, progress: number) => recordJobStage(db, job, name, progress);

  await stage("finding-video", 5);
  const request = videoRequestFor(job);
  const video = await findVideoWithTranscript(db, deps.sources, request, signal);
  await stage("reading-transcript", 25);
  const language = courseLanguage(deps.engine, request.language, video.language);

  let lastReported = 0;
  // Progress writes go one after another, and all land before "saving", so the stage never goes back.
  let progressWrites = Promise.resolve();
  const outline = await deps.engine.structure(
    {
      topic: request.kind === "topic" ? request.topic : video.title,
      complexity: job.input.complexity,
      additionalInstructions: job.input.additionalInstructions,
      video: { title: video.title, description: video.description, durationSeconds: video.durationSeconds, language: video.language },
      language,
      segments: video.segments,
      creatorChapters: video.creatorChapters,
    },
    {
      signal,
      onProgress: (name, percent) => {
        const [from, to] = STAGE_SPAN[name];
        const progress = Math.round(from + ((to - from) * Math.max(0, Math.min(100, percent))) / 100);
        // Engines may report often; the database hears about whole steps only.
        if (progress - lastReported < 3 && percent < 100) return;
        lastReported = progress;
        progressWrites = progressWrites
          .then(() => stage(name, progress))
          .then(
            () => undefined,
            () => undefined,
          );
      },
    },
  );
  signal.throwIfAborted();
  await progressWrites;

  await stage("saving", 95);
  return db.$transaction(async (tx) => {
    const course = await insertCourse(tx, {
      userId: job.userId,
      topic: job.input.topic,
      complexity: job.input.complexity,
      additionalInstructions: job.input.additionalInstructions,
      engine: deps.engine.name,
      language,
      outline,
      video,
    });
    await completeJob(tx, job, course.id, language === (request.language ?? language) ? [] : [languageKeptNotice(request.language!, language)]);
    return { courseId: course.id };
  });
}

function videoRequestFor(job: GenerationJob): VideoRequest {
  const input = classifyVideoInput(job.input.topic);
  if (input.kind === "invalid-link") throw new AppError("BAD_REQUEST", INVALID_LINK_MESSAGE);
  const { language } = job.input;
  return input.kind === "video" ? { ...input, language } : { kind: "topic", topic: input.topic, complexity: job.input.complexity, language };
}

/**
 * The language the course is written in: the one asked for when the engine can write in it (a
 * model writes in any; the offline engine only in the transcript's), else the transcript's.
 */
function courseLanguage(engine: StructureEngine, asked: string | undefined, transcript: string): string {
  return asked !== undefined && engine.name === "llm" ? asked : transcript;
}

/** Why a course is not in the language asked for (the offline engine and a video without a track in it). */
export function languageKeptNotice(asked: string, kept: string): string {
  return `This video has no ${languageName(asked)} transcript, and without an AI model the course keeps the video's language: it is in ${languageName(kept)}.`;
}
