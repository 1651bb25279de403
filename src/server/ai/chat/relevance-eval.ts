import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { buildPassages, createPassageIndex, passageTerms, type PassageHit, type PassageIndex } from "./retrieval";
import { FIXTURE_VIDEOS_DIR, RETRIEVAL_QUESTIONS } from "./retrieval-questions";
import { RELEVANCE_QUESTIONS, type RelevanceKind } from "./relevance-questions";

/**
 * The evaluation of the tutor's "not covered" decision on the shared corpus: every labelled
 * question (relevance-questions.ts, the retrieval questions, and the creator chapter titles of
 * every language) asked of its video, then a threshold on the best passage's coverage chosen by
 * leave-one-video-out cross-validation. Used by scripts/eval-relevance.ts and relevance.test.ts.
 */

export type RelevanceCase = {
  videoId: string;
  language: string;
  question: string;
  kind: RelevanceKind | "chapter-title";
  covered: boolean;
  /** The best passage's coverage with each of UNKNOWN_TERM_WEIGHTS, in order . */
  coverages: number[];
};

/** The unknown-term weights tried (SearchOptions.unknownTermWeight), tuned with the threshold. */
export const UNKNOWN_TERM_WEIGHTS = [0.5, 1, 1.5, 2, 3] as const;

/** A decision rule: a weight of UNKNOWN_TERM_WEIGHTS (by position) and a coverage threshold. */
export type Rule = { weight: number; threshold: number };

/** The passages the offline tutor quotes: the decision sees the same hits. */
const HITS = 3;
/** Chapter titles used as questions: only those naming something (two terms or more), not "Intro" or "Recap". */
const MIN_TITLE_TERMS = 2;
const MAX_TITLE_CHARS = 120;

type FixtureFile = { videoId: string; chapters?: { start: number; title: string }[]; segments: { text: string; start: number; duration: number }[] };

export const FIXTURES_DIR = join(FIXTURE_VIDEOS_DIR, "..");

function fixtureFile(videoId: string, language: string, fixturesDir: string): string {
  return language === "en" ? join(fixturesDir, "videos", `${videoId}.json`) : join(fixturesDir, "translations", language, `${videoId}.json`);
}

/** Every labelled question of the corpus with the passages search found for it in its video. */
const CORPUS_LANGUAGES = ["en", "es", "de", "fr", "pt", "ja", "zh", "ar", "hi"] as const;

/** `titleLanguages`: the languages whose chapter titles are asked too (all by default; each costs indexing 32 videos). */
export function relevanceCases(fixturesDir = FIXTURES_DIR, titleLanguages: readonly string[] = CORPUS_LANGUAGES): RelevanceCase[] {
  const indexes = new Map<string, { index: PassageIndex; chapters: { title: string }[] } | null>();
  const load = (videoId: string, language: string) => {
    const key = `${language}/${videoId}`;
    if (!indexes.has(key)) {
      const file = fixtureFile(videoId, language, fixturesDir);
      if (!existsSync(file)) indexes.set(key, null);
      else {
        const video = JSON.parse(readFileSync(file, "utf8")) as FixtureFile;
        const segments = video.segments.map((s) => ({ startMs: Math.round(s.start * 1000), endMs: Math.round((s.start + s.duration) * 1000), text: s.text }));
        indexes.set(key, { index: createPassageIndex(buildPassages(segments)), chapters: video.chapters ?? [] });
      }
    }
    return indexes.get(key)!;
  };
  const cases: RelevanceCase[] = [];
  const ask = (videoId: string, language: string, question: string, kind: RelevanceCase["kind"]) => {
    const video = load(videoId, language);
    if (!video) throw new Error(`fixture ${language}/${videoId} not found in ${fixturesDir}`);
    const searches = UNKNOWN_TERM_WEIGHTS.map((unknownTermWeight) => video.index.search(question, HITS, { unknownTermWeight }));
    cases.push({
      videoId,
      language,
      question,
      kind,
      covered: kind === "in-scope" || kind === "chapter-title",
      coverages: searches.map(bestCoverage),
    });
  };
  for (const q of RETRIEVAL_QUESTIONS) ask(q.videoId, "en", q.question, "in-scope");
  for (const q of RELEVANCE_QUESTIONS) ask(q.videoId, q.language, q.question, q.kind);
  for (const language of titleLanguages) {
    for (const videoId of corpusVideoIds(fixturesDir)) {
      const video = load(videoId, language);
      for (const { title } of video?.chapters ?? []) {
        if (title.length <= MAX_TITLE_CHARS && new Set(passageTerms(title)).size >= MIN_TITLE_TERMS) ask(videoId, language, title, "chapter-title");
      }
    }
  }
  return cases;
}

function corpusVideoIds(fixturesDir: string): string[] {
  return readdirSync(join(fixturesDir, "videos"))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => file.slice(0, -".json".length));
}

/** The decision's input: the coverage of the best passage (the first that is not the watched moment). */
function bestCoverage(hits: readonly PassageHit[]): number {
  return hits.find((hit) => !hit.atMoment)?.coverage ?? 0;
}

