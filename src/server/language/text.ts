/**
 * Text primitives of the offline engine: tokenising, stop words, a light stemmer and the
 * clean-up of spoken transcript text. Pure functions, no I/O. English has rules of its own,
 * written for spoken explanations; every other language finds its words with Intl.Segmenter
 * (dictionary-based for Japanese and Chinese, which have no spaces), drops the stop words of
 * stopwords-iso and stems with Snowball where it has an algorithm for the language.
 */
import { newStemmer, type Stemmer } from "snowball-stemmers";
import stopwordsIso from "stopwords-iso";

import { hasFinalPunctuation } from "~/lib/sentences";

import { baseLanguage } from "~/lib/languages";
import { ARABIC_MARKS, UNSPACED_GAP } from "~/lib/writing";

import { LANGUAGE_PACKS, packFor } from "./language-packs";
import type { LanguagePack } from "./pack";

export const STOP_WORDS: ReadonlySet<string> = new Set(LANGUAGE_PACKS.en.words.stopWords.split(/\s+/).filter(Boolean));

const VOWEL = /[aeiouy]/;

/**
 * A light suffix-stripping stemmer (a small subset of Porter's step 1 plus "-ly"): enough to
 * conflate "derivative/derivatives", "compute/computed/computing", "spiral/spirals" for
 * similarity, while never producing an empty stem. The final "e" is dropped everywhere so
 * "make" and "making" meet at "mak". Stems are only compared, never shown.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w) && w.length > 3) w = w.slice(0, -1);

  const strip = (suffix: string) => {
    if (!w.endsWith(suffix)) return false;
    const base = w.slice(0, -suffix.length);
    if (base.length < 3 || !VOWEL.test(base)) return false;
    w = base;
    // "running" -> "runn" -> "run", but keep "ll", "ss", "zz" ("spelled", "passed").
    if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
    return true;
  };
  if (!strip("ing") && !strip("ed")) strip("ly");
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** Lower-cased words of a text (letters, digits, inner apostrophes and hyphen-joined parts split). */
export function words(text: string): string[] {
  const out: string[] = [];
  const re = /[a-z0-9]+(?:'[a-z]+)?/g;
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  for (let m = re.exec(lower); m; m = re.exec(lower)) out.push(m[0]);
  return out;
}

/** Whether a lower-cased word can carry topic (not a stop word, not a bare number, ≥ 3 letters). */
export function isContentWord(word: string): boolean {
  const bare = word.endsWith("'s") ? word.slice(0, -2) : word;
  if (bare.includes("'")) return false; // contractions: "don't", "we'll", "i've"
  if (bare.length < 3 || /^\d+$/.test(bare)) return false;
  return !STOP_WORDS.has(bare);
}

export type Term = { stem: string; surface: string };

/** The content terms of a text, in order: stem for comparison, surface form for display. */
export function terms(text: string, language = "en"): Term[] {
  const lexicon = lexiconFor(language);
  if (lexicon) return lexicon.terms(text);
  const out: Term[] = [];
  for (const word of words(text)) {
    if (!isContentWord(word)) continue;
    const surface = word.endsWith("'s") ? word.slice(0, -2) : word;
    out.push({ stem: stem(surface), surface });
  }
  return out;
}

/** The stems of a text's content words (the tokeniser the similarity measures use). */
export function tokenize(text: string, language = "en"): string[] {
  return terms(text, language).map((t) => t.stem);
}

/* ------------------------------------------------------------------------- other languages */

const STOPWORDS_BY_LANGUAGE = stopwordsIso as Readonly<Record<string, readonly string[]>>;

/**
 * A text as the rules of a language other than English compare it: NFC, lower case in the
 * language's own way, straight apostrophes, no Arabic short vowels.
 */
export function foldText(text: string, language: string): string {
  return text.normalize("NFC").toLocaleLowerCase(baseLanguage(language)).replace(/[’‘]/g, "'").replace(ARABIC_MARKS, "");
}
/** French and Italian elisions glued to the next word: l'équation, d'Euler, qu'on, dell'anno. */
const ELISION = /^(?:[cdjlmnst]|qu|dell|nell|sull|all|dall)'(?=\p{L})/u;
/** Scripts where one character can be a word ("率", "点"); their function words are stop words. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Scripts whose words are short: two letters can carry a topic ("دالة", "दर"). */
const SHORT_WORD_SCRIPTS = /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hebrew}\p{Script=Thai}]/u;

/** Every reading of a word without a proclitic, an enclitic or both (at least two letters left). */
function cliticCores(word: string, clitics: NonNullable<LanguagePack["words"]["clitics"]>): string[] {
  return clitics.proclitics
    .flatMap((prefix) => {
      if (!word.startsWith(prefix) || [...word].length - prefix.length < 2) return [];
      const bare = word.slice(prefix.length);
      return [bare, bare.replace(clitics.enclitic, "")];
    })
    .filter((core) => core !== word);
}

