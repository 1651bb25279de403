import { existsSync, readdirSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeEach, describe, expect, type MockInstance, test, vi } from "vitest";

import { logger } from "~/server/logger";

import { normaliseTranscript } from "../transcript";
import type { VideoQuery } from "../types";
import { clearLibraryCache, createLibrarySource } from "./library";

const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../../../test/fixtures/videos");
const CORPUS_DIR = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/videos");

const query = (topic: string, limit = 10): VideoQuery => ({ topic, complexity: "beginner", limit });

const temporaryDirs: string[] = [];
async function temporaryLibrary(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "coursecraft-library-"));
  temporaryDirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(temporaryDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

let warn: MockInstance<typeof logger.warn>;
beforeEach(() => {
  clearLibraryCache();
  vi.restoreAllMocks();
  warn = vi.spyOn(logger, "warn");
});

/** The `file` field of every warning logged so far. */
function warnedFiles(): unknown[] {
  return warn.mock.calls.map(([, fields]) => fields?.file);
}

describe("library source over test/fixtures/videos", () => {
  const library = createLibrarySource(FIXTURES_DIR);

  test("is named library and loads every fixture without a warning", async () => {
    expect(library.name).toBe("library");
    const ids = await Promise.all(["binSearch01", "hashTable01", "recursion01", "musicOnly01"].map((id) => library.details(id)));
    expect(ids.map((details) => details?.id)).toEqual(["binSearch01", "hashTable01", "recursion01", "musicOnly01"]);
    expect(warn).not.toHaveBeenCalled();
  });

  test("details of a fixture-format video", async () => {
    expect(await library.details("binSearch01")).toEqual({
      id: "binSearch01",
      source: "library",
      title: "How binary search works | Algorithms explained",
      description: expect.stringContaining("0:00 - Why binary search?") as string,
      channelTitle: "CourseCraft Samples",
      durationSeconds: 372,
      thumbnailUrl: "https://i.ytimg.com/vi/binSearch01/hqdefault.jpg",
      viewCount: null,
      embeddable: true,
      hasCaptions: true,
      // The file's language field: the language of the video's own track.
      language: "en",
    });
  });

  test("details of caption-file videos come from their sidecars", async () => {
    expect(await library.details("recursion01")).toMatchObject({ title: "Recursion explained with Russian dolls", durationSeconds: 45, hasCaptions: true });
    // No durationSeconds in the sidecar: the end of the last cue (01:00,000) stands in.
    expect(await library.details("hashTable01")).toMatchObject({ title: "Hash tables in 60 seconds... ish", durationSeconds: 60, hasCaptions: true });
  });

  test("a fixture-format transcript is returned in milliseconds", async () => {
    const captions = await library.transcript("binSearch01");
    expect(captions).toHaveLength(40);
    expect(captions?.[0]).toEqual({ text: expect.stringContaining("binary search") as string, startMs: 400, durationMs: 13580 });
    for (const caption of captions ?? []) {
      expect(Number.isInteger(caption.startMs) && Number.isInteger(caption.durationMs)).toBe(true);
    }
  });

  test("a video without segments has no transcript", async () => {
    expect(await library.details("musicOnly01")).toMatchObject({ hasCaptions: false });
    expect(await library.transcript("musicOnly01")).toBeNull();
  });

  test("the SRT fixture normalises into clean sentences", async () => {
    const captions = await library.transcript("hashTable01");
    expect(captions?.[0]?.text).toBe("[Music]");
    expect(normaliseTranscript(captions ?? []).map((segment) => segment.text)).toEqual([
      "Welcome back! Today's topic is hash tables.",
      "A hash table stores values under keys, like words and their meanings in a dictionary.",
      "The trick is a hash function: it turns a key into a number & that number picks a bucket in an array.",
      "Finding a key means hashing it again and looking in one bucket, so lookups take constant time on average.",
      "Of course, two keys can land in the same bucket.",
      "That's called a collision, and the simplest fix is to keep a small list in each bucket.",
      "When the table gets too full, we double its size and rehash every key.",
      "That's why inserting is still fast overall.",
    ]);
  });

  test("the WebVTT fixture normalises into clean sentences", async () => {
    const segments = normaliseTranscript((await library.transcript("recursion01")) ?? []);
    expect(segments.map((segment) => segment.text)).toEqual([
      "Recursion is when a function calls itself.",
      "Think of Russian dolls: each one holds a smaller one, until the smallest doll, which holds nothing.",
      "Every recursive function needs that smallest case, called the base case, where it stops.",
      "Without it, the function calls itself forever and the program runs out of stack space.",
      "Take factorial: the factorial of n is n times the factorial of n minus one.",
      "The base case is that the factorial of zero is one.",
      "Each call waits for the smaller call to return, then finishes its own multiplication.",
      "Recursion and loops can solve the same problems.",
    ]);
    expect(segments[1]).toMatchObject({ startMs: 3800, endMs: 11200 });
  });

  test("returned objects are copies: mutating one does not change the library", async () => {
    const details = await library.details("binSearch01");
    if (details) details.title = "changed";
    const captions = await library.transcript("binSearch01");
    if (captions?.[0]) captions[0].text = "changed";
    expect((await library.details("binSearch01"))?.title).not.toBe("changed");
    expect((await library.transcript("binSearch01"))?.[0]?.text).not.toBe("changed");
  });

  test.each([
    ["binary search", ["binSearch01"]],
    // "work" is filler in a topic: it no longer meets "working programmers" in the hash-table description.
    ["How does binary search work?", ["binSearch01"]],
    ["hash table collisions", ["hashTable01"]],
    // "functions" alone (hash functions) covers too little of the topic to offer the hash-table video.
    ["recursive functions and factorial", ["recursion01"]],
    ["sorting", ["musicOnly01", "binSearch01"]],
    ["quantum chromodynamics", []],
    ["binary trees", []],
    ["how to", []],
    ["", []],
  ])("search %j → %j", async (topic, expected) => {
    expect((await library.search(query(topic))).map((video) => video.id)).toEqual(expected);
  });

  test("search ranks the title above a passing mention and honours the limit", async () => {
    const results = await library.search(query("sorting algorithms"));
    expect(results[0]?.id).toBe("musicOnly01");
    expect((await library.search(query("sorting algorithms", 1))).map((video) => video.id)).toEqual(["musicOnly01"]);
    expect(await library.search(query("sorting algorithms", 0))).toEqual([]);
  });

  test.each([
    ["../../../../etc/passwd"],
    ["../binSearch01"],
    ["binSearch01/../../x"],
    ["/etc/passwd"],
    ["binary-search-lesson.json"],
    [""],
    ["binSearch0"],
    ["binSearch011"],
    ["..%2F..%2Fetc"],
  ])("refuses the id %j without reading anything", async (id) => {
    expect(await library.details(id)).toBeNull();
    expect(await library.transcript(id)).toBeNull();
  });

  test("an unknown id of the right shape is simply not found", async () => {
    expect(await library.details("dQw4w9WgXcQ")).toBeNull();
    expect(await library.transcript("dQw4w9WgXcQ")).toBeNull();
  });

  test("an aborted signal stops the call", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(library.search(query("binary search"), controller.signal)).rejects.toThrow();
    await expect(library.details("binSearch01", controller.signal)).rejects.toThrow();
    await expect(library.transcript("binSearch01", controller.signal)).rejects.toThrow();
  });
});

