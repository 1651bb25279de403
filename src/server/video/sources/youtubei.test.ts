import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { type FakeYouTube, loadFixtureVideos, startFakeYouTube } from "../../../../test/fakes/youtube.mjs";
import { isVideoSourceError, VideoSourceError } from "../errors";
import type { RawCaption, VideoQuery } from "../types";
import { clearLibraryCache, createLibrarySource } from "./library";
import { createYouTubeiSource, resolveYouTubeUrl, type YouTubeiSourceOptions } from "./youtubei";
import { rejectionOf } from "../../../../test/rejection";

const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../../../test/fixtures/videos");
const LANGUAGES_DIR = path.resolve(import.meta.dirname, "../../../../test/fixtures/videos-languages");
const CORPUS_DIR = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/videos");

let fake: FakeYouTube;

beforeAll(async () => {
  fake = await startFakeYouTube({ port: 0, videosDir: FIXTURES_DIR });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

afterEach(() => {
  fake.setMode("normal");
});

const source = (overrides: Partial<YouTubeiSourceOptions> = {}) => createYouTubeiSource({ baseUrl: fake.url, ...overrides });
const query = (topic: string, limit = 5): VideoQuery => ({ topic, complexity: "beginner", limit });

/** The fixture's segments as the library reads them: milliseconds, rounded. */
function fixtureCaptions(file: string): RawCaption[] {
  const { segments } = JSON.parse(readFileSync(file, "utf8")) as { segments: { text: string; start: number; duration: number }[] };
  return segments.map((segment) => ({
    text: segment.text,
    startMs: Math.round(segment.start * 1000),
    durationMs: Math.max(0, Math.round(segment.duration * 1000)),
  }));
}

const sourceError = (promise: Promise<unknown>) => rejectionOf(promise, isVideoSourceError, "a VideoSourceError");

describe("youtubei source over the fake", () => {
  // One source for the block: its session is created by the first call and reused.
  const youtubei = () => sharedSource;
  let sharedSource: ReturnType<typeof source>;
  beforeAll(() => {
    sharedSource = source();
  });

  test("search returns ranked-ready details; the session is created once", async () => {
    const results = await youtubei().search(query("binary search"));
    const views = loadFixtureVideos(FIXTURES_DIR).get("binSearch01")?.viewCount;
    expect(youtubei().name).toBe("youtubei");
    expect(results).toEqual([
      {
        id: "binSearch01",
        source: "youtubei",
        title: "How binary search works | Algorithms explained",
        description: expect.stringContaining("binary search") as string,
        channelTitle: "CourseCraft Samples",
        durationSeconds: 372,
        thumbnailUrl: "https://i.ytimg.com/vi/binSearch01/hqdefault.jpg",
        viewCount: views,
        embeddable: true,
        hasCaptions: true,
      },
    ]);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "GET /sw.js_data",
      "POST /youtubei/v1/config",
      "POST /youtubei/v1/search",
    ]);
    expect(JSON.parse(fake.requests[2]?.body ?? "{}")).toMatchObject({ query: "binary search", context: { user: { enableSafetyMode: true } } });

    fake.requests.length = 0;
    expect((await youtubei().search(query("sorting algorithms")))[0]).toMatchObject({ id: "musicOnly01", hasCaptions: false, durationSeconds: 240 });
    expect(fake.requests.map((request) => request.path)).toEqual(["/youtubei/v1/search"]);
  });

  test("search honours the limit and skips the network for a blank topic", async () => {
    expect(await youtubei().search(query("binary search sorting", 1))).toHaveLength(1);
    expect(await youtubei().search(query("  "))).toEqual([]);
    expect(await youtubei().search(query("binary search", 0))).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  test("details come from the player response", async () => {
    expect(await youtubei().details("binSearch01")).toEqual({
      id: "binSearch01",
      source: "youtubei",
      title: "How binary search works | Algorithms explained",
      description: expect.stringContaining("0:00 - Why binary search?\n1:05 - The key idea") as string,
      channelTitle: "CourseCraft Samples",
      durationSeconds: 372,
      thumbnailUrl: "https://i.ytimg.com/vi/binSearch01/maxresdefault.jpg",
      viewCount: loadFixtureVideos(FIXTURES_DIR).get("binSearch01")?.viewCount,
      embeddable: true,
      hasCaptions: true,
    });
    expect(await youtubei().details("musicOnly01")).toMatchObject({ hasCaptions: false, durationSeconds: 240 });
    expect(fake.requests.map((request) => request.path)).toEqual(["/youtubei/v1/player", "/youtubei/v1/player"]);
  });

  test("an unknown video is not found", async () => {
    expect(await youtubei().details("dQw4w9WgXcQ")).toBeNull();
    expect(await youtubei().transcript("dQw4w9WgXcQ")).toBeNull();
  });

  test("the transcript equals the fixture's segments, in milliseconds", async () => {
    const captions = await youtubei().transcript("binSearch01");
    expect(captions).toEqual(fixtureCaptions(path.join(FIXTURES_DIR, "binary-search-lesson.json")));
    expect(captions).toHaveLength(40);
    expect(fake.requests.map((request) => request.path)).toEqual(["/youtubei/v1/player", "/youtubei/v1/next", "/youtubei/v1/get_transcript"]);
  });

  test("a video without captions has no transcript (null, not an error), and no transcript request", async () => {
    expect(await youtubei().transcript("musicOnly01")).toBeNull();
    expect(fake.requests.map((request) => request.path)).not.toContain("/youtubei/v1/get_transcript");
  });

  test.each([["../../etc/passwd"], [""], ["binSearch0"], ["binSearch01/../x"], ["https://www.youtube.com/watch?v=binSearch01"]])(
    "refuses the id %j without a request",
    async (id) => {
      expect(await youtubei().details(id)).toBeNull();
      expect(await youtubei().transcript(id)).toBeNull();
      expect(fake.requests).toEqual([]);
    },
  );
});

describe("failures", () => {
  test.each([["down"], ["error"]] as const)("the fake %s → kind unreachable", async (mode) => {
    fake.setMode(mode);
    const error = await sourceError(source().search(query("binary search")));
    expect(error).toMatchObject({ kind: "unreachable", source: "youtubei" });
  });

  test("a closed server → kind unreachable", async () => {
    const closed = await startFakeYouTube({ videosDir: FIXTURES_DIR });
    await closed.close();
    const error = await sourceError(source({ baseUrl: closed.url }).details("binSearch01"));
    expect(error).toMatchObject({ kind: "unreachable", message: expect.stringContaining("ECONNREFUSED") as string });
  });

  test("a slow answer times out → kind unreachable", async () => {
    fake.setMode("slow", { delayMs: 1_000 });
    const error = await sourceError(source({ requestTimeoutMs: 100 }).transcript("binSearch01"));
    expect(error).toMatchObject({ kind: "unreachable", message: expect.stringContaining("no answer within 100 ms") as string });
  });

  test("a client created while YouTube was down recovers when it is back", async () => {
    const youtubei = source();
    fake.setMode("down");
    expect((await sourceError(youtubei.details("binSearch01"))).kind).toBe("unreachable");
    fake.setMode("normal");
    expect(await youtubei.details("binSearch01")).toMatchObject({ id: "binSearch01" });
  });

  test("the caller's abort propagates as an AbortError, not a source error", async () => {
    const youtubei = source();
    await youtubei.details("binSearch01");
    fake.setMode("slow", { delayMs: 1_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error: unknown = await youtubei.transcript("binSearch01", controller.signal).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: "AbortError" });
    expect(error).not.toBeInstanceOf(VideoSourceError);
  });

  test("an already aborted signal makes no request", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(source().search(query("binary search"), controller.signal)).rejects.toMatchObject({ name: "AbortError" });
    expect(fake.requests).toEqual([]);
  });

  /** A fetch that answers `path` itself and forwards everything else to the fake. */
  const answering = (pathname: string, response: () => Response) =>
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return url.pathname === pathname ? response() : fetch(input, init);
    });

  test.each([
    ["not JSON", () => new Response("<html>sorry</html>", { status: 200 })],
    ["an empty object", () => Response.json({})],
    ["an HTTP 400", () => Response.json({ error: { code: 400, status: "FAILED_PRECONDITION" } }, { status: 400 })],
  ])("a search answer that is %s → kind bad-response", async (_label, response) => {
    const error = await sourceError(source({ fetch: answering("/youtubei/v1/search", response) }).search(query("binary search")));
    expect(error.kind).toBe("bad-response");
  });

  test("a transcript answer without segments → kind bad-response", async () => {
    const error = await sourceError(
      source({ fetch: answering("/youtubei/v1/get_transcript", () => Response.json({ actions: [] })) }).transcript("binSearch01"),
    );
    expect(error.kind).toBe("bad-response");
  });

  test("HTTP 429 → kind quota", async () => {
    const fetchStub = answering("/youtubei/v1/player", () => new Response("", { status: 429 }));
    expect((await sourceError(source({ fetch: fetchStub }).details("binSearch01"))).kind).toBe("quota");
  });

  test("with YouTube's own base URL, requests go to www.youtube.com unchanged", async () => {
    const urls: string[] = [];
    const toFake = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      urls.push(url.origin);
      return fetch(`${fake.url}${url.pathname}${url.search}`, init);
    });
    expect(await createYouTubeiSource({ fetch: toFake }).details("binSearch01")).toMatchObject({ id: "binSearch01" });
    expect(urls.length).toBeGreaterThan(0);
    expect(new Set(urls)).toEqual(new Set(["https://www.youtube.com"]));
  });
});

