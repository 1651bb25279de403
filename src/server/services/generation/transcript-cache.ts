import { z } from "zod";

import { toStorableText as storable } from "~/lib/schemas/common";
import type { DbClient } from "~/server/db/client";
import { insertTranscript } from "~/server/db/queries/generation";
import { parseCreatorChapters } from "~/server/video/chapters";
import { normaliseTranscript } from "~/server/video/transcript";
import type { CreatorChapter, RawCaption, TimedSegment, VideoDetails } from "~/server/video/types";

/**
 * Transcripts are fetched once per video and kept in the database, shared by every course (and
 * later the quizzes and the tutor) built on that video.
 */
export type ReadyVideo = {
  id: string;
  source: string;
  title: string;
  description: string;
  durationSeconds: number;
  thumbnailUrl: string | null;
  creatorChapters: CreatorChapter[];
  segments: TimedSegment[];
};

const creatorChaptersSchema = z.array(z.object({ title: z.string(), startMs: z.number() }));

/** The video with its cached transcript, or null when it has not been fetched yet. */
export async function getCachedVideo(db: DbClient, videoId: string): Promise<ReadyVideo | null> {
  const video = await db.video.findUnique({
    where: { id: videoId },
    select: {
      id: true,
      source: true,
      title: true,
      description: true,
      durationSeconds: true,
      thumbnailUrl: true,
      creatorChapters: true,
      transcript: { select: { segments: { select: { index: true, startMs: true, endMs: true, text: true }, orderBy: { index: "asc" } } } },
    },
  });
  if (!video?.transcript || video.transcript.segments.length === 0) return null;
  const chapters = creatorChaptersSchema.safeParse(video.creatorChapters ?? []);
  return {
    id: video.id,
    source: video.source,
    title: video.title,
    description: video.description,
    durationSeconds: video.durationSeconds,
    thumbnailUrl: video.thumbnailUrl,
    creatorChapters: chapters.success ? chapters.data : [],
    segments: video.transcript.segments,
  };
}

/**
 * Normalises the captions and stores the video with its transcript; null when nothing speakable
 * is left (a music-only video has captions but no transcript worth a course). Two jobs caching
 * the same video at once both succeed: the second finds the first's rows.
 */
export async function cacheVideoTranscript(db: DbClient, details: VideoDetails, captions: readonly RawCaption[]): Promise<ReadyVideo | null> {
  // Captions come from outside: drop what PostgreSQL cannot store (NUL, lone surrogates).
  const segments = normaliseTranscript(captions.map((caption) => ({ ...caption, text: storable(caption.text) })));
  if (segments.length === 0) return null;
  const lastEndSeconds = Math.ceil((segments.at(-1)?.endMs ?? 0) / 1000);
  const durationSeconds = Math.max(Math.round(details.durationSeconds), lastEndSeconds);
  const creatorChapters = parseCreatorChapters(details.description, durationSeconds);
  const video = {
    source: details.source,
    title: storable(details.title),
    description: storable(details.description),
    channelTitle: storable(details.channelTitle),
    durationSeconds,
    thumbnailUrl: details.thumbnailUrl,
    viewCount: details.viewCount === null ? null : BigInt(Math.max(0, Math.round(details.viewCount))),
    creatorChapters,
  };
  await db.video.upsert({ where: { id: details.id }, create: { id: details.id, ...video }, update: { ...video, fetchedAt: new Date() } });
  await insertTranscript(db, { videoId: details.id, source: details.source, segments });
  return getCachedVideo(db, details.id);
}
