import { splitTitle, termCoverage, tokenize, topicTerms } from "./text-relevance";
import type { Complexity, VideoDetails, VideoQuery } from "./types";

/**
 * Orders candidate videos for a course: the best first, non-embeddable ones removed (the course
 * page plays the video inline). Pure and deterministic: equal scores keep the candidates' order.
 */

/**
 * Weights, on parts that each lie in 0..1 (complexity words in -1..1): topic relevance dominates
 * (4) because an off-topic video makes a useless course however good it is; captions (1.5) and a
 * suitable length (1.5) decide whether a course can be built and followed; the source's own
 * relevance (2) carries what our word matching cannot see (the search engine's understanding);
 * complexity words (1) are a hint that titles often lack; popularity (0.5) only breaks near-ties,
 * since views follow entertainment more than teaching. A video under two minutes loses 6, more
 * than any combination of the rest can make up for, because it cannot hold a course.
 */
const WEIGHTS = { topic: 4, sourceRelevance: 2, captions: 1.5, duration: 1.5, complexityWords: 1, popularity: 0.5 } as const;
const VERY_SHORT_SECONDS = 120;
const VERY_SHORT_PENALTY = 6;
/** Ten million views count as fully popular; the log keeps a viral video from drowning the rest. */
const POPULARITY_LOG_CEILING = 7;

const IDEAL_MINUTES: Record<Complexity, { min: number; max: number }> = {
  beginner: { min: 5, max: 20 },
  intermediate: { min: 10, max: 40 },
  advanced: { min: 15, max: 90 },
};

const COMPLEXITY_WORDS: Record<Complexity, { favoured: string[]; disfavoured: string[] }> = {
  beginner: {
    favoured: [
      "introduction",
      "intro",
      "basics",
      "basic",
      "beginner",
      "beginners",
      "explained",
      "simple",
      "simply",
      "easy",
      "for dummies",
      "crash course",
      "fundamentals",
      "overview",
      "101",
      "getting started",
      "what is",
      "visual",
      "visually",
      "intuition",
      "intuitive",
      "step by step",
    ],
    disfavoured: ["advanced", "deep dive", "proof", "rigorous", "graduate", "research", "derivation", "lecture"],
  },
  intermediate: {
    favoured: [
      "tutorial",
      "in depth",
      "in-depth",
      "example",
      "examples",
      "practical",
      "applications",
      "how to",
      "guide",
      "worked",
      "walkthrough",
      "step by step",
      "intuition",
      "explained",
    ],
    disfavoured: ["for kids", "for dummies", "in 60 seconds", "research talk", "graduate"],
  },
  advanced: {
    favoured: [
      "deep dive",
      "advanced",
      "proof",
      "proofs",
      "rigorous",
      "derivation",
      "theorem",
      "graduate",
      "lecture",
      "formal",
      "in depth",
      "in-depth",
      "internals",
      "research",
      "theory",
    ],
    disfavoured: ["for beginners", "beginner", "beginners", "for kids", "for dummies", "basics", "101", "crash course", "in 5 minutes"],
  },
};

export type RankingQuery = VideoQuery & { relevance?: Map<string, number> };

export type CandidateScore = {
  total: number;
  parts: { topic: number; sourceRelevance: number; captions: number; duration: number; complexityWords: number; popularity: number; veryShort: boolean };
};

