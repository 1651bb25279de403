/**
 * Learner-facing text from the transcript, extractively: a section opens with its key points (a
 * few sentences of the video chosen for centrality and coverage, each with its time), then the
 * cleaned transcript in short paragraphs. Nothing is invented; the only edits are removing
 * fillers and leading connectives and fixing spacing, capitals and end punctuation.
 *
 * Key points: the section's sentences (pseudo-sentences when the captions have no punctuation)
 * are ranked by TextRank over tf-idf cosine similarity, weighted by how well each reads on its
 * own, and picked by maximal marginal relevance so that no two say the same thing.
 */
import type { StructureInput } from "~/server/ai/structure/types";
import { type KeyPoint, layoutSectionContent } from "~/lib/section-content";
import { endsSentence, isPunctuated } from "~/lib/sentences";

import { tag as tagText, type TaggedToken } from "./nlp";
import { cueScore } from "./cues";
import { addInto, type TermVector } from "./similarity";
import { cleanSentence, tokenize, wordPieces } from "~/server/language/text";
import { englishGrammar, englishOnAllText } from "~/server/language/packs/en";

type Complexity = StructureInput["complexity"];

/** A transcript segment as the writer sees it: text, content stems, times and the silence before it. */
export type WritableSentence = { text: string; stems: readonly string[]; pauseBeforeMs: number; startMs: number; endMs: number };

/**
 * What ranking needs from the whole video: idf of its stems, a (caching) part-of-speech tagger,
 * and whether a key point must read on its own by its parse (the English rules: the tagger reads
 * English only; elsewhere the two content words of plausiblePoint stand in). English by default.
 */
export type WritingContext = { idf?: ReadonlyMap<string, number>; tag?: (text: string) => TaggedToken[]; language?: string; parsedPoints?: boolean };

/** Paragraph size by complexity: beginners get shorter paragraphs. */
const PARAGRAPH_LIMITS: Record<Complexity, { sentences: number; chars: number }> = {
  beginner: { sentences: 3, chars: 380 },
  intermediate: { sentences: 4, chars: 560 },
  advanced: { sentences: 5, chars: 760 },
};

/** English's openers to strip, run on every language's text (see EnglishOnAllText). */
const { leadingConnectives: LEADING_CONNECTIVES } = englishOnAllText.keyPoints;

