import { z } from "zod";

import { logger } from "~/server/logger";

import { VideoSourceError, type VideoSourceFailure } from "../errors";
import { isVideoId } from "../parse-video-id";
import { type Complexity, type PlaylistDetails, searchTerms, type VideoDetails, type VideoQuery, type VideoSource } from "../types";
import { isPlaylistId, languageSubtag, playlistLimit, playlistTotal } from "./youtube-common";

/**
 * The YouTube Data API v3 with an API key: search.list (100 quota units a call) to find
 * candidates, then one videos.list (1 unit) for their durations, views, captions and
 * embeddability; playlists.list and playlistItems.list (1 unit a page) for playlists. The API
 * cannot download captions without OAuth, so transcripts, translated ones too, come from
 * `options.transcripts` (the keyless client). Only `${baseUrl}/{search,videos,playlists,playlistItems}`
 * are ever requested; the key travels in the query string, so it is redacted from anything logged.
 */

const SOURCE_NAME = "youtube-api";
const DEFAULT_TIMEOUT_MS = 10_000;
/** Per search.list call; each call costs the same quota whatever the page size. */
const MAX_RESULTS_PER_SEARCH = 10;
/** playlistItems.list's largest page. */
const MAX_RESULTS_PER_PLAYLIST_PAGE = 50;
const DEFAULT_LANGUAGE = "en";
/** YouTube's buckets: medium is 4–20 minutes, long is over 20. */
const DURATION_BY_COMPLEXITY: Record<Complexity, "medium" | "long"> = { beginner: "medium", intermediate: "medium", advanced: "long" };
const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded", "rateLimitExceeded", "userRateLimitExceeded"]);
const KEY_REASONS = new Set(["keyInvalid", "keyExpired", "API_KEY_INVALID", "API_KEY_EXPIRED", "accessNotConfigured", "forbidden", "ipRefererBlocked"]);
const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
/** playlistItems.list's answers for a playlist that does not exist or that the key may not read. */
const MISSING_PLAYLIST_REASONS = new Set(["playlistNotFound", "playlistItemsNotAccessible"]);

type Endpoint = "search" | "videos" | "playlists" | "playlistItems";

export type YouTubeApiSourceOptions = {
  apiKey: string;
  /** e.g. https://www.googleapis.com/youtube/v3 */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Where transcripts come from (the Data API cannot download captions with a key alone). */
  transcripts: Pick<VideoSource, "transcript" | "translatedTranscript">;
  /** Per HTTP request, milliseconds. */
  requestTimeoutMs?: number;
};

const searchListSchema = z.object({
  items: z.array(z.object({ id: z.object({ videoId: z.string().optional() }) })).default([]),
});

const thumbnailSchema = z.object({ url: z.string() }).optional();
const videoResourceSchema = z.object({
  id: z.string(),
  snippet: z.object({
    title: z.string(),
    description: z.string().default(""),
    channelTitle: z.string().default(""),
    thumbnails: z
      .object({ maxres: thumbnailSchema, standard: thumbnailSchema, high: thumbnailSchema, medium: thumbnailSchema, default: thumbnailSchema })
      .default({}),
  }),
  contentDetails: z.object({ duration: z.string().regex(ISO_DURATION), caption: z.string().optional() }),
  statistics: z.object({ viewCount: z.string().regex(/^\d+$/).optional() }).optional(),
  status: z.object({ embeddable: z.boolean().optional() }).optional(),
});
const videoListSchema = z.object({ items: z.array(videoResourceSchema).default([]) });

const playlistListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({ title: z.string() }),
        contentDetails: z.object({ itemCount: z.number().int().nonnegative().optional() }).optional(),
      }),
    )
    .default([]),
});
const playlistItemListSchema = z.object({
  items: z.array(z.object({ contentDetails: z.object({ videoId: z.string().optional() }).optional() })).default([]),
  nextPageToken: z.string().optional(),
});

const googleErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

