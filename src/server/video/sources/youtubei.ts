import { AsyncLocalStorage } from "node:async_hooks";

import { Innertube, Log, Utils, YTNodes } from "youtubei.js";

import { VideoSourceError } from "../errors";
import { isVideoId } from "../parse-video-id";
import { type RawCaption, searchTerms, type VideoDetails, type VideoQuery, type VideoSource } from "../types";

/**
 * Keyless YouTube through youtubei.js (YouTube's own web-client API, "InnerTube"). The client is
 * created once, lazily, and reused. youtubei.js calls (all on https://www.youtube.com):
 * GET /sw.js_data and POST /youtubei/v1/config when the session is created, then
 * /youtubei/v1/search, /youtubei/v1/player (details), and /youtubei/v1/player + /next +
 * /get_transcript (transcripts). Every request goes through `guardedFetch`: YouTube hosts only,
 * optionally rewritten to `baseUrl` (a local fake in tests), with a timeout and the caller's signal.
 */

const SOURCE_NAME = "youtubei";
const YOUTUBE_ORIGIN = "https://www.youtube.com";
const DEFAULT_TIMEOUT_MS = 10_000;
const TRANSCRIPT_PANEL = "engagement-panel-searchable-transcript";

// youtubei.js prints a warning for every renderer it does not know, and YouTube adds new ones
// all the time; failures reach us as errors, so its console output is only noise.
Log.setLevel(Log.Level.NONE);

export type YouTubeiSourceOptions = {
  /** The origin to send YouTube's requests to; anything but https://www.youtube.com is for tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per HTTP request, milliseconds. */
  requestTimeoutMs?: number;
};

/** youtubei.js talks to www.youtube.com (and, for other features, a few sibling hosts). */
function isYouTubeHost(hostname: string): boolean {
  return hostname === "youtube.com" || hostname.endsWith(".youtube.com") || hostname === "youtubei.googleapis.com";
}

/**
 * Where a request youtubei.js wants to make really goes: only https YouTube hosts are allowed
 * (it must never become a way to fetch an arbitrary URL); with a `baseUrl` other than YouTube's
 * (a local fake), every YouTube host is moved there so nothing leaves the machine.
 */
export function resolveYouTubeUrl(target: URL, baseUrl: string): URL {
  if (target.protocol !== "https:" || !isYouTubeHost(target.hostname)) {
    throw new VideoSourceError("unreachable", SOURCE_NAME, `refused a request to ${target.origin}: not a YouTube host`);
  }
  const base = new URL(baseUrl);
  if (base.href.replace(/\/$/, "") === YOUTUBE_ORIGIN) return target;
  return new URL(`${base.pathname.replace(/\/$/, "")}${target.pathname}${target.search}`, base.origin);
}

export function createYouTubeiSource(options: YouTubeiSourceOptions = {}): VideoSource {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = options.baseUrl ?? YOUTUBE_ORIGIN;
  // The shared client cannot take a signal per call, so the caller's signal travels with the call.
  const callerSignal = new AsyncLocalStorage<AbortSignal | undefined>();

  async function guardedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = resolveYouTubeUrl(new URL(request.url), base);
    const caller = callerSignal.getStore();
    caller?.throwIfAborted();
    const timeout = AbortSignal.timeout(timeoutMs);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: caller ? AbortSignal.any([caller, timeout]) : timeout,
        // A redirect could lead anywhere (a consent page, another host): youtubei.js sees it as a failure.
        redirect: "manual",
      });
    } catch (error) {
      caller?.throwIfAborted();
      const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : networkErrorReason(error);
      throw new VideoSourceError("unreachable", SOURCE_NAME, `YouTube is unreachable (${reason})`);
    }
    if (response.status !== 429 && response.status < 500) return response;
    void response.body?.cancel();
    if (response.status === 429) throw new VideoSourceError("quota", SOURCE_NAME, "YouTube is rate-limiting requests (HTTP 429)");
    throw new VideoSourceError("unreachable", SOURCE_NAME, `YouTube answered HTTP ${response.status}`);
  }

  let client: Promise<Innertube> | null = null;
  function getClient(): Promise<Innertube> {
    client ??= Innertube.create({
      fetch: guardedFetch,
      // The player script is only needed to play or download streams, never for metadata or captions.
      retrieve_player: false,
      lang: "en",
      location: "US",
      // Restricted Mode, the keyless counterpart of the Data API's safeSearch=strict.
      enable_safety_mode: true,
    }).catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  }

  async function run<T>(signal: AbortSignal | undefined, what: string, task: (youtube: Innertube) => Promise<T>): Promise<T> {
    signal?.throwIfAborted();
    try {
      return await callerSignal.run(signal, async () => task(await getClient()));
    } catch (error) {
      // The caller's own abort propagates as its AbortError, unwrapped.
      signal?.throwIfAborted();
      throw toSourceError(error, what);
    }
  }

  return {
    name: SOURCE_NAME,
    async search(query: VideoQuery, signal?: AbortSignal) {
      const terms = searchTerms(query);
      if (!terms) return [];
      const { topic, limit } = terms;
      return run(signal, "search", async (youtube) => {
        const results = await youtube.search(topic, { type: "video" });
        return results.results
          .filterType(YTNodes.Video)
          .flatMap((video) => {
            const details = searchResultDetails(video);
            return details ? [details] : [];
          })
          .slice(0, limit);
      });
    },
    async details(videoId: string, signal?: AbortSignal) {
      if (!isVideoId(videoId)) return null;
      return run(signal, "details", async (youtube) => {
        const info = await youtube.getBasicInfo(videoId).catch(nullWhenUnavailable);
        return info ? infoDetails(info, videoId) : null;
      });
    },
    async transcript(videoId: string, signal?: AbortSignal) {
      if (!isVideoId(videoId)) return null;
      return run(signal, "transcript", async (youtube) => {
        const info = await youtube.getInfo(videoId).catch(nullWhenUnavailable);
        if (!info) return null;
        // Checked here rather than by catching getTranscript's errors: a video without the
        // transcript panel simply has no transcript, whereas a failure fetching one is an error.
        const panel = info.page[1]?.engagement_panels?.find((candidate) => candidate.panel_identifier === TRANSCRIPT_PANEL);
        if (!panel) return null;
        const segments = (await info.getTranscript()).transcript?.content?.body?.initial_segments;
        if (!segments) throw new VideoSourceError("bad-response", SOURCE_NAME, "YouTube's transcript response holds no segment list");
        const captions = segments.filterType(YTNodes.TranscriptSegment).map(toCaption);
        return captions.length > 0 ? captions : null;
      });
    },
  };
}

