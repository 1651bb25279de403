import { tokenize } from "~/server/video/text-relevance";
import type { TimedSegment } from "~/server/video/types";

/**
 * Retrieval for the course chat tutor: the transcript is cut into overlapping passages, and a
 * question is answered from the passages BM25 ranks highest, which the tutor cites as [m:ss].
 * Everything is in memory and synchronous; one index per transcript.
 */

export type PassageSegment = Pick<TimedSegment, "startMs" | "endMs" | "text">;

export type Passage = {
  /** Position in the list `buildPassages` returned. */
  id: number;
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  text: string;
  /** The transcript segments it covers: `segments.slice(startSegment, endSegment)`. */
  startSegment: number;
  endSegment: number;
};

export type PassageOptions = {
  /** A passage grows until it holds this many words… */
  targetWords?: number;
  /** …or spans this many seconds, whichever comes first. */
  maxSeconds?: number;
  /** Words between the starts of consecutive passages (default half of `targetWords`), so they overlap. */
  strideWords?: number;
};

export type PassageHit = {
  passage: Passage;
  score: number;
  /** The passage being watched at `atSeconds` (always the first hit when a moment is given). */
  atMoment?: boolean;
  /**
   * How much of the question the passage holds: the IDF-weighted share of the query's topical
   * terms found in it, 0–1. A term the transcript never uses weighs as much as the rarest one,
   * so "What's the capital of France?" scores low even when "capital" appears somewhere.
   * relevance.ts decides from it whether the video covers the question.
   */
  coverage: number;
};

type SearchOptions = {
  /** The moment the learner is watching, in seconds: passages near it are favoured, and the one there comes first. */
  atSeconds?: number;
  /**
   * How many times the rarest term's IDF a question's term counts in `coverage` when the
   * transcript never uses it (relevance.ts tunes it with the threshold).
   */
  unknownTermWeight?: number;
  /**
   * The share of its IDF a term earns in `coverage` when the transcript says it only in passing
   * (in at most INCIDENTAL_PASSAGES passages, one mention in overlapping passages): "capital" in
   * "a venture capital firm" does not make "What's the capital of France?" covered.
   */
  incidentalTermWeight?: number;
};

export interface PassageIndex {
  readonly passages: readonly Passage[];
  /**
   * The best `k` passages for `query`, best first, none overlapping another; [] when nothing
   * matches. With `atSeconds`, the passage being watched is the first hit whatever the query, and
   * the others are weighted by how close they are to it (momentWeight).
   */
  search(query: string, k?: number, options?: SearchOptions): PassageHit[];
  /** How many passages hold a term (of passageTerms): 0 when the transcript never uses it. */
  passagesWith(term: string): number;
}

/** A passage at the moment being watched scores up to (1 + MOMENT_BOOST) times its BM25 score… */
const MOMENT_BOOST = 1;
/** …and the boost halves every this many seconds away from the moment. */
const MOMENT_HALF_LIFE_SECONDS = 60;

/** How much closeness to the moment being watched multiplies a passage's score: 2 at the moment, → 1 far away. */
export function momentWeight(distanceSeconds: number): number {
  return 1 + MOMENT_BOOST * 2 ** (-Math.max(0, distanceSeconds) / MOMENT_HALF_LIFE_SECONDS);
}

/** Seconds between a passage and a moment: 0 when the passage spans it. */
function distanceTo(passage: Passage, atSeconds: number): number {
  if (atSeconds < passage.start) return passage.start - atSeconds;
  if (atSeconds > passage.end) return atSeconds - passage.end;
  return 0;
}

/**
 * The passage being watched at `atSeconds`: of the (overlapping) passages that span it, the one
 * whose middle is nearest, so the moment sits well inside its context; else the nearest passage
 * (a pause between captions, or a time past the last one). Null for no passages.
 */
export function passageAt(passages: readonly Passage[], atSeconds: number): Passage | null {
  let best: Passage | null = null;
  let bestKey = [Infinity, Infinity];
  for (const passage of passages) {
    const key = [distanceTo(passage, atSeconds), Math.abs((passage.start + passage.end) / 2 - atSeconds)];
    if (key[0]! < bestKey[0]! || (key[0] === bestKey[0] && key[1]! < bestKey[1]!)) {
      best = passage;
      bestKey = key;
    }
  }
  return best;
}

const DEFAULT_TARGET_WORDS = 70;
const DEFAULT_MAX_SECONDS = 45;

/** See SearchOptions.unknownTermWeight and incidentalTermWeight. */
export const UNKNOWN_TERM_WEIGHT = 3;
const INCIDENTAL_TERM_WEIGHT = 0.5;
const INCIDENTAL_PASSAGES = 2;