/** A word of a text where it stands ([start, end) in UTF-16 units); `stem` is null for a stop word. */
export type WordPiece = { start: number; end: number; surface: string; stem: string | null };

/** Whether a word is written in a script without spaces between words (Chinese, Japanese). */
export function writtenWithoutSpaces(word: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(word);
}

/** A text without the whitespace inside runs of Chinese or Japanese (a caption's line break there). */
export function joinUnspacedRuns(text: string): string {
  return withoutUnspacedGaps(text).joined;
}

/**
 * A text without the whitespace inside runs of Chinese or Japanese, which splits words there
 * ("导 数", "ゼ ロ"), and where each of its UTF-16 units stands in the original text.
 */
function withoutUnspacedGaps(text: string): { joined: string; at: (index: number) => number } {
  if (!UNSPACED_GAP.test(text)) return { joined: text, at: (index) => index };
  UNSPACED_GAP.lastIndex = 0;
  const positions: number[] = [];
  let joined = "";
  let from = 0;
  for (const gap of text.matchAll(UNSPACED_GAP)) {
    for (let i = from; i < gap.index; i++) positions.push(i);
    joined += text.slice(from, gap.index);
    from = gap.index + gap[0].length;
  }
  for (let i = from; i < text.length; i++) positions.push(i);
  joined += text.slice(from);
  return { joined, at: (index) => positions[index] ?? text.length };
}

type Lexicon = { terms(text: string): Term[]; pieces(text: string): WordPiece[]; titleFillers: ReadonlySet<string> };

const lexicons = new Map<string, Lexicon>();

/** The word rules of a BCP 47 language (by its primary subtag); null where the English rules apply. */
function lexiconFor(language: string): Lexicon | null {
  const pack = packFor(language);
  if (pack.words.segmentation === "english") return null;
  let lexicon = lexicons.get(pack.code);
  if (lexicon === undefined) {
    lexicon = buildLexicon(pack);
    lexicons.set(pack.code, lexicon);
  }
  return lexicon;
}

function buildLexicon(pack: LanguagePack): Lexicon {
  const base = pack.code;
  const { clitics, functionWord, oneWord } = pack.words;
  const segmenter = new Intl.Segmenter(base, { granularity: "word" });
  const normalise = (word: string) =>
    foldText(word, base)
      .replace(ELISION, "")
      .replace(/^'+|'+$/g, "");
  const words = (list: string) => list.split(/\s+/).filter(Boolean);
  const stopWords = new Set([...(STOPWORDS_BY_LANGUAGE[base] ?? []), ...words(pack.words.stopWords)].map(normalise));
  const titleFillers = new Set(words(pack.words.titleFillers).map(normalise));
  const stemmer: Stemmer | null = pack.words.snowball ? newStemmer(pack.words.snowball) : null;
  const isContent = (word: string) => {
    if (stopWords.has(word) || /^\p{N}+$/u.test(word)) return false;
    if (clitics && cliticCores(word, clitics).some((core) => stopWords.has(core))) return false;
    if (functionWord?.test(word)) return false;
    return [...word].length >= (IDEOGRAPHIC.test(word) ? 1 : SHORT_WORD_SCRIPTS.test(word) ? 2 : 3);
  };
  const pieces = (text: string): WordPiece[] => {
    const out: WordPiece[] = [];
    const { joined, at } = withoutUnspacedGaps(text);
    const words: { index: number; segment: string }[] = [];
    for (const piece of segmenter.segment(joined)) {
      if (!piece.isWordLike) continue;
      const previous = words.at(-1);
      if (oneWord && previous && previous.index + previous.segment.length === piece.index && oneWord.test(previous.segment) && oneWord.test(piece.segment)) {
        previous.segment += piece.segment;
      } else {
        words.push({ index: piece.index, segment: piece.segment });
      }
    }
    for (const word of words) {
      const surface = normalise(word.segment);
      const stem = isContent(surface) ? (stemmer ? stemmer.stem(surface) : surface) : null;
      out.push({ start: at(word.index), end: at(word.index + word.segment.length - 1) + 1, surface, stem });
    }
    return out;
  };
  return {
    pieces,
    titleFillers,
    terms: (text) => pieces(text).flatMap((p) => (p.stem === null ? [] : [{ stem: p.stem, surface: p.surface }])),
  };
}

