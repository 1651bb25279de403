import type { VideoSource } from "../types";
import { createLibrarySource } from "./library";
import { createYouTubeApiSource } from "./youtube-api";
import { createYouTubeiSource } from "./youtubei";

/**
 * The one place that turns configuration into video sources, in the order they are tried.
 * Names: `library` (VIDEO_LIBRARY_DIR), `youtube-api` (YOUTUBE_API_KEY), `youtubei` (keyless),
 * and `youtube`, which means youtube-api when a key is set and youtubei otherwise.
 */

export type VideoSourceName = "library" | "youtube-api" | "youtubei";

export type VideoSourcesConfig = {
  /** Comma-separated source names (VIDEO_SOURCES); unset or blank = the default order. */
  order?: string;
  libraryDir?: string;
  youtubeApiKey?: string;
  youtubeApiBaseUrl: string;
  youtubeiBaseUrl: string;
  fetch?: typeof fetch;
};

const NAMES = ["library", "youtube", "youtube-api", "youtubei"] as const;
type ConfiguredName = (typeof NAMES)[number];

const isConfiguredName = (value: string): value is ConfiguredName => (NAMES as readonly string[]).includes(value);
const isSet = (value: string | undefined): value is string => value !== undefined && value.trim() !== "";

/**
 * The concrete sources named by `value`, in order, each once. Throws an Error naming the bad
 * entry for an unknown name, `library` without a folder, or `youtube-api` without a key.
 */
export function parseSourceOrder(value: string | undefined, config: { libraryDir?: string; youtubeApiKey?: string }): VideoSourceName[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  const requested: string[] = entries.length > 0 ? entries : isSet(config.libraryDir) ? ["library", "youtube"] : ["youtube"];

  const order: VideoSourceName[] = [];
  for (const entry of requested) {
    if (!isConfiguredName(entry)) {
      throw new Error(`VIDEO_SOURCES: unknown video source "${entry}"; use library, youtube, youtube-api or youtubei, separated by commas`);
    }
    if (entry === "library" && !isSet(config.libraryDir)) {
      throw new Error('VIDEO_SOURCES: the video source "library" needs VIDEO_LIBRARY_DIR (a folder of videos)');
    }
    if (entry === "youtube-api" && !isSet(config.youtubeApiKey)) {
      throw new Error('VIDEO_SOURCES: the video source "youtube-api" needs YOUTUBE_API_KEY');
    }
    const name: VideoSourceName = entry === "youtube" ? (isSet(config.youtubeApiKey) ? "youtube-api" : "youtubei") : entry;
    if (!order.includes(name)) order.push(name);
  }
  return order;
}

export function createVideoSources(config: VideoSourcesConfig): VideoSource[] {
  const order = parseSourceOrder(config.order, config);
  // One keyless client serves both its own slot and the Data API's transcripts: one session.
  let youtubei: VideoSource | undefined;
  const getYouTubei = () => (youtubei ??= createYouTubeiSource({ baseUrl: config.youtubeiBaseUrl, fetch: config.fetch }));

  return order.map((name) => {
    switch (name) {
      case "library":
        return createLibrarySource(config.libraryDir ?? "");
      case "youtube-api":
        return createYouTubeApiSource({
          apiKey: config.youtubeApiKey ?? "",
          baseUrl: config.youtubeApiBaseUrl,
          fetch: config.fetch,
          transcripts: getYouTubei(),
        });
      case "youtubei":
        return getYouTubei();
    }
  });
}