describe("languages and playlists", () => {
  // Pages of two videos, so a five-video playlist needs continuations.
  let languagesFake: FakeYouTube;
  beforeAll(async () => {
    languagesFake = await startFakeYouTube({ videosDir: LANGUAGES_DIR, playlistPageSize: 2 });
  });
  afterAll(async () => {
    await languagesFake.close();
  });
  beforeEach(() => {
    languagesFake.requests.length = 0;
  });

  const languagesSource = (overrides: Partial<YouTubeiSourceOptions> = {}) => source({ baseUrl: languagesFake.url, ...overrides });
  const paths = () => languagesFake.requests.map((request) => request.path);
  /** The interface language (`hl`) of each search request. */
  const sessionLanguages = () =>
    languagesFake.requests
      .filter((request) => request.path === "/youtubei/v1/search")
      .map((request) => (JSON.parse(request.body) as { context: { client: { hl: string } } }).context.client.hl);
  const captionsOf = (file: string) => fixtureCaptions(path.join(LANGUAGES_DIR, file));

  test("a search in a language runs in a session of that language, created once; English stays the default", async () => {
    const youtubei = languagesSource();
    expect((await youtubei.search(query("binary search"))).map((video) => video.id)).toEqual(["binSteps001", "busqBinar01"]);
    expect((await youtubei.search({ ...query("binary search"), language: "es" })).map((video) => video.id)).toEqual(["busqBinar01", "binSteps001"]);
    await youtubei.search({ ...query("binary search"), language: "es" });
    await youtubei.search({ ...query("binary search"), language: "zh" });
    await youtubei.search({ ...query("binary search"), language: "Spanish" });
    expect(sessionLanguages()).toEqual(["en", "es", "es", "zh-CN", "en"]);
    expect(paths().filter((pathname) => pathname === "/sw.js_data")).toHaveLength(3);
  });

  describe("translatedTranscript", () => {
    const youtubei = () => sharedSource;
    let sharedSource: ReturnType<typeof source>;
    beforeAll(() => {
      sharedSource = languagesSource();
    });

    test("is the creator's track in the language, chosen from the transcript's language menu", async () => {
      await youtubei().details("binSteps001");
      languagesFake.requests.length = 0;

      expect(await youtubei().translatedTranscript("binSteps001", "es")).toEqual({ captions: captionsOf("es/binary-search-steps.json") });
      expect(paths()).toEqual(["/youtubei/v1/player", "/youtubei/v1/next", "/youtubei/v1/get_transcript", "/youtubei/v1/get_transcript"]);
      // The own track is still the video's transcript.
      expect(await youtubei().transcript("binSteps001")).toEqual(captionsOf("binary-search-steps.json"));
    });

    test("falls back to an auto-generated track when the creator made none", async () => {
      expect(await youtubei().translatedTranscript("binSteps001", "FR")).toEqual({ captions: captionsOf("fr/binary-search-steps.json") });
    });

    test("is the video's own track when it is already in the language, without a second transcript request", async () => {
      expect(await youtubei().translatedTranscript("busqBinar01", "es")).toEqual({ captions: captionsOf("busqueda-binaria.json") });
      expect(await youtubei().translatedTranscript("binSteps001", "en")).toEqual({ captions: captionsOf("binary-search-steps.json") });
      expect(paths().filter((pathname) => pathname === "/youtubei/v1/get_transcript")).toHaveLength(2);
    });

    test("is null when YouTube has no track in the language, or no transcript at all", async () => {
      expect(await youtubei().translatedTranscript("hashMaps001", "es")).toBeNull();
      expect(await youtubei().translatedTranscript("binSteps001", "ja")).toBeNull();
      expect(await youtubei().translatedTranscript("dQw4w9WgXcQ", "es")).toBeNull();
      languagesFake.requests.length = 0;
      expect(await youtubei().translatedTranscript("silentClip1", "es")).toBeNull();
      expect(paths()).not.toContain("/youtubei/v1/get_transcript");
    });

    test.each([
      ["binSteps0", "es"],
      ["binSteps001", ""],
      ["binSteps001", "es-MX"],
      ["binSteps001", "Spanish"],
      ["binSteps001", "qqq"],
    ])("refuses %j in %j without a request", async (videoId, language) => {
      expect(await youtubei().translatedTranscript(videoId, language)).toBeNull();
      expect(languagesFake.requests).toEqual([]);
    });
  });

  describe("playlist", () => {
    const youtubei = () => sharedSource;
    let sharedSource: ReturnType<typeof source>;
    beforeAll(async () => {
      sharedSource = languagesSource();
      await sharedSource.details("binSteps001");
    });

    test("the title, the valid video ids in order and the count YouTube reports, following continuations", async () => {
      expect(await youtubei().playlist("PLcourseCraftBasics1", 10)).toEqual({
        id: "PLcourseCraftBasics1",
        title: "Search basics, in two languages",
        videoIds: ["busqBinar01", "binSteps001", "hashMaps001", "silentClip1"],
        totalVideos: 5,
      });
      expect(paths()).toEqual(["/youtubei/v1/browse", "/youtubei/v1/browse", "/youtubei/v1/browse"]);
      expect(JSON.parse(languagesFake.requests[0]?.body ?? "{}")).toMatchObject({ browseId: "VLPLcourseCraftBasics1" });
    });

    test("stops fetching pages at the limit", async () => {
      expect(await youtubei().playlist("PLcourseCraftBasics1", 2)).toMatchObject({ videoIds: ["busqBinar01", "binSteps001"], totalVideos: 5 });
      expect(await youtubei().playlist("PLcourseCraftBasics1", 0)).toMatchObject({ videoIds: [], totalVideos: 5 });
      expect(paths()).toEqual(["/youtubei/v1/browse", "/youtubei/v1/browse"]);
    });

    test("without a reported count, the total is the videos seen, and one more when pages are left", async () => {
      const withoutCount = vi.fn<typeof fetch>(async (input, init) => {
        const response = await fetch(input, init);
        if (new URL(input instanceof Request ? input.url : String(input)).pathname !== "/youtubei/v1/browse") return response;
        const { sidebar: _sidebar, ...page } = (await response.json()) as Record<string, unknown>;
        return Response.json(page);
      });
      const youtubei = languagesSource({ fetch: withoutCount });
      expect(await youtubei.playlist("PLcourseCraftBasics1", 3)).toMatchObject({ videoIds: ["busqBinar01", "binSteps001", "hashMaps001"], totalVideos: 4 });
      expect(await youtubei.playlist("PLcourseCraftBasics1", 10)).toMatchObject({ totalVideos: 4 });
    });

    test("a missing or private playlist is null", async () => {
      expect(await youtubei().playlist("PLdoesNotExist0001", 5)).toBeNull();
      expect(await youtubei().playlist("PLcourseCraftHidden1", 5)).toBeNull();
    });

    test.each([["PL"], [""], ["PLcourse Craft1"], ["../../PLcourseCraftBasics1"], ["x".repeat(65)]])("refuses the id %j without a request", async (listId) => {
      expect(await youtubei().playlist(listId, 5)).toBeNull();
      expect(languagesFake.requests).toEqual([]);
    });
  });

  describe("failures", () => {
    test("YouTube down → kind unreachable", async () => {
      languagesFake.setMode("down");
      try {
        expect(await sourceError(languagesSource().playlist("PLcourseCraftBasics1", 5))).toMatchObject({ kind: "unreachable" });
      } finally {
        languagesFake.setMode("normal");
      }
    });

    test("HTTP 429 on a playlist page → kind quota", async () => {
      const fetchStub = vi.fn<typeof fetch>(async (input, init) =>
        new URL(input instanceof Request ? input.url : String(input)).pathname === "/youtubei/v1/browse"
          ? new Response("", { status: 429 })
          : fetch(input, init),
      );
      expect(await sourceError(languagesSource({ fetch: fetchStub }).playlist("PLcourseCraftBasics1", 5))).toMatchObject({
        kind: "quota",
      });
    });

    test("a translated transcript answer without segments → kind bad-response", async () => {
      let transcriptRequests = 0;
      const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
        const isTranscript = new URL(input instanceof Request ? input.url : String(input)).pathname === "/youtubei/v1/get_transcript";
        // The first answer (with the language menu) is the fake's; the selected language's is broken.
        if (isTranscript && ++transcriptRequests === 2) return Response.json({ actions: [] });
        return fetch(input, init);
      });
      const error = await sourceError(languagesSource({ fetch: fetchStub }).translatedTranscript("binSteps001", "es"));
      expect(error.kind).toBe("bad-response");
    });

    test("a playlist answer without a title → kind bad-response", async () => {
      const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
        const response = await fetch(input, init);
        if (new URL(input instanceof Request ? input.url : String(input)).pathname !== "/youtubei/v1/browse") return response;
        const { metadata: _metadata, ...page } = (await response.json()) as Record<string, unknown>;
        return Response.json(page);
      });
      expect((await sourceError(languagesSource({ fetch: fetchStub }).playlist("PLcourseCraftBasics1", 5))).kind).toBe("bad-response");
    });
  });
});

