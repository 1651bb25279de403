/**
 * Held-out evaluation of chapter segmentation against creator chapters.
 *
 * A score measured on the videos the method was tuned on says little about videos it has not
 * seen, so every figure but the first picks the method's free parameters on some videos and
 * scores others:
 * - inSample: the shipped parameters on every video (what the engine does today);
 * - leaveOneOut: for each video, the grid point that scores best on all the others, scored on it;
 * - lengthSplit: the grid point best on the shorter half of the videos, scored on the longer half
 *   (unseen videos tend to be longer, with more chapters);
 * - autoCaptions: the shipped parameters on the same videos re-cut into short lower-case caption
 *   lines without punctuation, as automatic captions come.
 * Boundaries match one-to-one within ±tolerance (matchBoundaries); 0:00 is excluded on both sides;
 * the counts are summed over videos before precision, recall and F1 (micro average).
 */
import type { TimedSegment } from "~/server/video/types";

import { simulateAutoCaptions } from "./auto-captions";
import { toUnits } from "./engine";
import { addCounts, matchBoundaries, scoreCounts, type BoundaryCounts, type BoundaryScores } from "./evaluate";
import { CHAPTER_PARAMS, segment, type SegmenterParams } from "./segment";

/** A video with creator chapters: `referenceMs` are their starts, 0:00 excluded; `language` its transcript's (English when absent). */
export type ChapterVideo = { id: string; durationMs: number; segments: TimedSegment[]; referenceMs: number[]; language?: string };

/** A video with its creator's chapters (seconds, as in the fixtures) as the protocols score it. */
export function chapterVideoOf(video: {
  videoId: string;
  durationSeconds: number;
  segments: readonly TimedSegment[];
  chapters: readonly { start: number }[];
  language?: string;
}): ChapterVideo {
  return {
    id: video.videoId,
    durationMs: video.durationSeconds * 1000,
    segments: [...video.segments],
    referenceMs: innerChapterStartsMs(video.chapters),
    language: video.language,
  };
}

/** Creator chapter starts in ms, sorted, 0:00 excluded (every outline starts there). */
export function innerChapterStartsMs(chapters: readonly { start: number }[]): number[] {
  return chapters
    .map((c) => Math.round(c.start * 1000))
    .filter((ms) => ms > 0)
    .sort((a, b) => a - b);
}

export type ProtocolReport = { inSample: BoundaryScores; leaveOneOut: BoundaryScores; lengthSplit: BoundaryScores; autoCaptions?: BoundaryScores };

export type ProtocolOptions = {
  toleranceMs?: number;
  /** The parameter settings the held-out protocols choose from (CHAPTER_GRID by default). */
  grid?: readonly SegmenterParams[];
  /** The parameters in use (CHAPTER_PARAMS by default), for inSample and autoCaptions. */
  shipped?: SegmenterParams;
  /** Whether to score the simulated automatic captions (default true). */
  autoCaptions?: boolean;
};

const ZERO: BoundaryCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };

/** Every combination of a few values of each free parameter around the shipped ones. */
export function parameterGrid(base: SegmenterParams, axes: { [K in keyof SegmenterParams]?: readonly SegmenterParams[K][] }): SegmenterParams[] {
  let grid: SegmenterParams[] = [base];
  for (const [key, values] of Object.entries(axes) as [keyof SegmenterParams, readonly unknown[]][]) {
    grid = grid.flatMap((params) => values.map((value) => ({ ...params, [key]: value })));
  }
  return grid;
}

/** The chapter method's free weights (nats): the pause, the discourse cue and the cohesion depth. */
export const CHAPTER_GRID: readonly SegmenterParams[] = parameterGrid(CHAPTER_PARAMS, {
  pauseWeight: [20, 30, 45, 60],
  cueWeight: [10, 15, 20, 30],
  depthWeight: [0, 3, 6, 9],
});

/** The inner chapter starts (ms) the segmenter finds in a video. */
export function predictChapterStarts(segments: readonly TimedSegment[], params: SegmenterParams, language?: string): number[] {
  const units = toUnits(segments, language);
  return segment(units, params)
    .slice(1)
    .map((i) => units[i]!.startMs);
}

const countsFor = (video: ChapterVideo, params: SegmenterParams, toleranceMs: number, segments = video.segments) =>
  matchBoundaries(predictChapterStarts(segments, params, video.language), video.referenceMs, toleranceMs);

const total = (rows: readonly BoundaryCounts[]) => rows.reduce(addCounts, ZERO);

