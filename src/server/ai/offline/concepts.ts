/**
 * A course's concepts without a model: the noun phrases its sections are about (the same phrase
 * index and keyness ranking that titles them), each with a definition the video itself says and
 * the moments, one per section, where it is explained. A concept's key is its content words'
 * stems in order, so "Binary Search", "binary searches" and "the binary-search" are one concept,
 * and two courses in one language that explain the same thing share it.
 */
import type { TimedSegment } from "~/server/video/types";
import { cleanSentence, tokenize } from "~/server/language/text";

import { rulesFor } from "./language-rules";
import { rankKeyPhrases, type LineSpan, type PhraseIndex, type ScoredPhrase } from "./titles";

/** A section of the course: its own id and where it starts and ends in the video. */
export type ConceptSection = { id: number; startMs: number; endMs: number | null };

export type ConceptMoment = { sectionId: number; timeSeconds: number };

export type ExtractedConcept = {
  /** Stems of the label's content words, space-separated (hyphens too): the same key is the same concept. */
  key: string;
  label: string;
  definition: string;
  moments: ConceptMoment[];
};

/** The phrases of a section that can make it one of its concepts. */
const PHRASES_PER_SECTION = 3;
/**
 * How often the video must say a phrase for it to be a concept: a word alone is more often an
 * everyday noun of one passage ("friend", "machine") than a phrase of two is. A word's count grows
 * with the video, one mention per WORD_MENTION_MINUTES of it, from the phrase's up to its
 * own: a six-minute lesson says its idea twice where a twenty-minute one says it ten times.
 */
const MIN_MENTIONS = { word: 4, phrase: 2 };
const WORD_MENTION_MINUTES = 4;

/**
 * Whether the video says a phrase of the index often enough to be a concept (MIN_MENTIONS), by
 * the lines that say it; the video's length from its last segment's end.
 */
export function saidOftenRule(index: PhraseIndex, segments: readonly TimedSegment[]): (id: number) => boolean {
  const mentions = new Map<number, number>();
  for (const ids of index.byLine) for (const id of ids) mentions.set(id, (mentions.get(id) ?? 0) + 1);
  const last = segments.at(-1);
  const minutes = last ? last.endMs / 60_000 : 0;
  const wordMentions = Math.min(MIN_MENTIONS.word, Math.max(MIN_MENTIONS.phrase, Math.ceil(minutes / WORD_MENTION_MINUTES)));
  return (id) => (mentions.get(id) ?? 0) >= (index.phrases[id]!.stems.length > 1 ? MIN_MENTIONS.phrase : wordMentions);
}
/** Concepts per section of the course, within [MIN_CONCEPTS, MAX_CONCEPTS] when the video has them. */
const CONCEPTS_PER_SECTION = 0.8;
const MIN_CONCEPTS = 5;
export const MAX_CONCEPTS = 30;
/** A definition is one sentence the video says, of a readable length. */
const DEFINITION_CONTENT_WORDS = 3;
const DEFINITION_MAX_WORDS = 40;
const DEFINITION_MAX_CHARS = 300;

/** The words of stems, a hyphenated one split ("mini-batch" is "mini batch"): a key does not depend on hyphens. */
export const keyWords = (stems: readonly string[]) => stems.flatMap((stem) => stem.split("-")).filter(Boolean);

/**
 * The key of a concept named by its label (a model's): the stems the phrase index gives the
 * label read as a line of transcript, so it is the key the extractor gives the same phrase said in
 * a video ("Second-order term" and "second order terms" alike). A label the tagger does not read
 * as one noun phrase ("Machine learning" alone reads as a verb) keeps all its content words.
 */
export function conceptKey(label: string, language: string): string {
  let phrase: readonly string[] = [];
  for (const candidate of rulesFor(language).indexPhrases([label]).phrases)
    if (keyWords(candidate.stems).length > keyWords(phrase).length) phrase = candidate.stems;
  const words = tokenize(label, language);
  return keyWords(keyWords(phrase).length >= keyWords(words).length ? phrase : words).join(" ");
}

/** Lines [start, end) of each section: the segments that start inside it. */
function sectionSpans(segments: readonly TimedSegment[], sections: readonly ConceptSection[]): LineSpan[] {
  const firstAtOrAfter = (ms: number) => {
    const at = segments.findIndex((s) => s.startMs >= ms);
    return at < 0 ? segments.length : at;
  };
  return sections.map((section, k) => {
    const end = section.endMs ?? sections[k + 1]?.startMs ?? null;
    return { start: firstAtOrAfter(section.startMs), end: end === null ? segments.length : firstAtOrAfter(end) };
  });
}

