/**
 * Topic segmentation of a timed transcript.
 *
 * The core is lexical cohesion, measured two ways:
 * - globally, as in Utiyama & Isahara (2001): a span costs the negative log-likelihood of its own
 *   words under its own (Laplace-smoothed) word distribution, so a span that keeps reusing the
 *   same vocabulary is cheap and a span that straddles two topics is expensive;
 * - locally, as in TextTiling (Hearst 1997): at each gap, the tf-idf cosine between the minute or
 *   two before and after; a deep valley in that curve is a topic shift.
 * Speakers add two cues of their own at a change of topic, which the segmenter rewards: a pause
 * before the new sentence, and a discourse marker at its start ("All right,", "By the way",
 * "Let's turn to", "Finally"); in automatic captions, whose lines start anywhere in a sentence,
 * a strong marker anywhere in the line counts half (cues.ts, with lists for other languages).
 *
 * A dynamic programme then picks the spans that minimise the total cost minus the bonuses of the
 * chosen boundaries, under minimum span lengths. How many: the video's length and its cohesion
 * have an equal say (the mean of a rate per minute and the number of deep cohesion valleys), so a
 * long video gets the chapters its topics need, not the density of the short videos the rate was
 * chosen on.
 * Everything works on sentence indices, so boundaries always fall on sentence starts. Weights are
 * in nats (they trade against the likelihood cost) and are judged only by held-out protocols
 * (chapter-protocols.ts: leave-one-video-out, and fitting on the shorter videos to score the
 * longer ones).
 */
import { unitCue } from "./cues";
import { depthScores, documentFrequencies, inverseDocumentFrequencies, mean, smooth, standardDeviation } from "./similarity";

/**
 * A sentence (or, for very long transcripts, a block of sentences) as the segmenter sees it;
 * `cue` is how strongly it opens a new topic in its language (cues.ts; from the text as English
 * when absent).
 */
export type Unit = { startMs: number; endMs: number; text: string; stems: readonly string[]; cue?: number };

export type SegmenterParams = {
  /** How many spans by length: one per `msPerSpan` (clamped to [minSpans, maxSpans]). */
  msPerSpan: number;
  /**
   * How many by cohesion: one more than the deep valleys of the TextTiling curve at a window of
   * `windowMs` (depth at least `depth` standard deviations above the transcript's mean, at least
   * minSpanMs apart). With it, the count is the mean of the two.
   */
  valleys?: { depth: number; windowMs: number };
  minSpans: number;
  maxSpans: number;
  /** Minimum length (ms) of an inner span, and of the first and the last span. */
  minSpanMs: number;
  minEdgeMs: number;
  /** Bonus (nats) for a boundary after a long pause; the pause counts from floor to full, linearly. */
  pauseWeight: number;
  pauseFloorMs: number;
  pauseFullMs: number;
  /** Bonus (nats) for a boundary at a discourse marker (cueScore, 0..1). */
  cueWeight: number;
  /** Bonus (nats) per standard deviation of TextTiling depth, averaged over the windows. */
  depthWeight: number;
  depthWindowsMs: readonly number[];
  depthSmoothRadius: number;
};

/**
 * Chapter scale: the count halfway between one chapter per 2½ minutes and one more than the
 * valleys a standard deviation deep at a three-minute window (at most 12 chapters, each ≥ 1
 * minute). A rate alone is a constant of the shared corpus's short videos: refitted on their
 * shorter half it over-splits the longer half (F1 0.482 there; with the valleys, 0.647).
 */
export const CHAPTER_PARAMS: SegmenterParams = {
  msPerSpan: 150_000,
  valleys: { depth: 1, windowMs: 180_000 },
  minSpans: 1,
  maxSpans: 12,
  minSpanMs: 60_000,
  minEdgeMs: 20_000,
  pauseWeight: 45,
  pauseFloorMs: 1_000,
  pauseFullMs: 5_000,
  cueWeight: 15,
  depthWeight: 6,
  depthWindowsMs: [60_000, 120_000],
  depthSmoothRadius: 2,
};

/** Section scale: 2-5 sections per chapter, each ≥ 35 s (no ground truth: set by reading the output). */
export const SECTION_PARAMS: SegmenterParams = {
  msPerSpan: 80_000,
  minSpans: 2,
  maxSpans: 5,
  minSpanMs: 35_000,
  minEdgeMs: 35_000,
  pauseWeight: 20,
  pauseFloorMs: 800,
  pauseFullMs: 4_000,
  cueWeight: 15,
  depthWeight: 4,
  depthWindowsMs: [25_000, 45_000],
  depthSmoothRadius: 1,
};

