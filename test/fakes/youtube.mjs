/**
 * A local stand-in for YouTube, serving the videos of a folder in the shared fixtures' format
 * (`<name>.json` with videoId, title, channel, description, durationSeconds and `segments` in
 * seconds; empty segments = no captions). Optional fixture fields: `viewCount`, `embeddable`.
 *
 * Two faces on one port:
 * - the YouTube Data API v3 (base `${url}/youtube/v3`): GET /search, GET /videos, with the
 *   `key` checked like Google does (missing → 403, wrong → 400);
 * - the InnerTube endpoints youtubei.js calls (base `${url}`): GET /sw.js_data,
 *   POST /youtubei/v1/{config,search,player,next,get_transcript}.
 *
 * Modes (setMode or POST /__control {mode, delayMs}): "normal"; "quota" (the Data API answers
 * 403 quotaExceeded; InnerTube keeps working, as the keyless path has no quota); "down" (every
 * connection is dropped); "error" (every request answers 500); "slow" (every answer waits
 * delayMs first). GET /health and /__control are never affected by the mode.
 *
 * CLI: `node test/fakes/youtube.mjs` listens on FAKE_YOUTUBE_PORT (default 3104) and serves
 * FAKE_YOUTUBE_VIDEOS_DIR (default test/fixtures/videos); the key is FAKE_YOUTUBE_API_KEY
 * (default test-youtube-key).
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";

import { readBody } from "./http.mjs";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DEFAULT_VIDEOS_DIR = path.join(REPO_ROOT, "test/fixtures/videos");
const MODES = new Set(["normal", "quota", "down", "error", "slow"]);
const DEFAULT_SLOW_DELAY_MS = 2_000;
const STOPWORDS = new Set(["a", "an", "and", "the", "of", "to", "in", "on", "for", "is", "it", "how", "what", "why", "does", "do", "with"]);

/** Videos of `dir` in the fixtures' format; other JSON files (caption sidecars) are ignored. */
export function loadFixtureVideos(dir) {
  const videos = new Map();
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".json")) continue;
    let data;
    try {
      data = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
    } catch {
      continue;
    }
    if (typeof data?.videoId !== "string" || typeof data.title !== "string" || !Array.isArray(data.segments)) continue;
    videos.set(data.videoId, {
      id: data.videoId,
      title: data.title,
      channel: data.channel ?? "",
      description: data.description ?? "",
      durationSeconds: Math.round(data.durationSeconds ?? 0),
      viewCount: data.viewCount ?? fakeViewCount(data.videoId),
      embeddable: data.embeddable ?? true,
      segments: data.segments,
    });
  }
  return videos;
}

/** A stable, made-up view count so results differ without the fixtures carrying one. */
function fakeViewCount(id) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return 1_000 + hash * 7;
}

const words = (text) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word));