describe("resolveYouTubeUrl", () => {
  test.each([
    ["https://www.youtube.com/youtubei/v1/search?prettyPrint=false", "http://127.0.0.1:3104", "http://127.0.0.1:3104/youtubei/v1/search?prettyPrint=false"],
    ["https://youtubei.googleapis.com/youtubei/v1/next", "http://127.0.0.1:3104/", "http://127.0.0.1:3104/youtubei/v1/next"],
    ["https://www.youtube.com/sw.js_data", "http://localhost:9/prefix/", "http://localhost:9/prefix/sw.js_data"],
    ["https://www.youtube.com/youtubei/v1/player", "https://www.youtube.com", "https://www.youtube.com/youtubei/v1/player"],
    ["https://music.youtube.com/youtubei/v1/player", "https://www.youtube.com/", "https://music.youtube.com/youtubei/v1/player"],
  ])("%s via %s → %s", (target, base, expected) => {
    expect(resolveYouTubeUrl(new URL(target), base).href).toBe(expected);
  });

  test.each([
    ["https://evil.example/youtubei/v1/search"],
    ["https://youtube.com.evil.example/"],
    ["https://notyoutube.com/"],
    ["http://www.youtube.com/sw.js_data"],
    ["file:///etc/passwd"],
  ])("refuses %s", (target) => {
    expect(() => resolveYouTubeUrl(new URL(target), "http://127.0.0.1:3104")).toThrow(VideoSourceError);
    expect(() => resolveYouTubeUrl(new URL(target), "https://www.youtube.com")).toThrow(/not a YouTube host/);
  });
});