export function createYouTubeApiSource(options: YouTubeApiSourceOptions): Required<Omit<VideoSource, "load">> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = options.baseUrl.replace(/\/+$/, "");
  const redact = (text: string) => (options.apiKey === "" ? text : text.split(options.apiKey).join("[redacted]"));

  type Answer = { endpoint: Endpoint; url: string; status: number; data: unknown };

  /** One GET of the API: the status and the parsed JSON body (undefined when not JSON). */
  async function request(endpoint: Endpoint, params: Record<string, string>, signal?: AbortSignal): Promise<Answer> {
    const url = new URL(`${base}/${endpoint}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set("key", options.apiKey);
    const loggedUrl = redactKey(url);

    const timeout = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(url, {
        headers: { accept: "application/json" },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: "error",
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // The caller's own abort propagates as its AbortError, unwrapped.
      signal?.throwIfAborted();
      throw fail({ endpoint, url: loggedUrl }, "unreachable", timeout.aborted ? `no answer within ${timeoutMs} ms` : networkErrorReason(error));
    }

    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    return { endpoint, url: loggedUrl, status, data };
  }

  function fail(answer: Pick<Answer, "endpoint" | "url"> & { status?: number }, kind: VideoSourceFailure, reason: string): VideoSourceError {
    logger.warn("YouTube Data API request failed", { url: answer.url, status: answer.status, reason: redact(reason) });
    return new VideoSourceError(kind, SOURCE_NAME, redact(`YouTube Data API ${answer.endpoint}: ${reason}`));
  }

  /** A successful answer's body in the shape of `schema`; any other answer throws its VideoSourceError. */
  function readAnswer<T>(answer: Answer, schema: z.ZodType<T>): T {
    const { status, data } = answer;
    if (status < 200 || status > 299) {
      const { kind, reason } = classifyFailure(status, data);
      throw fail(answer, kind, reason);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail(
        answer,
        "bad-response",
        data === undefined ? "the answer is not JSON" : `unexpected answer (${issue ? `${issue.path.join(".")}: ${issue.message}` : "wrong shape"})`,
      );
    }
    return parsed.data;
  }

  async function getJson<T>(endpoint: Endpoint, params: Record<string, string>, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    return readAnswer(await request(endpoint, params, signal), schema);
  }

  async function searchIds(params: Record<string, string>, signal?: AbortSignal): Promise<string[]> {
    const { items } = await getJson("search", params, searchListSchema, signal);
    return items.flatMap((item) => (item.id.videoId !== undefined && isVideoId(item.id.videoId) ? [item.id.videoId] : []));
  }

  /** One videos.list for all ids; in the order of `ids`, leaving out the ones YouTube no longer has. */
  async function listVideos(ids: readonly string[], signal?: AbortSignal): Promise<VideoDetails[]> {
    if (ids.length === 0) return [];
    const { items } = await getJson("videos", { part: "snippet,contentDetails,statistics,status", id: ids.join(",") }, videoListSchema, signal);
    const byId = new Map(items.filter((item) => isVideoId(item.id)).map((item) => [item.id, toDetails(item)]));
    return ids.flatMap((id) => {
      const details = byId.get(id);
      return details ? [details] : [];
    });
  }

  /**
   * A playlist's video ids, page by page (at least one) until there are `limit`, and whether
   * pages are left; null when YouTube says the playlist is missing or not readable.
   */
  async function playlistVideoIds(listId: string, limit: number, signal?: AbortSignal): Promise<{ videoIds: string[]; hasMore: boolean } | null> {
    const videoIds: string[] = [];
    let pageToken: string | undefined;
    do {
      const params = { part: "contentDetails", playlistId: listId, maxResults: String(MAX_RESULTS_PER_PLAYLIST_PAGE) };
      const answer = await request("playlistItems", pageToken === undefined ? params : { ...params, pageToken }, signal);
      if (isMissingPlaylist(answer.status, answer.data)) return null;
      const page = readAnswer(answer, playlistItemListSchema);
      for (const item of page.items) {
        const id = item.contentDetails?.videoId;
        if (id !== undefined && isVideoId(id)) videoIds.push(id);
      }
      // A page without items ends the walk even with a token, so a looping answer cannot spin forever.
      pageToken = page.items.length > 0 ? page.nextPageToken : undefined;
    } while (videoIds.length < limit && pageToken !== undefined);
    return { videoIds, hasMore: pageToken !== undefined };
  }

  return {
    name: SOURCE_NAME,
    async search(query: VideoQuery, signal?: AbortSignal) {
      const terms = searchTerms(query);
      if (!terms) return [];
      const { topic, limit } = terms;
      const common = {
        part: "snippet",
        type: "video",
        q: topic,
        videoEmbeddable: "true",
        safeSearch: "strict",
        relevanceLanguage: languageSubtag(query.language) ?? DEFAULT_LANGUAGE,
        maxResults: String(Math.min(limit, MAX_RESULTS_PER_SEARCH)),
      };
      // Captioned videos of a suitable length first (a course needs a transcript); only when
      // those are too few, a second search without the caption and length filters fills up.
      const ids = await searchIds({ ...common, videoCaption: "closedCaption", videoDuration: DURATION_BY_COMPLEXITY[query.complexity] }, signal);
      if (ids.length < limit) {
        for (const id of await searchIds(common, signal)) if (!ids.includes(id)) ids.push(id);
      }
      return listVideos(ids.slice(0, limit), signal);
    },
    async details(videoId: string, signal?: AbortSignal) {
      if (!isVideoId(videoId)) return null;
      return (await listVideos([videoId], signal))[0] ?? null;
    },
    async transcript(videoId: string, signal?: AbortSignal) {
      if (!isVideoId(videoId)) return null;
      return options.transcripts.transcript(videoId, signal);
    },
    async translatedTranscript(videoId: string, language: string, signal?: AbortSignal) {
      if (!isVideoId(videoId) || !options.transcripts.translatedTranscript) return null;
      return options.transcripts.translatedTranscript(videoId, language, signal);
    },
    async playlist(listId: string, limit: number, signal?: AbortSignal): Promise<PlaylistDetails | null> {
      if (!isPlaylistId(listId)) return null;
      const wanted = playlistLimit(limit);
      const { items } = await getJson("playlists", { part: "snippet,contentDetails", id: listId }, playlistListSchema, signal);
      const playlist = items.find((item) => item.id === listId);
      if (!playlist) return null;
      const walk = await playlistVideoIds(listId, wanted, signal);
      if (!walk) return null;
      const totalVideos = playlistTotal(playlist.contentDetails?.itemCount ?? null, walk.videoIds.length, walk.hasMore);
      return { id: listId, title: playlist.snippet.title, videoIds: walk.videoIds.slice(0, wanted), totalVideos };
    },
  };
}

type VideoResource = z.infer<typeof videoResourceSchema>;

function toDetails(video: VideoResource): VideoDetails {
  const { thumbnails } = video.snippet;
  const thumbnail = thumbnails.maxres ?? thumbnails.standard ?? thumbnails.high ?? thumbnails.medium ?? thumbnails.default;
  return {
    id: video.id,
    source: SOURCE_NAME,
    title: video.snippet.title,
    description: video.snippet.description,
    channelTitle: video.snippet.channelTitle,
    durationSeconds: parseIsoDuration(video.contentDetails.duration),
    thumbnailUrl: thumbnail && /^https:\/\//.test(thumbnail.url) ? thumbnail.url : null,
    viewCount: video.statistics?.viewCount !== undefined ? Number(video.statistics.viewCount) : null,
    embeddable: video.status?.embeddable ?? false,
    hasCaptions: video.contentDetails.caption === "true",
  };
}

/** ISO 8601 durations as the API writes them: PT1H2M3S, PT45S, P1DT2H (long streams), P0D (live). */
export function parseIsoDuration(value: string): number {
  const match = ISO_DURATION.exec(value);
  if (!match) return 0;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number];
  return ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
}

function isMissingPlaylist(status: number, data: unknown): boolean {
  return (status === 403 || status === 404) && errorReasons(data).some((reason) => MISSING_PLAYLIST_REASONS.has(reason));
}

function errorReasons(data: unknown): string[] {
  const error = googleErrorSchema.safeParse(data).data?.error;
  return [...(error?.errors ?? []), ...(error?.details ?? [])].flatMap((item) => (item.reason ? [item.reason] : []));
}

function classifyFailure(status: number, data: unknown): { kind: VideoSourceFailure; reason: string } {
  const error = googleErrorSchema.safeParse(data).data?.error;
  const reasons = errorReasons(data);
  const reason = `HTTP ${status}${reasons.length > 0 ? ` ${reasons.join(", ")}` : ""}${error?.message ? `: ${stripTags(error.message)}` : ""}`;
  if (status === 429 || reasons.some((item) => QUOTA_REASONS.has(item))) return { kind: "quota", reason };
  if (status >= 500) return { kind: "unreachable", reason };
  if (status === 401 || reasons.some((item) => KEY_REASONS.has(item))) return { kind: "not-configured", reason };
  return { kind: "bad-response", reason };
}

/** Google's quota message holds a link (`<a href=…>quota</a>`); logs and learners want the words. */
function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, "");
}

function redactKey(url: URL): string {
  const copy = new URL(url);
  if (copy.searchParams.has("key")) copy.searchParams.set("key", "[redacted]");
  return copy.href;
}

function networkErrorReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.message : String(error);
}