/** Simple word matching: a word in the title counts 2, in the description 1. Best first. */
function searchVideos(videos, query) {
  const queryWords = [...new Set(words(query))];
  if (queryWords.length === 0) return [];
  return [...videos.values()]
    .map((video) => {
      const title = new Set(words(`${video.title} ${video.channel}`));
      const description = new Set(words(video.description));
      const score = queryWords.reduce((sum, word) => sum + (title.has(word) ? 2 : 0) + (description.has(word) ? 1 : 0), 0);
      return { video, score };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.video.id.localeCompare(b.video.id))
    .map(({ video }) => video);
}

const hasCaptions = (video) => video.segments.length > 0;
function isoDuration(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${rest || (!hours && !minutes) ? `${rest}S` : ""}`;
}
const clock = (seconds) => {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
};
const thumbnail = (id, name, width, height) => ({ url: `https://i.ytimg.com/vi/${id}/${name}.jpg`, width, height });
const thumbnailSet = (id) => ({
  default: thumbnail(id, "default", 120, 90),
  medium: thumbnail(id, "mqdefault", 320, 180),
  high: thumbnail(id, "hqdefault", 480, 360),
});
const channelId = (video) =>
  `UC${Buffer.from(video.channel || "channel")
    .toString("hex")
    .slice(0, 22)
    .padEnd(22, "0")}`;

// --- YouTube Data API v3 ------------------------------------------------------------------

function googleError(code, reason, message, extra = {}) {
  return { error: { code, message, errors: [{ message, domain: reason === "quotaExceeded" ? "youtube.quota" : "global", reason }], ...extra } };
}

const DURATION_FILTERS = {
  any: () => true,
  short: (seconds) => seconds < 240,
  medium: (seconds) => seconds >= 240 && seconds <= 1200,
  long: (seconds) => seconds > 1200,
};

function dataApiSearch(videos, params) {
  if (!params.get("part")) return [400, googleError(400, "required", "Required parameter: part")];
  const filtered = ["videoCaption", "videoDuration", "videoEmbeddable"].filter((name) => params.has(name));
  if (filtered.length > 0 && params.get("type") !== "video") {
    return [400, googleError(400, "invalidSearchFilter", `The request specifies ${filtered[0]} without type=video.`)];
  }
  const durationFilter = DURATION_FILTERS[params.get("videoDuration") ?? "any"];
  if (!durationFilter) return [400, googleError(400, "invalidVideoDuration", "Invalid value for videoDuration.")];
  const maxResults = Math.min(50, Math.max(0, Number(params.get("maxResults") ?? 5)));
  const results = searchVideos(videos, params.get("q") ?? "")
    .filter((video) => params.get("videoCaption") !== "closedCaption" || hasCaptions(video))
    .filter((video) => params.get("videoCaption") !== "none" || !hasCaptions(video))
    .filter((video) => params.get("videoEmbeddable") !== "true" || video.embeddable)
    .filter((video) => durationFilter(video.durationSeconds));
  const items = results.slice(0, maxResults).map((video) => ({
    kind: "youtube#searchResult",
    etag: `etag-${video.id}`,
    id: { kind: "youtube#video", videoId: video.id },
    snippet: {
      publishedAt: "2024-01-01T00:00:00Z",
      channelId: channelId(video),
      title: video.title,
      description: video.description.slice(0, 160),
      thumbnails: thumbnailSet(video.id),
      channelTitle: video.channel,
      liveBroadcastContent: "none",
      publishTime: "2024-01-01T00:00:00Z",
    },
  }));
  return [
    200,
    {
      kind: "youtube#searchListResponse",
      etag: "etag-search",
      regionCode: "US",
      pageInfo: { totalResults: results.length, resultsPerPage: maxResults },
      items,
    },
  ];
}

function dataApiVideos(videos, params) {
  if (!params.get("part")) return [400, googleError(400, "required", "Required parameter: part")];
  const ids = (params.get("id") ?? "").split(",").filter(Boolean);
  if (ids.length > 50) return [400, googleError(400, "tooManyIds", "Too many video ids.")];
  const items = ids.flatMap((id) => {
    const video = videos.get(id);
    if (!video) return [];
    return [
      {
        kind: "youtube#video",
        etag: `etag-${video.id}`,
        id: video.id,
        snippet: {
          publishedAt: "2024-01-01T00:00:00Z",
          channelId: channelId(video),
          title: video.title,
          description: video.description,
          thumbnails: {
            ...thumbnailSet(video.id),
            standard: thumbnail(video.id, "sddefault", 640, 480),
            maxres: thumbnail(video.id, "maxresdefault", 1280, 720),
          },
          channelTitle: video.channel,
          categoryId: "27",
          liveBroadcastContent: "none",
          defaultAudioLanguage: "en",
        },
        contentDetails: {
          duration: isoDuration(video.durationSeconds),
          dimension: "2d",
          definition: "hd",
          caption: String(hasCaptions(video)),
          licensedContent: false,
          contentRating: {},
          projection: "rectangular",
        },
        statistics: { viewCount: String(video.viewCount), likeCount: String(Math.floor(video.viewCount / 40)), favoriteCount: "0", commentCount: "3" },
        status: {
          uploadStatus: "processed",
          privacyStatus: "public",
          license: "youtube",
          embeddable: video.embeddable,
          publicStatsViewable: true,
          madeForKids: false,
        },
      },
    ];
  });
  return [200, { kind: "youtube#videoListResponse", etag: "etag-videos", items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } }];
}

function checkKey(params, apiKey) {
  const key = params.get("key");
  if (!key) {
    const message =
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";
    return [403, googleError(403, "forbidden", message, { status: "PERMISSION_DENIED" })];
  }
  if (key !== apiKey) {
    return [
      400,
      googleError(400, "badRequest", "API key not valid. Please pass a valid API key.", {
        status: "INVALID_ARGUMENT",
        details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
      }),
    ];
  }
  return null;
}

const QUOTA_ERROR = googleError(
  403,
  "quotaExceeded",
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
);

// --- InnerTube (youtubei.js) ----------------------------------------------------------------

const VISITOR_DATA = "CgtGYWtlVmlzaXRvcijAvp2yBjIKCgJVUxIEGgAgYQ%3D%3D";

/** The JSPB answer of /sw.js_data: youtubei.js reads `[0][2] = [[deviceInfo], apiKey]`. */
function swJsData() {
  const deviceInfo = Array.from({ length: 108 }, () => null);
  Object.assign(deviceInfo, {
    0: "en",
    1: "US",
    3: "127.0.0.1",
    13: VISITOR_DATA,
    16: "2.20260623.01.00",
    17: "X11",
    18: "",
    61: [null, "fake-app-install-data"],
    79: "UTC",
    86: "Chrome",
    87: "125.0.0.0",
  });
  return `)]}'\n${JSON.stringify([["fake", null, [[deviceInfo], "fake-innertube-key"]]])}`;
}

const text = (value) => ({ runs: [{ text: value }] });
const transcriptParams = (id) => Buffer.from(JSON.stringify({ videoId: id })).toString("base64");

function videoRenderer(video) {
  return {
    videoRenderer: {
      videoId: video.id,
      thumbnail: { thumbnails: [thumbnail(video.id, "hqdefault", 480, 360), thumbnail(video.id, "mqdefault", 320, 180)] },
      title: text(video.title),
      descriptionSnippet: text(video.description.slice(0, 120)),
      ownerText: { runs: [{ text: video.channel, navigationEndpoint: { browseEndpoint: { browseId: channelId(video) } } }] },
      lengthText: { simpleText: clock(video.durationSeconds) },
      viewCountText: { simpleText: `${video.viewCount.toLocaleString("en-US")} views` },
      publishedTimeText: { simpleText: "1 year ago" },
      badges: hasCaptions(video) ? [{ metadataBadgeRenderer: { style: "BADGE_STYLE_TYPE_SIMPLE", label: "CC" } }] : [],
      navigationEndpoint: {
        commandMetadata: { webCommandMetadata: { url: `/watch?v=${video.id}`, webPageType: "WEB_PAGE_TYPE_WATCH", rootVe: 3832 } },
        watchEndpoint: { videoId: video.id },
      },
    },
  };
}

function innertubeSearch(videos, body) {
  const results = searchVideos(videos, String(body.query ?? "")).slice(0, 20);
  return {
    responseContext: { visitorData: VISITOR_DATA },
    estimatedResults: String(results.length),
    contents: {
      twoColumnSearchResultsRenderer: {
        primaryContents: { sectionListRenderer: { contents: [{ itemSectionRenderer: { contents: results.map(videoRenderer) } }] } },
      },
    },
  };
}

function innertubePlayer(videos, body) {
  const video = videos.get(String(body.videoId ?? ""));
  if (!video) return { responseContext: {}, playabilityStatus: { status: "ERROR", reason: "This video is unavailable" } };
  const thumbnails = { thumbnails: [thumbnail(video.id, "default", 120, 90), thumbnail(video.id, "maxresdefault", 1280, 720)] };
  return {
    responseContext: { visitorData: VISITOR_DATA },
    playabilityStatus: { status: "OK", playableInEmbed: video.embeddable },
    videoDetails: {
      videoId: video.id,
      title: video.title,
      lengthSeconds: String(video.durationSeconds),
      channelId: channelId(video),
      isOwnerViewing: false,
      shortDescription: video.description,
      isCrawlable: true,
      thumbnail: thumbnails,
      allowRatings: true,
      viewCount: String(video.viewCount),
      author: video.channel,
      isPrivate: false,
      isUnpluggedCorpus: false,
      isLiveContent: false,
    },
    ...(hasCaptions(video)
      ? {
          captions: {
            playerCaptionsTracklistRenderer: {
              captionTracks: [
                { baseUrl: `/api/timedtext?v=${video.id}&lang=en`, name: { simpleText: "English" }, vssId: ".en", languageCode: "en", isTranslatable: true },
              ],
            },
          },
        }
      : {}),
    microformat: {
      playerMicroformatRenderer: {
        thumbnail: thumbnails,
        embed: { iframeUrl: `https://www.youtube.com/embed/${video.id}`, width: 1280, height: 720 },
        title: { simpleText: video.title },
        description: { simpleText: video.description },
        lengthSeconds: String(video.durationSeconds),
        ownerProfileUrl: `http://www.youtube.com/channel/${channelId(video)}`,
        externalChannelId: channelId(video),
        isFamilySafe: true,
        isUnlisted: false,
        hasYpcMetadata: false,
        viewCount: String(video.viewCount),
        category: "Education",
        publishDate: "2024-01-01T00:00:00-00:00",
        ownerChannelName: video.channel,
        uploadDate: "2024-01-01T00:00:00-00:00",
      },
    },
  };
}

function innertubeNext(videos, body) {
  const video = videos.get(String(body.videoId ?? ""));
  if (!video)
    return {
      responseContext: {},
      contents: { twoColumnWatchNextResults: { results: { results: { contents: [] } }, secondaryResults: { secondaryResults: { results: [] } } } },
    };
  const panels = hasCaptions(video)
    ? [
        {
          engagementPanelSectionListRenderer: {
            panelIdentifier: "engagement-panel-searchable-transcript",
            header: { engagementPanelTitleHeaderRenderer: { title: text("Transcript") } },
            content: {
              continuationItemRenderer: {
                trigger: "CONTINUATION_TRIGGER_ON_ITEM_SHOWN",
                continuationEndpoint: {
                  commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: "/youtubei/v1/get_transcript" } },
                  getTranscriptEndpoint: { params: transcriptParams(video.id) },
                },
              },
            },
            targetId: "engagement-panel-searchable-transcript",
            visibility: "ENGAGEMENT_PANEL_VISIBILITY_HIDDEN",
          },
        },
      ]
    : [];
  return {
    responseContext: { visitorData: VISITOR_DATA },
    contents: {
      twoColumnWatchNextResults: {
        results: { results: { contents: [] } },
        secondaryResults: { secondaryResults: { results: [] } },
      },
    },
    currentVideoEndpoint: { watchEndpoint: { videoId: video.id } },
    engagementPanels: panels,
  };
}

