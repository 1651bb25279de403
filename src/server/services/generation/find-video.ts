import type { Complexity } from "~/lib/schemas/course";
import type { DbClient } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { createLimiter } from "~/server/ai/limiter";
import { logger } from "~/server/logger";
import { isVideoSourceError, type VideoSourceFailure } from "~/server/video/errors";
import { orderSourceResults } from "~/server/video/ranking";
import type { VideoDetails, VideoSource } from "~/server/video/types";

import { cacheVideoTranscript, getCachedVideo, type ReadyVideo } from "./transcript-cache";

/** How many videos each source is asked for, and how many of the best are tried for a transcript. */
export const CANDIDATES_PER_SOURCE = 8;
export const TRANSCRIPT_TRIES_PER_SOURCE = 5;

export const NO_VIDEO_MESSAGE = "No video found for this topic. Try other words, or paste a YouTube link.";
const NO_TRANSCRIPT_FOR_TOPIC_MESSAGE = "We found videos on this topic, but none has a transcript to build a course from. Try a different topic.";
export const VIDEO_WITHOUT_TRANSCRIPT_MESSAGE = "This video has no transcript, so a course cannot be built from it. Try another video or a topic.";
const VIDEO_NOT_FOUND_MESSAGE = "That YouTube video could not be found. Check the link, or type a topic instead.";
const VIDEO_SERVICE_UNREACHABLE_MESSAGE = "The video service could not be reached. Please try again later.";
/**
 * A topic search that found nothing while the sources failed: what the learner can do. It names
 * no API or service (the client would add the operator's "contact support" note to that); the
 * operator's cause goes to the log.
 */
export const TOPIC_SEARCH_UNREACHABLE_MESSAGE =
  "YouTube could not be reached to search for this topic. Paste a link to a YouTube video, or try again in a few minutes.";
export const VIDEO_QUOTA_MESSAGE = "The YouTube API quota for today is used up. Please try again later.";
export const PLAYLIST_NOT_FOUND_MESSAGE = "That playlist could not be found. It may be private or deleted: check the link, or paste a public playlist.";
export const EMPTY_PLAYLIST_MESSAGE = "This playlist has no videos to build a course from.";
const NO_TRANSCRIPT_IN_PLAYLIST_MESSAGE = "None of this playlist's videos has a transcript, so a course cannot be built from it.";

/** The most videos a course from a playlist may hold. */
export const MAX_PLAYLIST_VIDEOS = 25;
/** How many of a playlist's videos are fetched at once. */
const PLAYLIST_FETCHES_AT_ONCE = 4;

export function playlistTooLongMessage(count: number): string {
  return `This playlist has ${count} videos; a course can be built from at most ${MAX_PLAYLIST_VIDEOS}. Paste a shorter playlist, or one of its videos.`;
}

/** `language`: the course language asked for (a base subtag); absent, the video's own track is used. */
export type VideoRequest = ({ kind: "video"; videoId: string } | { kind: "topic"; topic: string; complexity: Complexity }) & { language?: string };

type Attempt = { failures: VideoSourceFailure[]; sawCandidate: boolean; sawVideo: boolean };

/**
 * The video a course is built from, with its transcript: the one the learner linked, or the
 * best-ranked candidate of the first source (in the configured order) that has one with a
 * transcript. A source that fails is skipped with a logged reason; a video without a transcript
 * is skipped, never turned into a made-up course. The library offers only videos above its
 * relevance floor, so a topic it does not cover goes on to the next source, or ends in
 * NO_VIDEO_MESSAGE (422) rather than in an unrelated video. YouTube's results are taken as they
 * come: its search understands synonyms and phrasing that a word-overlap floor would refuse.
 * With a course language, search prefers videos in it, and the track used is the video's own
 * when it is in that language, else a translated track the source offers, else the video's own.
 */