export type Rates = {
  /** In-scope questions answered "not covered", of all in-scope ones. */
  falseNotCovered: number;
  /** Out-of-scope questions answered from a passage, of all out-of-scope ones. */
  falseCovered: number;
  /** Right decisions, of all questions. */
  accuracy: number;
  inScope: number;
  outOfScope: number;
};

const coverageUnder = (c: RelevanceCase, rule: Rule) => c.coverages[UNKNOWN_TERM_WEIGHTS.indexOf(rule.weight as (typeof UNKNOWN_TERM_WEIGHTS)[number])]!;
export const judge = (c: RelevanceCase, rule: Rule) => coverageUnder(c, rule) >= rule.threshold;

export function ratesAt(cases: readonly RelevanceCase[], rule: Rule, predicted = (c: RelevanceCase) => judge(c, rule)): Rates {
  const inScope = cases.filter((c) => c.covered);
  const outOfScope = cases.filter((c) => !c.covered);
  const missed = inScope.filter((c) => !predicted(c)).length;
  const wronglyCovered = outOfScope.filter((c) => predicted(c)).length;
  return {
    falseNotCovered: inScope.length ? missed / inScope.length : 0,
    falseCovered: outOfScope.length ? wronglyCovered / outOfScope.length : 0,
    accuracy: cases.length ? (cases.length - missed - wronglyCovered) / cases.length : 0,
    inScope: inScope.length,
    outOfScope: outOfScope.length,
  };
}

/**
 * The threshold with the lowest balanced error (the mean of the two error rates) on `cases`:
 * candidates are the midpoints between consecutive coverages seen; ties go to the lower one,
 * so the tutor rather answers than refuses.
 */
export function tuneRule(cases: readonly RelevanceCase[], weights: readonly number[] = UNKNOWN_TERM_WEIGHTS): Rule {
  let best: Rule = { weight: weights[0]!, threshold: 0 };
  let bestError = Infinity;
  for (const weight of weights) {
    const values = [...new Set(cases.map((c) => coverageUnder(c, { weight, threshold: 0 })))].sort((a, b) => a - b);
    const candidates = [0, ...values.slice(1).map((value, i) => (value + values[i]!) / 2), 1.0001];
    for (const threshold of candidates) {
      const { falseNotCovered, falseCovered } = ratesAt(cases, { weight, threshold });
      const error = (falseNotCovered + falseCovered) / 2;
      if (error < bestError - 1e-12) {
        best = { weight, threshold };
        bestError = error;
      }
    }
  }
  return best;
}

/** For ratesAt with its own `predicted`. */
const NO_RULE: Rule = { weight: 1, threshold: 0 };

export type HeldOut = {
  /** Every case judged by the threshold tuned without its video. */
  rates: Rates;
  /** The hand-written questions (the rules are tuned on these). */
  handWritten: Rates;
  /** The chapter titles, never used in tuning: a second held-out set of in-scope queries. */
  chapterTitles: Rates;
  /** Per out-of-scope kind: the share wrongly answered from a passage. */
  falseCoveredByKind: Record<string, number>;
  /** The rules tuned in the folds. */
  rules: Rule[];
};

/** Leave-one-video-out: each video's questions are judged by the threshold tuned on all the other videos'. */
export function leaveOneVideoOut(cases: readonly RelevanceCase[], weights: readonly number[] = UNKNOWN_TERM_WEIGHTS): HeldOut {
  const videos = [...new Set(cases.map((c) => c.videoId))].sort();
  const ruleOf = new Map<string, Rule>();
  const tuning = cases.filter((c) => c.kind !== "chapter-title");
  for (const video of videos)
    ruleOf.set(
      video,
      tuneRule(
        tuning.filter((c) => c.videoId !== video),
        weights,
      ),
    );
  const predicted = (c: RelevanceCase) => judge(c, ruleOf.get(c.videoId)!);
  const byKind: Record<string, number> = {};
  for (const kind of ["general", "other-topic", "near-topic"] as const) {
    const ofKind = cases.filter((c) => c.kind === kind);
    byKind[kind] = ofKind.length ? ofKind.filter(predicted).length / ofKind.length : 0;
  }
  return {
    rates: ratesAt(cases, NO_RULE, predicted),
    chapterTitles: ratesAt(
      cases.filter((c) => c.kind === "chapter-title"),
      NO_RULE,
      predicted,
    ),
    handWritten: ratesAt(
      cases.filter((c) => c.kind !== "chapter-title"),
      NO_RULE,
      predicted,
    ),
    falseCoveredByKind: byKind,
    rules: [...ruleOf.values()],
  };
}

/** Split by language: each language's questions judged by the threshold tuned on the other languages'. */
export function leaveOneLanguageOut(cases: readonly RelevanceCase[], weights: readonly number[] = UNKNOWN_TERM_WEIGHTS): Record<string, Rates> {
  const result: Record<string, Rates> = {};
  for (const language of [...new Set(cases.map((c) => c.language))]) {
    const rule = tuneRule(
      cases.filter((c) => c.language !== language && c.kind !== "chapter-title"),
      weights,
    );
    result[language] = ratesAt(
      cases.filter((c) => c.language === language),
      rule,
    );
  }
  return result;
}
