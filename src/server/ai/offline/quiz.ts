/**
 * The built-in, LLM-free quiz builder. Pure and deterministic: the same transcript and section
 * give the same quiz on every machine (no randomness, no locale-dependent comparison).
 *
 * Every question is grounded in a real sentence of the section's transcript (or, for a section
 * with too little text, of the neighbouring transcript), so every correct answer is supported by
 * what the video says:
 * - cloze: a key word of a real sentence is blanked, and the correct option is that word exactly
 *   as the transcript spells it;
 * - true statement: "Which statement does the video make in this section?" with the real sentence
 *   against nearby sentences of the video with one key word swapped.
 *
 * A wrong option is another word of the video of the same kind, preferring words of the section:
 * noun for noun and name for name of the same number, number for number, verb for verb of the
 * same form. It must keep the sentence's grammar (retagged in place it keeps the original's part
 * of speech, and an "a"/"an" before it still fits), and it must never be true: the sentence it
 * makes is not in the transcript, and no sentence of the section (of the video, for statements)
 * holds it together with most of the sentence's other content words (`isTrueIn`).
 */
import { AppError } from "~/server/errors";
import {
  QUIZ_MAX_QUESTIONS,
  QUIZ_MIN_QUESTIONS,
  QUIZ_OPTION_COUNT,
  QUIZ_TOO_SHORT_MESSAGE,
  quizWindow,
  sourceTimeInSection,
  type GeneratedQuestion,
  type GeneratedQuiz,
  type QuizSource,
} from "~/server/ai/quiz/types";
import type { TimedSegment } from "~/server/video/types";

import { type LeakCheckedQuestion, standTogether } from "~/server/ai/quiz/stand-alone";

import { standAlone } from "./content";
import { createTagger, type TaggedToken } from "./nlp";
import { distinctOptions, formatTime, QUIZ_WINDOW_WORDS, shuffle } from "./quiz-options";
import { cleanSentence, stem, STOP_WORDS } from "~/server/language/text";
import { english, englishGrammar } from "~/server/language/packs/en";

/** English's quiz words and grammar (see EnglishGrammar). */
const { generic: GENERIC, numerals: NUMERALS, singularInS: SINGULAR_IN_S, clauseOpeners: CLAUSE_OPENERS } = englishGrammar.quiz;
const { consonantSound: CONSONANT_SOUND, vowelSound: VOWEL_SOUND, vowelLetter: VOWEL_LETTER } = englishGrammar.quiz;
export const CLOZE_PREFIX = englishGrammar.quiz.clozePrefix;
const STATEMENT_QUESTION = englishGrammar.quiz.statementQuestion;
/** The English quiz's wording: its pack's. */
const WORDING = english.quiz;
const CLOZE_WORDS = { min: 7, max: 40 };
const CLOZE_MAX_CHARS = 280;
/** Clause lengths (in words) a too-long sentence is cut into. */
const CLAUSE_WORDS = { min: 8, ideal: 16, max: 28 };
const STATEMENT_WORDS = { min: 7, max: 30 };
const STATEMENT_MAX_CHARS = 200;
/** Content words a sentence needs before it can carry a question (fewer make the truth rule vacuous). */
const MIN_CONTENT_LEMMAS = 3;
/**
 * The nearest statements a statement question's wrong options are made from: further away they
 * are off the topic, and trying the whole video is quadratic in its length.
 */
const NEARBY_STATEMENTS_ALTERED = 12;
/** Distractor candidates tried per blank, best first: bounds the tagging work on long videos. */
const MAX_CANDIDATES_TRIED = 40;
const BLANK = "_____";

/**
 * What a word can be swapped with: nouns and names by number, numbers by notation, verbs by
 * form. A word of no kind is never blanked nor offered.
 */
type Kind = "noun" | "nouns" | "name" | "names" | "number" | "numeral" | "verb" | "verb-s" | "verb-ing" | "verb-ed";

