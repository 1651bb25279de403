/**
 * The built-in, LLM-free quiz builder. Pure and deterministic: the same transcript and section
 * give the same quiz on every machine (no randomness, no locale-dependent comparison).
 *
 * Every question is grounded in a real sentence of the section's transcript (or, for a section
 * with too little text, of the neighbouring transcript), so every correct answer is supported by
 * what the video says:
 * - cloze: a key term of a real sentence is blanked; the distractors are other key terms of the
 *   same video of the same kind (noun/verb use, plural, "-ing"/"-ed" form, capitalised name);
 * - true statement: "Which statement does the video make in this section?" with the real sentence
 *   against sentences of the video whose key term was swapped for another (so the video never
 *   says them), or, when too few can be altered, sentences from far away in the video.
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

import { standAlone } from "./content";
import { cleanSentence, stem, terms } from "./text";
import { sentencePhrases } from "./titles";

/** A section with fewer words than this borrows neighbouring transcript text. */
export const QUIZ_WINDOW_MIN_WORDS = 90;
const CLOZE_WORDS = { min: 7, max: 40 };
const CLOZE_MAX_CHARS = 280;
const STATEMENT_WORDS = { min: 7, max: 30 };
const STATEMENT_MAX_CHARS = 200;
const TERM_MIN_LENGTH = 4;
const BLANK = "_____";
/** Topic-free words a transcript is full of; never a quiz answer. */
const GENERIC = new Set(
  "video videos people person time times year years today minute minutes second seconds lesson channel subscribe guys everybody question questions answer answers problem problems step steps word words look looking moment idea ideas example examples place part parts side way".split(
    " ",
  ),
);

type Sentence = {
  text: string;
  startMs: number;
  /** Position of the sentence in the whole video (for distances). */
  order: number;
  /** Whether it comes from the section itself (not a borrowed neighbour). */
  own: boolean;
  inWindow: boolean;
  wordCount: number;
  stems: Set<string>;
};

type TermInfo = {
  stem: string;
  /** The most frequent spelling (lower case unless the term is a name). */
  surface: string;
  count: number;
  /** How many sentences of the video hold it. */
  df: number;
  noun: number;
  verb: number;
  capitalised: number;
};

type Kind = { pos: "noun" | "verb" | "any"; proper: boolean; form: "plural" | "ing" | "ed" | "base" };

/* ------------------------------------------------------------------ helpers */

const splitSentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=["'“]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function formatTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A 32-bit FNV-1a hash: the seed of an option order that depends only on the question. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A deterministic shuffle (Fisher–Yates over a xorshift stream seeded by `seed`). */
function shuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  let state = hash(seed) || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function formOf(surface: string): Kind["form"] {
  const lower = surface.toLowerCase();
  if (lower.length > 5 && lower.endsWith("ing")) return "ing";
  if (lower.length > 4 && /[^e]ed$/.test(lower)) return "ed";
  if (lower.length > 3 && lower.endsWith("s") && !/(ss|us|is)$/.test(lower)) return "plural";
  return "base";
}

function kindOf(info: TermInfo, surface = info.surface): Kind {
  const pos = info.noun > info.verb ? "noun" : info.verb > info.noun ? "verb" : "any";
  return { pos, proper: /^[A-Z]/.test(surface), form: formOf(surface) };
}

/** How well `candidate` could stand in for a term of kind `kind` (higher is more alike). */
function likeness(kind: Kind, candidate: TermInfo): number {
  const other = kindOf(candidate);
  let score = 0;
  if (other.form === kind.form) score += 4;
  if (other.proper === kind.proper) score += 3;
  if (kind.pos === "any" || other.pos === "any" || other.pos === kind.pos) score += 2;
  return score;
}

const isNounish = (info: TermInfo) => info.noun >= 1 && info.noun >= info.verb;

/** The term as it should read in an option: capitalised names kept, otherwise lower case. */
const display = (info: TermInfo) => info.surface;

/* ------------------------------------------------------------------ analysis */

type Analysis = {
  sentences: Sentence[];
  vocabulary: Map<string, TermInfo>;
  /** The video's key terms, best first: the distractor pool. */
  pool: TermInfo[];
  /** normalised text of every real sentence of the video (altered statements must not be one). */
  realTexts: Set<string>;
  idf: (stem: string) => number;
};

function analyse(source: QuizSource, window: ReadonlySet<number>, own: ReadonlySet<number>): Analysis {
  const sentences: Sentence[] = [];
  source.segments.forEach((segment, position) => {
    for (const raw of splitSentences(cleanSentence(segment.text))) {
      const text = standAlone(cleanSentence(raw));
      if (!text) continue;
      sentences.push({
        text,
        startMs: segment.startMs,
        order: sentences.length,
        own: own.has(position),
        inWindow: window.has(position),
        wordCount: countWords(text),
        stems: new Set(terms(text).map((t) => t.stem)),
      });
    }
  });

  const vocabulary = new Map<string, TermInfo>();
  const spellings = new Map<string, Map<string, number>>();
  for (const sentence of sentences) {
    const seen = new Set<string>();
    for (const phrase of sentencePhrases(sentence.text, 1)) {
      const bare = phrase.surface.replace(/'s$/i, "");
      const lower = bare.toLowerCase();
      if (lower.length < TERM_MIN_LENGTH || GENERIC.has(lower) || !/^[a-z][a-z-]*[a-z]$/i.test(bare)) continue;
      const key = stem(lower);
      const info = vocabulary.get(key) ?? { stem: key, surface: lower, count: 0, df: 0, noun: 0, verb: 0, capitalised: 0 };
      info.count += 1;
      if (phrase.nounEvidence) info.noun += 1;
      if (phrase.verbEvidence) info.verb += 1;
      if (/^[A-Z]/.test(bare) && sentence.text.indexOf(bare) > 0) info.capitalised += 1;
      if (!seen.has(key)) info.df += 1;
      seen.add(key);
      vocabulary.set(key, info);
      const counts = spellings.get(key) ?? new Map<string, number>();
      counts.set(lower, (counts.get(lower) ?? 0) + 1);
      spellings.set(key, counts);
    }
  }
  for (const [key, info] of vocabulary) {
    const best = [...(spellings.get(key) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1] || compare(a[0], b[0]))[0]?.[0] ?? info.surface;
    info.surface = info.capitalised * 2 > info.count ? best.charAt(0).toUpperCase() + best.slice(1) : best;
  }

  const total = Math.max(1, sentences.length);
  const idf = (key: string) => Math.log(1 + total / (1 + (vocabulary.get(key)?.df ?? 0)));
  // Key terms: used more than once (a topic, not a passing word), weighted by rarity; a short
  // video keeps every term.
  const weight = (info: TermInfo) => info.count * idf(info.stem);
  const ranked = [...vocabulary.values()].sort((a, b) => weight(b) - weight(a) || compare(a.stem, b.stem));
  const repeated = ranked.filter((info) => info.count >= 2);
  const pool = (repeated.length >= 12 ? repeated : ranked).slice(0, 80);
  return { sentences, vocabulary, pool, realTexts: new Set(sentences.map((s) => normalise(s.text))), idf };
}

/** Up to `count` distractor terms for `answer` (of its kind), none of them in `avoid`. */
function distractorsFor(analysis: Analysis, answer: TermInfo, answerSurface: string, avoid: ReadonlySet<string>, count: number): TermInfo[] {
  const kind = kindOf(answer, answerSurface);
  const answerLower = answerSurface.toLowerCase();
  // Nouns stand in for nouns: a verb or adjective in a noun's place gives itself away. A video
  // with too few nouns falls back to any key term.
  const nouns = analysis.pool.filter(isNounish);
  const pool = isNounish(answer) && nouns.length > QUIZ_OPTION_COUNT + avoid.size ? nouns : analysis.pool;
  return pool
    .filter((info) => info.stem !== answer.stem && !avoid.has(info.stem))
    .filter((info) => {
      const lower = info.surface.toLowerCase();
      return lower !== answerLower && !lower.includes(answerLower) && !answerLower.includes(lower);
    })
    .map((info, rank) => ({ info, score: likeness(kind, info) * 100 - rank }))
    .sort((a, b) => b.score - a.score || compare(a.info.stem, b.info.stem))
    .slice(0, count)
    .map((entry) => entry.info);
}

/** The key terms of a sentence that can be blanked (not its first word), best first. */
function blankableTerms(analysis: Analysis, sentence: Sentence): { info: TermInfo; surface: string; index: number }[] {
  const found: { info: TermInfo; surface: string; index: number; score: number }[] = [];
  const counted = new Map<string, number>();
  for (const t of terms(sentence.text)) counted.set(t.stem, (counted.get(t.stem) ?? 0) + 1);
  for (const [key, occurrences] of counted) {
    const info = analysis.vocabulary.get(key);
    // A term said twice in the sentence would give its own blank away.
    if (!info || occurrences > 1 || !analysis.pool.includes(info)) continue;
    const match = new RegExp(`(?<![\\w'-])(${escapeRegExp(info.surface)}|${escapeRegExp(info.surface.toLowerCase())})(?![\\w'-])`, "i").exec(sentence.text);
    if (!match || match.index === 0) continue;
    const nounish = isNounish(info) ? 1 : 0.4;
    found.push({ info, surface: match[1]!, index: match.index, score: Math.min(info.count, 6) * analysis.idf(key) * nounish });
  }
  return found.sort((a, b) => b.score - a.score || a.index - b.index);
}

/* ------------------------------------------------------------------ question kinds */

type Candidate = { question: GeneratedQuestion; sentence: Sentence; termStem: string | null; score: number; kind: "cloze" | "statement" };

function clozeCandidates(analysis: Analysis, source: QuizSource): Candidate[] {
  const out: Candidate[] = [];
  for (const sentence of analysis.sentences) {
    if (!sentence.inWindow || sentence.wordCount < CLOZE_WORDS.min || sentence.wordCount > CLOZE_WORDS.max || sentence.text.length > CLOZE_MAX_CHARS) continue;
    if (/\?\s*$/.test(sentence.text)) continue;
    for (const term of blankableTerms(analysis, sentence).slice(0, 2)) {
      const distractors = distractorsFor(analysis, term.info, term.surface, sentence.stems, QUIZ_OPTION_COUNT - 1);
      if (distractors.length < QUIZ_OPTION_COUNT - 1) continue;
      const answer = term.surface;
      const blanked = `${sentence.text.slice(0, term.index)}${BLANK}${sentence.text.slice(term.index + answer.length)}`;
      // A distractor that makes another real sentence of the video would also be right.
      const options = [answer, ...distractors.map((d) => matchCase(display(d), answer))];
      if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) continue;
      if (options.slice(1).some((o) => analysis.realTexts.has(normalise(blanked.replace(BLANK, o))))) continue;
      const questionText = `Complete what the video says: "${blanked}"`;
      out.push({
        kind: "cloze",
        sentence,
        termStem: term.info.stem,
        score: analysis.idf(term.info.stem) * Math.min(term.info.count, 6) + (sentence.own ? 100 : 0),
        question: {
          questionText,
          options: shuffle(options, questionText),
          correctAnswer: answer,
          explanation: `At ${formatTime(sentence.startMs)} the video says: "${sentence.text}"`,
          sourceTime: sourceTimeInSection(sentence.startMs, source),
        },
      });
    }
  }
  return out;
}

/** Keeps a distractor's capitalisation in line with the answer's (a lone capital would give it away). */
function matchCase(option: string, answer: string): string {
  return /^[A-Z]/.test(answer) && !/^[A-Z]/.test(option) ? option.charAt(0).toUpperCase() + option.slice(1) : option;
}

const isStatement = (s: Sentence) =>
  s.wordCount >= STATEMENT_WORDS.min &&
  s.wordCount <= STATEMENT_WORDS.max &&
  s.text.length <= STATEMENT_MAX_CHARS &&
  !/\?\s*$/.test(s.text) &&
  s.stems.size >= 3;

/** A real sentence with one key term swapped for another of its kind: something the video never says. */
function alter(analysis: Analysis, sentence: Sentence, used: ReadonlySet<string>): string | null {
  for (const term of blankableTerms(analysis, sentence)) {
    for (const replacement of distractorsFor(analysis, term.info, term.surface, sentence.stems, 4)) {
      const swapped = matchCase(display(replacement), term.surface);
      const text = `${sentence.text.slice(0, term.index)}${swapped}${sentence.text.slice(term.index + term.surface.length)}`;
      const key = normalise(text);
      if (!analysis.realTexts.has(key) && !used.has(key)) return text;
    }
  }
  return null;
}

function statementCandidates(analysis: Analysis, source: QuizSource): Candidate[] {
  const windowOrders = analysis.sentences.filter((s) => s.inWindow).map((s) => s.order);
  const windowLow = Math.min(...windowOrders);
  const windowHigh = Math.max(...windowOrders);
  const statements = analysis.sentences.filter(isStatement);
  const out: Candidate[] = [];
  for (const sentence of statements) {
    if (!sentence.inWindow) continue;
    const usedKeys = new Set([normalise(sentence.text)]);
    const wrong: string[] = [];
    // Altered sentences, nearest first (on the same topic), then the correct one altered.
    const nearby = statements
      .filter((s) => s !== sentence)
      .sort((a, b) => Math.abs(a.order - sentence.order) - Math.abs(b.order - sentence.order) || a.order - b.order);
    for (const other of nearby) {
      if (wrong.length >= QUIZ_OPTION_COUNT - 1) break;
      const altered = alter(analysis, other, usedKeys);
      if (altered) {
        wrong.push(altered);
        usedKeys.add(normalise(altered));
      }
    }
    // Too few alterable sentences: real sentences from far outside this part of the video.
    let borrowed = false;
    if (wrong.length < QUIZ_OPTION_COUNT - 1) {
      const far = statements
        .filter((s) => s.order < windowLow - 3 || s.order > windowHigh + 3)
        .sort((a, b) => Math.abs(b.order - sentence.order) - Math.abs(a.order - sentence.order) || a.order - b.order);
      for (const other of far) {
        if (wrong.length >= QUIZ_OPTION_COUNT - 1) break;
        const key = normalise(other.text);
        if (usedKeys.has(key)) continue;
        wrong.push(other.text);
        usedKeys.add(key);
        borrowed = true;
      }
    }
    if (wrong.length < QUIZ_OPTION_COUNT - 1) continue;
    const questionText = "Which statement does the video make in this section?";
    const note = borrowed
      ? "The other statements change a key word of what the video says, or come from another part of the video."
      : "The other statements change a key word of what the video says.";
    out.push({
      kind: "statement",
      sentence,
      termStem: null,
      score: sentence.stems.size + (sentence.own ? 100 : 0) - (borrowed ? 5 : 0),
      question: {
        questionText,
        options: shuffle([sentence.text, ...wrong], `${questionText}\n${sentence.text}`),
        correctAnswer: sentence.text,
        explanation: `At ${formatTime(sentence.startMs)} the video says: "${sentence.text}" ${note}`,
        sourceTime: sourceTimeInSection(sentence.startMs, source),
      },
    });
  }
  return out;
}

/* ------------------------------------------------------------------ the quiz */

/**
 * 3–5 questions on the section: up to three cloze and two statement questions, each on its own
 * sentence and cloze terms all different, in video order. A section whose text yields fewer
 * than three (too short, or sentences too long to quiz on) borrows more and more neighbouring
 * text. Throws AppError UNPROCESSABLE when even the whole video cannot give three.
 */
export function buildOfflineQuiz(source: QuizSource): GeneratedQuiz {
  return planOfflineQuiz(source).quiz;
}

/** The quiz and the transcript segments (positions) it was drawn from. */
export function planOfflineQuiz(source: QuizSource): { quiz: GeneratedQuiz; window: number[] } {
  for (let minWords = QUIZ_WINDOW_MIN_WORDS; ; minWords *= 2) {
    const { own, window } = quizWindow(source, minWords);
    if (window.length === 0) break;
    const questions = chooseQuestions(source, analyse(source, new Set(window), new Set(own)));
    if (questions.length >= QUIZ_MIN_QUESTIONS) {
      return {
        window,
        quiz: {
          title: `Quiz: ${source.sectionTitle}`.slice(0, 200),
          description: `${questions.length} questions on what the video says in "${source.sectionTitle}". Every answer is in the video.`,
          questions,
        },
      };
    }
    if (window.length >= source.segments.length) break;
  }
  throw new AppError("UNPROCESSABLE", QUIZ_TOO_SHORT_MESSAGE);
}

function chooseQuestions(source: QuizSource, analysis: Analysis): GeneratedQuestion[] {
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
      if (usedSentences.has(candidate.sentence) || (candidate.termStem && usedTerms.has(candidate.termStem))) continue;
      chosen.push(candidate);
      usedSentences.add(candidate.sentence);
      if (candidate.termStem) usedTerms.add(candidate.termStem);
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

/** The offline engine as a QuizEngine. */
export function createOfflineQuizEngine() {
  return {
    name: "offline",
    generate: (source: QuizSource) => Promise.resolve(buildOfflineQuiz(source)),
  } as const;
}
