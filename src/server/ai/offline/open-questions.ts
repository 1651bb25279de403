/**
 * Open questions on a section, whatever engine wrote its other questions. Each asks about one of
 * the section's key phrases (the engine's keyness ranking against the rest of the video, by the
 * rules of the language), on the sentence of the section that best explains it: one that
 * defines it, gives a cause, a procedure or a comparison (the language pack's `explains` words)
 * and stands on its own (not a question, not about the video or the speaker's plans, not pointing
 * at the screen). The question names what that sentence explains ("what is X", "what reason…",
 * "how does X work…"), or, when its words show none of these, how it relates X to another key
 * phrase it names ("how does the video connect X and Y"); a sentence that does neither asks
 * nothing. The reference answer is the sentence (and the next when it says too little); its key
 * ideas are the reference's content-bearing words the section is most about (tf-idf over the
 * transcript's lines, nouns first; no generic or filler words, none said only once in the video
 * when others are), which grading looks for. At most two, on different sentences, on phrases said
 * often enough to be a concept that name an idea (not a broad word alone, not a fragment of a
 * longer fixed phrase); none when the section names nothing.
 */
import { type GeneratedQuestion, inSection, type QuizSource, sourceTimeInSection } from "~/server/ai/quiz/types";
import { packFor } from "~/server/language/language-packs";
import type { ExplainingKind } from "~/server/language/pack";
import { englishGrammar, englishOnAllText } from "~/server/language/packs/en";
import { cleanSentence, foldText, isTitleFiller, terms, tokenize } from "~/server/language/text";
import { englishWordVectors } from "~/server/language/word-vectors";

import { saidOftenRule } from "./concepts";
import { transcriptLanguage } from "./language";
import { rulesFor } from "./language-rules";
import { bestSurface, type PhraseIndex, type PhraseInfo, rankKeyPhrases, type LineSpan } from "./titles";
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
/** A noun names an idea more often than another word does. */
const NOUN_WEIGHT = 2;
/** What a line earns for what it explains: a definition most, any explaining word next. */
const KIND_SCORE: Readonly<Record<ExplainingKind, number>> = { definition: 3, cause: 2, comparison: 2, procedure: 2 };
/** Kinds tried in this order: a sentence that defines and compares is a definition. */
const KIND_ORDER = ["definition", "comparison", "cause", "procedure"] as const;
/** A line that opens on the phrase says what the phrase is. */
const OPENS_ON_IT_SCORE = 2;
/** A line about the speaker, their plans or an instruction to the viewer explains less. */
const ASIDE_PENALTY = 3;
/** The speaker's plans: "I want to show you", "we're going to", "let me". */
const PLANS = /\b(?:i want to|i'd like to|i'm going to|we're going to|we are going to|let me|let's|i'll|we'll|show you|take a look|i think|i hope|my hope)\b/i;
/** A definition names its subject first: the phrase within this many content words before the defining words, in their clause. */
const DEFINED_WITHIN = 2;
/** Or names it just after the naming words ("this is called the gradient"): the phrase within this many content words of them. */
const NAMED_WITHIN = 2;
/** A clause ends at these marks: a subject before one of them is not what the words after define. */
const CLAUSE_END = /[,;:.!?،、，。；：！？]/gu;
/** Who a definition speaks to or of: a sentence with "you" or "we" tells what someone does, not what a thing is (English). */
const PERSONAL = /\b(?:i|we|you|us|our|your)\b/;
/**
 * A phrase is a fragment of a longer fixed one when the same word stands beside it this often
 * ("right" before "hand side"), over at least FRAGMENT_MIN_MENTIONS mentions.
 */
const FRAGMENT_SHARE = 0.75;
const FRAGMENT_MIN_MENTIONS = 2;
/**
 * An English word among this many most frequent ones ("hand", "information", "set") is an everyday
 * word: a section uses it more than it explains it, unless the video says it far more often than
 * English does (EVERYDAY_KEYNESS times; "network", "charge", "heat" in the videos on them). English
 * says the word of frequency rank r about ZIPF_SHARE / (r + 1) of the time (Zipf's law).
 */