export async function findVideoWithTranscript(db: DbClient, sources: readonly VideoSource[], request: VideoRequest, signal?: AbortSignal): Promise<ReadyVideo> {
  const attempt: Attempt = { failures: [], sawCandidate: false, sawVideo: false };
  const { language } = request;
  if (request.kind === "video") {
    const cached = await getCachedVideo(db, request.videoId, language);
    if (cached) return cached;
    for (const source of sources) {
      const details = await guarded(source, attempt, () => source.details(request.videoId, signal));
      if (!details) continue;
      attempt.sawVideo = true;
      const ready = await readyTrack(db, source, details, attempt, language, signal);
      if (ready) return ready;
    }
    // Sources down, but the video's own track is cached: a course in its language beats none.
    const own = language === undefined ? null : await getCachedVideo(db, request.videoId);
    if (own) return own;
    throw failureFor(
      attempt,
      attempt.sawVideo ? new AppError("UNPROCESSABLE", VIDEO_WITHOUT_TRANSCRIPT_MESSAGE) : new AppError("NOT_FOUND", VIDEO_NOT_FOUND_MESSAGE),
    );
  }

  const query = { topic: request.topic, complexity: request.complexity, limit: CANDIDATES_PER_SOURCE, language };
  for (const source of sources) {
    const candidates = await guarded(source, attempt, () => source.search(query, signal));
    if (!candidates?.length) continue;
    attempt.sawCandidate = true;
    for (const candidate of orderSourceResults(candidates, query).slice(0, TRANSCRIPT_TRIES_PER_SOURCE)) {
      const ready = (await getCachedVideo(db, candidate.id, language)) ?? (await readyTrack(db, source, candidate, attempt, language, signal));
      if (ready) return ready;
    }
  }
  throw failureFor(attempt, new AppError("UNPROCESSABLE", attempt.sawCandidate ? NO_TRANSCRIPT_FOR_TOPIC_MESSAGE : NO_VIDEO_MESSAGE), "topic");
}

/** The video's track for a course in `language`: its own when in that language, else a translation, else its own. */
async function readyTrack(
  db: DbClient,
  source: VideoSource,
  details: VideoDetails,
  attempt: Attempt,
  language: string | undefined,
  signal?: AbortSignal,
): Promise<ReadyVideo | null> {
  const own = (await getCachedVideo(db, details.id)) ?? (await fetchTranscript(db, source, details, attempt, signal));
  if (language === undefined || own?.language === language) return own;
  return (await fetchTranslation(db, source, details, language, attempt, signal)) ?? own;
}

async function fetchTranslation(
  db: DbClient,
  source: VideoSource,
  details: VideoDetails,
  language: string,
  attempt: Attempt,
  signal?: AbortSignal,
): Promise<ReadyVideo | null> {
  if (!source.translatedTranscript) return null;
  const track = await guarded(source, attempt, () => source.translatedTranscript!(details.id, language, signal));
  if (!track?.captions.length) return null;
  return cacheVideoTranscript(db, details, track.captions, { language, title: track.title, description: track.description });
}

async function fetchTranscript(db: DbClient, source: VideoSource, details: VideoDetails, attempt: Attempt, signal?: AbortSignal): Promise<ReadyVideo | null> {
  const captions = await guarded(source, attempt, () => source.transcript(details.id, signal));
  if (!captions?.length) {
    logger.info("video skipped: no transcript", { source: source.name, videoId: details.id });
    return null;
  }
  const ready = await cacheVideoTranscript(db, details, captions);
  if (!ready) logger.info("video skipped: its captions hold no speech", { source: source.name, videoId: details.id });
  return ready;
}

/** Runs one source call; a source failure is logged and recorded, and the caller moves on. */
async function guarded<T>(source: VideoSource, attempt: Attempt, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (!isVideoSourceError(error)) throw error;
    logger.warn("video source skipped", { source: source.name, kind: error.kind, reason: error.message });
    attempt.failures.push(error.kind);
    return null;
  }
}

/**
 * When nothing was found and a source failed, the failure is the likelier cause: say that the
 * service is down or out of quota rather than that the topic has no videos.
 */