type VideoSentence = {
  text: string;
  /** For a clause cut from a longer sentence: that sentence, and where the clause lies in it. */
  parent: { text: string; start: number; end: number } | null;
  startMs: number;
  /** Position of its segment in `source.segments`. */
  segment: number;
  /** Position of the sentence in the whole video (for distances). */
  order: number;
  wordCount: number;
  tokens: TaggedToken[];
  /** Content lemmas (see `contentLemmas`). */
  lemmas: Set<string>;
  /** Lemmas of the same parts of speech, stop words included (see `allLemmas`). */
  all: Set<string>;
  /** See `broadLemmas`. */
  broad: Set<string>;
  /** Every spelling, lemma and stem of its words, lower case: what a distractor must not repeat. */
  words: Set<string>;
  /** The terms it holds (keys of `VideoAnalysis.terms`), once per occurrence. */
  termKeys: string[];
};

type Sentence = VideoSentence & {
  /** Whether it comes from the section itself (not a borrowed neighbour). */
  own: boolean;
  inWindow: boolean;
};

/** A word of the video, by lemma and kind: a possible answer and a possible distractor. */
type Term = {
  kind: Kind;
  lemma: string;
  count: number;
  /** How many sentences of the video hold it. */
  df: number;
  spellings: Map<string, number>;
  /** The most frequent spelling. */
  surface: string;
};

/* ------------------------------------------------------------------ rules shared with the audit */

/**
 * A token's lemma, lower-cased. A noun the tagger's model does not know keeps its plural as
 * lemma ("eigenvectors", or "Eigenvectors" read as a name at the start of a sentence); a regular
 * plural ending is taken off so it meets its singular.
 */
export function lemmaOf(token: TaggedToken): string {
  const lemma = token.lemma.toLowerCase();
  const noun = token.pos === "NOUN" || token.pos === "PROPN";
  if (!noun || lemma !== token.normal || lemma.length <= 3 || !/[a-z]s$/.test(lemma) || SINGULAR_IN_S.test(lemma)) return lemma;
  if (/[^aeiou]ies$/.test(lemma) && lemma.length > 4) return `${lemma.slice(0, -3)}y`;
  if (/(?:ch|sh|x|z)es$/.test(lemma)) return lemma.slice(0, -2);
  return lemma.slice(0, -1);
}

/** Whether a noun is plural; a name only when the tagger's model knows it as one ("Texas" is not). */
function isPlural(token: TaggedToken): boolean {
  return token.pos === "PROPN" ? token.lemma.toLowerCase() !== token.normal : lemmaOf(token) !== token.normal;
}

const CONTENT_POS = new Set(["NOUN", "PROPN", "VERB", "ADJ", "NUM"]);

const isContentToken = (t: TaggedToken) => CONTENT_POS.has(t.pos) && /[\p{L}\p{N}]/u.test(t.text);

/** The lemmas of a text's content words: nouns, names, verbs, adjectives and numbers that are not stop words. */
export function contentLemmas(tokens: readonly TaggedToken[]): string[] {
  return tokens.filter((t) => isContentToken(t) && (t.pos === "NUM" || !STOP_WORDS.has(lemmaOf(t)))).map(lemmaOf);
}

/** The lemmas of every word of those parts of speech, stop words included: what a sentence holds. */
function allLemmas(tokens: readonly TaggedToken[]): string[] {
  return tokens.filter(isContentToken).map(lemmaOf);
}

/**
 * A second, wider reading of "the sentence's other words" for the truth rule: stop words of those
 * parts of speech counted ("take", "make"), one-character words ("x", "2") not.
 */
function broadLemmas(tokens: readonly TaggedToken[]): string[] {
  return tokens.filter((t) => isContentToken(t) && t.normal.length > 1).map(lemmaOf);
}

/**
 * Whether swapping in a distractor (its content lemmas) still says something one of `sentences`
 * says: some sentence holds every distractor lemma together with at least two thirds of the
 * original sentence's other content lemmas (`others`, the swapped word's own left out).
 */