const K1 = 1.2;
const B = 0.75;
/** Long queries (a pasted paragraph) keep only their rarest terms: bounded cost, and the rest is noise. */
const MAX_QUERY_TERMS = 32;
/** Only the end of a longer query is read: after pasted context, the question comes last. */
const MAX_QUERY_CHARS = 8_000;

/**
 * Words of the way learners ask ("can you explain what … means") that the tokenizer's stop words
 * do not cover: dropped from a query unless nothing else is left ("what is the mean?").
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  tokenize("explain explained explaining mean means meaning understand tell please actually exactly really"),
);

/** Scripts written without spaces: indexed as overlapping character pairs rather than words. */
export const UNSPACED_RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]+)/u;

/** The index terms of a text, in order: the shared tokenizer's, plus character bigrams for CJK and Thai. */
export function passageTerms(text: string): string[] {
  const terms: string[] = [];
  // split() with a capturing group alternates between other text (even) and unspaced runs (odd).
  text.split(UNSPACED_RUN).forEach((part, position) => {
    if (position % 2 === 0) {
      for (const token of tokenize(part)) terms.push(token);
      return;
    }
    const chars = [...part];
    if (chars.length === 1) terms.push(part);
    for (let i = 0; i + 1 < chars.length; i += 1) terms.push(chars[i]! + chars[i + 1]!);
  });
  return terms;
}

function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/).length;
}

/**
 * Groups consecutive segments into overlapping passages of about `targetWords` words (at most
 * `maxSeconds` long, at least one segment), a new one starting every `strideWords` words, so an
 * answer that straddles one passage's edge lies inside the next. Segments are kept whole, so
 * every passage starts where a caption starts.
 */
export function buildPassages(segments: readonly PassageSegment[], options: PassageOptions = {}): Passage[] {
  const targetWords = Math.max(1, options.targetWords ?? DEFAULT_TARGET_WORDS);
  const maxMs = Math.max(1, options.maxSeconds ?? DEFAULT_MAX_SECONDS) * 1000;
  const strideWords = Math.min(targetWords, Math.max(1, options.strideWords ?? targetWords / 2));
  const words = segments.map((segment) => wordCount(segment.text));
  const passages: Passage[] = [];

  let first = 0;
  while (first < segments.length) {
    let end = first;
    let total = 0;
    while (end < segments.length && (end === first || (total < targetWords && segments[end]!.endMs - segments[first]!.startMs <= maxMs))) {
      total += words[end]!;
      end += 1;
    }
    const covered = segments.slice(first, end);
    const text = covered
      .map((segment) => segment.text.trim())
      .filter((part) => part !== "")
      .join(" ");
    if (text !== "") {
      passages.push({
        id: passages.length,
        start: segments[first]!.startMs / 1000,
        end: Math.max(...covered.map((segment) => segment.endMs)) / 1000,
        text,
        startSegment: first,
        endSegment: end,
      });
    }
    if (end >= segments.length) break;
    // The next passage starts `strideWords` further on, but always inside this one (overlap) and past its start.
    let skipped = 0;
    let next = first;
    while (next < end - 1 && (next === first || skipped < strideWords)) {
      skipped += words[next]!;
      next += 1;
    }
    first = Math.max(next, first + 1);
  }
  return passages;
}

/** The passages holding a term, with the term's count in each. */
type Postings = { passages: number[]; frequencies: number[] };