/** The index of the grid point with the best F1 over the given videos (the first on a tie). */
function bestOn(table: readonly BoundaryCounts[][], videoIndices: readonly number[]): number {
  let best = 0;
  let bestF1 = -1;
  table.forEach((row, g) => {
    const f1 = scoreCounts(total(videoIndices.map((v) => row[v]!))).f1;
    if (f1 > bestF1) {
      bestF1 = f1;
      best = g;
    }
  });
  return best;
}

/** Runs the protocols over the videos (those without reference chapters are ignored). */
export function evaluateChapterProtocols(videos: readonly ChapterVideo[], options: ProtocolOptions = {}): ProtocolReport {
  const toleranceMs = options.toleranceMs ?? 30_000;
  const grid = options.grid ?? CHAPTER_GRID;
  const shipped = options.shipped ?? CHAPTER_PARAMS;
  const scored = videos.filter((v) => v.referenceMs.length > 0 && v.segments.length > 0);
  const table = grid.map((params) => scored.map((v) => countsFor(v, params, toleranceMs)));
  const all = scored.map((_, k) => k);

  const inSample = scoreCounts(total(scored.map((v) => countsFor(v, shipped, toleranceMs))));
  const leaveOneOut = scoreCounts(
    total(
      all.map(
        (h) =>
          table[
            bestOn(
              table,
              all.filter((k) => k !== h),
            )
          ]![h]!,
      ),
    ),
  );
  const byLength = [...all].sort((a, b) => scored[a]!.durationMs - scored[b]!.durationMs || a - b);
  const shorter = byLength.slice(0, Math.floor(byLength.length / 2));
  const longer = byLength.slice(shorter.length);
  const fitted = table[bestOn(table, shorter)]!;
  const lengthSplit = scoreCounts(total(longer.map((k) => fitted[k]!)));
  const report: ProtocolReport = { inSample, leaveOneOut, lengthSplit };
  if (options.autoCaptions ?? true) {
    report.autoCaptions = scoreCounts(total(scored.map((v) => countsFor(v, shipped, toleranceMs, simulateAutoCaptions(v.segments)))));
  }
  return report;
}

export type LanguageComparison = { videos: number; scores: BoundaryScores; english: BoundaryScores; gap: number };

/**
 * The shipped segmenter on a language's videos against their (translated) creator chapters, and
 * on the English videos of the same ids against the same chapters, so the gap is the language's
 * alone: a translated description often loses some timestamps, which would otherwise count
 * against the language. Videos without chapters, or without an English transcript, are left out.
 */
export function compareWithEnglish(
  translated: readonly ChapterVideo[],
  englishById: ReadonlyMap<string, ChapterVideo>,
  toleranceMs = 30_000,
): LanguageComparison {
  const pairs = pairedWithEnglish(translated, englishById);
  const own = total(pairs.map(([video]) => countsFor(video, CHAPTER_PARAMS, toleranceMs)));
  const base = total(pairs.map(([, original]) => countsFor(original, CHAPTER_PARAMS, toleranceMs)));
  const scores = scoreCounts(own);
  const english = scoreCounts(base);
  return { videos: pairs.length, scores, english, gap: english.f1 - scores.f1 };
}

/** Each translated video with chapters beside its English original, scored against the translation's chapters. */
function pairedWithEnglish(translated: readonly ChapterVideo[], englishById: ReadonlyMap<string, ChapterVideo>): [ChapterVideo, ChapterVideo][] {
  return translated.flatMap((video): [ChapterVideo, ChapterVideo][] => {
    const original = englishById.get(video.id);
    if (video.referenceMs.length === 0 || video.segments.length === 0 || !original || original.segments.length === 0) return [];
    return [[video, { ...original, referenceMs: video.referenceMs }]];
  });
}

export type HeldOutLanguageComparison = Record<"leaveOneOut" | "lengthSplit", { f1: number; english: number; gap: number }>;

/**
 * compareWithEnglish by the held-out protocols: the segmenter's weights are chosen on the other
 * videos of the same language (leave-one-out) or on its shorter half (length split), and English
 * is scored the same way on the same videos and chapters.
 */
export function compareWithEnglishHeldOut(
  translated: readonly ChapterVideo[],
  englishById: ReadonlyMap<string, ChapterVideo>,
  toleranceMs = 30_000,
): HeldOutLanguageComparison {
  const pairs = pairedWithEnglish(translated, englishById);
  const options = { toleranceMs, autoCaptions: false };
  const own = evaluateChapterProtocols(
    pairs.map(([video]) => video),
    options,
  );
  const english = evaluateChapterProtocols(
    pairs.map(([, original]) => original),
    options,
  );
  const row = (key: "leaveOneOut" | "lengthSplit") => ({ f1: own[key].f1, english: english[key].f1, gap: english[key].f1 - own[key].f1 });
  return { leaveOneOut: row("leaveOneOut"), lengthSplit: row("lengthSplit") };
}
