import { AsyncLocalStorage } from "node:async_hooks";

import { Innertube, Log, Utils, YTNodes } from "youtubei.js";

import { VideoSourceError } from "../errors";
import { isVideoId } from "../parse-video-id";
import { type RawCaption, searchTerms, type VideoDetails, type VideoQuery, type VideoSource } from "../types";
import { isPlaylistId, languageSubtag, playlistLimit, playlistTotal } from "./youtube-common";

/**
 * Keyless YouTube through youtubei.js (YouTube's own web-client API, "InnerTube"). A client is
 * created lazily per interface language and reused: English serves everything except searches
 * in another language, which YouTube ranks by the session's language. youtubei.js calls (all on
 * https://www.youtube.com): GET /sw.js_data and POST /youtubei/v1/config when a session is
 * created, then /youtubei/v1/search, /youtubei/v1/player (details), /youtubei/v1/player + /next +
 * /get_transcript (transcripts; once more /get_transcript to switch the transcript's language)
 * and /youtubei/v1/browse (a playlist and its next pages). Every request goes through
 * `guardedFetch`: YouTube hosts only, optionally rewritten to `baseUrl` (a local fake in tests),
 * with a timeout and the caller's signal.
 */

const SOURCE_NAME = "youtubei";
const YOUTUBE_ORIGIN = "https://www.youtube.com";
const DEFAULT_TIMEOUT_MS = 10_000;
const TRANSCRIPT_PANEL = "engagement-panel-searchable-transcript";
const DEFAULT_LANGUAGE = "en";
/** YouTube's interface languages have no bare "zh"; its Chinese search is zh-CN's. */
const INTERFACE_LANGUAGES: Readonly<Record<string, string>> = { zh: "zh-CN" };
/** The transcript menu names languages in the session's language, English ("Spanish", "English (auto-generated)"). */
const languageNames = new Intl.DisplayNames([DEFAULT_LANGUAGE], { type: "language", fallback: "none" });
const AUTO_GENERATED = "(auto-generated)";

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

export function createYouTubeiSource(options: YouTubeiSourceOptions = {}): Required<Omit<VideoSource, "load">> {
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

  const clients = new Map<string, Promise<Innertube>>();
  /** The session for an interface language (YouTube's `hl`), created on first use. */
  function getClient(language: string): Promise<Innertube> {
    let client = clients.get(language);
    if (!client) {
      client = Innertube.create({
        fetch: guardedFetch,
        // The player script is only needed to play or download streams, never for metadata or captions.
        retrieve_player: false,
        lang: language,
        location: "US",
        // Restricted Mode, the keyless counterpart of the Data API's safeSearch=strict.
        enable_safety_mode: true,
      }).catch((error: unknown) => {
        clients.delete(language);
        throw error;
      });
      clients.set(language, client);
    }
    return client;
  }

  async function run<T>(signal: AbortSignal | undefined, what: string, task: (youtube: Innertube) => Promise<T>, language = DEFAULT_LANGUAGE): Promise<T> {
    signal?.throwIfAborted();
    try {
      return await callerSignal.run(signal, async () => task(await getClient(language)));
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
      const search = async (youtube: Innertube) => {
        const results = await youtube.search(topic, { type: "video" });
        return results.results
          .filterType(YTNodes.Video)
          .flatMap((video) => {
            const details = searchResultDetails(video);
            return details ? [details] : [];
          })
          .slice(0, limit);
      };
      return run(signal, "search", search, interfaceLanguage(query.language));
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
        const transcript = await openTranscript(youtube, videoId);
        return transcript ? transcriptCaptions(transcript) : null;
      });
    },
    async translatedTranscript(videoId: string, language: string, signal?: AbortSignal) {
      const subtag = languageSubtag(language);
      const name = subtag === null ? undefined : languageNames.of(subtag);
      if (!isVideoId(videoId) || name === undefined) return null;
      return run(signal, "transcript", async (youtube) => {
        const transcript = await openTranscript(youtube, videoId);
        const entry = transcript ? menuEntryFor(transcript.languages, name) : undefined;
        if (!transcript || entry === undefined) return null;
        // Selecting the entry already shown (the video's own language) makes no request.
        const captions = transcriptCaptions(await transcript.selectLanguage(entry));
        return captions ? { captions } : null;
      });
    },
    async playlist(listId: string, limit: number, signal?: AbortSignal) {
      if (!isPlaylistId(listId)) return null;
      const wanted = playlistLimit(limit);
      return run(signal, "playlist", async (youtube) => {
        let page = await youtube.getPlaylist(listId).catch(nullWhenPlaylistMissing);
        if (!page) return null;
        const title = page.info.title;
        if (!title) throw new VideoSourceError("bad-response", SOURCE_NAME, "YouTube's playlist response holds no title");
        const reported = parseCount(page.info.total_items);
        const videoIds = playlistVideoIds(page);
        while (videoIds.length < wanted && page.has_continuation) {
          page = await page.getContinuation();
          // A page without items ends the walk, so an answer that keeps offering more cannot loop forever.
          if (page.items.length === 0) break;
          videoIds.push(...playlistVideoIds(page));
        }
        const totalVideos = playlistTotal(reported, videoIds.length, page.has_continuation);
        return { id: listId, title, videoIds: videoIds.slice(0, wanted), totalVideos };
      });
    },
  };
}

