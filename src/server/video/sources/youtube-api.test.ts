import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, type MockInstance, test, vi } from "vitest";

import { logger } from "~/server/logger";

import { type FakeYouTube, loadFixtureVideos, startFakeYouTube } from "../../../../test/fakes/youtube.mjs";
import { isVideoSourceError, VideoSourceError } from "../errors";
import type { RawCaption, VideoQuery, VideoSource } from "../types";
import { createYouTubeApiSource, parseIsoDuration, type YouTubeApiSourceOptions } from "./youtube-api";
import { rejectionOf } from "../../../../test/rejection";

const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../../../test/fixtures/videos");
const LANGUAGES_DIR = path.resolve(import.meta.dirname, "../../../../test/fixtures/videos-languages");
const API_KEY = "test-youtube-key-s3cr3t";

/** Made-up videos beside the fixtures, to exercise the search filters. */
const extraVideo = (videoId: string, title: string, durationSeconds: number, overrides: Record<string, unknown> = {}) => ({
  videoId,
  title,
  channel: "Test Channel",
  description: `${title}. A made-up video for the Data API tests.`,
  durationSeconds,
  segments: [{ text: `This is ${title}.`, start: 0.5, duration: 2 }],
  ...overrides,
});
const EXTRA_VIDEOS = [
  extraVideo("shortClip01", "Binary search in two minutes", 150),
  extraVideo("binNoCaps01", "Binary search without captions", 600, { segments: [], viewCount: 12 }),
  extraVideo("noEmbed0001", "Binary search, embedding disabled", 500, { embeddable: false }),
  extraVideo("longLectur1", "Binary search trees: a full lecture", 3_000),
];

let videosDir: string;
let fake: FakeYouTube;
let warn: MockInstance<typeof logger.warn>;
const transcripts = {
  transcript: vi.fn<VideoSource["transcript"]>(),
  translatedTranscript: vi.fn<NonNullable<VideoSource["translatedTranscript"]>>(),
};

beforeAll(async () => {
  videosDir = await mkdtemp(path.join(tmpdir(), "coursecraft-fake-youtube-"));
  await cp(FIXTURES_DIR, videosDir, { recursive: true });
  await Promise.all(EXTRA_VIDEOS.map((video) => writeFile(path.join(videosDir, `${video.videoId}.json`), JSON.stringify(video))));
  fake = await startFakeYouTube({ port: 0, videosDir, apiKey: API_KEY });
});

afterAll(async () => {
  await fake.close();
  await rm(videosDir, { recursive: true, force: true });
});

beforeEach(() => {
  fake.requests.length = 0;
  transcripts.transcript.mockReset();
  transcripts.translatedTranscript.mockReset();
  warn = vi.spyOn(logger, "warn");
});

afterEach(() => {
  fake.setMode("normal");
  vi.restoreAllMocks();
});

const source = (overrides: Partial<YouTubeApiSourceOptions> = {}) =>
  createYouTubeApiSource({ apiKey: API_KEY, baseUrl: `${fake.url}/youtube/v3`, transcripts, ...overrides });
const query = (topic: string, limit = 3, complexity: VideoQuery["complexity"] = "beginner"): VideoQuery => ({ topic, complexity, limit });

const sourceError = (promise: Promise<unknown>) => rejectionOf(promise, isVideoSourceError, "a VideoSourceError");
const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

