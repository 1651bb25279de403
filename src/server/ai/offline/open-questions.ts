/**
 * Open questions on a section, whatever engine wrote its other questions. Each asks about one of
 * the section's key phrases (the engine's keyness ranking against the rest of the video, by the
 * rules of the language), on the sentence of the section that best explains it: one that
 * defines it, gives a cause, a procedure or a comparison (the language pack's `explains` words)
 * and stands on its own (not a question, not about the video or the speaker's plans, not pointing
 * at the screen). The question names what that sentence explains ("what is X", "what reason…",
 * "how does X work…"); the reference answer is the sentence (and the next when it says too
 * little); its key ideas are the reference's content-bearing words the section is most about
 * (tf-idf over the transcript's lines, nouns first; no generic or filler words, none said only
 * once in the video when others are), which grading looks for. At most two, on different
 * sentences, on phrases said often enough to be a concept; none when the section names nothing.
 */
import { type GeneratedQuestion, inSection, type QuizSource, sourceTimeInSection } from "~/server/ai/quiz/types";
import { packFor } from "~/server/language/language-packs";
import type { OpenQuestionKind } from "~/server/language/pack";
import { englishGrammar, englishOnAllText } from "~/server/language/packs/en";
import { cleanSentence, foldText, isTitleFiller, terms, tokenize } from "~/server/language/text";

import { transcriptLanguage } from "./language";
import { rulesFor } from "./language-rules";
import { rankKeyPhrases, type LineSpan } from "./titles";
import { quizWording } from "./wording";

export const OPEN_QUESTIONS_PER_QUIZ = 2;
/** Key ideas graded per reference: enough to tell a full answer from a partial one. */
const KEY_IDEAS = 4;
const MIN_KEY_IDEAS = 2;
/** A reference says enough with this many content words; it grows by the next line until then. */
const REFERENCE_CONTENT_WORDS = 8;
const REFERENCE_MAX_CHARS = 320;
const REFERENCE_MAX_LINES = 3;
/** Key phrases of the section tried, strongest first. */
const PHRASES_TRIED = 8;
/** How often the video must say a topic (the concepts' rule, concepts.ts): a single word is more often an everyday one. */
const MIN_MENTIONS = { word: 4, phrase: 2 };
/** A noun names an idea more often than another word does. */
const NOUN_WEIGHT = 2;
/** What a line earns for what it explains: a definition most, any explaining word next. */
const KIND_SCORE: Readonly<Record<OpenQuestionKind, number>> = { definition: 3, cause: 2, comparison: 2, procedure: 2, explanation: 0 };
/** Kinds tried in this order: a sentence that defines and compares is a definition. */
const KIND_ORDER = ["definition", "comparison", "cause", "procedure"] as const;
/** A line that opens on the phrase says what the phrase is. */
const OPENS_ON_IT_SCORE = 2;
/** A line about the speaker, their plans or an instruction to the viewer explains less. */
const ASIDE_PENALTY = 3;
/** The speaker's plans: "I want to show you", "we're going to", "let me". */
const PLANS = /\b(?:i want to|i'd like to|i'm going to|we're going to|we are going to|let me|let's|i'll|we'll|show you|take a look|i think|i hope|my hope)\b/i;
/** A definition names its subject first: the phrase within this many content words before the defining words. */
const DEFINED_WITHIN = 2;
/** A comparison names its terms around the comparing words: the topic within this many content words of them. */
const COMPARED_WITHIN = 3;

export function buildOpenQuestions(source: QuizSource): GeneratedQuestion[] {
  const { segments } = source;
  const own = segments.flatMap((segment, position) => (inSection(segment, source) ? [position] : []));
  if (own.length === 0) return [];
  const language = source.language ?? transcriptLanguage(segments);
  const lines = segments.map((segment) => segment.text);
  const index = rulesFor(language).indexPhrases(lines);
  const section: LineSpan = { start: own[0]!, end: own.at(-1)! + 1 };
  const spans = [{ start: 0, end: section.start }, section, { start: section.end, end: lines.length }].filter((span) => span.end > span.start);
  const ranked = rankKeyPhrases(index, spans, { limit: PHRASES_TRIED })[spans.indexOf(section)] ?? [];
  const idOf = new Map(index.phrases.map((phrase, id) => [phrase.key, id]));
  const mentions = new Map<number, number>();
  for (const ids of index.byLine) for (const id of ids) mentions.set(id, (mentions.get(id) ?? 0) + 1);
  const words = wordStats(lines, section, index.nounsByLine, language);
  const wording = quizWording(language).open;
  const kindOf = explainsMatcher(language);

  const questions: GeneratedQuestion[] = [];
  const usedLines = new Set<number>();
  for (const phrase of ranked) {
    if (questions.length >= OPEN_QUESTIONS_PER_QUIZ) break;
    const id = idOf.get(phrase.key);
    if (id === undefined || (mentions.get(id) ?? 0) < (phrase.stems.length > 1 ? MIN_MENTIONS.phrase : MIN_MENTIONS.word)) continue;
    const said = own.filter((line) => index.byLine[line]?.includes(id) && !usedLines.has(line));
    const first = explainingLine(said, lines, phrase.stems, language, kindOf);
    if (first === undefined) continue;
    const taken = referenceLines(first, section.end, lines, language);
    const reference = cleanSentence(taken.map((line) => lines[line]).join(" "));
    const keyIdeas = keyIdeasOf(reference, new Set(phrase.stems), words, language);
    if (keyIdeas.length < MIN_KEY_IDEAS) continue;
    const kind = kindOf(lines[first]!, phrase.stems);
    for (const line of taken) usedLines.add(line);
    const startMs = segments[first]!.startMs;
    questions.push({
      kind: "open",
      questionText: wording.question[kind](phrase.surface),
      options: [],
      correctAnswer: reference,
      keyIdeas,
      explanation: wording.fullAnswer[kind],
      sourceTime: sourceTimeInSection(startMs, source),
    });
  }
  return questions;
}

