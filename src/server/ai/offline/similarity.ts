/**
 * Sparse term vectors and the cosine measure the segmenter uses. A vector is a Map from stem to
 * weight; maps iterate in insertion order, which keeps every sum in the same order on every run
 * (floating-point results are then bit-for-bit deterministic).
 */

export type TermVector = Map<string, number>;

/** Document frequency of each stem over a list of sentences (each sentence counts a stem once). */
export function documentFrequencies(sentences: readonly (readonly string[])[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const stems of sentences) {
    for (const s of new Set(stems)) df.set(s, (df.get(s) ?? 0) + 1);
  }
  return df;
}

/**
 * Inverse document frequency with a floor: words in nearly every sentence of the video weigh
 * little, but never zero (a one-topic video still has a vocabulary to compare).
 */
export function inverseDocumentFrequencies(df: ReadonlyMap<string, number>, sentenceCount: number): Map<string, number> {
  const idf = new Map<string, number>();
  const n = Math.max(1, sentenceCount);
  for (const [s, f] of df) idf.set(s, Math.max(0.1, Math.log((n + 1) / f)));
  return idf;
}

/** Adds `weight` × each stem of a sentence into a vector (raw term frequency when weight is 1). */
export function addInto(vector: TermVector, stems: readonly string[], weight = 1): void {
  for (const s of stems) vector.set(s, (vector.get(s) ?? 0) + weight);
}

/** Cosine similarity of two vectors, optionally weighting each term (e.g. by idf). 0 for empty ones. */
export function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, termWeight?: ReadonlyMap<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [s, x] of a) {
    const w = termWeight?.get(s) ?? 1;
    const wx = x * w;
    na += wx * wx;
    const y = b.get(s);
    if (y !== undefined) dot += wx * y * w;
  }
  for (const [s, y] of b) {
    const w = termWeight?.get(s) ?? 1;
    nb += y * w * (y * w);
  }
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}

/** Centred moving average with a half-width of `radius` (shrinks at the edges). */
export function smooth(values: readonly number[], radius: number): number[] {
  if (radius <= 0) return [...values];
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    let count = 0;
    for (let j = Math.max(0, i - radius); j <= Math.min(values.length - 1, i + radius); j++) {
      sum += values[j] ?? 0;
      count++;
    }
    out.push(count ? sum / count : 0);
  }
  return out;
}

/**
 * TextTiling depth scores: for each point, how far the curve climbs on both sides before it
 * starts to fall again. A deep valley between two high plateaus is a topic shift.
 */
export function depthScores(values: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    let left = v;
    for (let j = i - 1; j >= 0; j--) {
      const x = values[j] ?? 0;
      if (x < left) break;
      left = x;
    }
    let right = v;
    for (let j = i + 1; j < values.length; j++) {
      const x = values[j] ?? 0;
      if (x < right) break;
      right = x;
    }
    out.push(left - v + (right - v));
  }
  return out;
}

export function mean(values: readonly number[]): number {
  if (!values.length) return 0;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  let sum = 0;
  for (const v of values) sum += (v - m) * (v - m);
  return Math.sqrt(sum / values.length);
}
