/**
 * The must-hold quality figures of issue 19 on the shared corpus, when it is present: a change to
 * the engine that brings back one-word titles, true distractors or invented cloze answers fails here,
 * on the transcripts as published and as automatic captions would cut them.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { readVideoFolder, SHARED_TRANSLATIONS, SHARED_VIDEOS } from "../../../test/fixtures/video-folder";
import { simulateAutoCaptions } from "~/server/ai/offline/auto-captions";
import { evaluateCourses, thresholdFailures } from "./course-eval";

const videos = readVideoFolder(SHARED_VIDEOS);

describe.skipIf(videos.length === 0)(
  videos.length ? "course quality on the shared corpus" : "course quality on the shared corpus — skipped: ../shared/fixtures/videos not found",
  () => {
    it("meets every must-hold check (titles, section times, quizzes)", { timeout: 180_000 }, async () => {
      const report = await evaluateCourses(videos);
      expect(report.sections).toBeGreaterThan(100);
      expect(report.quiz.questions).toBeGreaterThan(report.quiz.sections * 2);
      expect(thresholdFailures(report)).toEqual([]);
    });

    it("meets them on the same transcripts cut into automatic-caption lines (no punctuation, lower case)", { timeout: 180_000 }, async () => {
      const report = await evaluateCourses(videos.map((v) => ({ ...v, segments: simulateAutoCaptions(v.segments) })));
      expect(report.quiz.questions).toBeGreaterThan(report.quiz.sections * 2);
      expect(thresholdFailures(report, { chapterFloor: false })).toEqual([]);
    });
  },
);

const languages = existsSync(SHARED_TRANSLATIONS) ? readdirSync(SHARED_TRANSLATIONS).sort() : [];

describe.skipIf(languages.length === 0)(
  languages.length
    ? "course quality in the other languages of the shared corpus"
    : "course quality in other languages — skipped: ../shared/fixtures/translations not found",
  () => {
    // Six videos a language keep this quick; `npm run eval:course -- <translations>/<lang>` runs them all.
    it.each(languages)("%s: section times, titles, key points and quizzes hold on six videos", { timeout: 120_000 }, async (language) => {
      const videos = readVideoFolder(join(SHARED_TRANSLATIONS, language))
        .filter((v) => v.segments.length > 0)
        .slice(0, 6);
      const report = await evaluateCourses(videos, { chapterProtocols: false });
      expect(report.quiz.questions).toBeGreaterThan(report.quiz.sections * 2);
      // A lone word the segmenter reads apart from its phrase ("アクティ") is rare, not absent.
      expect(report.titles.oneWord).toBeLessThanOrEqual(report.titles.generated * 0.01);
      expect(thresholdFailures(report, { chapterFloor: false }).filter((failure) => !failure.startsWith("one-word"))).toEqual([]);
    });
  },
);
