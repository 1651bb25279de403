import { describe, expect, it } from "vitest";

import { syntheticTranscript } from "../../../../test/fixtures/transcripts/synthetic";
import { simulateAutoCaptions } from "./auto-captions";
import { toUnits } from "./engine";
import {
  boundaryBonuses,
  CHAPTER_PARAMS,
  deepValleys,
  MAX_UNITS,
  optimalStarts,
  pauseFeature,
  SECTION_PARAMS,
  segment,
  spanCosts,
  targetSpanCount,
  windowSimilarities,
  type Unit,
} from "./segment";
import { tokenize } from "~/server/language/text";

/** Units every 10 s; `topics` lists each unit's vocabulary. */
function unitsOf(texts: string[], gapMs = 500): Unit[] {
  return texts.map((text, i) => ({ startMs: i * 10_000, endMs: i * 10_000 + 10_000 - gapMs, text, stems: tokenize(text) }));
}

const A = ["volcano magma eruption lava", "magma crater lava ash", "eruption volcano ash crater", "lava magma volcano plate"];
const B = ["orbit planet gravity moon", "satellite orbit comet planet", "gravity moon telescope star", "planet star galaxy orbit"];
const repeat = (xs: string[], n: number) => Array.from({ length: n }, (_, i) => xs[i % xs.length]!);

describe("local cohesion", () => {
  it("drops to its minimum where the vocabulary changes", () => {
    const units = unitsOf([...repeat(A, 12), ...repeat(B, 12)]);
    const sims = windowSimilarities(units, 40_000, new Map());
    const inner = sims.slice(1);
    const lowest = inner.indexOf(Math.min(...inner)) + 1;
    expect(lowest).toBe(12);
  });

  it("scales pauses between the floor and the full length", () => {
    const units: Unit[] = [
      { startMs: 0, endMs: 5_000, text: "a", stems: [] },
      { startMs: 5_500, endMs: 9_000, text: "b", stems: [] },
      { startMs: 12_000, endMs: 15_000, text: "c", stems: [] },
      { startMs: 30_000, endMs: 35_000, text: "d", stems: [] },
    ];
    expect(pauseFeature(units, 1_000, 5_000)).toEqual([0, 0, 0.5, 1]);
  });
});

describe("span costs", () => {
  it("make a split at the topic change cheaper than anywhere else", () => {
    const units = unitsOf([...repeat(A, 10), ...repeat(B, 10)]);
    const n = units.length;
    const costs = spanCosts(units);
    const cost = (a: number, b: number) => costs[a * (n + 1) + b]!;
    const split = (k: number) => cost(0, k) + cost(k, n);
    const best = [...Array(n - 1).keys()].map((k) => k + 1).sort((x, y) => split(x) - split(y))[0];
    expect(best).toBe(10);
    expect(split(10)).toBeLessThan(cost(0, n));
  });
});

describe("optimalStarts", () => {
  it("honours the count and the minimum span lengths", () => {
    const units = unitsOf([...repeat(A, 10), ...repeat(B, 10), ...repeat(A, 10)]);
    const params = { ...CHAPTER_PARAMS, minSpanMs: 60_000, minEdgeMs: 20_000 };
    const starts = optimalStarts(units, 3, spanCosts(units), boundaryBonuses(units, params), params);
    expect(starts).toEqual([0, 10, 20]);
    const strict = { ...params, minSpanMs: 120_000, minEdgeMs: 120_000 };
    const fewer = optimalStarts(units, 3, spanCosts(units), boundaryBonuses(units, strict), strict);
    expect(fewer.length).toBe(2); // 300 s cannot hold three spans of 120 s
  });

  it("returns a single span when nothing fits", () => {
    const units = unitsOf(repeat(A, 3));
    expect(optimalStarts(units, 4, spanCosts(units), boundaryBonuses(units, CHAPTER_PARAMS), CHAPTER_PARAMS)).toEqual([0]);
  });
});