/** Strips leading connectives ("So, and now, …") and re-capitalises: a sentence meant to stand alone. */
export function standAlone(sentence: string): string {
  const stripped = sentence.replace(LEADING_CONNECTIVES, "").trim();
  if (stripped.length < 12) return sentence;
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/**
 * Groups cleaned sentences into paragraphs: a new paragraph at a long pause or a discourse
 * marker (once the current one has two sentences), or when it reaches the complexity's size.
 */
export function paragraphs(sentences: readonly WritableSentence[], complexity: Complexity): string[] {
  const limit = PARAGRAPH_LIMITS[complexity];
  const out: string[] = [];
  let current: string[] = [];
  let chars = 0;
  for (const s of sentences) {
    const text = cleanSentence(s.text);
    if (!text) continue;
    const shift = s.pauseBeforeMs >= 1_500 || cueScore(s.text) >= 1;
    const full = current.length >= limit.sentences || (current.length > 0 && chars + text.length > limit.chars);
    if (current.length > 0 && (full || (shift && current.length >= 2))) {
      out.push(current.join(" "));
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length + 1;
  }
  if (current.length) out.push(current.join(" "));
  return out;
}

/* ---------------------------------------------------------------- sentences of the video */

/** A sentence (or pseudo-sentence) of the video: its words as spoken, when it starts, its stems. */
export type SpokenSentence = { text: string; startMs: number; stems: string[] };

/** A word with its estimated start, the segment it is in, and its place there (0 … count - 1). */
type TimedWord = { text: string; startMs: number; unit: number; position: number; count: number };

/** Pseudo-sentences of unpunctuated captions: cut to about this many words. */
const PSEUDO_SENTENCE_WORDS = 22;
/** A punctuated sentence that runs on longer than this is cut where a segment ends. */
const RUN_ON_WORDS = 60;
/** English's words for cutting pseudo-sentences, run on every language's text (see EnglishOnAllText). */
const { clauseOpeners: CLAUSE_OPENERS, dangling: DANGLING, midClauseStart: MID_CLAUSE_START } = englishOnAllText.sentences;

/** Every word of the segments with its estimated start (segments carry times, words do not). */
function timedWords(sentences: readonly WritableSentence[]): TimedWord[] {
  const out: TimedWord[] = [];
  sentences.forEach((s, unit) => {
    const text = s.text.replace(/\s+/g, " ").trim();
    const duration = Math.max(0, s.endMs - s.startMs);
    const matches = [...text.matchAll(/\S+/g)];
    matches.forEach((m, position) => {
      out.push({ text: m[0], startMs: Math.round(s.startMs + (duration * m.index) / Math.max(1, text.length)), unit, position, count: matches.length });
    });
  });
  return out;
}

/** Sentences at end punctuation; a run-on is cut where a segment ends. */
function punctuatedSentences(words: readonly TimedWord[]): TimedWord[][] {
  const out: TimedWord[][] = [];
  let current: TimedWord[] = [];
  words.forEach((word, i) => {
    current.push(word);
    const next = words[i + 1];
    const runOn = current.length >= RUN_ON_WORDS && next !== undefined && next.unit !== word.unit;
    if (endsSentence(word.text) || runOn || next === undefined) {
      out.push(current);
      current = [];
    }
  });
  return out;
}

/**
 * Pseudo-sentences of unpunctuated captions: each segment (the transcript already breaks them at
 * pauses) cut into pieces of about PSEUDO_SENTENCE_WORDS, each cut moved to a clause opener
 * ("so", "but", "which", …) within a few words when there is one.
 */
function pseudoSentences(words: readonly TimedWord[]): TimedWord[][] {
  const out: TimedWord[][] = [];
  let start = 0;
  while (start < words.length) {
    let end = start;
    while (end < words.length && words[end]!.unit === words[start]!.unit) end++;
    const segment = words.slice(start, end);
    const pieces = Math.max(1, Math.round(segment.length / PSEUDO_SENTENCE_WORDS));
    let from = 0;
    for (let p = 1; p <= pieces; p++) {
      const cut = p === pieces ? segment.length : cutNear(segment, Math.round((segment.length * p) / pieces), from);
      if (cut > from) out.push(segment.slice(from, cut));
      from = Math.max(from, cut);
    }
    start = end;
  }
  return out;
}

const bare = (word: TimedWord | undefined) =>
  word?.text
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^a-z']/g, "") ?? "";

/** Where to cut a run of words near `target`: before a clause opener, never after a word that needs more. */
function cutNear(words: readonly TimedWord[], target: number, from: number): number {
  let best = target;
  let bestScore = -Infinity;
  for (let c = Math.max(from + 6, target - 7); c <= Math.min(words.length - 6, target + 7); c++) {
    const score = (CLAUSE_OPENERS.has(bare(words[c])) ? 2 : 0) - (DANGLING.has(bare(words[c - 1])) ? 3 : 0) - 0.1 * Math.abs(c - target);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The sentences spoken in a span of segments, each with its start: split at end punctuation when
 * the captions have it (a segment can hold several sentences, or end mid-sentence), otherwise
 * pseudo-sentences cut by the pauses and by length.
 */
export function spokenSentences(sentences: readonly WritableSentence[], language = "en"): { punctuated: boolean; sentences: SpokenSentence[] } {
  const words = timedWords(sentences);
  const punctuated = isPunctuated(words);
  const groups = punctuated ? punctuatedSentences(words) : pseudoSentences(words);
  return {
    punctuated,
    sentences: groups.map((group) => {
      const [first, last] = [group[0]!, group.at(-1)!];
      const text = group.map((w) => w.text).join(" ");
      // Most sentences of punctuated captions are a whole segment, whose stems are known.
      const whole = first.unit === last.unit && first.position === 0 && last.position === last.count - 1;
      return { text, startMs: first.startMs, stems: whole ? [...sentences[first.unit]!.stems] : tokenize(text, language) };
    }),
  };
}

/* ---------------------------------------------------------------- reading on its own */

/** English's tests of a sentence standing alone, run on every language's text (see EnglishOnAllText). */
const { pointsAtScreen: POINTS_AT_SCREEN, aboutTheVideo: ABOUT_THE_VIDEO, toTheViewer: TO_THE_VIEWER } = englishOnAllText.keyPoints;
const { continuationStart: CONTINUATION_START, unmarkedQuestion: UNMARKED_QUESTION, defining: DEFINING } = englishOnAllText.keyPoints;
const { aboutTheSpeaker: ABOUT_THE_SPEAKER, instruction: INSTRUCTION, pronounStart: PRONOUN_START } = englishOnAllText.keyPoints;
/** Read by the English rules' parse only (`selfContained`, see EnglishGrammar). */
const { anaphora: ANAPHORA } = englishGrammar.keyPoints;

/** Words of a text: between spaces in English, as Intl.Segmenter finds them elsewhere (Japanese and Chinese have no spaces). */
const wordCount = (text: string, language = "en") => wordPieces(text, language)?.length ?? text.split(/\s+/).filter(Boolean).length;
const QUESTION_MARK = /[?？؟]/u;

/** Worth checking as a point at all (cheap; `pointText` and `selfContained` decide). */
const plausiblePoint = (s: SpokenSentence, language = "en") => {
  if (s.stems.length < 2 || QUESTION_MARK.test(s.text)) return false;
  const count = wordCount(s.text, language);
  return count >= 6 && count <= 60;
};

const lastWord = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]/g, "")
    .split(" ")
    .at(-1) ?? "";

/** A pseudo-sentence of unpunctuated captions that was cut mid-clause at either end. */
const cutMidClause = (text: string) => MID_CLAUSE_START.test(text) || DANGLING.has(lastWord(text));

/**
 * The sentence as a key point (fillers and leading connectives removed), or null when it cannot
 * stand alone: too short or long, a question, about the screen or the video, addressed to the
 * viewer, or a continuation.
 * Cheap checks only; the tagger's are `selfContained`.
 */
function pointText(sentence: SpokenSentence, punctuated: boolean, language = "en"): string | null {
  if (!plausiblePoint(sentence, language)) return null;
  const text = standAlone(cleanSentence(sentence.text));
  const count = wordCount(text, language);
  if (count < 6 || count > 45) return null;
  if (QUESTION_MARK.test(text) || (!punctuated && (UNMARKED_QUESTION.test(text) || cutMidClause(text)))) return null;
  if (POINTS_AT_SCREEN.test(text) || ABOUT_THE_VIDEO.test(text) || TO_THE_VIEWER.test(text) || CONTINUATION_START.test(text)) return null;
  return text;
}

/** Parts of speech an unpunctuated pseudo-sentence should not end on ("… the area of the", "… and this is genuinely"). */
const OPEN_ENDED: ReadonlySet<string> = new Set(["DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART", "ADV"]);

/**
 * Whether a tagged sentence is self-contained: it names what it is about (a noun, and no more
 * outside references than nouns) and, cut from unpunctuated captions, ends where a clause can.
 */
function selfContained(tokens: readonly TaggedToken[], punctuated: boolean): boolean {
  let nouns = 0;
  let references = 0;
  for (const t of tokens) {
    if (t.pos === "NOUN" || t.pos === "PROPN") nouns++;
    else if (t.pos === "PRON" && ANAPHORA.has(t.normal)) references++;
  }
  if (nouns === 0 || (references >= 2 && references > nouns)) return false;
  const last = tokens.findLast((t) => t.pos !== "PUNCT");
  return punctuated || (last !== undefined && !OPEN_ENDED.has(last.pos));
}

/** How well a sentence states an idea on its own (1 = neutral): a prior on its centrality. */
function readability(text: string): number {
  const count = wordCount(text);
  let weight = count > 30 ? 0.85 : count < 9 ? 0.9 : 1;
  if (ABOUT_THE_SPEAKER.test(text)) weight *= 0.8;
  if (INSTRUCTION.test(text)) weight *= 0.75;
  if (PRONOUN_START.test(text)) weight *= 0.85;
  if (DEFINING.test(text)) weight *= 1.1;
  return weight;
}

/* ---------------------------------------------------------------- ranking and picking */

/** A sentence's tf-idf vector, of unit length (or empty): term ids and their weights. */
export type SparseVector = { ids: number[]; weights: number[] };

/** Unit tf-idf vectors of sentences over one vocabulary of term ids (0 … size - 1). */
export function termVectors(stemsList: readonly (readonly string[])[], idf?: ReadonlyMap<string, number>): { vectors: SparseVector[]; size: number } {
  const vocabulary = new Map<string, number>();
  const vectors = stemsList.map((stems) => {
    const tf: TermVector = new Map();
    addInto(tf, stems);
    const ids: number[] = [];
    const weights: number[] = [];
    let norm = 0;
    for (const [stem, f] of tf) {
      let id = vocabulary.get(stem);
      if (id === undefined) vocabulary.set(stem, (id = vocabulary.size));
      const w = f * (idf?.get(stem) ?? 1);
      ids.push(id);
      weights.push(w);
      norm += w * w;
    }
    return { ids, weights: norm > 0 ? weights.map((w) => w / Math.sqrt(norm)) : weights };
  });
  return { vectors, size: vocabulary.size };
}

/** v · dense, for a dense vector indexed by term id. */
function dotDense(v: SparseVector, dense: Float64Array): number {
  let sum = 0;
  for (let k = 0; k < v.ids.length; k++) sum += v.weights[k]! * dense[v.ids[k]!]!;
  return sum;
}

/** dense += scale · v */
function addScaled(dense: Float64Array, v: SparseVector, scale: number): void {
  for (let k = 0; k < v.ids.length; k++) dense[v.ids[k]!]! += scale * v.weights[k]!;
}

const DAMPING = 0.85;
const TEXTRANK_MAX_ITERATIONS = 50;
const TEXTRANK_TOLERANCE = 1e-6;

/**
 * TextRank with cosine edges, in linear time: the edge weights are dot products of unit vectors
 * (W = V·Vᵀ without its diagonal), so W·x is V·(Vᵀ·x) minus the self-loops, and the graph is
 * never built. Exact, and cheap on a 3-hour chapter.
 */
export function textRank(vectors: readonly SparseVector[], size: number): number[] {
  const n = vectors.length;
  if (n === 0) return [];
  const self = vectors.map((v) => v.weights.reduce((sum, w) => sum + w * w, 0));
  const total = new Float64Array(size);
  for (const v of vectors) addScaled(total, v, 1);
  const degree = vectors.map((v, i) => dotDense(v, total) - self[i]!);
  const shareOf = (scores: readonly number[], i: number) => (degree[i]! > 1e-12 ? scores[i]! / degree[i]! : 0);
  let scores = vectors.map(() => 1 / n);
  const flow = new Float64Array(size);
  for (let iteration = 0; iteration < TEXTRANK_MAX_ITERATIONS; iteration++) {
    flow.fill(0);
    vectors.forEach((v, j) => addScaled(flow, v, shareOf(scores, j)));
    const next = vectors.map((v, i) => (1 - DAMPING) / n + DAMPING * (dotDense(v, flow) - self[i]! * shareOf(scores, i)));
    const change = next.reduce((sum, x, i) => sum + Math.abs(x - scores[i]!), 0);
    scores = next;
    if (change < TEXTRANK_TOLERANCE) break;
  }
  return scores;
}

/** Key points by section length: one for a short section, up to four for a long one. */
export function pointBudget(usable: number): number {
  if (usable <= 0) return 0;
  if (usable < 4) return 1;
  if (usable < 8) return 2;
  if (usable < 14) return 3;
  return 4;
}

/** Relevance against redundancy in maximal marginal relevance, and the overlap that makes two points one. */
const MMR_LAMBDA = 0.7;
const DUPLICATE_SIMILARITY = 0.55;

/**
 * The span's key points: up to `max` (by default by its length) sentences that read on their own,
 * picked by TextRank score (weighted by readability) and maximal marginal relevance, in video
 * order with their start. Candidates are cleaned and tagged only when their turn comes, so a
 * 3-hour chapter costs little more than its ranking.
 */
export function keyPoints(sentences: readonly WritableSentence[], context: WritingContext = {}, max?: number): KeyPoint[] {
  const { punctuated, sentences: spoken } = spokenSentences(sentences, context.language);
  const { vectors, size } = termVectors(
    spoken.map((s) => s.stems),
    context.idf,
  );
  const ranks = textRank(vectors, size);
  const language = context.language ?? "en";
  const parsedPoints = context.parsedPoints ?? true;
  const open = spoken.map((s) => plausiblePoint(s, language));
  const relevance = spoken.map((s, i) => (open[i] ? ranks[i]! * readability(standAlone(s.text)) : 0));
  const top = Math.max(0, ...relevance);
  const budget = max ?? pointBudget(open.filter(Boolean).length);
  const tag = context.tag ?? tagText;
  const redundancy = new Float64Array(spoken.length);
  const scratch = new Float64Array(size);
  const picked: { index: number; text: string }[] = [];
  for (let attempt = 0; picked.length < budget && attempt < 6 * budget + 6; attempt++) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < spoken.length; i++) {
      const score = open[i] ? MMR_LAMBDA * (top > 0 ? relevance[i]! / top : 0) - (1 - MMR_LAMBDA) * redundancy[i]! : -Infinity;
      if (score > bestScore) [best, bestScore] = [i, score];
    }
    if (best < 0 || bestScore === -Infinity) break;
    open[best] = false;
    const text = pointText(spoken[best]!, punctuated, language);
    if (!text || redundancy[best]! >= DUPLICATE_SIMILARITY || picked.some((p) => p.text === text)) continue;
    if (parsedPoints && !selfContained(tag(text), punctuated)) continue;
    picked.push({ index: best, text });
    const chosen = vectors[best]!;
    addScaled(scratch, chosen, 1);
    for (let i = 0; i < spoken.length; i++) if (open[i]) redundancy[i] = Math.max(redundancy[i]!, dotDense(vectors[i]!, scratch));
    for (const id of chosen.ids) scratch[id] = 0;
  }
  return picked.sort((a, b) => a.index - b.index).map((p) => ({ seconds: Math.floor(spoken[p.index]!.startMs / 1000), text: p.text }));
}

