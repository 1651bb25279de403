import { describe, expect, it } from "vitest";

import type { TimedSegment } from "~/server/video/types";

import { syntheticTranscript } from "../../../test/fixtures/transcripts/synthetic";
import { simulateAutoCaptionCues, simulateAutoCaptions } from "~/server/ai/offline/auto-captions";
import { agreementWithEnglish, compareWithEnglishHeldOut, evaluateChapterProtocols, parameterGrid, type ChapterVideo } from "./chapter-protocols";
import { CHAPTER_PARAMS } from "~/server/ai/offline/segment";

const segment = (index: number, startS: number, endS: number, text: string): TimedSegment => ({ index, startMs: startS * 1000, endMs: endS * 1000, text });

describe("simulateAutoCaptions", () => {
  const sentences = [
    segment(0, 0, 12, "Hello there, World! This is a sentence that runs for twelve whole seconds."),
    segment(1, 20, 32, "After a pause, the next one (with brackets) doesn't stop: it goes on and on."),
  ];
  const spoken =
    "hello there world this is a sentence that runs for twelve whole seconds after a pause the next one with brackets doesn't stop it goes on and on";

  it("cues: 4-6 s lower-case lines without punctuation, each shown until the next is done", () => {
    const cues = simulateAutoCaptionCues(sentences);
    expect(cues.length).toBeGreaterThanOrEqual(4); // 24 s of speech in lines of at most about 6 s
    for (const cue of cues) expect(cue.text).not.toMatch(/[A-Z.,!?():]/);
    cues.slice(0, -1).forEach((cue, k) => {
      expect(cue.startMs + cue.durationMs).toBeGreaterThan(cues[k + 1]!.startMs); // rolling: ends hide the pauses
    });
    expect(cues.map((c) => c.text).join(" ")).toBe(spoken);
  });

  it("stored: the app's normalisation of those cues, every word in order and the long silence found again", () => {
    const lines = simulateAutoCaptions(sentences);
    expect(lines.map((l) => l.text).join(" ")).toBe(spoken);
    expect(lines.map((l) => l.index)).toEqual(lines.map((_, k) => k));
    for (const line of lines) expect(line.endMs - line.startMs).toBeLessThanOrEqual(12_000);
    expect(lines.some((l, k) => k > 0 && l.startMs - lines[k - 1]!.endMs >= 2_500)).toBe(true);
  });

  it("is deterministic", () => {
    const { segments } = syntheticTranscript(5);
    expect(simulateAutoCaptions(segments)).toEqual(simulateAutoCaptions(segments));
  });
});

describe("parameterGrid", () => {
  it("crosses every value of every axis", () => {
    const grid = parameterGrid(CHAPTER_PARAMS, { pauseWeight: [1, 2], cueWeight: [3, 4, 5] });
    expect(grid).toHaveLength(6);
    expect(grid.map((p) => [p.pauseWeight, p.cueWeight])).toEqual([
      [1, 3],
      [1, 4],
      [1, 5],
      [2, 3],
      [2, 4],
      [2, 5],
    ]);
    expect(grid.every((p) => p.msPerSpan === CHAPTER_PARAMS.msPerSpan && p.depthWeight === CHAPTER_PARAMS.depthWeight)).toBe(true);
  });
});

describe("evaluateChapterProtocols", () => {
  const videos: ChapterVideo[] = [12, 16, 20, 24].map((minutes, k) => {
    const { segments, topicStartsMs, durationSeconds } = syntheticTranscript(minutes, { topicMinutes: 4, seed: k + 1 });
    return { id: `synthetic-${k}`, durationMs: durationSeconds * 1000, segments, referenceMs: topicStartsMs.slice(1) };
  });

  it("scores every protocol on synthetic lectures whose topics are easy to find", () => {
    const report = evaluateChapterProtocols(videos, { grid: parameterGrid(CHAPTER_PARAMS, { depthWeight: [3, 6] }) });
    for (const scores of [report.inSample, report.leaveOneOut, report.lengthSplit, report.autoCaptions!]) {
      expect(scores.f1).toBeGreaterThan(0.7);
      expect(scores.truePositives + scores.falseNegatives).toBeGreaterThan(0);
    }
    // Leave-one-out scores each video once; the length split scores only the longer half.
    const references = videos.reduce((sum, v) => sum + v.referenceMs.length, 0);
    expect(report.leaveOneOut.truePositives + report.leaveOneOut.falseNegatives).toBe(references);
    const longer = videos.slice(2).reduce((sum, v) => sum + v.referenceMs.length, 0);
    expect(report.lengthSplit.truePositives + report.lengthSplit.falseNegatives).toBe(longer);
  });

  it("ignores videos without reference chapters and can skip the caption robustness figure", () => {
    const withEmpty = [...videos, { id: "none", durationMs: 60_000, segments: videos[0]!.segments, referenceMs: [] }];
    const report = evaluateChapterProtocols(withEmpty, { grid: [CHAPTER_PARAMS], autoCaptions: false });
    expect(report.autoCaptions).toBeUndefined();
    expect(report.inSample).toEqual(evaluateChapterProtocols(videos, { grid: [CHAPTER_PARAMS], autoCaptions: false }).inSample);
  });
});