/** A title part without the discourse connective it opens with, its first letter upper-cased (after "¿" or "¡"). */
export function withoutLeadingConnective(text: string, language: string): string {
  const pattern = packFor(language).leadingConnective;
  const trimmed = text.trim();
  const rest = trimmed.replace(pattern, "");
  // A connective alone ("So") is the whole part, and "Y = mx + b" is a formula, not a clause.
  if (rest === trimmed || !/^[¿¡"'“«„「]*[\p{L}\p{N}]/u.test(rest)) return trimmed;
  return rest.replace(/^([¿¡"'“«„「]*)(\p{Ll})/u, (_, open: string, letter: string) => `${open}${letter.toUpperCase()}`);
}

/** Whether a word (as wordPieces spells it) is a filler that must stay out of titles in its language. */
export function isTitleFiller(surface: string, language: string): boolean {
  return lexiconFor(language)?.titleFillers.has(surface) ?? false;
}

/**
 * The words of a text in a language other than English, where they stand, with the stems of its
 * content words; null for English (and tags that are not languages), whose rules are above.
 */
export function wordPieces(text: string, language: string): WordPiece[] | null {
  return lexiconFor(language)?.pieces(text) ?? null;
}

/* ---------------------------------------------------------------- clean-up of spoken text */

/** Fillers removed outright (with the comma that usually follows them). */
const FILLERS: RegExp[] = [
  // Whole words only, in any script: "ah" in Spanish "ahí" stays.
  /(?<![\p{L}\p{N}])(?:um+|uh+|erm|er|ah|hmm+|mm+)(?![\p{L}\p{N}])[,.]?\s*/giu,
  /\[(?:music|applause|laughter|laughs|inaudible|silence)\]\s*/gi,
  /\((?:music|applause|laughter|laughs|inaudible)\)\s*/gi,
  /♪+/g,
];

/** Filler phrases removed only where they stand alone between commas or at a clause start. */
const PHRASE_FILLERS: RegExp[] = [
  /(^|[,.;!?]\s*)(?:you know|i mean|like|sort of|kind of|basically|literally)\s*,\s*/gi,
  /,\s*(?:you know|i mean)\s*(?=[,.;!?])/gi,
];

/**
 * Cleans one transcript sentence for reading: removes fillers and stammered repeats
 * ("the the", "I I"), normalises spacing and punctuation, capitalises the first letter and
 * ends the sentence with a full stop when it has no final punctuation. Never adds words.
 */
export function cleanSentence(text: string): string {
  let s = text.replace(/\s+/g, " ").trim();
  s = s.replace(/>>\s*/g, "").replace(/^-\s+/, "");
  for (const re of FILLERS) s = s.replace(re, "");
  for (const re of PHRASE_FILLERS) s = s.replace(re, "$1");
  // Stammered repeats of one or two words: "the the", "it's it's", "in the in the" (numbers
  // are left alone: "1 1 1" can be maths).
  s = s.replace(/(?<![\p{L}\p{N}])(\p{L}[\p{L}\p{N}]*(?:'\p{L}+)?(?:\s+\p{L}[\p{L}\p{N}]*)?)(?:\s+\1(?![\p{L}\p{N}]))+/giu, "$1");
  s = s
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([,;:])(?=[^\s\d])/g, "$1 ")
    .replace(/,\s*([,.;:!?])/g, "$1")
    .replace(/^[,.;:\s]+/, "")
    .replace(/\s{2,}/g, " ")
    .trim();
  if (!s) return "";
  s = s.replace(/\bi\b/g, "I").replace(/\bi'(m|ve|ll|d)\b/g, "I'$1");
  s = s.charAt(0).toUpperCase() + s.slice(1);
  if (!hasFinalPunctuation(s)) s = `${s.replace(/[,;:、，،]$/u, "")}${fullStopFor(s)}`;
  return s;
}

/** The full stop of the sentence's script: "。" after Chinese or Japanese, "।" after Hindi. */
function fullStopFor(sentence: string): string {
  const last = [...sentence.replace(/[\s\p{P}]+$/u, "")].at(-1) ?? "";
  if (writtenWithoutSpaces(last)) return "。";
  if (/\p{Script=Devanagari}/u.test(last)) return "।";
  return ".";
}

/** Words that stay lower-case inside a Title Cased phrase (never first or last). */
const MINOR_WORDS = new Set(["a", "an", "and", "as", "at", "but", "by", "for", "in", "nor", "of", "on", "or", "per", "the", "to", "vs", "via"]);

/** Title Case for a short phrase: capitalises words except minor ones in the middle. */
export function titleCase(phrase: string): string {
  const parts = phrase.trim().split(/\s+/).filter(Boolean);
  return parts
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && i < parts.length - 1 && MINOR_WORDS.has(lower)) return lower;
      // Keep words that already carry inner capitals (names, "pH", "DNA").
      if (/[A-Z]/.test(word.slice(1))) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}