export function isTrueIn(distractor: readonly string[], others: ReadonlySet<string>, sentences: readonly ReadonlySet<string>[]): boolean {
  const needed = Math.ceil((2 * others.size) / 3);
  return sentences.some((lemmas) => {
    if (!distractor.every((l) => lemmas.has(l))) return false;
    let shared = 0;
    for (const l of others) if (lemmas.has(l)) shared += 1;
    return shared >= needed;
  });
}

/** Whether `article` ("a" or "an") reads right before `word`. */
export function articleFits(article: string, word: string): boolean {
  const vowel = /^[A-Z]{2,}s?$/.test(word) ? VOWEL_LETTER.test(word) : VOWEL_SOUND.test(word) || (/^[aeiou]/i.test(word) && !CONSONANT_SOUND.test(word));
  return article.toLowerCase() === (vowel ? "an" : "a");
}

/* ------------------------------------------------------------------ helpers */

const splitSentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=["'“]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A sentence cut into clauses when it is too long to quiz on (automatic captions have no full
 * stops, so a "sentence" can be a 30-second run of speech): each piece ends before a comma or a
 * word that opens a clause, as near the ideal length as such breaks allow, else at the longest
 * length. Pieces are the sentence's own text, with their offsets.
 */
function clauses(sentence: string, tagger: (text: string) => TaggedToken[]): { text: string; offset: number }[] {
  if (countWords(sentence) <= CLOZE_WORDS.max) return [{ text: sentence, offset: 0 }];
  const words = wordTokens(tagger(sentence));
  const cuts: number[] = [0];
  let lastBreak = -1;
  for (let i = 1; i < words.length; i++) {
    const size = i - cuts.at(-1)!;
    const previous = words[i - 1]!;
    const between = sentence.slice(previous.offset + previous.text.length, words[i]!.offset);
    const opens = /[,;:]/.test(between) || words[i]!.pos === "CCONJ" || words[i]!.pos === "SCONJ" || CLAUSE_OPENERS.has(words[i]!.normal);
    if (opens && size >= CLAUSE_WORDS.min) {
      if (size >= CLAUSE_WORDS.ideal) {
        cuts.push(i);
        lastBreak = -1;
        continue;
      }
      lastBreak = i;
    }
    if (size >= CLAUSE_WORDS.max) {
      cuts.push(lastBreak > 0 ? lastBreak : i);
      lastBreak = -1;
    }
  }
  // A short tail joins the piece before it.
  if (cuts.length > 1 && words.length - cuts.at(-1)! < CLAUSE_WORDS.min) cuts.pop();
  return cuts.map((cut, k) => {
    const offset = words[cut]!.offset;
    const end = k + 1 < cuts.length ? words[cuts[k + 1]! - 1]!.offset + words[cuts[k + 1]! - 1]!.text.length : sentence.length;
    return { text: sentence.slice(offset, end), offset };
  });
}
/** Text as matched against the transcript: lower case, runs of anything but letters and digits as one space. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Keeps a distractor's capitalisation in line with the answer's (a lone capital would give it away). */
function matchCase(option: string, answer: string): string {
  return /^\p{Lu}/u.test(answer) && !/^\p{Lu}/u.test(option) ? option.charAt(0).toUpperCase() + option.slice(1) : option;
}

function verbForm(token: TaggedToken): Kind | null {
  const { normal } = token;
  const lemma = lemmaOf(token);
  if (normal === lemma) return "verb";
  if (normal.endsWith("ing")) return "verb-ing";
  if (normal.endsWith("ed")) return "verb-ed";
  if (normal === `${lemma}s` || normal === `${lemma}es` || (lemma.endsWith("y") && normal === `${lemma.slice(0, -1)}ies`)) return "verb-s";
  // An irregular form ("took", "written"): past tense and participle cannot be told apart.
  return null;
}