const hasCorpus = existsSync(CORPUS_DIR);
if (!hasCorpus) console.info(`youtubei corpus: skipped, ${CORPUS_DIR} not found (it exists in CI and the dev workspace)`);

describe.skipIf(!hasCorpus)("youtubei source over the shared corpus", () => {
  let corpusFake: FakeYouTube;
  beforeAll(async () => {
    corpusFake = await startFakeYouTube({ videosDir: CORPUS_DIR });
  });
  afterAll(async () => {
    await corpusFake?.close();
  });

  test("every transcript equals the library's reading of the same file", async () => {
    clearLibraryCache();
    const library = createLibrarySource(CORPUS_DIR);
    const youtubei = createYouTubeiSource({ baseUrl: corpusFake.url });
    const ids = [...loadFixtureVideos(CORPUS_DIR).keys()];
    expect(ids).toHaveLength(33);
    for (const id of ids) {
      expect(await youtubei.transcript(id), id).toEqual(await library.transcript(id));
    }
    expect(await youtubei.transcript("-qgreAUpPwM")).toBeNull();
  });

  test("search finds the neural-network series", async () => {
    const ids = (await createYouTubeiSource({ baseUrl: corpusFake.url }).search(query("neural networks", 3))).map((video) => video.id);
    expect(new Set(ids)).toEqual(new Set(["aircAruvnKk", "IHZwWFHWa-w", "Ilg3gGewQ5U"]));
  });
});
