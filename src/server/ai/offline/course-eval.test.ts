/**
 * The must-hold quality figures of issue 19 on the shared corpus, when it is present: a change to
 * the engine that brings back one-word titles, true distractors or invented cloze answers fails here.
 */
import { describe, expect, it } from "vitest";

import { readVideoFolder, SHARED_VIDEOS } from "../../../../test/fixtures/video-folder";
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
  },
);
