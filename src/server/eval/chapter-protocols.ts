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

import { simulateAutoCaptions } from "~/server/ai/offline/auto-captions";
import { toUnits } from "~/server/ai/offline/engine";
import { addCounts, matchBoundaries, scoreCounts, type BoundaryCounts, type BoundaryScores } from "./evaluate";
import { CHAPTER_PARAMS, segment, type SegmenterParams, type Unit } from "~/server/ai/offline/segment";
import { mean } from "~/server/ai/offline/similarity";

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
const CHAPTER_GRID: readonly SegmenterParams[] = parameterGrid(CHAPTER_PARAMS, {
  pauseWeight: [20, 30, 45, 60],
  cueWeight: [10, 15, 20, 30],
  depthWeight: [0, 3, 6, 9],
});

/** The inner chapter starts (ms) the segmenter finds in a video. */
function predictChapterStarts(segments: readonly TimedSegment[], params: SegmenterParams, language?: string): number[] {
  return chapterStartsOf(toUnits(segments, language), params);
}

function chapterStartsOf(units: readonly Unit[], params: SegmenterParams): number[] {
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

/** The boundary counts of every grid point (rows) on every video (columns). */
function gridTable(videos: readonly ChapterVideo[], grid: readonly SegmenterParams[], toleranceMs: number): BoundaryCounts[][] {
  return grid.map((params) => videos.map((v) => countsFor(v, params, toleranceMs)));
}

/**
 * Leave-one-out and the length split from a grid table: the weights are chosen on `chooseOn`
 * (the same table, or the same videos in another language) and scored on `table`.
 */
function heldOutScores(
  table: BoundaryCounts[][],
  chooseOn: BoundaryCounts[][],
  videos: readonly ChapterVideo[],
): Pick<ProtocolReport, "leaveOneOut" | "lengthSplit"> {
  const all = videos.map((_, k) => k);
  const leaveOneOut = scoreCounts(
    total(
      all.map(
        (h) =>
          table[
            bestOn(
              chooseOn,
              all.filter((k) => k !== h),
            )
          ]![h]!,
      ),
    ),
  );
  const byLength = [...all].sort((a, b) => videos[a]!.durationMs - videos[b]!.durationMs || a - b);
  const shorter = byLength.slice(0, Math.floor(byLength.length / 2));
  const longer = byLength.slice(shorter.length);
  const fitted = table[bestOn(chooseOn, shorter)]!;
  return { leaveOneOut, lengthSplit: scoreCounts(total(longer.map((k) => fitted[k]!))) };
}

const hasReference = (v: ChapterVideo) => v.referenceMs.length > 0 && v.segments.length > 0;

/** Runs the protocols over the videos (those without reference chapters are ignored). */
export function evaluateChapterProtocols(videos: readonly ChapterVideo[], options: ProtocolOptions = {}): ProtocolReport {
  const toleranceMs = options.toleranceMs ?? 30_000;
  const grid = options.grid ?? CHAPTER_GRID;
  const shipped = options.shipped ?? CHAPTER_PARAMS;
  const scored = videos.filter(hasReference);
  const table = gridTable(scored, grid, toleranceMs);
  const inSample = scoreCounts(total(scored.map((v) => countsFor(v, shipped, toleranceMs))));
  const report: ProtocolReport = { inSample, ...heldOutScores(table, table, scored) };
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
    if (!hasReference(video) || !original || original.segments.length === 0) return [];
    return [[video, { ...original, referenceMs: video.referenceMs }]];
  });
}

type HeldOutRow = { f1: number; english: number; gap: number };
export type HeldOutLanguageComparison = {
  /** Weights chosen on the English originals of the other videos (or of the shorter half): what ships. */
  fromEnglish: Record<"leaveOneOut" | "lengthSplit", HeldOutRow>;
  /** Weights chosen on the language's own other videos (or its shorter half): a language tuned on its own. */
  ownLanguage: Record<"leaveOneOut" | "lengthSplit", HeldOutRow>;
  /**
   * The F1 averaged over every point of the weight grid: whether the language keeps up with
   * English across the weights, not only at the ones that happen to be best on these videos.
   */
  gridMean: HeldOutRow;
};

