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
};

export type VideoQuery = { topic: string; complexity: Complexity; limit: number };

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
}