const EVERYDAY_RANK = 3000;
const EVERYDAY_KEYNESS = 25;
const ZIPF_SHARE = 0.1;
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
  const ranked = rankKeyPhrases(index, spans)[spans.indexOf(section)] ?? [];
  const idOf = new Map(index.phrases.map((phrase, id) => [phrase.key, id]));
  const words = wordStats(lines, section, index.nounsByLine, language);
  const wording = quizWording(language).open;
  const kindOf = explainsMatcher(language);

  // Said often enough to be a concept (the concepts' rule): a single word is more often an everyday one.
  const saidOften = saidOftenRule(index, segments);
  const namesIdea = subjectRule(lines, language);

  const questions: GeneratedQuestion[] = [];
  const usedLines = new Set<number>();
  const keyRank = new Map(ranked.map((phrase, rank) => [idOf.get(phrase.key)!, rank]));
  for (const phrase of ranked.slice(0, PHRASES_TRIED)) {
    if (questions.length >= OPEN_QUESTIONS_PER_QUIZ) break;
    const id = idOf.get(phrase.key);
    if (id === undefined || !saidOften(id) || !namesIdea(index.phrases[id]!, phrase.surface)) continue;
    const said = own.filter((line) => index.byLine[line]?.includes(id) && !usedLines.has(line));
    const first = explainingLine(said, lines, phrase.stems, language, kindOf);
    if (first === undefined) continue;
    const taken = referenceLines(first, section.end, lines, language);
    const kind = kindOf(lines[first]!, phrase.stems);
    const other =
      kind === null ? relatedPhrase(index, taken, phrase.stems, keyRank, (candidate) => saidOften(candidate) && namesIdea(index.phrases[candidate]!)) : null;
    if (kind === null && other === null) continue;
    const reference = cleanSentence(taken.map((line) => lines[line]).join(" "));
    const keyIdeas = keyIdeasOf(reference, new Set([...phrase.stems, ...(other?.stems ?? [])]), words, language);
    if (keyIdeas.length < MIN_KEY_IDEAS) continue;
    for (const line of taken) usedLines.add(line);
    const startMs = segments[first]!.startMs;
    questions.push({
      kind: "open",
      questionText: other ? wording.question.relation(phrase.surface, bestSurface(other.surfaces)) : wording.question[kind!](phrase.surface),
      options: [],
      correctAnswer: reference,
      keyIdeas,
      explanation: wording.fullAnswer[other ? "relation" : kind!],
      sourceTime: sourceTimeInSection(startMs, source),
    });
  }
  return questions;
}

/**
 * Another key phrase the reference's lines name, for a question on how it relates to the topic:
 * none of the topic's words, said often enough and naming an idea; the section's key phrases
 * first, by keyness, then a phrase of several words, then the one the video says most. Null when
 * the reference names none.
 */
function relatedPhrase(
  index: PhraseIndex,
  taken: readonly number[],
  topic: readonly string[],
  keyRank: ReadonlyMap<number, number>,
  fits: (id: number) => boolean,
): PhraseInfo | null {
  const candidates = [...new Set(taken.flatMap((line) => index.byLine[line] ?? []))].filter(
    (id) => !index.phrases[id]!.stems.some((stem) => topic.includes(stem)) && fits(id),
  );
  const said = (id: number) => [...index.phrases[id]!.surfaces.values()].reduce((sum, count) => sum + count, 0);
  const several = (id: number) => Number(index.phrases[id]!.stems.length > 1);
  candidates.sort((a, b) => (keyRank.get(a) ?? Infinity) - (keyRank.get(b) ?? Infinity) || several(b) - several(a) || said(b) - said(a));
  return candidates[0] === undefined ? null : index.phrases[candidates[0]]!;
}