/** Above this many units, sentences are grouped into blocks so the O(n²) programme stays fast. */
export const MAX_UNITS = 640;

/* ------------------------------------------------------------------ local cohesion (TextTiling) */

/**
 * Cosine similarity at each gap i (between units i-1 and i; index 0 unused) of the tf-idf
 * vectors of the units starting within `windowMs` before and after the gap. Both windows slide
 * forward monotonically, and the dot product and both norms are updated term by term as
 * sentences enter and leave (weights idf²), so the whole curve costs O(total tokens).
 */
export function windowSimilarities(units: readonly Unit[], windowMs: number, idf: ReadonlyMap<string, number>): number[] {
  const n = units.length;
  const ids = new Map<string, number>();
  const encoded = units.map((u) =>
    u.stems.map((s) => {
      let id = ids.get(s);
      if (id === undefined) {
        id = ids.size;
        ids.set(s, id);
      }
      return id;
    }),
  );
  const weight = new Float64Array(ids.size);
  for (const [s, id] of ids) weight[id] = (idf.get(s) ?? 1) ** 2;
  const left = new Float64Array(ids.size);
  const right = new Float64Array(ids.size);
  let leftNorm = 0;
  let rightNorm = 0;
  let dot = 0;
  const moveLeft = (unit: number, delta: number) => {
    for (const id of encoded[unit]!) {
      const x = left[id]!;
      const w = weight[id]!;
      leftNorm += ((x + delta) * (x + delta) - x * x) * w;
      dot += delta * right[id]! * w;
      left[id] = x + delta;
    }
  };
  const moveRight = (unit: number, delta: number) => {
    for (const id of encoded[unit]!) {
      const y = right[id]!;
      const w = weight[id]!;
      rightNorm += ((y + delta) * (y + delta) - y * y) * w;
      dot += delta * left[id]! * w;
      right[id] = y + delta;
    }
  };
  const sims: number[] = [0];
  let leftStart = 0;
  let rightEnd = 0; // exclusive
  for (let i = 1; i < n; i++) {
    const t = units[i]!.startMs;
    // Left window: units [leftStart, i) starting at or after t - windowMs (at least unit i-1).
    moveLeft(i - 1, 1);
    while (leftStart < i - 1 && units[leftStart]!.startMs < t - windowMs) moveLeft(leftStart++, -1);
    // Right window: units [i, rightEnd) starting before t + windowMs (at least unit i). At the
    // previous gap it began at unit i-1, which now moves out.
    if (i >= 2) moveRight(i - 1, -1);
    if (rightEnd < i) rightEnd = i;
    while (rightEnd < n && (rightEnd === i || units[rightEnd]!.startMs < t + windowMs)) moveRight(rightEnd++, 1);
    // Counts are integers, so the norms only drift by rounding: clamp tiny negatives.
    sims.push(leftNorm > 1e-9 && rightNorm > 1e-9 ? Math.max(0, dot) / Math.sqrt(leftNorm * rightNorm) : 0);
  }
  return sims;
}

/**
 * TextTiling depth at each gap, z-scored within the transcript and averaged over the window
 * sizes (index 0, which is no gap, is 0).
 */
function depthFeature(units: readonly Unit[], windowsMs: readonly number[], smoothRadius: number, idf?: ReadonlyMap<string, number>): number[] {
  const n = units.length;
  const out = new Array<number>(n).fill(0);
  if (n < 3 || windowsMs.length === 0) return out;
  const weights = idf ?? inverseDocumentFrequencies(documentFrequencies(units.map((u) => u.stems)), n);
  for (const windowMs of windowsMs) {
    const depth = depthScores(smooth(windowSimilarities(units, windowMs, weights).slice(1), smoothRadius));
    const m = mean(depth);
    const sd = standardDeviation(depth) || 1;
    depth.forEach((d, k) => {
      out[k + 1] = (out[k + 1] ?? 0) + (d - m) / sd / windowsMs.length;
    });
  }
  return out;
}

/** 0..1: the silence before unit i, scaled between the floor and the full length. */
export function pauseFeature(units: readonly Unit[], floorMs: number, fullMs: number): number[] {
  return units.map((u, i) => {
    if (i === 0) return 0;
    const silence = u.startMs - units[i - 1]!.endMs;
    return Math.max(0, Math.min(1, (silence - floorMs) / Math.max(1, fullMs - floorMs)));
  });
}