describe("segment", () => {
  it("scales the target count with the duration, or takes the mean with the cohesion's count", () => {
    expect(targetSpanCount(60_000, CHAPTER_PARAMS)).toBe(1);
    expect(targetSpanCount(15 * 60_000, CHAPTER_PARAMS)).toBe(6); // one per 2½ minutes
    expect(targetSpanCount(15 * 60_000, CHAPTER_PARAMS, 4)).toBe(5); // (6 + 4) / 2
    expect(targetSpanCount(15 * 60_000, CHAPTER_PARAMS, 1)).toBe(4); // 3.5 rounds up
    expect(targetSpanCount(4 * 3_600_000, CHAPTER_PARAMS)).toBe(CHAPTER_PARAMS.maxSpans);
    expect(targetSpanCount(3 * 60_000, CHAPTER_PARAMS, 12)).toBe(3); // at most one chapter a minute
    expect(targetSpanCount(30_000, SECTION_PARAMS)).toBe(1); // too short for two 35 s sections
    expect(targetSpanCount(100_000, SECTION_PARAMS)).toBe(2);
  });

  it("finds the deep cohesion valleys at the joins of topics, and none in one topic", () => {
    const threeTopics = unitsOf([...repeat(A, 30), ...repeat(B, 30), ...repeat(A, 30)]); // joins at 5:00 and 10:00
    const valleys = deepValleys(threeTopics, 1, 120_000, 60_000, 2).map((i) => threeTopics[i]!.startMs);
    expect(valleys).toHaveLength(2);
    expect(Math.abs(valleys[0]! - 300_000)).toBeLessThanOrEqual(20_000);
    expect(Math.abs(valleys[1]! - 600_000)).toBeLessThanOrEqual(20_000);
    expect(deepValleys(unitsOf(repeat(A, 90)), 1, 120_000, 60_000, 2)).toEqual([]);
  });

  it("lets the valleys pull the count toward the topics the transcript has", () => {
    const fourTopics = unitsOf([...repeat(A, 24), ...repeat(B, 24), ...repeat(A, 24), ...repeat(B, 24)]); // 16 minutes, joins every 4
    expect(segment(fourTopics, { ...CHAPTER_PARAMS, valleys: undefined })).toHaveLength(6); // 16 / 2.5, rounded
    const both = segment(fourTopics, CHAPTER_PARAMS);
    expect(both).toHaveLength(5); // (6.4 + 4) / 2, rounded
    for (const join of [240_000, 480_000, 720_000]) expect(both.some((i) => Math.abs(fourTopics[i]!.startMs - join) <= 20_000)).toBe(true);
    // One topic: no valleys, so about half the length's count.
    expect(segment(unitsOf(repeat(A, 96)), CHAPTER_PARAMS)).toHaveLength(4); // (6.4 + 1) / 2, rounded
  });

  it("handles empty and tiny inputs", () => {
    expect(segment([], CHAPTER_PARAMS)).toEqual([]);
    expect(segment(unitsOf(["one sentence"]), CHAPTER_PARAMS)).toEqual([0]);
  });

  it("finds the topics of a synthetic lecture within 30 s", () => {
    const { segments, topicStartsMs } = syntheticTranscript(20, { topicMinutes: 4 });
    const units = toUnits(segments);
    const starts = segment(units, CHAPTER_PARAMS);
    expect(starts[0]).toBe(0);
    const found = starts.slice(1).map((i) => units[i]!.startMs);
    const hits = topicStartsMs.slice(1).filter((t) => found.some((f) => Math.abs(f - t) <= 30_000));
    expect(hits.length).toBeGreaterThanOrEqual(topicStartsMs.length - 2);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it("groups very long transcripts into blocks and still returns sentence starts", () => {
    const { segments } = syntheticTranscript(90, { secondsPerSentence: 3 });
    expect(segments.length).toBeGreaterThan(MAX_UNITS);
    const units = toUnits(segments);
    const starts = segment(units, CHAPTER_PARAMS);
    expect(starts[0]).toBe(0);
    expect(starts.length).toBe(CHAPTER_PARAMS.maxSpans);
    for (let k = 1; k < starts.length; k++) expect(starts[k]!).toBeGreaterThan(starts[k - 1]!);
    expect(Math.max(...starts)).toBeLessThan(units.length);
  });

  it("splits two vocabularies glued together at the join", () => {
    const units = unitsOf([...repeat(A, 30), ...repeat(B, 30)]); // 10 minutes, the join at 5:00
    const starts = segment(units, CHAPTER_PARAMS);
    expect(starts.map((i) => units[i]!.startMs)).toContain(300_000);
  });

  it("still finds the topics in short lower-case caption lines without punctuation", () => {
    const { segments, topicStartsMs } = syntheticTranscript(20, { topicMinutes: 4, secondsPerSentence: 12 });
    const captions = simulateAutoCaptions(segments);
    expect(captions.length).toBeGreaterThan(segments.length);
    expect(captions.every((c) => !/[.,!?A-Z]/.test(c.text))).toBe(true);
    const units = toUnits(captions);
    const found = segment(units, CHAPTER_PARAMS)
      .slice(1)
      .map((i) => units[i]!.startMs);
    const hits = topicStartsMs.slice(1).filter((t) => found.some((f) => Math.abs(f - t) <= 30_000));
    expect(hits.length).toBeGreaterThanOrEqual(topicStartsMs.length - 2);
  });
});