export function createPassageIndex(passages: readonly Passage[]): PassageIndex {
  // Each distinct whitespace-separated chunk is tokenized once (passages overlap, so every word
  // comes twice) and terms are numbered: indexing is about 20% faster than tokenizing every
  // passage's text. Splitting on whitespace first changes nothing, as the tokenizer never joins
  // across spaces.
  const termIds = new Map<string, number>();
  const postings: Postings[] = [];
  const chunkTerms = new Map<string, number[]>();
  const termsOf = (chunk: string): number[] => {
    let ids = chunkTerms.get(chunk);
    if (ids === undefined) {
      ids = passageTerms(chunk).map((term) => {
        let id = termIds.get(term);
        if (id === undefined) {
          id = postings.length;
          termIds.set(term, id);
          postings.push({ passages: [], frequencies: [] });
        }
        return id;
      });
      chunkTerms.set(chunk, ids);
    }
    return ids;
  };

  const counts: number[] = [];
  const lengths = passages.map((passage, position) => {
    const seen: number[] = [];
    let length = 0;
    for (const chunk of passage.text.split(/\s+/)) {
      if (chunk === "") continue;
      for (const id of termsOf(chunk)) {
        const count = counts[id] ?? 0;
        if (count === 0) seen.push(id);
        counts[id] = count + 1;
        length += 1;
      }
    }
    for (const id of seen) {
      postings[id]!.passages.push(position);
      postings[id]!.frequencies.push(counts[id]!);
      counts[id] = 0;
    }
    return length;
  });
  const count = passages.length;
  const averageLength = count > 0 ? lengths.reduce((sum, length) => sum + length, 0) / count : 0;
  const idf = (documentFrequency: number): number => Math.log(1 + (count - documentFrequency + 0.5) / (documentFrequency + 0.5));

  function search(
    query: string,
    k = 3,
    { atSeconds, unknownTermWeight = UNKNOWN_TERM_WEIGHT, incidentalTermWeight = INCIDENTAL_TERM_WEIGHT }: SearchOptions = {},
  ): PassageHit[] {
    if (count === 0 || !(k >= 1)) return [];
    const moment = atSeconds !== undefined && Number.isFinite(atSeconds) ? passageAt(passages, atSeconds) : null;
    const queryTerms = passageTerms(query.slice(-MAX_QUERY_CHARS));
    const known = queryTerms.filter((term) => termIds.has(term));
    const topical = known.filter((term) => !QUESTION_WORDS.has(term));
    const terms = [...new Set(topical.length > 0 ? topical : known)]
      .map((term) => {
        const list = postings[termIds.get(term)!]!;
        return { term, list, idf: idf(list.passages.length) };
      })
      .sort((a, b) => b.idf - a.idf)
      .slice(0, MAX_QUERY_TERMS);
    // The coverage's denominator: every topical term asked, the unknown ones at the highest IDF.
    const unknownTerms = new Set(queryTerms.filter((term) => !termIds.has(term) && !QUESTION_WORDS.has(term)));
    const unknownWeight = Math.min(unknownTerms.size, MAX_QUERY_TERMS) * idf(0) * unknownTermWeight;
    const askedWeight = terms.reduce((sum, term) => sum + term.idf, 0) + unknownWeight;
    const coverage = (passage: number): number => {
      let held = 0;
      for (const term of terms) {
        if (holds(term.list, passage)) held += term.list.passages.length > INCIDENTAL_PASSAGES ? term.idf : term.idf * incidentalTermWeight;
      }
      return askedWeight > 0 ? held / askedWeight : 0;
    };
    if (terms.length === 0) return moment ? [{ passage: moment, score: 0, atMoment: true, coverage: 0 }] : [];

    const scores = new Float64Array(count);
    for (const { list, idf: weight } of terms) {
      list.passages.forEach((passage, i) => {
        const frequency = list.frequencies[i]!;
        const lengthNorm = averageLength > 0 ? lengths[passage]! / averageLength : 1;
        scores[passage]! += (weight * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + B * lengthNorm));
      });
    }
    const candidates: PassageHit[] = [];
    scores.forEach((score, passage) => {
      if (score <= 0) return;
      const weight = moment ? momentWeight(distanceTo(passages[passage]!, atSeconds!)) : 1;
      candidates.push({ passage: passages[passage]!, score: score * weight, coverage: 0 });
    });
    candidates.sort((a, b) => b.score - a.score || a.passage.id - b.passage.id);

    // Overlapping passages share their text, so the runner-up is often the winner shifted by a
    // segment: keep the best of each overlapping group, so k hits are k different moments. It
    // measurably helps: hit@3 16 → 17 of the 20 evaluation questions, 95 → 99 of 140 creator
    // chapter titles used as queries. (A bigram bonus and a term-coverage boost did not.)
    const hits: PassageHit[] = moment ? [{ passage: moment, score: scores[passages.indexOf(moment)]! * momentWeight(0), atMoment: true, coverage: 0 }] : [];
    for (const candidate of candidates) {
      if (hits.some((hit) => overlaps(hit.passage, candidate.passage))) continue;
      hits.push(candidate);
      if (hits.length >= k) break;
    }
    return hits.map((hit) => ({ ...hit, coverage: coverage(passages.indexOf(hit.passage)) }));
  }

  function passagesWith(term: string): number {
    const id = termIds.get(term);
    return id === undefined ? 0 : postings[id]!.passages.length;
  }

  return { passages, search, passagesWith };
}

/** Whether a term's postings (in passage order) include `passage`. */
function holds(list: Postings, passage: number): boolean {
  let low = 0;
  let high = list.passages.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = list.passages[middle]!;
    if (at === passage) return true;
    if (at < passage) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

function overlaps(a: Passage, b: Passage): boolean {
  return a.startSegment < b.endSegment && b.startSegment < a.endSegment;
}

export { formatTimestamp, parseTimestampCitations } from "~/lib/timestamps";