/** The lines of a span on which the phrase occurs, in order. */
function mentionsIn(index: PhraseIndex, phraseId: number, span: LineSpan): number[] {
  const lines: number[] = [];
  for (let line = span.start; line < span.end; line++) if (index.byLine[line]?.includes(phraseId)) lines.push(line);
  return lines;
}

/**
 * The sentence that best says what the phrase is: one that opens on it (its subject, in most
 * languages: "A logarithm counts…"), of a readable length, with more to say than a passing
 * mention; the earliest of equals, those of its strongest section first.
 */
function definitionOf(segments: readonly TimedSegment[], lines: readonly number[], stems: readonly string[], language: string): string {
  let best = -1;
  let bestScore = -1;
  for (const line of lines) {
    const text = segments[line]!.text;
    const words = tokenize(text, language);
    const readable = words.length >= DEFINITION_CONTENT_WORDS && text.split(/\s+/).length <= DEFINITION_MAX_WORDS && text.length <= DEFINITION_MAX_CHARS;
    const opensOnIt = [0, 1].some((at) => stems.every((stem, k) => words[at + k] === stem));
    const score = (readable ? 2 : 0) + (opensOnIt ? 2 : 0) + (words.length >= DEFINITION_CONTENT_WORDS + 2 ? 1 : 0);
    if (score > bestScore) {
      best = line;
      bestScore = score;
    }
  }
  return best < 0 ? "" : cleanSentence(segments[best]!.text);
}

/** The label as a learner reads it: the phrase as most often said, its first letter capitalised. */
function labelOf(phrase: ScoredPhrase): string {
  return phrase.surface.charAt(0).toUpperCase() + phrase.surface.slice(1);
}

/**
 * The course's concepts, strongest first: the top phrases of each section (by keyness against the
 * rest of the video), said often enough in the video (MIN_MENTIONS), scored by their summed section
 * scores; 5–30 for a course of 6–38 sections, fewer when the video names fewer.
 * `index` is the transcript's phrase index by the rules of its language (the engine's own).
 */
export function extractConcepts(input: {
  segments: readonly TimedSegment[];
  sections: readonly ConceptSection[];
  index: PhraseIndex;
  language: string;
}): ExtractedConcept[] {
  const { segments, sections, index, language } = input;
  if (segments.length === 0 || sections.length === 0) return [];
  const spans = sectionSpans(segments, sections);
  const ranked = rankKeyPhrases(index, spans, { limit: PHRASES_PER_SECTION * 3 });
  const idOf = new Map(index.phrases.map((phrase, id) => [phrase.key, id]));
  const saidOften = saidOftenRule(index, segments);

  type Candidate = { phrase: ScoredPhrase; score: number; bestScore: number; moments: ConceptMoment[]; lines: number[] };
  const candidates = new Map<string, Candidate>();
  ranked.forEach((phrases, k) => {
    for (const phrase of phrases.slice(0, PHRASES_PER_SECTION)) {
      const id = idOf.get(phrase.key);
      if (id === undefined || !saidOften(id)) continue;
      const said = mentionsIn(index, id, spans[k]!);
      const line = said[0];
      if (line === undefined) continue;
      let candidate = candidates.get(phrase.key);
      if (!candidate) candidates.set(phrase.key, (candidate = { phrase, score: 0, bestScore: -1, moments: [], lines: [] }));
      candidate.score += phrase.score;
      if (phrase.score > candidate.bestScore) {
        candidate.bestScore = phrase.score;
        candidate.lines.unshift(...said);
      } else {
        candidate.lines.push(...said);
      }
      candidate.moments.push({ sectionId: sections[k]!.id, timeSeconds: Math.floor(segments[line]!.startMs / 1000) });
    }
  });

  const wanted = Math.min(MAX_CONCEPTS, Math.max(MIN_CONCEPTS, Math.round(sections.length * CONCEPTS_PER_SECTION)));
  const strongestFirst = [...candidates.values()].sort((a, b) => b.score - a.score);
  // "Behavior" says less than "local behavior" beside it: a concept inside another one is dropped.
  const inside = (small: Candidate, big: Candidate) =>
    big !== small && big.phrase.stems.length > small.phrase.stems.length && small.phrase.stems.every((stem) => big.phrase.stems.includes(stem));
  return strongestFirst
    .filter((candidate) => !strongestFirst.some((other) => inside(candidate, other)))
    .slice(0, wanted)
    .map((candidate) => ({
      key: keyWords(candidate.phrase.stems).join(" "),
      label: labelOf(candidate.phrase),
      definition: definitionOf(segments, candidate.lines, candidate.phrase.stems, language),
      moments: candidate.moments,
    }));
}
