/**
 * Figures of the offline concept extractor over fixture courses (`npm run eval:concepts`): how
 * many concepts a course gets, how fast, how often two courses of one language share a key, and
 * whether the same moments of a video get concepts in every language. Concept keys are stems of one language, so languages are compared
 * by time alone: a moment of the English course agrees when the other language's course has a
 * concept moment within the tolerance of it. Pure functions; the script builds the courses.
 */
import type { ExtractedConcept } from "~/server/ai/offline/concepts";

/** One fixture course's concepts and how long extracting them took. */
export type CourseConcepts = { videoId: string; language: string; concepts: readonly ExtractedConcept[]; ms: number };

export type Spread = { min: number; median: number; max: number };

export type LanguageSummary = {
  language: string;
  courses: number;
  concepts: Spread;
  maxMs: number;
  distinctKeys: number;
  /** Keys that at least two courses of the language have. */
  sharedKeys: number;
  singleWord: number;
};

/** Moments of one side that the other side matches, summed over videos. */
export type Agreement = { matched: number; total: number };

export type ConsistencySummary = {
  language: string;
  videos: number;
  /** English moments with a concept of the language near them. */
  englishFound: Agreement;
  /** The language's moments with an English concept near them. */
  languageFound: Agreement;
};

export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) return { min: 0, median: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: sorted[0]!, median, max: sorted.at(-1)! };
}

/** A concept of one content word: its key is a single stem. */
export function isSingleWord(concept: ExtractedConcept): boolean {
  return !concept.key.includes(" ");
}

/** How many keys at least two of the courses have (a course counts a key once). */
export function keysSharedByCourses(courses: readonly CourseConcepts[], atLeast = 2): number {
  const courseCount = new Map<string, number>();
  for (const course of courses) for (const key of new Set(course.concepts.map((c) => c.key))) courseCount.set(key, (courseCount.get(key) ?? 0) + 1);
  return [...courseCount.values()].filter((n) => n >= atLeast).length;
}

/** The figures of one language's courses. */
export function summariseLanguage(language: string, courses: readonly CourseConcepts[]): LanguageSummary {
  return {
    language,
    courses: courses.length,
    concepts: spreadOf(courses.map((course) => course.concepts.length)),
    maxMs: Math.max(0, ...courses.map((course) => course.ms)),
    distinctKeys: new Set(courses.flatMap((course) => course.concepts.map((c) => c.key))).size,
    sharedKeys: keysSharedByCourses(courses),
    singleWord: courses.reduce((n, course) => n + course.concepts.filter(isSingleWord).length, 0),
  };
}

/** Every moment of a course's concepts, in seconds, in order (sections are each language's own, so only times compare). */
export function momentTimes(concepts: readonly ExtractedConcept[]): number[] {
  return concepts.flatMap((concept) => concept.moments.map((moment) => moment.timeSeconds)).sort((a, b) => a - b);
}

/** How many of `times` have a time of `others` within ±toleranceS. */
export function timesMatched(times: readonly number[], others: readonly number[], toleranceS: number): Agreement {
  const matched = times.filter((t) => others.some((o) => Math.abs(o - t) <= toleranceS)).length;
  return { matched, total: times.length };
}

const addAgreement = (a: Agreement, b: Agreement): Agreement => ({ matched: a.matched + b.matched, total: a.total + b.total });

/**
 * Cross-language consistency of one language against English, over the videos both have: the
 * share of English concept moments with a concept of the language within ±toleranceS, and the
 * reverse. Nothing is fitted on these videos, so the figure is held out by construction.
 */
export function consistencyWithEnglish(
  language: string,
  courses: readonly CourseConcepts[],
  englishById: ReadonlyMap<string, CourseConcepts>,
  toleranceS: number,
): ConsistencySummary {
  let englishFound: Agreement = { matched: 0, total: 0 };
  let languageFound: Agreement = { matched: 0, total: 0 };
  let videos = 0;
  for (const course of courses) {
    const english = englishById.get(course.videoId);
    if (!english) continue;
    videos++;
    const englishTimes = momentTimes(english.concepts);
    const ownTimes = momentTimes(course.concepts);
    englishFound = addAgreement(englishFound, timesMatched(englishTimes, ownTimes, toleranceS));
    languageFound = addAgreement(languageFound, timesMatched(ownTimes, englishTimes, toleranceS));
  }
  return { language, videos, englishFound, languageFound };
}

export const shareOf = (a: Agreement): number => (a.total === 0 ? 0 : a.matched / a.total);