describe("search", () => {
  test("captioned videos of a suitable length come first, then an unrestricted search fills up", async () => {
    const results = await source().search(query("binary search"));

    // The fake orders equal matches by id; the embedding-disabled video is filtered out by YouTube.
    expect(results.map((video) => video.id)).toEqual(["binSearch01", "binNoCaps01", "longLectur1"]);
    const [captioned, unrestricted, videos, ...rest] = fake.requests;
    expect(rest).toEqual([]);
    expect(captioned).toMatchObject({
      path: "/youtube/v3/search",
      query: {
        part: "snippet",
        type: "video",
        q: "binary search",
        videoEmbeddable: "true",
        videoCaption: "closedCaption",
        videoDuration: "medium",
        safeSearch: "strict",
        relevanceLanguage: "en",
        maxResults: "3",
        key: API_KEY,
      },
    });
    expect(unrestricted?.query).not.toHaveProperty("videoCaption");
    expect(unrestricted?.query).toMatchObject({ type: "video", videoEmbeddable: "true", safeSearch: "strict" });
    expect(videos).toMatchObject({ path: "/youtube/v3/videos", query: { part: "snippet,contentDetails,statistics,status" } });
    expect(videos?.query.id?.split(",")).toEqual(["binSearch01", "binNoCaps01", "longLectur1"]);
  });

  test("returns ranked-ready details: duration, views, captions, embeddable, the best thumbnail", async () => {
    const results = await source().search(query("binary search", 4));
    const views = loadFixtureVideos(videosDir).get("binSearch01")?.viewCount;
    expect(views).toBeGreaterThan(0);
    expect(results[0]).toEqual({
      id: "binSearch01",
      source: "youtube-api",
      title: "How binary search works | Algorithms explained",
      description: expect.stringContaining("0:00 - Why binary search?\n1:05 - The key idea") as string,
      channelTitle: "CourseCraft Samples",
      durationSeconds: 372,
      thumbnailUrl: "https://i.ytimg.com/vi/binSearch01/maxresdefault.jpg",
      viewCount: views,
      embeddable: true,
      hasCaptions: true,
    });
    expect(results[1]).toMatchObject({ id: "binNoCaps01", durationSeconds: 600, viewCount: 12, hasCaptions: false, embeddable: true });
    expect(results[2]).toMatchObject({ id: "longLectur1", durationSeconds: 3_000, hasCaptions: true });
    expect(results[3]).toMatchObject({ id: "shortClip01", durationSeconds: 150, hasCaptions: true });
    expect(results).toHaveLength(4);
  });

  test("enough captioned results: one search and one videos.list, nothing more", async () => {
    expect((await source().search(query("binary search", 1))).map((video) => video.id)).toEqual(["binSearch01"]);
    expect(fake.requests.map((request) => request.path)).toEqual(["/youtube/v3/search", "/youtube/v3/videos"]);
  });

  test("advanced topics look for long videos first", async () => {
    const results = await source().search(query("binary search", 1, "advanced"));
    expect(results.map((video) => video.id)).toEqual(["longLectur1"]);
    expect(results[0]?.durationSeconds).toBe(3_000);
    expect(fake.requests[0]?.query.videoDuration).toBe("long");
  });

  test("at most 10 results per search.list, however large the limit", async () => {
    await source().search(query("binary search", 25));
    expect(fake.requests.filter((request) => request.path === "/youtube/v3/search").map((request) => request.query.maxResults)).toEqual(["10", "10"]);
  });

  test("a blank topic or a zero limit makes no request", async () => {
    expect(await source().search(query("   "))).toEqual([]);
    expect(await source().search(query("binary search", 0))).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  test("nothing found is an empty list, without a videos.list call", async () => {
    expect(await source().search(query("quantum chromodynamics"))).toEqual([]);
    expect(fake.requests.map((request) => request.path)).toEqual(["/youtube/v3/search", "/youtube/v3/search"]);
  });

  test("a base URL with a trailing slash is joined correctly", async () => {
    expect(await source({ baseUrl: `${fake.url}/youtube/v3/` }).search(query("binary search", 1))).toHaveLength(1);
  });
});

describe("details", () => {
  test("one videos.list for the id", async () => {
    expect(await source().details("musicOnly01")).toMatchObject({
      id: "musicOnly01",
      title: "Sorting algorithms visualised (music only)",
      durationSeconds: 240,
      hasCaptions: false,
      embeddable: true,
    });
    expect(await source().details("noEmbed0001")).toMatchObject({ embeddable: false });
    expect(fake.requests.map((request) => request.query.id)).toEqual(["musicOnly01", "noEmbed0001"]);
  });

  test("an unknown id is not found", async () => {
    expect(await source().details("dQw4w9WgXcQ")).toBeNull();
    expect(fake.requests).toHaveLength(1);
  });

  test.each([["../videos?id=x"], [""], ["binSearch0"], ["binSearch01,musicOnly01"], ["binSearch01&key=stolen"], ["https://evil.example/"]])(
    "refuses the id %j without a request",
    async (id) => {
      expect(await source().details(id)).toBeNull();
      expect(await source().transcript(id)).toBeNull();
      expect(fake.requests).toEqual([]);
      expect(transcripts.transcript).not.toHaveBeenCalled();
    },
  );
});

describe("transcript", () => {
  test("is delegated to the transcripts source, with the caller's signal", async () => {
    const captions: RawCaption[] = [{ text: "Hello.", startMs: 0, durationMs: 1000 }];
    transcripts.transcript.mockResolvedValue(captions);
    const signal = new AbortController().signal;
    expect(await source().transcript("binSearch01", signal)).toBe(captions);
    expect(transcripts.transcript).toHaveBeenCalledWith("binSearch01", signal);
    expect(fake.requests).toEqual([]);
  });
});

describe("translatedTranscript", () => {
  test("is delegated to the transcripts source, with the language and the caller's signal", async () => {
    const track = { captions: [{ text: "Hola.", startMs: 0, durationMs: 1000 }] };
    transcripts.translatedTranscript.mockResolvedValue(track);
    const signal = new AbortController().signal;
    expect(await source().translatedTranscript("binSearch01", "es", signal)).toBe(track);
    expect(transcripts.translatedTranscript).toHaveBeenCalledWith("binSearch01", "es", signal);
    expect(fake.requests).toEqual([]);
  });

  test("is null for a malformed id, or when the transcripts source has no translated tracks", async () => {
    expect(await source().translatedTranscript("binSearch01&x", "es")).toBeNull();
    expect(transcripts.translatedTranscript).not.toHaveBeenCalled();
    const ownTracksOnly = { transcript: transcripts.transcript };
    expect(await source({ transcripts: ownTracksOnly }).translatedTranscript("binSearch01", "es")).toBeNull();
  });
});

describe("languages and playlists", () => {
  /** 120 made-up ids: three pages of playlistItems.list. */
  const LONG_LIST = Array.from({ length: 120 }, (_, index) => `longList${String(index).padStart(3, "0")}`);
  let languagesFake: FakeYouTube;
  beforeAll(async () => {
    languagesFake = await startFakeYouTube({
      videosDir: LANGUAGES_DIR,
      apiKey: API_KEY,
      playlists: { PLcourseCraftLong01: { title: "A long course", videoIds: LONG_LIST } },
    });
  });
  afterAll(async () => {
    await languagesFake.close();
  });
  beforeEach(() => {
    languagesFake.requests.length = 0;
  });

  const languagesSource = (overrides: Partial<YouTubeApiSourceOptions> = {}) => source({ baseUrl: `${languagesFake.url}/youtube/v3`, ...overrides });
  const requested = () => languagesFake.requests.map(({ path: pathname, query: { key: _key, ...params } }) => ({ path: pathname, params }));

  test("a search in a language asks for results in it; English otherwise", async () => {
    const relevanceLanguages = () =>
      new Set(languagesFake.requests.filter((request) => request.path === "/youtube/v3/search").map((request) => request.query.relevanceLanguage));

    const inSpanish = await languagesSource().search({ ...query("binary search", 2), language: "es" });
    expect(inSpanish.map((video) => video.id)).toEqual(["busqBinar01", "binSteps001"]);
    expect(relevanceLanguages()).toEqual(new Set(["es"]));
    languagesFake.requests.length = 0;

    expect((await languagesSource().search(query("binary search", 2))).map((video) => video.id)).toEqual(["binSteps001", "busqBinar01"]);
    await languagesSource().search({ ...query("binary search", 2), language: "not a language" });
    expect(relevanceLanguages()).toEqual(new Set(["en"]));
  });

  test("playlist: the title, the valid video ids in order and the playlist's item count", async () => {
    expect(await languagesSource().playlist("PLcourseCraftBasics1", 10)).toEqual({
      id: "PLcourseCraftBasics1",
      title: "Search basics, in two languages",
      videoIds: ["busqBinar01", "binSteps001", "hashMaps001", "silentClip1"],
      totalVideos: 5,
    });
    expect(requested()).toEqual([
      { path: "/youtube/v3/playlists", params: { part: "snippet,contentDetails", id: "PLcourseCraftBasics1" } },
      { path: "/youtube/v3/playlistItems", params: { part: "contentDetails", playlistId: "PLcourseCraftBasics1", maxResults: "50" } },
    ]);
  });

  test("playlist: pages until the limit, and no further", async () => {
    const playlist = await languagesSource().playlist("PLcourseCraftLong01", 60);
    expect(playlist).toMatchObject({ title: "A long course", videoIds: LONG_LIST.slice(0, 60), totalVideos: 120 });
    const pages = requested().filter((request) => request.path === "/youtube/v3/playlistItems");
    expect(pages).toHaveLength(2);
    expect(pages[0]?.params).not.toHaveProperty("pageToken");
    expect(pages[1]?.params.pageToken).toEqual(expect.any(String));
  });

  test("playlist: a missing or private playlist is null, without asking for its items", async () => {
    expect(await languagesSource().playlist("PLdoesNotExist0001", 5)).toBeNull();
    expect(await languagesSource().playlist("PLcourseCraftHidden1", 5)).toBeNull();
    expect(requested().map((request) => request.path)).toEqual(["/youtube/v3/playlists", "/youtube/v3/playlists"]);
  });

  test("playlist: items YouTube says are missing or not readable make it null", async () => {
    const itemsAnswer = (status: number, reason: string) =>
      vi.fn<typeof fetch>(async (input, init) =>
        new URL(urlOf(input)).pathname.endsWith("/playlistItems")
          ? Response.json({ error: { code: status, message: "No.", errors: [{ reason }] } }, { status })
          : fetch(input, init),
      );
    expect(await languagesSource({ fetch: itemsAnswer(404, "playlistNotFound") }).playlist("PLcourseCraftBasics1", 5)).toBeNull();
    expect(await languagesSource({ fetch: itemsAnswer(403, "playlistItemsNotAccessible") }).playlist("PLcourseCraftBasics1", 5)).toBeNull();
    expect((await sourceError(languagesSource({ fetch: itemsAnswer(404, "notFound") }).playlist("PLcourseCraftBasics1", 5))).kind).toBe("bad-response");
  });

  test("playlist: without an item count, the total is the videos seen, and one more when pages are left", async () => {
    const withoutCount = vi.fn<typeof fetch>(async (input, init) => {
      const response = await fetch(input, init);
      if (!new URL(urlOf(input)).pathname.endsWith("/playlists")) return response;
      const { items } = (await response.json()) as { items: { contentDetails?: unknown }[] };
      return Response.json({ items: items.map(({ contentDetails: _contentDetails, ...item }) => item) });
    });
    expect(await languagesSource({ fetch: withoutCount }).playlist("PLcourseCraftLong01", 60)).toMatchObject({ totalVideos: 101 });
    expect(await languagesSource({ fetch: withoutCount }).playlist("PLcourseCraftBasics1", 60)).toMatchObject({ totalVideos: 4 });
  });

  test.each([["PL"], [""], ["PLcourse Craft1"], ["PLcourseCraftBasics1&key=stolen"], ["x".repeat(65)]])(
    "playlist: refuses the id %j without a request",
    async (listId) => {
      expect(await languagesSource().playlist(listId, 5)).toBeNull();
      expect(languagesFake.requests).toEqual([]);
    },
  );

  test("playlist errors: quota, unreachable and bad answers map like the other calls", async () => {
    languagesFake.setMode("quota");
    expect((await sourceError(languagesSource().playlist("PLcourseCraftBasics1", 5))).kind).toBe("quota");
    languagesFake.setMode("down");
    expect((await sourceError(languagesSource().playlist("PLcourseCraftBasics1", 5))).kind).toBe("unreachable");
    languagesFake.setMode("normal");
    const wrongShape = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ items: [{ id: "PLcourseCraftBasics1" }] })));
    expect((await sourceError(languagesSource({ fetch: wrongShape }).playlist("PLcourseCraftBasics1", 5))).kind).toBe("bad-response");
    expect(JSON.stringify(warn.mock.calls)).not.toContain(API_KEY);
  });
});

