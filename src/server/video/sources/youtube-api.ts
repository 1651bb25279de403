import { z } from "zod";

import { logger } from "~/server/logger";

import { VideoSourceError, type VideoSourceFailure } from "../errors";
import { isVideoId } from "../parse-video-id";
import { type Complexity, searchTerms, type VideoDetails, type VideoQuery, type VideoSource } from "../types";

/**
 * The YouTube Data API v3 with an API key: search.list (100 quota units a call) to find
 * candidates, then one videos.list (1 unit) for their durations, views, captions and
 * embeddability. The API cannot download captions without OAuth, so transcripts come from
 * `options.transcripts` (the keyless client). Only `${baseUrl}/search` and `${baseUrl}/videos`
 * are ever requested; the key travels in the query string, so it is redacted from anything logged.
 */

const SOURCE_NAME = "youtube-api";
const DEFAULT_TIMEOUT_MS = 10_000;
/** Per search.list call; each call costs the same quota whatever the page size. */
const MAX_RESULTS_PER_SEARCH = 10;
/** YouTube's buckets: medium is 4–20 minutes, long is over 20. */
const DURATION_BY_COMPLEXITY: Record<Complexity, "medium" | "long"> = { beginner: "medium", intermediate: "medium", advanced: "long" };
const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded", "rateLimitExceeded", "userRateLimitExceeded"]);
const KEY_REASONS = new Set(["keyInvalid", "keyExpired", "API_KEY_INVALID", "API_KEY_EXPIRED", "accessNotConfigured", "forbidden", "ipRefererBlocked"]);
const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

export type YouTubeApiSourceOptions = {
  apiKey: string;
  /** e.g. https://www.googleapis.com/youtube/v3 */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Where transcripts come from (the Data API cannot download captions with a key alone). */
  transcripts: Pick<VideoSource, "transcript">;
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

const googleErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

export function createYouTubeApiSource(options: YouTubeApiSourceOptions): VideoSource {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = options.baseUrl.replace(/\/+$/, "");
  const redact = (text: string) => (options.apiKey === "" ? text : text.split(options.apiKey).join("[redacted]"));

  async function getJson<T>(endpoint: "search" | "videos", params: Record<string, string>, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    const url = new URL(`${base}/${endpoint}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set("key", options.apiKey);
    const loggedUrl = redactKey(url);

    const fail = (kind: VideoSourceFailure, reason: string, status?: number) => {
      logger.warn("YouTube Data API request failed", { url: loggedUrl, status, reason: redact(reason) });
      return new VideoSourceError(kind, SOURCE_NAME, redact(`YouTube Data API ${endpoint}: ${reason}`));
    };

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
      throw fail("unreachable", timeout.aborted ? `no answer within ${timeoutMs} ms` : networkErrorReason(error));
    }

    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (status < 200 || status > 299) {
      const { kind, reason } = classifyFailure(status, data);
      throw fail(kind, reason, status);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail(
        "bad-response",
        data === undefined ? "the answer is not JSON" : `unexpected answer (${issue ? `${issue.path.join(".")}: ${issue.message}` : "wrong shape"})`,
        status,
      );
    }
    return parsed.data;
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
        relevanceLanguage: "en",
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

function classifyFailure(status: number, data: unknown): { kind: VideoSourceFailure; reason: string } {
  const error = googleErrorSchema.safeParse(data).data?.error;
  const reasons = [...(error?.errors ?? []), ...(error?.details ?? [])].flatMap((item) => (item.reason ? [item.reason] : []));
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
