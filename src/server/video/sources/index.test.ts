import path from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { type FakeYouTube, startFakeYouTube } from "../../../../test/fakes/youtube.mjs";
import { createVideoSources, parseSourceOrder, type VideoSourcesConfig } from "./index";

const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../../../test/fixtures/videos");
const API_KEY = "index-test-key";

describe("parseSourceOrder", () => {
  const dir = { libraryDir: "/videos" };
  const key = { youtubeApiKey: "a-key" };

  test.each([
    [undefined, {}, ["youtubei"]],
    [undefined, key, ["youtube-api"]],
    [undefined, dir, ["library", "youtubei"]],
    [undefined, { ...dir, ...key }, ["library", "youtube-api"]],
    ["", dir, ["library", "youtubei"]],
    [" , ", {}, ["youtubei"]],
    ["youtube", {}, ["youtubei"]],
    ["youtube", key, ["youtube-api"]],
    ["youtubei", key, ["youtubei"]],
    ["youtube,library", dir, ["youtubei", "library"]],
    [" Library , YouTube-API ", { ...dir, ...key }, ["library", "youtube-api"]],
    ["youtube-api,youtubei,youtube", key, ["youtube-api", "youtubei"]],
    ["youtubei,youtube,youtubei", {}, ["youtubei"]],
    ["library,,library", dir, ["library"]],
  ] as const)("%j with %j → %j", (value, config, expected) => {
    expect(parseSourceOrder(value, config)).toEqual(expected);
  });

  test.each([
    ["vimeo", {}, /unknown video source "vimeo"/],
    ["youtube,vimeo", {}, /unknown video source "vimeo"/],
    ["you tube", {}, /unknown video source "you tube"/],
    ["library", {}, /"library" needs VIDEO_LIBRARY_DIR/],
    ["library", { libraryDir: "   " }, /"library" needs VIDEO_LIBRARY_DIR/],
    ["youtubei,youtube-api", {}, /"youtube-api" needs YOUTUBE_API_KEY/],
    ["youtube-api", { youtubeApiKey: "" }, /"youtube-api" needs YOUTUBE_API_KEY/],
  ])("%j with %j is refused", (value, config, message) => {
    expect(() => parseSourceOrder(value, config)).toThrow(message);
  });
});

describe("createVideoSources", () => {
  let fake: FakeYouTube;
  let config: VideoSourcesConfig;

  beforeAll(async () => {
    fake = await startFakeYouTube({ port: 0, videosDir: FIXTURES_DIR, apiKey: API_KEY });
    config = { youtubeApiBaseUrl: `${fake.url}/youtube/v3`, youtubeiBaseUrl: fake.url };
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(() => {
    fake.requests.length = 0;
  });

  const names = (sources: { name: string }[]) => sources.map((source) => source.name);

  test("the default order: the library when configured, then YouTube (the API with a key)", () => {
    expect(names(createVideoSources(config))).toEqual(["youtubei"]);
    expect(names(createVideoSources({ ...config, libraryDir: FIXTURES_DIR }))).toEqual(["library", "youtubei"]);
    expect(names(createVideoSources({ ...config, libraryDir: FIXTURES_DIR, youtubeApiKey: API_KEY }))).toEqual(["library", "youtube-api"]);
  });

  test("a bad order is refused with the parser's message", () => {
    expect(() => createVideoSources({ ...config, order: "library" })).toThrow(/VIDEO_LIBRARY_DIR/);
    expect(() => createVideoSources({ ...config, order: "youtube,dailymotion" })).toThrow(/"dailymotion"/);
  });

  test("each source talks to its configured base", async () => {
    const [library, api, keyless] = createVideoSources({ ...config, order: "library,youtube-api,youtubei", libraryDir: FIXTURES_DIR, youtubeApiKey: API_KEY });
    expect(await library?.details("binSearch01")).toMatchObject({ source: "library" });
    expect(fake.requests).toEqual([]);
    expect(await api?.details("binSearch01")).toMatchObject({ source: "youtube-api", durationSeconds: 372 });
    expect(await keyless?.details("binSearch01")).toMatchObject({ source: "youtubei", durationSeconds: 372 });
    const paths = fake.requests.map((request) => request.path);
    expect(paths[0]).toBe("/youtube/v3/videos");
    expect(paths).toContain("/youtubei/v1/player");
  });

  test("the Data API's transcripts come from the keyless client, which both share", async () => {
    const [api, keyless] = createVideoSources({ ...config, order: "youtube-api,youtubei", youtubeApiKey: API_KEY });
    const captions = await api?.transcript("binSearch01");
    expect(captions).toHaveLength(40);
    expect(captions?.[0]).toEqual({ text: expect.stringContaining("binary search") as string, startMs: 400, durationMs: 13_580 });
    expect(await keyless?.transcript("binSearch01")).toEqual(captions);

    const paths = fake.requests.map((request) => request.path);
    expect(paths.filter((requestPath) => requestPath.startsWith("/youtube/v3/"))).toEqual([]);
    expect(paths.filter((requestPath) => requestPath === "/youtubei/v1/get_transcript")).toHaveLength(2);
    // One keyless session for both sources.
    expect(paths.filter((requestPath) => requestPath === "/sw.js_data")).toHaveLength(1);
  });
});