/** Whole words of a list, on the folded text; substrings where the language has no spaces between words. */
function wordsPattern(list: readonly string[], unspaced: boolean): RegExp | null {
  if (list.length === 0) return null;
  const alternatives = [...list]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"))
    .join("|");
  return unspaced ? new RegExp(`(?:${alternatives})`, "u") : new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, "u");
}

/**
 * What a text explains about a topic (its stems), by the pack's words: a definition when the topic
 * comes just before the defining words ("so a neuron is a thing that holds a number"), else a
 * comparison with the topic around its words, a cause or procedure by their words anywhere, else a definition when the text opens
 * on the topic ("A hash table stores values under keys"); "explanation" when it shows no kind.
 */
export function explainsMatcher(language: string): (text: string, topic: readonly string[]) => OpenQuestionKind {
  const pack = packFor(language);
  const patterns = KIND_ORDER.map((kind) => [kind, wordsPattern(pack.explains[kind], pack.unspaced)] as const);
  const articles = new Set([...pack.phrases.articles, ...(pack.words.segmentation === "english" ? ["a", "an", "the"] : [])]);
  // The text's first word is the topic's, or an article before it ("A hash table stores…", not "If the name…").
  const startsWithTopic = (folded: string, topic: readonly string[]) => {
    const first = folded.match(/[\p{L}\p{N}']+/u)?.[0] ?? "";
    const lead = pack.unspaced || articles.has(first) || tokenize(first, language)[0] === topic[0];
    return lead && opensOn(tokenize(folded, language), topic, 0);
  };
  const defines = (folded: string, pattern: RegExp, topic: readonly string[]) => {
    const at = folded.search(pattern);
    if (at < 0) return false;
    const before = tokenize(folded.slice(0, at), language);
    return topic.length > 0 && before.slice(-DEFINED_WITHIN - topic.length).includes(topic.at(-1)!);
  };
  // A comparison is about the topic when the topic is one of the words around the comparing ones ("quicksort is slower than merge sort").
  const compares = (folded: string, pattern: RegExp, topic: readonly string[]) => {
    const match = pattern.exec(folded);
    if (!match || topic.length === 0) return false;
    const before = tokenize(folded.slice(0, match.index), language).slice(-COMPARED_WITHIN);
    const after = tokenize(folded.slice(match.index + match[0].length), language).slice(0, COMPARED_WITHIN);
    return [...before, ...after].includes(topic.at(-1)!);
  };
  return (text, topic) => {
    const folded = foldText(text, language).replace(/[’‘]/g, "'");
    const found = patterns.find(
      ([kind, pattern]) =>
        pattern !== null &&
        (kind === "definition" ? defines(folded, pattern, topic) : kind === "comparison" ? compares(folded, pattern, topic) : pattern.test(folded)),
    );
    return found?.[0] ?? (startsWithTopic(folded, topic) ? "definition" : "explanation");
  };
}

/**
 * The line that best explains the phrase: by what it explains, whether it opens on the phrase,
 * how much it says, less when it is an aside; none when every line is a question, talk about the
 * video or a pointer at the screen (the English lists run on every language, as for key points).
 */
function explainingLine(
  said: readonly number[],
  lines: readonly string[],
  stems: readonly string[],
  language: string,
  kindOf: (text: string, topic: readonly string[]) => OpenQuestionKind,
): number | undefined {
  const { keyPoints } = englishOnAllText;
  let best: { line: number; score: number } | undefined;
  for (const line of said) {
    const text = lines[line]!.trim();
    const bare = text.replace(keyPoints.leadingConnectives, "");
    if (!standsInReference(text)) continue;
    const words = tokenize(text, language);
    const opensOnIt = opensOn(words, stems);
    const aside = PLANS.test(text) || keyPoints.aboutTheSpeaker.test(bare) || keyPoints.instruction.test(bare);
    const score = KIND_SCORE[kindOf(text, stems)] + (opensOnIt ? OPENS_ON_IT_SCORE : 0) + Math.min(words.length, 12) / 4 - (aside ? ASIDE_PENALTY : 0);
    if (!best || score > best.score) best = { line, score };
  }
  return best?.line;
}

/** Whether a line's first content words (or, with `after` 1, those after its first) are the topic's. */
function opensOn(words: readonly string[], topic: readonly string[], after = 1): boolean {
  return topic.length > 0 && Array.from({ length: after + 1 }, (_, at) => at).some((at) => topic.every((stem, k) => words[at + k] === stem));
}

/** Whether a line may be part of a reference: not a question, talk about the video or a pointer at the screen. */
function standsInReference(text: string): boolean {
  const { keyPoints } = englishOnAllText;
  const bare = text.trim().replace(keyPoints.leadingConnectives, "");
  return !(
    /[?？؟]\s*$/u.test(text.trim()) ||
    keyPoints.unmarkedQuestion.test(bare) ||
    keyPoints.pointsAtScreen.test(text) ||
    keyPoints.aboutTheVideo.test(text) ||
    keyPoints.toTheViewer.test(bare)
  );
}

/** The reference's lines: the first, then the next ones of the section until it says enough. */
function referenceLines(first: number, end: number, lines: readonly string[], language: string): number[] {
  const taken = [first];
  let content = tokenize(lines[first]!, language).length;
  let chars = lines[first]!.length;
  for (let next = first + 1; next < end && taken.length < REFERENCE_MAX_LINES && content < REFERENCE_CONTENT_WORDS; next++) {
    if (chars + lines[next]!.length > REFERENCE_MAX_CHARS || !standsInReference(lines[next]!)) break;
    taken.push(next);
    content += tokenize(lines[next]!, language).length;
    chars += lines[next]!.length + 1;
  }
  return taken;
}

type WordStats = { weight: (stem: string) => number; linesSaying: (stem: string) => number };

/**
 * How much the section is about each word: times said in the section × log(lines of the video /
 * lines that say it), doubled for a noun. A word said once and nowhere else ("philosophical") is
 * rare but says little; one the section keeps saying and the rest of the video does not is its idea.
 */
function wordStats(lines: readonly string[], section: LineSpan, nounsByLine: readonly string[][], language: string): WordStats {
  const linesSaying = new Map<string, number>();
  const inSection = new Map<string, number>();
  lines.forEach((line, at) => {
    const stems = tokenize(line, language);
    for (const stem of new Set(stems)) linesSaying.set(stem, (linesSaying.get(stem) ?? 0) + 1);
    if (at >= section.start && at < section.end) for (const stem of stems) inSection.set(stem, (inSection.get(stem) ?? 0) + 1);
  });
  const nouns = new Set(nounsByLine.slice(section.start, section.end).flat());
  return {
    weight: (stem) => (inSection.get(stem) ?? 0) * Math.log(lines.length / (linesSaying.get(stem) ?? 1)) * (nouns.has(stem) ? NOUN_WEIGHT : 1),
    linesSaying: (stem) => linesSaying.get(stem) ?? 0,
  };
}

/** Words that carry no idea of their own in English: generic nouns ("way", "example") and vague qualifiers ("various", "kind"). */
const ENGLISH_GENERIC: ReadonlySet<string> = new Set([
  ...englishGrammar.quiz.generic,
  ...englishGrammar.quiz.numerals,
  ...englishOnAllText.titles.genericAlone,
]);

function isFiller(surface: string, language: string): boolean {
  const lower = surface.toLowerCase();
  if (packFor(language).words.segmentation === "english") return ENGLISH_GENERIC.has(lower);
  return isTitleFiller(surface, language);
}

/**
 * The reference's words the section is most about (not the topic's own, no filler), as it spells
 * them, in its order. Words the video says more than once come first: one said once is seldom
 * what an explanation turns on ("buzzword", "frills").
 */
function keyIdeasOf(reference: string, topic: ReadonlySet<string>, words: WordStats, language: string): string[] {
  const seen = new Set<string>();
  const candidates = terms(reference, language).filter((term) => {
    if (topic.has(term.stem) || seen.has(term.stem) || isFiller(term.surface, language) || words.weight(term.stem) <= 0) return false;
    seen.add(term.stem);
    return true;
  });
  const score = (stem: string) => (words.linesSaying(stem) > 1 ? 1e6 : 0) + words.weight(stem);
  const chosen = new Set(
    [...candidates]
      .sort((a, b) => score(b.stem) - score(a.stem))
      .slice(0, KEY_IDEAS)
      .map((term) => term.stem),
  );
  return candidates.filter((term) => chosen.has(term.stem)).map((term) => term.surface);
}