describe("failures", () => {
  test("quota exceeded → kind quota; the key appears in no message and no log", async () => {
    fake.setMode("quota");
    const error = await sourceError(source().search(query("binary search")));
    expect(error).toMatchObject({ kind: "quota", source: "youtube-api" });
    expect(error.message).toContain("quotaExceeded");
    expect(error.message).not.toContain("<a");
    expect(JSON.stringify([error.message, String(error.cause), warn.mock.calls])).not.toContain(API_KEY);
    expect(warn).toHaveBeenCalledWith(
      "YouTube Data API request failed",
      expect.objectContaining({ url: expect.stringContaining("key=%5Bredacted%5D") as string, status: 403 }),
    );
    expect((await sourceError(source().details("binSearch01"))).kind).toBe("quota");
  });

  test("a wrong key → kind not-configured, and the wrong key is not echoed", async () => {
    const wrongKey = "wrong-key-that-must-stay-secret";
    const error = await sourceError(source({ apiKey: wrongKey }).details("binSearch01"));
    expect(error.kind).toBe("not-configured");
    expect(error.message).toContain("API_KEY_INVALID");
    expect(JSON.stringify([error.message, warn.mock.calls])).not.toContain(wrongKey);
  });

  test.each([["down"], ["error"]] as const)("the fake %s → kind unreachable", async (mode) => {
    fake.setMode(mode);
    const error = await sourceError(source().search(query("binary search")));
    expect(error.kind).toBe("unreachable");
    expect(error.message).not.toContain(API_KEY);
  });

  test("a closed server → kind unreachable, with the key nowhere in the message", async () => {
    const closed = await startFakeYouTube({ videosDir, apiKey: API_KEY });
    await closed.close();
    const error = await sourceError(source({ baseUrl: `${closed.url}/youtube/v3` }).details("binSearch01"));
    expect(error.kind).toBe("unreachable");
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).not.toContain(API_KEY);
  });

  test("a slow answer times out → kind unreachable", async () => {
    fake.setMode("slow", { delayMs: 1_000 });
    const error = await sourceError(source({ requestTimeoutMs: 100 }).details("binSearch01"));
    expect(error).toMatchObject({ kind: "unreachable", message: expect.stringContaining("no answer within 100 ms") as string });
  });

  test("the caller's abort propagates as an AbortError, not a source error", async () => {
    fake.setMode("slow", { delayMs: 1_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error: unknown = await source()
      .details("binSearch01", controller.signal)
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: "AbortError" });
    expect(error).not.toBeInstanceOf(VideoSourceError);
  });

  test("an already aborted signal makes no request", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(source().search(query("binary search"), controller.signal)).rejects.toMatchObject({ name: "AbortError" });
    expect(fake.requests).toEqual([]);
  });

  test.each([
    ["not JSON", "<html>Oops</html>"],
    ["a wrong shape", JSON.stringify({ items: [{ id: "binSearch01", snippet: {} }] })],
    ["a bad duration", JSON.stringify({ items: [{ id: "binSearch01", snippet: { title: "t" }, contentDetails: { duration: "six minutes" } }] })],
  ])("an answer with %s → kind bad-response", async (_label, body) => {
    const fetchStub = vi.fn<typeof fetch>(() => Promise.resolve(new Response(body, { status: 200, headers: { "content-type": "application/json" } })));
    const error = await sourceError(source({ fetch: fetchStub }).details("binSearch01"));
    expect(error.kind).toBe("bad-response");
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  test("requests go only to the configured base", async () => {
    const urls: string[] = [];
    const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
      urls.push(urlOf(input));
      return fetch(input, init);
    });
    await source({ fetch: fetchStub }).search(query("binary search"));
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url).toMatch(new RegExp(`^${fake.url}/youtube/v3/(search|videos)\\?`));
  });
});

test.each([
  ["PT6M12S", 372],
  ["PT45S", 45],
  ["PT1H", 3600],
  ["PT1H2M3S", 3723],
  ["P1DT2H", 93_600],
  ["P0D", 0],
  ["6:12", 0],
])("parseIsoDuration(%j) = %d", (value, seconds) => {
  expect(parseIsoDuration(value)).toBe(seconds);
});
