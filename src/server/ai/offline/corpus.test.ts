/**
 * The engine on every video of the shared 3Blue1Brown corpus (../shared/fixtures/videos), when it
 * is present: outline invariants with and without creator chapters, the no-transcript video, and
 * a floor under the chapter-boundary F1, in sample and under the held-out protocols
 * (chapter-protocols.ts), so a change that degrades segmentation, or only fits this corpus, fails here.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { readVideoFolder, SHARED_TRANSLATIONS, SHARED_VIDEOS, structureInputOf, type FolderVideo } from "../../../../test/fixtures/video-folder";
import { chapterVideoOf, compareWithEnglish, evaluateChapterProtocols, parameterGrid } from "~/server/eval/chapter-protocols";
import { createOfflineEngine, NO_TRANSCRIPT_MESSAGE } from "./engine";
import { transcriptLanguage } from "./language";
import { outlineProblems } from "./outline-invariants";
import { CHAPTER_PARAMS } from "./segment";

const videos = readVideoFolder(SHARED_VIDEOS);
const present = videos.length > 0;
const inputOf = (v: FolderVideo, withChapters: boolean) => structureInputOf(v, { creatorChapters: withChapters, topic: "mathematics" });

describe.skipIf(!present)(
  present ? "offline engine on the shared corpus" : "offline engine on the shared corpus — skipped: ../shared/fixtures/videos not found",
  () => {
    const engine = createOfflineEngine();
    const withTranscript = videos.filter((v) => v.segments.length > 0);

    it.each(withTranscript.map((v) => [v.videoId, v] as const))("%s: outlines are sound with and without creator chapters", async (_id, video) => {
      for (const withChapters of [false, true]) {
        const input = inputOf(video, withChapters);
        const outline = await engine.structure(input);
        expect(outlineProblems(outline, input.segments)).toEqual([]);
        if (withChapters && video.chapters.length >= 2) {
          // Creator titles are kept, in time order; a chapter starting after the last caption has nothing to cover.
          const lastStart = input.segments[input.segments.length - 1]!.startMs;
          const expected = [...video.chapters].sort((a, b) => a.start - b.start).filter((c) => c.start * 1000 - 2_000 <= lastStart);
          expect(outline.chapters.map((c) => c.title)).toEqual(expected.map((c) => c.title.trim()));
        }
        for (const section of outline.chapters.flatMap((c) => c.sections)) {
          expect(section.title.split(/\s+/).length).toBeLessThanOrEqual(8);
          expect(section.content.length).toBeGreaterThan(20);
        }
      }
    });

    it("refuses the videos without a transcript with a clear error", async () => {
      const empty = videos.filter((v) => v.segments.length === 0);
      for (const v of empty) await expect(engine.structure(inputOf(v, false))).rejects.toThrow(NO_TRANSCRIPT_MESSAGE);
    });

    it("keeps the chapter-boundary F1 (±30 s, 0:00 excluded) at or above 0.6 in sample and held out", () => {
      const chaptered = withTranscript.filter((v) => v.chapters.length > 0).map(chapterVideoOf);
      // A smaller grid than the script's keeps this test quick; the protocols are the same, and the
      // chapter count's own parameters are refitted too, so a count fitted to short videos fails here.
      const grid = parameterGrid(CHAPTER_PARAMS, {
        msPerSpan: [150_000, 200_000, 250_000],
        valleys: [120_000, 180_000].map((windowMs) => ({ depth: 1, windowMs })),
        pauseWeight: [30, 45],
        cueWeight: [15, 20],
        depthWeight: [3, 6],
      });
      const report = evaluateChapterProtocols(chaptered, { grid, autoCaptions: false });
      expect(report.inSample.f1).toBeGreaterThanOrEqual(0.6);
      expect(report.leaveOneOut.f1).toBeGreaterThanOrEqual(0.6);
      expect(report.lengthSplit.f1).toBeGreaterThanOrEqual(0.6);
    }, 120_000);
  },
);

const languages = existsSync(SHARED_TRANSLATIONS) ? readdirSync(SHARED_TRANSLATIONS).sort() : [];

describe.skipIf(!present || languages.length === 0)(
  present && languages.length > 0
    ? "offline chapters in the other languages of the shared corpus"
    : "offline chapters in other languages — skipped: ../shared/fixtures/translations not found",
  () => {
    const englishById = new Map(videos.map((v) => [v.videoId, chapterVideoOf(v)]));
    // Issue 20's must-hold: at most 0.1 below English with the shipped weights (the engine is
    // deterministic, so this is the figure eval:languages prints; it also prints the held-out ones).
    it.each(languages)("%s: F1 at least 0.4 and within 0.1 of English on the same videos and chapters", (language) => {
      const translated = readVideoFolder(join(SHARED_TRANSLATIONS, language)).map((v) => chapterVideoOf({ ...v, language }));
      const comparison = compareWithEnglish(translated, englishById);
      expect(comparison.videos).toBeGreaterThan(0);
      expect(comparison.scores.f1).toBeGreaterThanOrEqual(0.4); // French: its descriptions lost most timestamps
      expect(comparison.gap).toBeLessThanOrEqual(0.1);
    });

    it.each(["en", ...languages])("%s: the offline engine detects every transcript's language", (language) => {
      const folder = language === "en" ? videos : readVideoFolder(join(SHARED_TRANSLATIONS, language));
      const detected = folder.filter((v) => v.segments.length > 0).map((v) => transcriptLanguage(v.segments));
      expect(detected.length).toBeGreaterThan(0);
      expect(new Set(detected)).toEqual(new Set([language]));
    });
  },
);