/**
 * Whether a phrase names an idea a question can ask about: not a broad word alone ("math",
 * "area"), not a broad word's "of" phrase ("number of lattice points": the idea is the rest), not a
 * fragment the video only says inside a longer fixed phrase ("hand side" of "right hand side").
 */
function subjectRule(lines: readonly string[], language: string): (phrase: PhraseInfo, surface?: string) => boolean {
  const english = packFor(language).words.segmentation === "english";
  const text = foldText(lines.join(" "), language);
  const vectors = english ? englishWordVectors() : null;
  const broad = (word: string) => isFiller(word, language) || (english && BROAD_ALONE.has(word));
  const wordsSaid = text.split(/\s+/).length;
  const everyday = (word: string) => {
    const rank = vectors?.rank(word);
    if (rank === null || rank === undefined || rank >= EVERYDAY_RANK) return false;
    const said = text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, "gu"))?.length ?? 0;
    return said < EVERYDAY_KEYNESS * ((wordsSaid * ZIPF_SHARE) / (rank + 1));
  };
  return (phrase, surface = bestSurface(phrase.surfaces)) => {
    const [head] = phrase.normals;
    if (head === undefined || phrase.normals.every(broad)) return false;
    // As the question would name it: a phrase may be said as one of its words alone.
    const named = foldText(surface, language).split(/\s+/);
    if (named.length === 1 && (broad(named[0]!) || everyday(named[0]!))) return false;
    if (phrase.normals.length === 1 && everyday(head)) return false;
    if (english && phrase.normals.length > 1 && /\bof\b/i.test(surface) && broad(head)) return false;
    return !isFragment(foldText(surface, language), text, language);
  };
}

/** Words that stand beside any phrase ("the", "of", "is", "we"): no sign of a longer fixed phrase (English). */
const ENGLISH_FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...englishOnAllText.sentences.dangling,
  ...englishOnAllText.sentences.clauseOpeners,
  ...englishGrammar.titles.determiners,
  ...englishGrammar.titles.verbLeaders,
  ...englishGrammar.titles.nounFollowers,
  ...englishGrammar.titles.particles,
]);

