import { z } from "zod";

import { toStorableText as storable } from "~/lib/schemas/common";
import type { DbClient } from "~/server/db/client";
import { findVideoWithTrack, insertTranscript, upsertVideo } from "~/server/db/queries/generation";
import { parseCreatorChapters } from "~/server/video/chapters";
import { transcriptLanguage } from "~/server/ai/offline/language";
import { normaliseTranscript } from "~/server/video/transcript";

import { storedTrackLanguage } from "../transcript/course-track";
import type { CreatorChapter, RawCaption, TimedSegment, VideoDetails } from "~/server/video/types";

/**
 * Transcripts are fetched once per video and language and kept in the database, shared by every
 * course (and later the quizzes and the tutor) built on that track. `transcriptId` names the
 * track; `language` is its base subtag; `translated` says whether it is a translation of the
 * video's own track. A translated track brings its own title and description when the source
 * has them, and the creator's chapters are read from that description.
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
  transcriptId: number;
  language: string;
  translated: boolean;
};

const creatorChaptersSchema = z.array(z.object({ title: z.string(), startMs: z.number() }));

/**
 * The video with a cached transcript, or null when none is cached yet: the track in `language`
 * when one is given (the video's own when it is in that language, or a translation), else the
 * video's own track.
 */
export async function getCachedVideo(db: DbClient, videoId: string, language?: string): Promise<ReadyVideo | null> {
  const video = await findVideoWithTrack(db, { videoId, language });
  const track = video?.transcripts[0];
  if (!video || !track || track.segments.length === 0) return null;
  const chapters = creatorChaptersSchema.safeParse(video.creatorChapters ?? []);
  const description = track.description ?? video.description;
  return {
    id: video.id,
    source: video.source,
    title: track.title ?? video.title,
    description,
    durationSeconds: video.durationSeconds,
    thumbnailUrl: video.thumbnailUrl,
    creatorChapters: track.description === null ? (chapters.success ? chapters.data : []) : parseCreatorChapters(description, video.durationSeconds),
    segments: track.segments,
    transcriptId: track.id,
    language: storedTrackLanguage(track.language, track.segments),
    translated: track.translated,
  };
}

/** A translated track to store beside the video's own; the video's own track is stored without one. */
export type TrackOrigin = { language: string; title?: string; description?: string };

/**
 * Normalises the captions and stores the video with the transcript; null when nothing speakable
 * is left (a music-only video has captions but no transcript worth a course). The video's own
 * track is stored in the language its text is in; a translation (`translation`) in the one asked
 * for. Two jobs caching the same track at once both succeed: the second finds the first's rows.
 */
export async function cacheVideoTranscript(
  db: DbClient,
  details: VideoDetails,
  captions: readonly RawCaption[],
  translation?: TrackOrigin,
): Promise<ReadyVideo | null> {
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
  await upsertVideo(db, { id: details.id, video });
  const language = translation?.language ?? details.language ?? transcriptLanguage(segments);
  await insertTranscript(db, {
    videoId: details.id,
    source: details.source,
    language,
    translated: translation !== undefined,
    title: translation?.title === undefined ? null : storable(translation.title),
    description: translation?.description === undefined ? null : storable(translation.description),
    segments,
  });
  return getCachedVideo(db, details.id, language);
}