/** The kind of a token, or null when it cannot be a quiz word. */
function kindOf(token: TaggedToken): Kind | null {
  if (token.pos === "NUM") {
    if (/^\d+(?:[.,]\d+)*$/.test(token.text)) return "number";
    return NUMERALS.has(token.normal) ? "numeral" : null;
  }
  if (!/^\p{L}{3,}$/u.test(token.text)) return null;
  const lemma = lemmaOf(token);
  if (STOP_WORDS.has(lemma) || STOP_WORDS.has(token.normal) || GENERIC.has(lemma) || GENERIC.has(token.normal)) return null;
  const plural = isPlural(token);
  if (token.pos === "PROPN" && /^\p{Lu}/u.test(token.text)) return plural ? "names" : "name";
  if (token.pos === "NOUN" || token.pos === "PROPN") return plural ? "nouns" : "noun";
  if (token.pos === "VERB") return verbForm(token);
  return null;
}

/** Whether a token stands as a whole word in its text: not part of "light-sensitive", "28x28" or "x_1". */
function standsAlone(text: string, token: TaggedToken): boolean {
  const before = token.offset === 0 ? " " : text.charAt(token.offset - 1);
  const end = token.offset + token.text.length;
  const after = text.slice(end);
  return /[\s"“(]/.test(before) && (after === "" || /^[\s.,;:!?)"”]/.test(after) || /^['’]s(?![\p{L}\p{N}])/u.test(after));
}

const wordTokens = (tokens: readonly TaggedToken[]) => tokens.filter((t) => t.pos !== "PUNCT" && t.pos !== "SPACE" && t.pos !== "SYM");

/* ------------------------------------------------------------------ analysis */

/** What a quiz needs of the whole video, whatever the section. */
type VideoAnalysis = {
  sentences: VideoSentence[];
  terms: Map<string, Term>;
  /** Every sentence of the video, normalised and space-padded, for "is this text in the transcript". */
  videoText: string;
  /** Lemma sets of every whole segment (a segment can hold several sentences). */
  segmentUnits: Set<string>[];
  /** Where a statement's distractor could be said to be true: every sentence and every segment of the video. */
  videoUnits: Set<string>[];
  idf: (term: Term) => number;
  tagger: (text: string) => TaggedToken[];
};

/** The video analysis with a window: the quiz's sentences and its preferred distractors. */
type Analysis = Omit<VideoAnalysis, "sentences"> & {
  sentences: Sentence[];
  /** Terms by kind, best distractors first (those of the window, then by weight). */
  byKind: Map<Kind, Term[]>;
  /** Where a cloze distractor could be said to be true: every sentence and every segment of the window. */
  windowUnits: Set<string>[];
};

const termKey = (kind: Kind, lemma: string) => `${kind}|${lemma}`;

/**
 * Video analyses by transcript: every section of a video shares one (a course's quizzes, the
 * evaluations). Weakly held, so a transcript no longer in use takes its analysis with it.
 */
const videoAnalyses = new WeakMap<readonly TimedSegment[], VideoAnalysis>();

function analyseVideo(segments: readonly TimedSegment[]): VideoAnalysis {
  const cached = videoAnalyses.get(segments);
  if (cached) return cached;
  const tagger = createTagger();
  const sentences: VideoSentence[] = [];
  const terms = new Map<string, Term>();
  segments.forEach((segment, position) => {
    const cleaned = cleanSentence(segment.text);
    const pieces = splitSentences(cleaned).flatMap((raw) => {
      const at = cleaned.indexOf(raw);
      const cut = clauses(raw, tagger);
      return cut.map((piece) => ({
        text: piece.text,
        offset: at + piece.offset,
        parent: cut.length > 1 ? { text: raw, start: piece.offset, end: piece.offset + piece.text.length } : null,
      }));
    });
    for (const piece of pieces) {
      const text = standAlone(cleanSentence(piece.text));
      if (!text) continue;
      // A sentence late in a long segment is said later than the segment starts.
      const startMs = segment.startMs + Math.floor(((segment.endMs - segment.startMs) * Math.max(0, piece.offset)) / Math.max(1, cleaned.length));
      const tokens = tagger(text);
      const termKeys: string[] = [];
      // The first word is skipped: sentence case hides whether it is a name.
      for (const token of wordTokens(tokens).slice(1)) {
        const kind = kindOf(token);
        if (!kind || !standsAlone(text, token)) continue;
        const lemma = lemmaOf(token);
        const key = termKey(kind, lemma);
        const term = terms.get(key) ?? { kind, lemma, count: 0, df: 0, spellings: new Map<string, number>(), surface: token.text };
        term.count += 1;
        if (!termKeys.includes(key)) term.df += 1;
        term.spellings.set(token.text, (term.spellings.get(token.text) ?? 0) + 1);
        terms.set(key, term);
        termKeys.push(key);
      }
      sentences.push({
        text,
        parent: piece.parent,
        startMs,
        segment: position,
        order: sentences.length,
        wordCount: countWords(text),
        tokens,
        lemmas: new Set(contentLemmas(tokens)),
        all: new Set(allLemmas(tokens)),
        broad: new Set(broadLemmas(tokens)),
        words: new Set(tokens.flatMap((t) => [t.normal, t.lemma.toLowerCase(), lemmaOf(t), stem(t.normal)])),
        termKeys,
      });
    }
  });
  for (const term of terms.values()) {
    term.surface = [...term.spellings].sort((a, b) => b[1] - a[1] || compare(a[0], b[0]))[0]![0];
  }
  const segmentUnits = segments.map((segment) => new Set(allLemmas(tagger(segment.text))));
  const total = Math.max(1, sentences.length);
  const analysis: VideoAnalysis = {
    sentences,
    terms,
    videoText: ` ${sentences.map((s) => normalise(s.text)).join(" ")} `,
    segmentUnits,
    videoUnits: [...sentences.map((s) => s.all), ...segmentUnits],
    idf: (term) => Math.log(1 + total / (1 + term.df)),
    tagger,
  };
  videoAnalyses.set(segments, analysis);
  return analysis;
}

function analyse(video: VideoAnalysis, window: ReadonlySet<number>, own: ReadonlySet<number>): Analysis {
  const sentences = video.sentences.map((s) => ({ ...s, own: own.has(s.segment), inWindow: window.has(s.segment) }));
  const windowCounts = new Map<string, number>();
  for (const sentence of sentences) if (sentence.inWindow) for (const key of sentence.termKeys) windowCounts.set(key, (windowCounts.get(key) ?? 0) + 1);
  const weight = (term: Term) => term.count * video.idf(term);
  const inWindow = (term: Term) => Number(windowCounts.has(termKey(term.kind, term.lemma)));
  const byKind = new Map<Kind, Term[]>();
  for (const term of video.terms.values()) {
    const list = byKind.get(term.kind) ?? [];
    list.push(term);
    byKind.set(term.kind, list);
  }
  for (const list of byKind.values()) list.sort((a, b) => inWindow(b) - inWindow(a) || weight(b) - weight(a) || compare(a.lemma, b.lemma));
  return {
    ...video,
    sentences,
    byKind,
    windowUnits: [...sentences.filter((s) => s.inWindow).map((s) => s.all), ...video.segmentUnits.filter((_, p) => window.has(p))],
  };
}

/** A word of a sentence that could be blanked or swapped, with its term. */
type Slot = { token: TaggedToken; term: Term; before: TaggedToken | undefined };

/** The key words of a sentence that can be blanked (not its first word, said once in it), best first. */
function slotsOf(analysis: Analysis, sentence: Sentence): Slot[] {
  const words = wordTokens(sentence.tokens);
  const lemmaCounts = new Map<string, number>();
  for (const token of words) lemmaCounts.set(lemmaOf(token), (lemmaCounts.get(lemmaOf(token)) ?? 0) + 1);
  const slots: (Slot & { score: number })[] = [];
  words.forEach((token, i) => {
    const kind = i === 0 ? null : kindOf(token);
    const lemma = lemmaOf(token);
    // A word said twice in the sentence would give its own blank away.
    if (!kind || lemmaCounts.get(lemma) !== 1 || !standsAlone(sentence.text, token)) return;
    const term = analysis.terms.get(termKey(kind, lemma));
    if (!term) return;
    const kindWeight = kind.startsWith("verb") ? 0.4 : kind === "number" || kind === "numeral" ? 0.7 : 1;
    slots.push({ token, term, before: words[i - 1], score: Math.min(term.count, 6) * analysis.idf(term) * kindWeight });
  });
  return slots.sort((a, b) => b.score - a.score || a.token.offset - b.token.offset);
}

const replaceAt = (text: string, token: TaggedToken, replacement: string) =>
  `${text.slice(0, token.offset)}${replacement}${text.slice(token.offset + token.text.length)}`;

/**
 * Up to `count` wrong words for a slot, each checked: of the slot's kind, not a word of the
 * sentence, distinct from `taken`, fitting the article before it, not true in `context`, not
 * making text of the video, and tagged as the original in place.
 */
function distractorsFor(
  analysis: Analysis,
  sentence: Sentence,
  slot: Slot,
  context: readonly ReadonlySet<string>[],
  taken: readonly string[],
  count: number,
  minLength = 1,
): string[] {
  const without = (lemmas: ReadonlySet<string>) => new Set([...lemmas].filter((l) => l !== slot.term.lemma));
  const others = without(sentence.lemmas);
  const broadOthers = without(sentence.broad);
  const chosen: string[] = [];
  // The first MAX_CANDIDATES_TRIED terms of the kind that are not words of the sentence, read
  // lazily: the kind's list holds every term of the video.
  const candidates: Term[] = [];
  for (const t of analysis.byKind.get(slot.term.kind) ?? []) {
    if (candidates.length >= MAX_CANDIDATES_TRIED) break;
    if (t === slot.term || t.surface.length < minLength) continue;
    const surface = t.surface.toLowerCase();
    if (![t.lemma, surface, stem(surface)].some((w) => sentence.words.has(w))) candidates.push(t);
  }
  // A clause is read both on its own and within its whole sentence: the checks must hold in both.
  const inParent = sentence.parent && parentSlot(analysis, sentence.parent, slot);
  if (sentence.parent && !inParent) return [];
  const parentOthers = inParent ? without(new Set(contentLemmas(inParent.clause))) : others;
  for (const candidate of candidates) {
    if (chosen.length >= count) break;
    const word = matchCase(candidate.surface, slot.token.text);
    if (!distinctOptions([...taken, ...chosen, word])) continue;
    if (slot.before && /^an?$/i.test(slot.before.text) && !articleFits(slot.before.text, word)) continue;
    // The word's lemma in place and on its own ("stretching" is a noun in one, a verb in the other).
    const lemmas = new Set([candidate.lemma, ...allLemmas(analysis.tagger(word))]);
    if ([...lemmas].some((lemma) => [others, broadOthers, parentOthers].some((set) => isTrueIn([lemma], set, context)))) continue;
    const changed = replaceAt(sentence.text, slot.token, word);
    if (analysis.videoText.includes(` ${normalise(changed)} `)) continue;
    const retagged = analysis.tagger(changed).find((t) => t.offset === slot.token.offset);
    if (retagged?.text !== word || retagged.pos !== slot.token.pos) continue;
    if (inParent && !keepsTag(analysis, sentence.parent!.text, inParent.token, word)) continue;
    chosen.push(word);
  }
  return chosen;
}

/** Whether `word` put in place of `token` in `text` is tagged as the token was. */
function keepsTag(analysis: Analysis, text: string, token: TaggedToken, word: string): boolean {
  const retagged = analysis.tagger(replaceAt(text, token, word)).find((t) => t.offset === token.offset);
  return retagged?.text === word && retagged.pos === token.pos;
}

/**
 * A clause's slot as read within its whole sentence: the same word there (tagged alike, or the
 * slot is refused), and the clause's tokens in that reading; null when it cannot be found.
 */
function parentSlot(analysis: Analysis, parent: NonNullable<Sentence["parent"]>, slot: Slot): { token: TaggedToken; clause: TaggedToken[] } | null {
  const clause = analysis.tagger(parent.text).filter((t) => t.offset >= parent.start && t.offset < parent.end);
  const token = clause.find((t) => t.normal === slot.token.normal);
  return token && token.pos === slot.token.pos ? { token, clause } : null;
}

/* ------------------------------------------------------------------ question kinds */

type Candidate = { question: GeneratedQuestion; sentence: Sentence; termKey: string | null; score: number; kind: "cloze" | "statement" };

const isQuizSentence = (s: Sentence, limits: { min: number; max: number }, maxChars: number) =>
  s.wordCount >= limits.min && s.wordCount <= limits.max && s.text.length <= maxChars && !/\?\s*$/.test(s.text) && s.lemmas.size >= MIN_CONTENT_LEMMAS;

function clozeCandidates(analysis: Analysis, source: QuizSource): Candidate[] {
  const out: Candidate[] = [];
  for (const sentence of analysis.sentences) {
    if (!sentence.inWindow || !isQuizSentence(sentence, CLOZE_WORDS, CLOZE_MAX_CHARS)) continue;
    for (const slot of slotsOf(analysis, sentence).slice(0, 2)) {
      const answer = slot.token.text;
      const distractors = distractorsFor(analysis, sentence, slot, analysis.windowUnits, [answer], QUIZ_OPTION_COUNT - 1);
      if (distractors.length < QUIZ_OPTION_COUNT - 1) continue;
      const questionText = WORDING.question(replaceAt(sentence.text, slot.token, BLANK));
      out.push({
        kind: "cloze",
        sentence,
        termKey: termKey(slot.term.kind, slot.term.lemma),
        score: analysis.idf(slot.term) * Math.min(slot.term.count, 6) + (sentence.own ? 100 : 0),
        question: {
          questionText,
          options: shuffle([answer, ...distractors], questionText),
          correctAnswer: answer,
          explanation: WORDING.explanation(formatTime(sentence.startMs), sentence.text),
          sourceTime: sourceTimeInSection(sentence.startMs, source),
        },
      });
    }
  }
  return out;
}

/** A real sentence with one key word swapped for another of its kind: something the video never says. */
function alter(analysis: Analysis, sentence: Sentence): string | null {
  // One-character words ("2", "x") are neither swapped out nor in: a statement that differs from
  // the video by a single digit is a trick, not a question.
  for (const slot of slotsOf(analysis, sentence).filter((s) => s.token.text.length > 1)) {
    const [word] = distractorsFor(analysis, sentence, slot, analysis.videoUnits, [slot.token.text], 1, 2);
    if (word) return replaceAt(sentence.text, slot.token, word);
  }
  return null;
}

function statementCandidates(analysis: Analysis, source: QuizSource): Candidate[] {
  const statements = analysis.sentences.filter((s) => isQuizSentence(s, STATEMENT_WORDS, STATEMENT_MAX_CHARS));
  const alterations = new Map<Sentence, string | null>();
  const alteredOnce = (s: Sentence) => {
    if (!alterations.has(s)) alterations.set(s, alter(analysis, s));
    return alterations.get(s) ?? null;
  };
  const out: Candidate[] = [];
  for (const sentence of statements) {
    if (!sentence.inWindow) continue;
    const options = [sentence.text];
    // Altered sentences, nearest first (on the same topic); the correct one altered last.
    const nearby = statements
      .filter((s) => s !== sentence)
      .sort((a, b) => Math.abs(a.order - sentence.order) - Math.abs(b.order - sentence.order) || a.order - b.order)
      .slice(0, NEARBY_STATEMENTS_ALTERED);
    for (const other of [...nearby, sentence]) {
      if (options.length >= QUIZ_OPTION_COUNT) break;
      const altered = alteredOnce(other);
      if (altered && distinctOptions([...options, altered])) options.push(altered);
    }
    if (options.length < QUIZ_OPTION_COUNT) continue;
    out.push({
      kind: "statement",
      sentence,
      termKey: null,
      score: sentence.lemmas.size + (sentence.own ? 100 : 0),
      question: {
        questionText: STATEMENT_QUESTION,
        options: shuffle(options, `${STATEMENT_QUESTION}\n${sentence.text}`),
        correctAnswer: sentence.text,
        explanation: `${WORDING.explanation(formatTime(sentence.startMs), sentence.text)} ${englishGrammar.quiz.statementNote}`,
        sourceTime: sourceTimeInSection(sentence.startMs, source),
      },
    });
  }
  return out;
}

/* ------------------------------------------------------------------ the quiz */

/** The quiz and the transcript segments (positions) it was drawn from. */
export function planOfflineQuiz(source: QuizSource): { quiz: GeneratedQuiz; window: number[] } {
  const video = analyseVideo(source.segments);
  for (const minWords of QUIZ_WINDOW_WORDS) {
    const { own, window } = quizWindow(source, minWords);
    if (window.length === 0) break;
    const questions = chooseQuestions(source, analyse(video, new Set(window), new Set(own)));
    if (questions.length >= QUIZ_MIN_QUESTIONS) {
      return {
        window,
        quiz: {
          title: WORDING.title(source.sectionTitle).slice(0, 200),
          description: WORDING.description(questions.length, source.sectionTitle),
          questions,
        },
      };
    }
    if (window.length >= source.segments.length) break;
  }
  throw new AppError("UNPROCESSABLE", QUIZ_TOO_SHORT_MESSAGE);
}

function chooseQuestions(source: QuizSource, analysis: Analysis): GeneratedQuestion[] {
  // Questions that stand beside the quiz's open ones when there are enough of them; else the open ones give way.
  const beside = chooseQuestionsBeside(source, analysis, source.alongside ?? []);
  return beside.length >= QUIZ_MIN_QUESTIONS || !source.alongside?.length ? beside : chooseQuestionsBeside(source, analysis, []);
}

function chooseQuestionsBeside(source: QuizSource, analysis: Analysis, alongside: readonly LeakCheckedQuestion[]): GeneratedQuestion[] {
  const byScore = (a: Candidate, b: Candidate) =>
    b.score - a.score || a.sentence.order - b.sentence.order || compare(a.question.questionText, b.question.questionText);
  const cloze = clozeCandidates(analysis, source).sort(byScore);
  const statements = statementCandidates(analysis, source).sort(byScore);

  const chosen: Candidate[] = [];
  const usedSentences = new Set<Sentence>();
  const usedTerms = new Set<string>();
  const take = (pool: Candidate[], limit: number) => {
    let taken = 0;
    for (const candidate of pool) {
      if (taken >= limit || chosen.length >= QUIZ_MAX_QUESTIONS) break;
      if (usedSentences.has(candidate.sentence) || (candidate.termKey && usedTerms.has(candidate.termKey))) continue;
      // No question may give another's answer away (a statement altered from a cloze's sentence fills its blank).
      if (!chosen.every((other) => standTogether(other.question, candidate.question))) continue;
      if (!alongside.every((other) => standTogether(other, candidate.question))) continue;
      chosen.push(candidate);
      usedSentences.add(candidate.sentence);
      if (candidate.termKey) usedTerms.add(candidate.termKey);
      taken += 1;
    }
  };
  take(cloze, 3);
  take(statements, 2);
  // One kind short: fill up with the other.
  take(cloze, QUIZ_MAX_QUESTIONS);
  take(statements, QUIZ_MAX_QUESTIONS);
  chosen.sort((a, b) => a.sentence.order - b.sentence.order || (a.kind === b.kind ? 0 : a.kind === "cloze" ? -1 : 1));
  return chosen.map((c) => c.question);
}