/** Whether the video says the phrase mostly beside one same content word, so inside a longer fixed phrase. Not judged where words run together. */
function isFragment(phrase: string, text: string, language: string): boolean {
  if (packFor(language).unspaced || phrase.trim() === "") return false;
  const english = packFor(language).words.segmentation === "english";
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase).replace(/\s+/g, "[\\s-]+")}(?![\\p{L}\\p{N}])`, "gu");
  const before = new Map<string, number>();
  const after = new Map<string, number>();
  let said = 0;
  for (const match of text.matchAll(pattern)) {
    said++;
    const previous = /([\p{L}\p{N}']+)[\s-]*$/u.exec(text.slice(Math.max(0, match.index - 40), match.index))?.[1];
    const next = /^[\s-]*([\p{L}\p{N}']+)/u.exec(text.slice(match.index + match[0].length, match.index + match[0].length + 40))?.[1];
    if (previous) before.set(previous, (before.get(previous) ?? 0) + 1);
    if (next) after.set(next, (after.get(next) ?? 0) + 1);
  }
  if (said < FRAGMENT_MIN_MENTIONS) return false;
  const carriesContent = (word: string) => (english ? !ENGLISH_FUNCTION_WORDS.has(word) && !/^\d/.test(word) : tokenize(word, language).length > 0);
  return [before, after].some((neighbours) => [...neighbours].some(([word, count]) => count >= FRAGMENT_SHARE * said && carriesContent(word)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whole words of a list, on the folded text; substrings where the language has no spaces between words. */
function wordsPattern(list: readonly string[], unspaced: boolean): RegExp | null {
  if (list.length === 0) return null;
  const alternatives = [...list]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => escapeRegExp(phrase).replace(/\s+/g, "\\s+"))
    .join("|");
  return unspaced ? new RegExp(`(?:${alternatives})`, "u") : new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, "u");
}

/**
 * What a text explains about a topic (its stems), by the pack's words: a definition when the topic
 * comes just before the defining words in their clause ("so a neuron is a thing that holds a
 * number") or just after the naming words ("this is called the gradient"), else a comparison with
 * the topic around its words, a cause or procedure by their words anywhere, else a definition when
 * the text opens on the topic and speaks of no one ("A hash table stores values under keys"); null
 * when it shows no kind.
 */
export function explainsMatcher(language: string): (text: string, topic: readonly string[]) => ExplainingKind | null {
  const pack = packFor(language);
  const english = pack.words.segmentation === "english";
  const patterns = KIND_ORDER.map((kind) => [kind, wordsPattern(pack.explains[kind], pack.unspaced)] as const);
  const naming = wordsPattern(pack.explains.naming, pack.unspaced);
  const articles = new Set([...pack.phrases.articles, ...(english ? ["a", "an", "the"] : [])]);
  const matches = (folded: string, pattern: RegExp) => folded.matchAll(new RegExp(pattern.source, `${pattern.flags}g`));
  // The text's first word is the topic's, or an article before it ("A hash table stores…", not "If the name…").
  const startsWithTopic = (folded: string, topic: readonly string[]) => {
    const first = folded.match(/[\p{L}\p{N}']+/u)?.[0] ?? "";
    const lead = pack.unspaced || articles.has(first) || tokenize(first, language)[0] === topic[0];
    return lead && opensOn(tokenize(folded, language), topic, 0) && !(english && PERSONAL.test(folded));
  };
  const defines = (folded: string, pattern: RegExp, topic: readonly string[]) =>
    [...matches(folded, pattern)].some((match) => {
      const clause = folded.slice(0, match.index).replace(/[\s,;:،、，；：]+$/u, "");
      const subject = clause.slice(Math.max(0, ...[...clause.matchAll(CLAUSE_END)].map((end) => end.index + 1)));
      return hasRun(tokenize(subject, language).slice(-DEFINED_WITHIN - topic.length), topic);
    });
  const names = (folded: string, topic: readonly string[]) =>
    naming !== null &&
    [...matches(folded, naming)].some((match) =>
      hasRun(tokenize(folded.slice(match.index + match[0].length), language).slice(0, NAMED_WITHIN + topic.length - 1), topic),
    );
  // A comparison is about the topic when the topic is one of the words around the comparing ones ("quicksort is slower than merge sort").
  const compares = (folded: string, pattern: RegExp, topic: readonly string[]) => {
    const match = pattern.exec(folded);
    if (!match) return false;
    const before = tokenize(folded.slice(0, match.index), language).slice(-COMPARED_WITHIN);
    const after = tokenize(folded.slice(match.index + match[0].length), language).slice(0, COMPARED_WITHIN);
    return hasRun(before, topic) || hasRun(after, topic);
  };
  return (text, topic) => {
    if (topic.length === 0) return null;
    const folded = foldText(text, language);
    const found = patterns.find(
      ([kind, pattern]) =>
        pattern !== null &&
        (kind === "definition"
          ? defines(folded, pattern, topic) || names(folded, topic)
          : kind === "comparison"
            ? compares(folded, pattern, topic)
            : pattern.test(folded)),
    );
    return found?.[0] ?? (startsWithTopic(folded, topic) ? "definition" : null);
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
  kindOf: (text: string, topic: readonly string[]) => ExplainingKind | null,
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
    const kind = kindOf(text, stems);
    const score = (kind ? KIND_SCORE[kind] : 0) + (opensOnIt ? OPENS_ON_IT_SCORE : 0) + Math.min(words.length, 12) / 4 - (aside ? ASIDE_PENALTY : 0);
    if (!best || score > best.score) best = { line, score };
  }
  return best?.line;
}

/** Whether the words say the topic's words in a row. */
function hasRun(words: readonly string[], topic: readonly string[]): boolean {
  return words.some((_, at) => topic.every((stem, k) => words[at + k] === stem));
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
const BROAD_ALONE = englishGrammar.openQuestions.broadAlone;

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