describe("library source: malformed and hostile folders", () => {
  const sidecar = (videoId: string, title = "A title") => JSON.stringify({ videoId, title, description: "", channel: "Tests" });
  const srt = "1\n00:00:01,000 --> 00:00:02,000\nHello.\n";
  const fixtureVideo = (overrides: Record<string, unknown>) =>
    JSON.stringify({ videoId: "goodVideo01", title: "Good video", channel: "Tests", description: "", durationSeconds: 60, segments: [], ...overrides });

  test("skips each malformed file with a logged reason and keeps the rest", async () => {
    const dir = await temporaryLibrary();
    await cp(path.join(FIXTURES_DIR, "binary-search-lesson.json"), path.join(dir, "binary-search-lesson.json"));
    const files: Record<string, string> = {
      "broken.json": "{ not json",
      "no-title.json": fixtureVideo({ videoId: "noTitle0001", title: undefined }),
      "bad-id.json": fixtureVideo({ videoId: "../../etc/x" }),
      "bad-segment.json": fixtureVideo({ videoId: "badSegment1", segments: [{ text: 42, start: 1, duration: 1 }] }),
      "not-an-object.json": "[1, 2, 3]",
      "orphan-sidecar.json": sidecar("orphanSide1"),
      "lonely.srt": srt,
      "no-header.vtt": "00:01.000 --> 00:02.000\nHi",
      "no-header.json": sidecar("noHeader001"),
      "empty.srt": "nothing to see",
      "empty.json": sidecar("emptySrt001"),
      "bad-sidecar.srt": srt,
      "bad-sidecar.json": JSON.stringify({ title: "no id" }),
      "dupe.json": fixtureVideo({ videoId: "binSearch01", title: "A duplicate" }),
      "README.md": "not a video",
    };
    await Promise.all(Object.entries(files).map(([name, content]) => writeFile(path.join(dir, name), content)));
    await mkdir(path.join(dir, "nested.json"));

    const library = createLibrarySource(dir);
    expect(await library.details("binSearch01")).toMatchObject({ title: "How binary search works | Algorithms explained" });
    expect((await library.search(query("binary search"))).map((video) => video.id)).toEqual(["binSearch01"]);
    for (const id of ["noTitle0001", "badSegment1", "orphanSide1", "noHeader001", "emptySrt001"]) {
      expect(await library.details(id)).toBeNull();
    }
    expect(new Set(warnedFiles())).toEqual(
      new Set([
        "broken.json",
        "no-title.json",
        "bad-id.json",
        "bad-segment.json",
        "not-an-object.json",
        "orphan-sidecar.json",
        "lonely.srt",
        "no-header.vtt",
        "empty.srt",
        "bad-sidecar.json",
        "dupe.json",
      ]),
    );
    // Each warning's reason: its `reason` field, or what follows the message's colon.
    const reasons = warn.mock.calls.map(([message, fields]) => {
      expect(message).toMatch(/^video library entry skipped(?:: |$)/);
      return [fields?.file, fields?.reason ?? message.replace("video library entry skipped: ", "")];
    });
    expect(Object.fromEntries(reasons)).toEqual({
      "broken.json": expect.stringMatching(/^invalid JSON \(Expected property name or '\}' in JSON at position 2/) as string,
      "no-title.json": "title: Invalid input: expected string, received undefined",
      "bad-id.json": "videoId: must be an 11-character YouTube-style id",
      "bad-segment.json": "segments.0.text: Invalid input: expected string, received number",
      "not-an-object.json": "(root): Invalid input: expected object, received array",
      "orphan-sidecar.json": "durationSeconds: Invalid input: expected number, received undefined",
      "lonely.srt": "caption file without a .json sidecar",
      "no-header.vtt": 'a WebVTT file must start with "WEBVTT"',
      "empty.srt": "no SubRip cue with a valid time line",
      "bad-sidecar.json": "videoId: Invalid input: expected string, received undefined",
      "dupe.json": "duplicate video id",
    });
    expect(reasons).toHaveLength(11);
  });

  test("the reason names what is wrong", async () => {
    const dir = await temporaryLibrary();
    await writeFile(path.join(dir, "bad.json"), fixtureVideo({ durationSeconds: "long" }));
    await createLibrarySource(dir).details("goodVideo01");
    expect(warn).toHaveBeenCalledWith("video library entry skipped", { file: "bad.json", reason: expect.stringContaining("durationSeconds") as string });
  });

  test("a caption file wins over nothing, and WebVTT over SRT when both exist", async () => {
    const dir = await temporaryLibrary();
    await writeFile(path.join(dir, "talk.json"), sidecar("bothFiles01"));
    await writeFile(path.join(dir, "talk.srt"), "1\n00:00:01,000 --> 00:00:02,000\nFrom SRT.\n");
    await writeFile(path.join(dir, "talk.VTT"), "WEBVTT\n\n00:01.000 --> 00:02.000\nFrom VTT.\n");
    expect(await createLibrarySource(dir).transcript("bothFiles01")).toEqual([{ text: "From VTT.", startMs: 1000, durationMs: 1000 }]);
  });

  test("never follows a link out of the folder", async () => {
    const outside = await temporaryLibrary();
    const dir = await temporaryLibrary();
    await writeFile(path.join(outside, "secret.json"), fixtureVideo({ videoId: "outsideId01", title: "Secret" }));
    await symlink(path.join(outside, "secret.json"), path.join(dir, "secret.json"));
    await symlink(outside, path.join(dir, "escape.json"));
    await writeFile(path.join(dir, "inside.json"), fixtureVideo({ videoId: "insideId001", title: "Inside" }));
    await symlink(path.join(dir, "inside.json"), path.join(dir, "alias.json"));

    const library = createLibrarySource(dir);
    expect(await library.details("outsideId01")).toBeNull();
    expect(await library.details("insideId001")).toMatchObject({ title: "Inside" });
    expect(warnedFiles()).toEqual(expect.arrayContaining(["secret.json", "escape.json"]));
  });

  test("a missing folder gives empty answers and one warning", async () => {
    const library = createLibrarySource(path.join(tmpdir(), "coursecraft-no-such-library-folder"));
    expect(await library.search(query("anything"))).toEqual([]);
    expect(await library.details("binSearch01")).toBeNull();
    expect(await library.transcript("binSearch01")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("library source: the in-memory index", () => {
  const video = (title: string) =>
    JSON.stringify({ videoId: "cachedVid01", title, channel: "", description: "", durationSeconds: 30, segments: [{ text: "Hi.", start: 0, duration: 1 }] });

  test("is built once per folder: problems are logged once, not on every call", async () => {
    const dir = await temporaryLibrary();
    await writeFile(path.join(dir, "broken.json"), "{");
    const first = createLibrarySource(dir);
    const second = createLibrarySource(dir);
    await first.search(query("x"));
    await first.details("cachedVid01");
    await second.transcript("cachedVid01");
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test("concurrent first calls share one build", async () => {
    const dir = await temporaryLibrary();
    await writeFile(path.join(dir, "broken.json"), "{");
    await writeFile(path.join(dir, "cached.json"), video("Shared"));
    const library = createLibrarySource(dir);
    const results = await Promise.all([library.details("cachedVid01"), library.search(query("shared")), library.transcript("cachedVid01")]);
    expect(results[0]?.title).toBe("Shared");
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test("is rebuilt when a file changes, appears or disappears", async () => {
    const dir = await temporaryLibrary();
    const file = path.join(dir, "cached.json");
    await writeFile(file, video("First title"));
    const library = createLibrarySource(dir);
    expect((await library.details("cachedVid01"))?.title).toBe("First title");

    await writeFile(file, video("Second title"));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    expect((await library.details("cachedVid01"))?.title).toBe("Second title");

    await writeFile(path.join(dir, "extra.json"), JSON.stringify({ videoId: "extraVid001", title: "Extra", durationSeconds: 10, segments: [] }));
    expect((await library.details("extraVid001"))?.title).toBe("Extra");

    await rm(path.join(dir, "extra.json"));
    expect(await library.details("extraVid001")).toBeNull();
  });

  test("keeps serving the cached index while nothing changes", async () => {
    const dir = await temporaryLibrary();
    await writeFile(path.join(dir, "cached.json"), video("Stable"));
    const library = createLibrarySource(dir);
    const first = await library.details("cachedVid01");
    const again = await library.details("cachedVid01");
    expect(again).toEqual(first);
    expect(await readFile(path.join(dir, "cached.json"), "utf8")).toContain("Stable");
  });
});

const hasCorpus = existsSync(CORPUS_DIR);
if (!hasCorpus) console.info(`library corpus: skipped, ${CORPUS_DIR} not found (it exists in CI and the dev workspace)`);

describe.skipIf(!hasCorpus)("library source over the shared corpus", () => {
  const library = createLibrarySource(CORPUS_DIR);

  const corpusIds = () =>
    readdirSync(CORPUS_DIR)
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.slice(0, -".json".length));

  test("loads all 33 videos without a warning", async () => {
    const details = await Promise.all(corpusIds().map((id) => library.details(id)));
    expect(details.filter((video) => video !== null)).toHaveLength(33);
    expect(warn).not.toHaveBeenCalled();
  });

  test("a negative caption duration in real data is repaired, not fatal", async () => {
    const captions = await library.transcript("aircAruvnKk");
    expect(captions?.[97]).toMatchObject({ startMs: 821_380, durationMs: 0 });
  });

  test("the music-only montage has no transcript", async () => {
    expect(await library.details("-qgreAUpPwM")).toMatchObject({ hasCaptions: false });
    expect(await library.transcript("-qgreAUpPwM")).toBeNull();
  });

  test.each([
    ["neural networks", ["aircAruvnKk", "IHZwWFHWa-w", "Ilg3gGewQ5U"]],
    ["Bayes theorem", ["HZGCoVF3YvM", "U_85TaXbeIo"]],
    ["Fourier transform", ["spUNpyF58BY"]],
    ["Taylor series", ["3d6DsjIBzJ4"]],
    ["How do neural networks learn?", ["aircAruvnKk", "IHZwWFHWa-w", "Ilg3gGewQ5U"]],
  ])("search %j puts the expected videos first", async (topic, expectedFirst) => {
    const ids = (await library.search(query(topic, 5))).map((video) => video.id);
    expect(new Set(ids.slice(0, expectedFirst.length))).toEqual(new Set(expectedFirst));
  });

  test("a question finds the video that answers it first, not the one whose title shares the most words", async () => {
    expect((await library.search(query("How do neural networks learn?", 5)))[0]?.id).toBe("IHZwWFHWa-w");
    expect((await library.search(query("What is a neural network?", 5)))[0]?.id).toBe("aircAruvnKk");
  });

  test("a topic the corpus does not cover finds nothing", async () => {
    expect(await library.search(query("how to bake sourdough bread"))).toEqual([]);
  });

  test("every transcript normalises into a valid timeline", async () => {
    for (const id of corpusIds()) {
      const captions = await library.transcript(id);
      if (captions === null) continue;
      const segments = normaliseTranscript(captions);
      expect(segments.length).toBeGreaterThan(0);
      segments.forEach((segment, index) => {
        const next = segments[index + 1];
        expect(segment.endMs).toBeGreaterThanOrEqual(segment.startMs);
        if (next) expect(segment.endMs).toBeLessThanOrEqual(next.startMs);
      });
    }
  });
});

describe("library source: tracks in other languages and playlists", () => {
  const LANGUAGES_DIR = path.resolve(import.meta.dirname, "../../../../test/fixtures/videos-languages");
  const library = createLibrarySource(LANGUAGES_DIR);

  test("<lang>/<id>.json is the video's track in that language, with its own title and description", async () => {
    const spanish = await library.translatedTranscript("binSteps001", "es");
    expect(spanish).toMatchObject({ title: "Búsqueda binaria en cinco pasos" });
    expect(spanish?.captions[0]?.text).toMatch(/[áéíóúñ]|\b(la|el|de)\b/i);
    // The video's own track is unchanged: English.
    expect((await library.transcript("binSteps001"))?.[0]?.text).not.toBe(spanish?.captions[0]?.text);
    expect(await library.translatedTranscript("binSteps001", "ja")).toBeNull();
    expect(await library.translatedTranscript("hashMaps001", "es")).toBeNull();
    expect(await library.translatedTranscript("../../etc/x", "es")).toBeNull();
  });

  test("a search in a language finds the videos with a track in it first, through that track's words", async () => {
    const spanish = (await library.search({ ...query("búsqueda binaria"), language: "es" })).map((video) => video.id);
    expect(spanish.slice(0, 2).sort()).toEqual(["binSteps001", "busqBinar01"]);
    // Without a language, the Spanish words find only the video whose own track is Spanish.
    expect((await library.search(query("búsqueda binaria"))).map((video) => video.id)).toEqual(["busqBinar01"]);
  });

  test("playlists/<id>.json lists the folder's videos in order; ids it does not hold are left out with a warning", async () => {
    expect(await library.playlist("PLcourseCraftBasics1", 25)).toEqual({
      id: "PLcourseCraftBasics1",
      title: "Search basics, in two languages",
      videoIds: ["busqBinar01", "binSteps001", "hashMaps001", "silentClip1"],
      totalVideos: 4,
    });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/playlist/), expect.objectContaining({ videoIds: ["not-an-id"] }));
    expect(await library.playlist("PLcourseCraftBasics1", 2)).toMatchObject({ videoIds: ["busqBinar01", "binSteps001"], totalVideos: 4 });
    expect(await library.playlist("PLnoSuchPlaylist", 25)).toBeNull();
    expect(await library.playlist("../../etc/passwd", 25)).toBeNull();
  });

  test("load() reads the folder and names each playlist file no link can reach, with the reason", async () => {
    const dir = await temporaryLibrary();
    await cp(path.join(LANGUAGES_DIR, "hash-maps-short.json"), path.join(dir, "hash-maps-short.json"));
    await mkdir(path.join(dir, "playlists"));
    const playlist = JSON.stringify({ title: "Hashing", videoIds: ["hashMaps001"] });
    await writeFile(path.join(dir, "playlists", "hashing.json"), playlist); // too short for a list id
    await writeFile(path.join(dir, "playlists", "RDhashMaps001.json"), playlist); // a watch "Mix"
    await writeFile(path.join(dir, "playlists", "PLhashingCourse1.json"), playlist);
    const folder = createLibrarySource(dir);
    await folder.load();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith("video library entry skipped", {
      file: "playlists/hashing.json",
      reason: expect.stringMatching(/no link can reach it: "hashing" is not a playlist id \(a playlist id is 10 to 64/) as string,
    });
    expect(warn).toHaveBeenCalledWith("video library entry skipped", { file: "playlists/RDhashMaps001.json", reason: expect.stringMatching(/RD…/) as string });
    expect(await folder.playlist("PLhashingCourse1", 25)).toMatchObject({ videoIds: ["hashMaps001"] });
    expect(await folder.playlist("hashing", 25)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2); // said once, at load
  });

  test("a track of a video the folder lacks, or in a folder of another language, is skipped with a reason", async () => {
    const dir = await temporaryLibrary();
    await cp(path.join(LANGUAGES_DIR, "hash-maps-short.json"), path.join(dir, "hash-maps-short.json"));
    await mkdir(path.join(dir, "de"));
    const track = (videoId: string, language?: string) =>
      JSON.stringify({ videoId, title: "Titel", language, durationSeconds: 10, segments: [{ text: "Hallo Welt.", start: 0, duration: 2 }] });
    await writeFile(path.join(dir, "de", "orphan.json"), track("noSuchVid01"));
    await writeFile(path.join(dir, "de", "wrong.json"), track("hashMaps001", "fr"));
    const folder = createLibrarySource(dir);
    expect(await folder.translatedTranscript("hashMaps001", "de")).toBeNull();
    expect(new Set(warnedFiles())).toEqual(new Set(["de/orphan.json", "de/wrong.json"]));
  });
});