function failureFor(attempt: Attempt, otherwise: AppError, request: "topic" | "link" = "link"): AppError {
  if (attempt.sawCandidate || attempt.sawVideo || attempt.failures.length === 0) return otherwise;
  if (attempt.failures.includes("quota")) return new AppError("SERVICE_UNAVAILABLE", VIDEO_QUOTA_MESSAGE);
  if (request === "topic") {
    logger.warn("topic search found nothing: every video source failed; ensure the YouTube API is properly configured and reachable", {
      failures: attempt.failures,
    });
    return new AppError("SERVICE_UNAVAILABLE", TOPIC_SEARCH_UNREACHABLE_MESSAGE);
  }
  return new AppError("SERVICE_UNAVAILABLE", VIDEO_SERVICE_UNREACHABLE_MESSAGE);
}

export type PlaylistRequest = { listId: string; language?: string };

/** A video of a playlist that no course can use, and why. */
export type SkippedVideo = { videoId: string; title: string | null; reason: "unavailable" | "no-transcript" };

export type FoundPlaylist = { id: string; title: string; videos: ReadyVideo[]; skipped: SkippedVideo[] };

/**
 * The playlist's videos with their transcripts, in playlist order, from the first source (in the
 * configured order) that knows the playlist: each in the course language when it has a track in
 * it, like a single video. A video without a transcript, or that the source cannot find, is
 * skipped and listed. Refuses a playlist nobody knows (404, a private one too), an empty one, one
 * of more than MAX_PLAYLIST_VIDEOS videos (422, with the count), and one whose videos all lack
 * a transcript (422). `onVideo` hears each video done, for the job's progress.
 */
export async function findPlaylistVideos(
  db: DbClient,
  sources: readonly VideoSource[],
  request: PlaylistRequest,
  onVideo: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<FoundPlaylist> {
  const attempt: Attempt = { failures: [], sawCandidate: false, sawVideo: false };
  for (const source of sources) {
    if (!source.playlist) continue;
    const playlist = await guarded(source, attempt, () => source.playlist!(request.listId, MAX_PLAYLIST_VIDEOS + 1, signal));
    if (!playlist) continue;
    attempt.sawVideo = true;
    if (playlist.totalVideos > MAX_PLAYLIST_VIDEOS || playlist.videoIds.length > MAX_PLAYLIST_VIDEOS) {
      throw new AppError("UNPROCESSABLE", playlistTooLongMessage(Math.max(playlist.totalVideos, playlist.videoIds.length)));
    }
    if (playlist.videoIds.length === 0) throw new AppError("UNPROCESSABLE", EMPTY_PLAYLIST_MESSAGE);

    let done = 0;
    const limit = createLimiter(PLAYLIST_FETCHES_AT_ONCE);
    const found = await Promise.all(
      playlist.videoIds.map((videoId) =>
        limit(async () => {
          const ready = await playlistVideo(db, source, videoId, attempt, request.language, signal);
          onVideo(++done, playlist.videoIds.length);
          return ready;
        }),
      ),
    );
    const videos = found.flatMap((entry) => ("ready" in entry ? [entry.ready] : []));
    const skipped = found.flatMap((entry) => ("skipped" in entry ? [entry.skipped] : []));
    if (videos.length === 0) throw new AppError("UNPROCESSABLE", NO_TRANSCRIPT_IN_PLAYLIST_MESSAGE);
    return { id: playlist.id, title: playlist.title, videos, skipped };
  }
  throw failureFor(attempt, new AppError("NOT_FOUND", PLAYLIST_NOT_FOUND_MESSAGE));
}

async function playlistVideo(
  db: DbClient,
  source: VideoSource,
  videoId: string,
  attempt: Attempt,
  language: string | undefined,
  signal?: AbortSignal,
): Promise<{ ready: ReadyVideo } | { skipped: SkippedVideo }> {
  const cached = await getCachedVideo(db, videoId, language);
  if (cached) return { ready: cached };
  const details = await guarded(source, attempt, () => source.details(videoId, signal));
  if (!details) {
    const own = language === undefined ? null : await getCachedVideo(db, videoId);
    return own ? { ready: own } : { skipped: { videoId, title: null, reason: "unavailable" } };
  }
  const ready = await readyTrack(db, source, details, attempt, language, signal);
  return ready ? { ready } : { skipped: { videoId, title: details.title, reason: "no-transcript" } };
}