/** The bonus (nats) of starting a span at each unit (index 0 is always a start and gets 0). */
export function boundaryBonuses(units: readonly Unit[], params: SegmenterParams, idf?: ReadonlyMap<string, number>): number[] {
  const depth = params.depthWeight ? depthFeature(units, params.depthWindowsMs, params.depthSmoothRadius, idf) : null;
  const pause = pauseFeature(units, params.pauseFloorMs, params.pauseFullMs);
  return units.map((u, i) =>
    i === 0 ? 0 : params.pauseWeight * pause[i]! + params.cueWeight * (u.cue ?? unitCue(u.text)) + (depth ? params.depthWeight * depth[i]! : 0),
  );
}

/* ------------------------------------------------------------ global cohesion (Utiyama-Isahara) */

/**
 * cost[a·(n+1) + b] for 0 ≤ a < b ≤ n: the negative log-likelihood of the words of units [a, b)
 * under their own add-one-smoothed unigram model over the transcript's vocabulary V:
 *   −Σ_w f_w·log((f_w + 1) / (N + V)) = N·log(N + V) − Σ_w f_w·log(f_w + 1),
 * with the sum kept incrementally as the span grows, so each row costs O(tokens).
 */
export function spanCosts(units: readonly Unit[]): Float64Array {
  const n = units.length;
  const vocabulary = new Set<string>();
  for (const u of units) for (const s of u.stems) vocabulary.add(s);
  const v = vocabulary.size;
  const ids = new Map<string, number>();
  for (const s of vocabulary) ids.set(s, ids.size);
  const encoded = units.map((u) => u.stems.map((s) => ids.get(s)!));
  // gain[c] = (c+1)·log(c+2) − c·log(c+1): what one more occurrence of a word seen c times adds.
  let tokensTotal = 0;
  for (const e of encoded) tokensTotal += e.length;
  const gain = new Float64Array(tokensTotal + 1);
  for (let c = 0; c <= tokensTotal; c++) gain[c] = (c + 1) * Math.log(c + 2) - c * Math.log(c + 1);
  const cost = new Float64Array(n * (n + 1));
  const counts = new Int32Array(v);
  for (let a = 0; a < n; a++) {
    counts.fill(0);
    let sum = 0;
    let tokens = 0;
    const row = a * (n + 1);
    for (let b = a + 1; b <= n; b++) {
      for (const id of encoded[b - 1]!) {
        const c = counts[id]!;
        sum += gain[c]!;
        counts[id] = c + 1;
      }
      tokens += encoded[b - 1]!.length;
      cost[row + b] = tokens * Math.log(tokens + v) - sum;
    }
  }
  return cost;
}

/* --------------------------------------------------------------------------------- selection */

/**
 * How many spans a stretch of `durationMs` should get: by its length, or, given the count its
 * cohesion valleys suggest, the mean of the two; within [minSpans, maxSpans] and what fits.
 */
export function targetSpanCount(durationMs: number, params: SegmenterParams, byCohesion?: number): number {
  const byLength = durationMs / params.msPerSpan;
  const count = Math.round(byCohesion === undefined ? byLength : (byLength + byCohesion) / 2);
  const wanted = Math.max(params.minSpans, Math.min(params.maxSpans, count));
  return Math.max(1, Math.min(wanted, Math.floor(durationMs / params.minSpanMs) || 1));
}

/**
 * The gaps at the bottom of deep cohesion valleys: local maxima of the TextTiling depth (z-scored
 * within the transcript) of at least `depth`, keeping the deeper of two closer than `minGapMs`.
 * Gaps closer than that to either end are left out: there the windows are cut short, which makes
 * valleys of their own.
 */
export function deepValleys(units: readonly Unit[], depth: number, windowMs: number, minGapMs: number, smoothRadius: number): number[] {
  const n = units.length;
  if (n < 3) return [];
  const z = depthFeature(units, [windowMs], smoothRadius);
  const startMs = units[0]!.startMs;
  const endMs = Math.max(units[n - 1]!.endMs, units[n - 1]!.startMs);
  const valleys: number[] = [];
  for (let i = 1; i < n; i++) {
    const d = z[i]!;
    if (units[i]!.startMs - startMs < minGapMs || endMs - units[i]!.startMs < minGapMs) continue;
    if (d < depth || d < z[i - 1]! || d < (z[i + 1] ?? Number.NEGATIVE_INFINITY)) continue;
    const previous = valleys.at(-1);
    if (previous !== undefined && units[i]!.startMs - units[previous]!.startMs < minGapMs) {
      if (d > z[previous]!) valleys[valleys.length - 1] = i;
      continue;
    }
    valleys.push(i);
  }
  return valleys;
}

