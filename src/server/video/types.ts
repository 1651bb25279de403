import type { Complexity } from "~/lib/schemas/course";

export type { Complexity };

/**
 * The shapes every video source and the transcript pipeline share. Times are milliseconds
 * from the start of the video.
 */

/** One caption cue as a source returns it, before normalisation. */
export type RawCaption = { text: string; startMs: number; durationMs: number };

/** A normalised, sentence-sized piece of a transcript; `index` is its position (0-based). */
export type TimedSegment = { index: number; startMs: number; endMs: number; text: string };

/** A chapter the creator listed in the video description. */
export type CreatorChapter = { title: string; startMs: number };

export type VideoDetails = {
  /** The 11-character YouTube id (library videos use ids of the same shape). */
  id: string;
  source: string;
  title: string;
  description: string;
  channelTitle: string;
  durationSeconds: number;
  thumbnailUrl: string | null;
  viewCount: number | null;
  embeddable: boolean;
  /** Whether the source reports captions (a transcript may still turn out to be missing). */
  hasCaptions: boolean;
  /** The language of the video's own track (a base subtag) when the source knows it; else it is read from the text. */
  language?: string;
};

/** `language`: the base subtag of the course language ("es"); results in it are preferred. */
export type VideoQuery = { topic: string; complexity: Complexity; limit: number; language?: string };

/** A video's captions in a language other than its own, with the title and description in it when known. */
export type TranslatedTrack = { captions: RawCaption[]; title?: string; description?: string };

/** The trimmed topic and a whole, non-negative limit; null when there is nothing to search for. */
export function searchTerms(query: VideoQuery): { topic: string; limit: number } | null {
  const topic = query.topic.trim();
  const limit = Math.max(0, Math.floor(query.limit));
  return topic === "" || limit === 0 ? null : { topic, limit };
}

/** A place videos come from: the YouTube Data API, keyless YouTube, or a local library. */
export interface VideoSource {
  readonly name: string;
  search(query: VideoQuery, signal?: AbortSignal): Promise<VideoDetails[]>;
  details(videoId: string, signal?: AbortSignal): Promise<VideoDetails | null>;
  /** The captions of a video, or null when it has none. */
  transcript(videoId: string, signal?: AbortSignal): Promise<RawCaption[] | null>;
  /**
   * The video's captions in `language` (a base subtag) when the source offers a track in it (a
   * creator's or a translation), or null; the video's own track is `transcript`'s. Optional: a
   * source without translated tracks leaves it out.
   */
  translatedTranscript?(videoId: string, language: string, signal?: AbortSignal): Promise<TranslatedTrack | null>;
  /**
   * A playlist's title and first `limit` video ids in playlist order, with how many it holds in
   * all; null when the source does not know it (missing, private). Optional, like the above.
   */
  playlist?(listId: string, limit: number, signal?: AbortSignal): Promise<PlaylistDetails | null>;
  /**
   * Reads what the source holds before the first request, logging a warning for each entry it
   * cannot use and why (the server calls it at start). Optional: a remote source has nothing to read.
   */
  load?(): Promise<void>;
}

export type PlaylistDetails = { id: string; title: string; videoIds: string[]; totalVideos: number };