/**
 * A section's content: its key points with their times, then the cleaned transcript in
 * paragraphs (the layout of ~/lib/section-content); empty when the span has nothing to read.
 */
export function writeContent(sentences: readonly WritableSentence[], complexity: Complexity, context: WritingContext = {}): string {
  const body = paragraphs(sentences, complexity);
  if (body.length === 0) return "";
  return layoutSectionContent(keyPoints(sentences, context), body);
}

/** A chapter's one-sentence summary: its first-ranked key point, or null when none is usable. */
export function summarise(sentences: readonly WritableSentence[], context: WritingContext = {}): string | null {
  return keyPoints(sentences, context, 1)[0]?.text ?? null;
}

/* ---------------------------------------------------------------- evaluation */

const COVERAGE_TERMS = 10;

/**
 * The share (0..1) of a section's top content terms that its key points mention: the section's
 * stems ranked by tf-idf (idf of the whole video when given, else of the section's own
 * sentences), its top ten, and how many occur in the points. 0 when the section has no terms.
 */
export function keyPointCoverage(points: readonly string[], sectionSentences: readonly string[], idf?: ReadonlyMap<string, number>, language = "en"): number {
  const stemsBySentence = sectionSentences.map((sentence) => tokenize(sentence, language));
  const tf: TermVector = new Map();
  for (const stems of stemsBySentence) addInto(tf, stems);
  const df: TermVector = new Map();
  for (const stems of stemsBySentence) for (const s of new Set(stems)) df.set(s, (df.get(s) ?? 0) + 1);
  const n = Math.max(1, sectionSentences.length);
  const weightOf = (s: string) => (tf.get(s) ?? 0) * (idf?.get(s) ?? Math.log(1 + n / (df.get(s) ?? 1)));
  const top = [...tf.keys()]
    .map((s, order) => ({ s, order, weight: weightOf(s) }))
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .slice(0, COVERAGE_TERMS);
  if (top.length === 0) return 0;
  const mentioned = new Set(points.flatMap((point) => tokenize(point, language)));
  return top.filter((t) => mentioned.has(t.s)).length / top.length;
}
