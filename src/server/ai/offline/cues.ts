/**
 * Discourse markers: the words speakers open a new part with ("All right,", "Let's turn to",
 * "Finally", a sponsor's message), which the segmenter rewards as boundaries. Each language's
 * markers are in its pack (server/language/packs); this module matches them.
 */
import { foldText, joinUnspacedRuns } from "~/server/language/text";
import { packFor } from "~/server/language/language-packs";
import type { DiscourseMarkers, LanguagePack } from "~/server/language/pack";

const alternatives = (parts: readonly string[]) => parts.join("|");

type EnglishMarkers = Extract<DiscourseMarkers, { kind: "english" }>;
type EnglishRules = { strong: RegExp; strongAnywhere: RegExp; weak: RegExp; inner: RegExp; sponsor: RegExp };

function compileEnglish(markers: EnglishMarkers): EnglishRules {
  const strong = alternatives(markers.strong);
  return {
    strong: new RegExp(`^(?:${strong})\\b`),
    /** A strong marker after a space: automatic caption lines start anywhere in a sentence. */
    strongAnywhere: new RegExp(`\\s(?:${strong})\\b`),
    weak: new RegExp(`^(?:${alternatives(markers.weak)})\\b`),
    inner: new RegExp(`\\b(?:${alternatives(markers.inner)})\\b`),
    sponsor: new RegExp(`\\b(?:${alternatives(markers.sponsor)})\\b`),
  };
}

/** English: how strongly a sentence's opening announces a new topic. */
function englishCueScore(rules: EnglishRules, text: string): number {
  const s = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^[^a-z0-9]+/, "");
  if (rules.strong.test(s) || rules.sponsor.test(s)) return 1;
  let score = 0;
  if (rules.weak.test(s)) score += 0.35;
  if (rules.inner.test(s)) score += 0.5;
  if (/\?\s*$/.test(s) && s.length < 80) score += 0.25; // a short question opens a new part
  return Math.min(1, score);
}

/**
 * 0..1: how strongly a unit announces a new topic. Its opening decides for a punctuated sentence;
 * a caption line without punctuation may start mid-sentence, so there a strong marker anywhere
 * in it counts half (the turn is inside the line, so its start is only near it).
 */
function englishUnitCue(rules: EnglishRules, text: string): number {
  const opening = englishCueScore(rules, text);
  if (opening >= 1 || /[.!?]/.test(text)) return opening;
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  return Math.max(opening, rules.strongAnywhere.test(lower) ? 0.5 : 0);
}

/* ------------------------------------------------------------------------- other languages */

type MarkedMarkers = Extract<DiscourseMarkers, { kind: "markers" }>;
type OpeningRules = { strong: RegExp; weak: RegExp; inner: RegExp | null; turns: RegExp | null; questionWords: RegExp | null };

function compileMarkers(markers: MarkedMarkers, pack: LanguagePack): OpeningRules {
  const end = pack.unspaced ? "" : "(?=[^\\p{L}\\p{N}]|$)";
  const start = markers.optionalOpening === null ? "^" : `^(?:${markers.optionalOpening})?`;
  const pattern = (list: readonly string[]) => new RegExp(`${start}(?:${alternatives(list)})${end}`, "u");
  const anywhere = (list: readonly string[]) => (list.length > 0 ? new RegExp(`(?:${alternatives(list)})`, "u") : null);
  return {
    strong: pattern(markers.strong),
    weak: pattern(markers.weak),
    inner: anywhere(markers.inner),
    turns: anywhere(markers.turns),
    questionWords: anywhere(markers.questionWords),
  };
}

type Cues = { score: (text: string) => number; unit: (text: string) => number };
const compiled = new Map<LanguagePack, Cues>();

/** The cue functions of a language: its markers compiled once. */
function cuesOf(pack: LanguagePack): Cues {
  let cues = compiled.get(pack);
  if (cues === undefined) {
    cues = compileCues(pack);
    compiled.set(pack, cues);
  }
  return cues;
}

function compileCues(pack: LanguagePack): Cues {
  const markers = pack.openings;
  if (markers.kind === "none") return { score: () => 0, unit: () => 0 };
  if (markers.kind === "english") {
    const rules = compileEnglish(markers);
    return { score: (text) => englishCueScore(rules, text), unit: (text) => englishUnitCue(rules, text) };
  }
  const rules = compileMarkers(markers, pack);
  // Other languages are judged by the opening alone.
  const score = (text: string) => markedCueScore(rules, text, pack.code);
  return { score, unit: score };
}

function markedCueScore(rules: OpeningRules, text: string, base: string): number {
  const s = foldText(joinUnspacedRuns(text), base).replace(/^[^\p{L}\p{N}]+/u, "");
  if (rules.strong.test(s) || rules.turns?.test(s)) return 1;
  const shortQuestion = /[?？؟]\s*$/.test(s) && [...s].length < 80; // a short question opens a new part
  let score = rules.weak.test(s) || (shortQuestion && rules.questionWords?.test(s)) ? 0.35 : 0;
  if (rules.inner?.test(s)) score += 0.5;
  if (shortQuestion) score += 0.25;
  return Math.min(1, score);
}

/** 0..1: how strongly a sentence's opening announces a new topic, in its language (English when absent). */
export function cueScore(text: string, language = "en"): number {
  return cuesOf(packFor(language)).score(text);
}

/**
 * 0..1: how strongly a unit announces a new topic. In English, a caption line without punctuation
 * may start mid-sentence, so there a strong marker anywhere in it counts half; other languages are
 * judged by the opening.
 */
export function unitCue(text: string, language = "en"): number {
  return cuesOf(packFor(language)).unit(text);
}