/**
 * compareWithEnglish by the held-out protocols, two ways. The engine ships one set of weights,
 * chosen on English, so the first way chooses them on the English originals of the other videos
 * (leave-one-out) or of the shorter half (length split) and scores the translation of the held-out
 * ones. The second chooses them on the language's own videos, as if it were tuned on its own; on
 * 24 videos whose best weights tie within a hundredth, that choice is itself noisy. English is
 * scored by its own protocol on the same videos and chapters both times. Last, the F1 averaged
 * over the whole grid, for both.
 */
export function compareWithEnglishHeldOut(
  translated: readonly ChapterVideo[],
  englishById: ReadonlyMap<string, ChapterVideo>,
  toleranceMs = 30_000,
  grid: readonly SegmenterParams[] = CHAPTER_GRID,
): HeldOutLanguageComparison {
  const pairs = pairedWithEnglish(translated, englishById);
  const videos = pairs.map(([video]) => video);
  const originals = pairs.map(([, original]) => original);
  const table = gridTable(videos, grid, toleranceMs);
  const englishTable = gridTable(originals, grid, toleranceMs);
  const english = heldOutScores(englishTable, englishTable, originals);
  const fromEnglish = heldOutScores(table, englishTable, videos);
  const own = heldOutScores(table, table, videos);
  const rows = (scores: Pick<ProtocolReport, "leaveOneOut" | "lengthSplit">) => {
    const row = (key: "leaveOneOut" | "lengthSplit"): HeldOutRow => ({ f1: scores[key].f1, english: english[key].f1, gap: english[key].f1 - scores[key].f1 });
    return { leaveOneOut: row("leaveOneOut"), lengthSplit: row("lengthSplit") };
  };
  const gridMean = (counts: BoundaryCounts[][]) => mean(counts.map((row) => scoreCounts(total(row)).f1));
  const languageMean = gridMean(table);
  const englishMean = gridMean(englishTable);
  return { fromEnglish: rows(fromEnglish), ownLanguage: rows(own), gridMean: { f1: languageMean, english: englishMean, gap: englishMean - languageMean } };
}

export type EnglishAgreement = {
  /** Sentences where the English and the translated cue detectors both hear a turn (cue ≥ ½), or only one does. */
  cues: { both: number; englishOnly: number; languageOnly: number };
  /** The language's chapter starts scored against the English engine's own on the same videos. */
  chapters: BoundaryScores;
};

/** A cue at least this strong counts as a heard turn. */
const HEARD_CUE = 0.5;

/**
 * How closely the engine on a translation follows the engine on the English original, with no
 * creator chapters involved, so every sentence counts and not only the few chapter starts: a much
 * steadier figure than the F1 against 4-8 chapters a video, for judging a language's own rules
 * (its discourse markers, its words). Each English sentence is paired with the translated
 * sentence under way when it starts (the translations keep the original's timing).
 */
export function agreementWithEnglish(
  translated: readonly ChapterVideo[],
  englishById: ReadonlyMap<string, ChapterVideo>,
  toleranceMs = 30_000,
): EnglishAgreement {
  const cues = { both: 0, englishOnly: 0, languageOnly: 0 };
  let chapters = ZERO;
  for (const video of translated) {
    const original = englishById.get(video.id);
    if (!original || original.segments.length === 0 || video.segments.length === 0) continue;
    const englishUnits = toUnits(original.segments, original.language);
    const units = toUnits(video.segments, video.language);
    let j = 0;
    for (const unit of englishUnits) {
      while (j + 1 < units.length && units[j + 1]!.startMs <= unit.startMs) j++;
      const english = (unit.cue ?? 0) >= HEARD_CUE;
      const language = (units[j]!.cue ?? 0) >= HEARD_CUE;
      if (english && language) cues.both++;
      else if (english) cues.englishOnly++;
      else if (language) cues.languageOnly++;
    }
    chapters = addCounts(chapters, matchBoundaries(chapterStartsOf(units, CHAPTER_PARAMS), chapterStartsOf(englishUnits, CHAPTER_PARAMS), toleranceMs));
  }
  return { cues, chapters: scoreCounts(chapters) };
}