describe("agreementWithEnglish", () => {
  const timed = (texts: readonly string[]): TimedSegment[] =>
    texts.map((text, index) => ({ index, startMs: index * 5_000, endMs: index * 5_000 + 4_500, text }));
  const video = (id: string, texts: readonly string[], language: string): ChapterVideo => ({
    id,
    durationMs: texts.length * 5_000,
    segments: timed(texts),
    referenceMs: [],
    language,
  });

  it("counts the sentences where each side hears a turn, pairing them by time", () => {
    const english = video("v", ["All right, let's turn to integrals.", "The slope is positive.", "By the way, this is sponsored.", "So far so good."], "en");
    const spanish = video(
      "v",
      ["Muy bien, pasemos a las integrales.", "Tómate un momento con la pendiente.", "La pendiente es positiva.", "Hasta ahora, todo bien."],
      "es",
    );
    const { cues } = agreementWithEnglish([spanish], new Map([["v", english]]));
    expect(cues).toEqual({ both: 2, englishOnly: 1, languageOnly: 1 });
  });

  it("scores a translation that behaves exactly like English as full agreement, and skips videos without an original", () => {
    const { segments, durationSeconds } = syntheticTranscript(16, { topicMinutes: 4, seed: 3 });
    const english: ChapterVideo = { id: "s", durationMs: durationSeconds * 1000, segments, referenceMs: [], language: "en" };
    const result = agreementWithEnglish([english, { ...english, id: "orphan" }], new Map([["s", english]]));
    expect(result.chapters.f1).toBe(1);
    expect(result.chapters.truePositives).toBeGreaterThan(1);
    expect(result.cues.englishOnly + result.cues.languageOnly).toBe(0);
  });
});

describe("compareWithEnglishHeldOut", () => {
  const originals: ChapterVideo[] = [12, 16, 20, 24].map((minutes, k) => {
    const { segments, topicStartsMs, durationSeconds } = syntheticTranscript(minutes, { topicMinutes: 4, seed: k + 11 });
    return { id: `v${k}`, durationMs: durationSeconds * 1000, segments, referenceMs: topicStartsMs.slice(1), language: "en" };
  });
  const englishById = new Map(originals.map((v) => [v.id, v]));
  const grid = parameterGrid(CHAPTER_PARAMS, { depthWeight: [3, 6] });

  it("finds no gap for a translation that reads exactly like the original, by either way of choosing the weights", () => {
    const result = compareWithEnglishHeldOut(originals, englishById, 30_000, grid);
    for (const way of [result.fromEnglish, result.ownLanguage]) {
      for (const row of [way.leaveOneOut, way.lengthSplit]) {
        expect(row.gap).toBe(0);
        expect(row.f1).toBeGreaterThan(0.7);
      }
    }
    expect(result.gridMean.gap).toBe(0);
  });

  it("scores the translation's own videos with the weights the English originals chose", () => {
    // A translation where every sentence says the same and runs into the next: no topic shows.
    const blank = originals.map((v) => ({
      ...v,
      segments: v.segments.map((s, i) => ({ ...s, text: "Lorem ipsum dolor.", endMs: v.segments[i + 1]?.startMs ?? s.endMs })),
      language: "es",
    }));
    const result = compareWithEnglishHeldOut(blank, englishById, 30_000, grid);
    expect(result.fromEnglish.leaveOneOut.english).toBeGreaterThan(0.7);
    expect(result.fromEnglish.leaveOneOut.gap).toBeGreaterThan(0.3);
    expect(result.fromEnglish.lengthSplit.english).toBe(result.ownLanguage.lengthSplit.english);
    expect(result.gridMean.gap).toBeGreaterThan(0.3);
  });
});