/**
 * The optimal segmentation of units into at most `count` spans (as many as the length limits
 * allow): minimises Σ cost(span) − Σ bonus(boundary). Returns the span starts, beginning with 0.
 * Ties resolve to the earliest split, so the result is deterministic.
 */
export function optimalStarts(units: readonly Unit[], count: number, costs: Float64Array, bonus: readonly number[], params: SegmenterParams): number[] {
  const n = units.length;
  if (n === 0) return [];
  const tEnd = Math.max(units[n - 1]!.endMs, units[n - 1]!.startMs);
  // at[i]: when span i would start (at[n]: the end of the transcript).
  const at = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) at[i] = units[i]!.startMs;
  at[n] = tEnd;
  const t0 = at[0]!;
  const canStart = (i: number) => at[i]! - t0 >= params.minEdgeMs && tEnd - at[i]! >= params.minEdgeMs;
  // previous[a]: the least cost of covering units [0, a) with k-1 spans (Infinity if impossible).
  const INF = Number.POSITIVE_INFINITY;
  let previous = new Float64Array(n + 1).fill(INF);
  previous[0] = 0;
  const back: Int32Array[] = [];
  const totals: number[] = [];
  for (let k = 1; k <= count; k++) {
    const current = new Float64Array(n + 1).fill(INF);
    const from = new Int32Array(n + 1).fill(-1);
    for (let b = 1; b <= n; b++) {
      if (b < n && !canStart(b)) continue;
      const end = at[b]!;
      for (let a = 0; a < b; a++) {
        const base = previous[a]!;
        if (base === INF) continue;
        // The first and the last span need minEdgeMs; inner spans minSpanMs.
        if (end - at[a]! < (a === 0 || b === n ? params.minEdgeMs : params.minSpanMs)) continue;
        const value = base + costs[a * (n + 1) + b]! - bonus[a]!;
        if (value < current[b]!) {
          current[b] = value;
          from[b] = a;
        }
      }
    }
    back.push(from);
    totals.push(current[n]!);
    previous = current;
  }
  const best = largestFeasible(totals);
  if (best <= 1) return [0];
  const starts: number[] = [];
  let b = n;
  for (let k = best; k >= 1; k--) {
    const a = back[k - 1]![b]!;
    starts.push(a);
    b = a;
  }
  return starts.reverse();
}

/** The largest feasible count up to the target (a short stretch may not fit them all). */
function largestFeasible(totals: readonly number[]): number {
  for (let k = totals.length; k >= 1; k--) if (totals[k - 1] !== Number.POSITIVE_INFINITY) return k;
  return 1;
}

/** Groups consecutive units into at most `limit` blocks; returns the blocks and each block's first unit. */
function blocksOf(units: readonly Unit[], limit: number): { blocks: Unit[]; firsts: number[] } {
  const size = Math.ceil(units.length / limit);
  const blocks: Unit[] = [];
  const firsts: number[] = [];
  for (let i = 0; i < units.length; i += size) {
    const group = units.slice(i, i + size);
    blocks.push({
      startMs: group[0]!.startMs,
      endMs: group[group.length - 1]!.endMs,
      text: group[0]!.text,
      stems: group.flatMap((u) => u.stems),
      cue: group[0]!.cue,
    });
    firsts.push(i);
  }
  return { blocks, firsts };
}

/**
 * Segments units into topic spans; returns the index of each span's first unit, ascending and
 * starting with 0 (an empty list for no units). `count` overrides the target (targetSpanCount).
 */
export function segment(units: readonly Unit[], params: SegmenterParams, count?: number): number[] {
  const n = units.length;
  if (n === 0) return [];
  const durationMs = Math.max(units[n - 1]!.endMs, units[n - 1]!.startMs) - units[0]!.startMs;
  const byCohesion = params.valleys && deepValleys(units, params.valleys.depth, params.valleys.windowMs, params.minSpanMs, params.depthSmoothRadius).length + 1;
  const wanted = Math.min(count ?? targetSpanCount(durationMs, params, byCohesion), n);
  if (wanted <= 1 || n < 2) return [0];
  if (n > MAX_UNITS) {
    const { blocks, firsts } = blocksOf(units, MAX_UNITS);
    return segment(blocks, params, wanted).map((b) => firsts[b]!);
  }
  return optimalStarts(units, wanted, spanCosts(units), boundaryBonuses(units, params), params);
}