type SearchVideo = InstanceType<typeof YTNodes.Video>;
type BasicInfo = Awaited<ReturnType<Innertube["getBasicInfo"]>>;

/**
 * Search results carry no embeddable flag: they are reported as embeddable, and `details` (the
 * player response) gives the real answer before a video is used.
 */
function searchResultDetails(video: SearchVideo): VideoDetails | null {
  if (!isVideoId(video.video_id)) return null;
  let durationSeconds = 0;
  try {
    durationSeconds = video.duration.seconds;
  } catch {
    // A live stream or an odd length text ("LIVE", "1:02:03:04"): no usable duration.
  }
  return {
    id: video.video_id,
    source: SOURCE_NAME,
    title: video.title.toString(),
    description: video.description,
    channelTitle: video.author.name === "N/A" ? "" : video.author.name,
    durationSeconds: Number.isFinite(durationSeconds) ? durationSeconds : 0,
    thumbnailUrl: httpsUrl(video.best_thumbnail?.url),
    viewCount: parseViewCount(video.view_count?.toString()),
    embeddable: true,
    hasCaptions: video.has_captions,
  };
}

function infoDetails(info: BasicInfo, videoId: string): VideoDetails {
  const basic = info.basic_info;
  if (basic.id !== videoId || !basic.title) {
    const status = info.playability_status;
    throw new VideoSourceError(
      "bad-response",
      SOURCE_NAME,
      `YouTube returned no details for the video (${status?.status ?? "no status"}${status?.reason ? `: ${status.reason}` : ""})`,
    );
  }
  return {
    id: videoId,
    source: SOURCE_NAME,
    title: basic.title,
    description: basic.short_description ?? "",
    channelTitle: basic.author ?? basic.channel?.name ?? "",
    durationSeconds: Number.isFinite(basic.duration) ? (basic.duration ?? 0) : 0,
    thumbnailUrl: httpsUrl(basic.thumbnail?.[0]?.url),
    viewCount: Number.isFinite(basic.view_count) ? (basic.view_count ?? null) : null,
    embeddable: info.playability_status?.status === "OK" && info.playability_status.embeddable,
    hasCaptions: (info.captions?.caption_tracks?.length ?? 0) > 0,
  };
}

function toCaption(segment: InstanceType<typeof YTNodes.TranscriptSegment>): RawCaption {
  const startMs = Number(segment.start_ms);
  const endMs = Number(segment.end_ms);
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) {
    throw new VideoSourceError("bad-response", SOURCE_NAME, "YouTube's transcript has a segment without valid times");
  }
  return { text: segment.snippet.toString(), startMs: Math.max(0, startMs), durationMs: Math.max(0, endMs - startMs) };
}

/** "1,234,567 views" → 1234567; "No views" and the like → null. */
function parseViewCount(text: string | undefined): number | null {
  const digits = text?.replace(/[^\d]/g, "") ?? "";
  return digits === "" ? null : Number(digits);
}

function httpsUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.startsWith("//") ? `https:${value}` : value);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** youtubei.js reports a missing, removed or private video as playability status ERROR. */
function nullWhenUnavailable(error: unknown): null {
  const info: unknown = error instanceof Utils.InnertubeError ? error.info : undefined;
  if (typeof info === "object" && info !== null && (info as { status?: unknown }).status === "ERROR") return null;
  throw error;
}

function toSourceError(error: unknown, what: string): VideoSourceError {
  if (error instanceof VideoSourceError) return error;
  // A per-request timeout that fired while youtubei.js was reading a response body.
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return new VideoSourceError("unreachable", SOURCE_NAME, `YouTube stopped answering during ${what}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new VideoSourceError("bad-response", SOURCE_NAME, `YouTube's ${what} response could not be read: ${message}`, { cause: error });
}

function networkErrorReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.message : String(error);
}