function innertubeTranscript(videos, body) {
  let videoId;
  try {
    videoId = JSON.parse(Buffer.from(String(body.params ?? ""), "base64").toString("utf8")).videoId;
  } catch {
    videoId = undefined;
  }
  const video = videos.get(String(videoId));
  if (!video || !hasCaptions(video)) {
    return [
      400,
      {
        error: {
          code: 400,
          message: "Precondition check failed.",
          errors: [{ message: "Precondition check failed.", domain: "global", reason: "failedPrecondition" }],
          status: "FAILED_PRECONDITION",
        },
      },
    ];
  }
  const initialSegments = video.segments.map((segment, index) => {
    const startMs = Math.round(segment.start * 1000);
    return {
      transcriptSegmentRenderer: {
        startMs: String(startMs),
        endMs: String(startMs + Math.round(segment.duration * 1000)),
        snippet: text(segment.text),
        startTimeText: { simpleText: clock(segment.start) },
        targetId: `${video.id}.${index}`,
      },
    };
  });
  return [
    200,
    {
      responseContext: { visitorData: VISITOR_DATA },
      actions: [
        {
          updateEngagementPanelAction: {
            targetId: "engagement-panel-searchable-transcript",
            content: {
              transcriptRenderer: {
                content: {
                  transcriptSearchPanelRenderer: {
                    body: { transcriptSegmentListRenderer: { initialSegments, noResultLabel: text("No results found"), retryLabel: text("TRY AGAIN") } },
                    targetId: "engagement-panel-searchable-transcript-search-panel",
                  },
                },
              },
            },
          },
        },
      ],
    },
  ];
}