/** The candidates best first, embeddable only, each id once; the caller takes as many as it needs. */
export function rankCandidates(candidates: readonly VideoDetails[], query: RankingQuery): VideoDetails[] {
  const maxSourceRelevance = Math.max(0, ...(query.relevance?.values() ?? []));
  const seen = new Set<string>();
  const scored: { candidate: VideoDetails; score: number; order: number }[] = [];
  candidates.forEach((candidate, order) => {
    if (!candidate.embeddable || seen.has(candidate.id)) return;
    seen.add(candidate.id);
    scored.push({ candidate, score: scoreCandidate(candidate, query, maxSourceRelevance).total, order });
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map(({ candidate }) => candidate);
}

/**
 * One source's results in the order the pipeline tries them: the source's own order (its
 * relevance judgement, which our word matching cannot see) is one part of the ranking.
 */
export function orderSourceResults(results: readonly VideoDetails[], query: VideoQuery): VideoDetails[] {
  const relevance = new Map(results.map((result, index) => [result.id, (results.length - index) / results.length]));
  return rankCandidates(results, { ...query, relevance });
}

export function scoreCandidate(candidate: VideoDetails, query: RankingQuery, maxSourceRelevance = 1): CandidateScore {
  const parts = {
    topic: topicRelevance(candidate, query.topic),
    sourceRelevance: sourceRelevance(candidate.id, query.relevance, maxSourceRelevance),
    captions: candidate.hasCaptions ? 1 : 0,
    duration: durationFit(candidate.durationSeconds, query.complexity),
    complexityWords: complexityWordsFit(candidate, query.complexity),
    popularity: popularity(candidate.viewCount),
    veryShort: candidate.durationSeconds > 0 && candidate.durationSeconds < VERY_SHORT_SECONDS,
  };
  const total =
    WEIGHTS.topic * parts.topic +
    WEIGHTS.sourceRelevance * parts.sourceRelevance +
    WEIGHTS.captions * parts.captions +
    WEIGHTS.duration * parts.duration +
    WEIGHTS.complexityWords * parts.complexityWords +
    WEIGHTS.popularity * parts.popularity -
    (parts.veryShort ? VERY_SHORT_PENALTY : 0);
  return { total, parts };
}

/**
 * Share of the topic's informative words (filler such as "how does … work" left out) in the
 * title (most) and description, plus a bonus when the title's subject holds them in the topic's
 * order. A word found only in the title's series part ("| Chapter 2, Deep learning") counts half:
 * the series names what its videos share, not what this one answers.
 */
function topicRelevance(candidate: VideoDetails, topic: string): number {
  const terms = topicTerms(topic);
  if (terms.length === 0) return 0;
  const { subject } = splitTitle(candidate.title);
  const inSubject = termCoverage(terms, subject);
  const inTitle = inSubject + SERIES_SHARE * (termCoverage(terms, candidate.title) - inSubject);
  const phraseInSubject = containsSequence(tokenize(subject), terms);
  const score = 0.7 * inTitle + 0.3 * termCoverage(terms, candidate.description) + (phraseInSubject ? 0.3 : 0);
  return Math.min(1, score);
}
const SERIES_SHARE = 0.5;

function containsSequence(tokens: readonly string[], sequence: readonly string[]): boolean {
  for (let start = 0; start + sequence.length <= tokens.length; start += 1) {
    if (sequence.every((term, offset) => tokens[start + offset] === term)) return true;
  }
  return false;
}

function sourceRelevance(id: string, relevance: Map<string, number> | undefined, max: number): number {
  const value = relevance?.get(id);
  if (value === undefined || !Number.isFinite(value) || value <= 0 || max <= 0) return 0;
  return Math.min(1, value / max);
}

/** 1 inside the complexity's ideal length, falling linearly to 0 at zero or twice the maximum; 0.5 when unknown. */
export function durationFit(durationSeconds: number, complexity: Complexity): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0.5;
  const minutes = durationSeconds / 60;
  const { min, max } = IDEAL_MINUTES[complexity];
  if (minutes < min) return minutes / min;
  if (minutes > max) return Math.max(0, 1 - (minutes - max) / max);
  return 1;
}

/** -1..1: words that suit the complexity count for, words of another level against; the title counts double. */
function complexityWordsFit(candidate: VideoDetails, complexity: Complexity): number {
  const title = normalisePhrase(candidate.title);
  const description = normalisePhrase(candidate.description);
  const { favoured, disfavoured } = COMPLEXITY_WORDS[complexity];
  const weigh = (words: string[]) => words.reduce((sum, word) => sum + (containsWord(title, word) ? 0.5 : containsWord(description, word) ? 0.25 : 0), 0);
  return Math.max(-1, Math.min(1, weigh(favoured) - weigh(disfavoured)));
}

function popularity(viewCount: number | null): number {
  if (viewCount === null || !Number.isFinite(viewCount) || viewCount <= 0) return 0;
  return Math.min(1, Math.log10(viewCount + 1) / POPULARITY_LOG_CEILING);
}

function normalisePhrase(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}-]+/gu, " ")
    .trim()} `.replace(/\s+/g, " ");
}

/** `text` is normalised with a space at each end, so a padded phrase matches whole words only. */
function containsWord(text: string, phrase: string): boolean {
  return text.includes(` ${phrase} `);
}