/** The session language for a search in `language`; English when none (or none valid) is asked for. */
function interfaceLanguage(language: string | undefined): string {
  const subtag = languageSubtag(language) ?? DEFAULT_LANGUAGE;
  return INTERFACE_LANGUAGES[subtag] ?? subtag;
}

type VideoInfo = Awaited<ReturnType<Innertube["getInfo"]>>;
type TranscriptInfo = Awaited<ReturnType<VideoInfo["getTranscript"]>>;
type Playlist = Awaited<ReturnType<Innertube["getPlaylist"]>>;

/** The video's transcript as YouTube first shows it (its default track), or null when it has none. */
async function openTranscript(youtube: Innertube, videoId: string): Promise<TranscriptInfo | null> {
  const info = await youtube.getInfo(videoId).catch(nullWhenUnavailable);
  if (!info) return null;
  // Checked here rather than by catching getTranscript's errors: a video without the
  // transcript panel simply has no transcript, whereas a failure fetching one is an error.
  const panel = info.page[1]?.engagement_panels?.find((candidate) => candidate.panel_identifier === TRANSCRIPT_PANEL);
  return panel ? info.getTranscript() : null;
}

function transcriptCaptions(transcript: TranscriptInfo): RawCaption[] | null {
  const segments = transcript.transcript?.content?.body?.initial_segments;
  if (!segments) throw new VideoSourceError("bad-response", SOURCE_NAME, "YouTube's transcript response holds no segment list");
  const captions = segments.filterType(YTNodes.TranscriptSegment).map(toCaption);
  return captions.length > 0 ? captions : null;
}

/**
 * The transcript menu's entry for the language named `name` ("Spanish"): a creator's track
 * ("Spanish", "Spanish (Mexico)") before YouTube's speech recognition ("Spanish (auto-generated)").
 */
function menuEntryFor(entries: readonly string[], name: string): string | undefined {
  const matching = entries.filter((entry) => entry === name || entry.startsWith(`${name} (`));
  return matching.find((entry) => !entry.endsWith(AUTO_GENERATED)) ?? matching[0];
}

/** The ids of a playlist page's videos, in order; entries without a video id (deleted ones) are left out. */
function playlistVideoIds(page: Playlist): string[] {
  return page.items.flatMap((item) => {
    const id = item.is(YTNodes.PlaylistVideo) ? item.id : item.is(YTNodes.LockupView) ? item.content_id : undefined;
    return id !== undefined && isVideoId(id) ? [id] : [];
  });
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
    viewCount: parseCount(video.view_count?.toString()),
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

/** "1,234,567 views" → 1234567, "12 videos" → 12; "No views", "N/A" and the like → null. */
function parseCount(text: string | undefined): number | null {
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

/** youtubei.js reports a missing or private playlist as the error alert YouTube answers with. */
function nullWhenPlaylistMissing(error: unknown): null {
  const info: unknown = error instanceof Utils.InnertubeError ? error.info : undefined;
  if (info instanceof YTNodes.Alert && info.alert_type === "ERROR") return null;
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