// --- server -------------------------------------------------------------------------------

function parseJson(raw) {
  try {
    return raw ? JSON.parse(raw) : {};
  } catch {
    return null;
  }
}

/**
 * Starts the fake. `requests` logs every request to the YouTube faces (not /health or
 * /__control) as { method, path, query, body }.
 */
export async function startFakeYouTube({ port = 0, host = "127.0.0.1", videosDir = DEFAULT_VIDEOS_DIR, apiKey = "test-youtube-key" } = {}) {
  const videos = loadFixtureVideos(videosDir);
  const state = { mode: "normal", delayMs: DEFAULT_SLOW_DELAY_MS };
  const requests = [];
  const closing = new AbortController();

  const send = (res, status, body, type = "application/json; charset=UTF-8") => {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { "content-type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  function setMode(mode, options = {}) {
    if (!MODES.has(mode)) throw new Error(`unknown fake YouTube mode: ${mode}`);
    state.mode = mode;
    state.delayMs = options.delayMs ?? state.delayMs;
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const raw = await readBody(req);
    if (url.pathname === "/health") return send(res, 200, { ok: true, mode: state.mode, videos: videos.size });
    if (url.pathname === "/__control") {
      if (req.method === "GET") return send(res, 200, state);
      const body = parseJson(raw);
      try {
        setMode(body?.mode ?? state.mode, { delayMs: body?.delayMs });
      } catch (error) {
        return send(res, 400, { error: error.message });
      }
      return send(res, 200, state);
    }

    requests.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: raw });
    if (state.mode === "down") return void req.socket.destroy();
    if (state.mode === "error") return send(res, 500, googleError(500, "backendError", "Backend Error"));
    if (state.mode === "slow") await delay(state.delayMs, undefined, { signal: closing.signal }).catch(() => {});

    const route = `${req.method} ${url.pathname}`;
    if (url.pathname.startsWith("/youtube/v3/")) {
      const keyError = checkKey(url.searchParams, apiKey);
      if (keyError) return send(res, ...keyError);
      if (state.mode === "quota") return send(res, 403, QUOTA_ERROR);
      if (route === "GET /youtube/v3/search") return send(res, ...dataApiSearch(videos, url.searchParams));
      if (route === "GET /youtube/v3/videos") return send(res, ...dataApiVideos(videos, url.searchParams));
      return send(res, 404, googleError(404, "notFound", "Not Found"));
    }
    if (route === "GET /sw.js_data") return send(res, 200, swJsData(), "application/json+protobuf; charset=UTF-8");
    if (req.method === "POST" && url.pathname.startsWith("/youtubei/v1/")) {
      const body = parseJson(raw);
      if (body === null || typeof body !== "object") return send(res, 400, googleError(400, "badRequest", "Invalid JSON payload received."));
      switch (url.pathname) {
        case "/youtubei/v1/config":
          return send(res, 200, { responseContext: { globalConfigGroup: {} }, configData: "fake-config-data" });
        case "/youtubei/v1/search":
          return send(res, 200, innertubeSearch(videos, body));
        case "/youtubei/v1/player":
          return send(res, 200, innertubePlayer(videos, body));
        case "/youtubei/v1/next":
          return send(res, 200, innertubeNext(videos, body));
        case "/youtubei/v1/get_transcript":
          return send(res, ...innertubeTranscript(videos, body));
      }
    }
    return send(res, 404, { error: { code: 404, message: "Not Found", status: "NOT_FOUND" } });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { error: { code: 500, message: String(error?.message ?? error) } }));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    requests,
    setMode,
    close: () =>
      new Promise((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fake = await startFakeYouTube({
    port: Number(process.env.FAKE_YOUTUBE_PORT ?? 3104),
    host: process.env.FAKE_YOUTUBE_HOST ?? "127.0.0.1",
    videosDir: process.env.FAKE_YOUTUBE_VIDEOS_DIR ? path.resolve(process.env.FAKE_YOUTUBE_VIDEOS_DIR) : undefined,
    apiKey: process.env.FAKE_YOUTUBE_API_KEY ?? undefined,
  });
  console.log(`fake YouTube on ${fake.url} (Data API ${fake.url}/youtube/v3)`);
  const stop = async () => {
    await fake.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
