/**
 * Open questions on a section, whatever engine wrote its other questions: "In your own words, what
 * does the video say about X?", X being one of the section's key phrases (the engine's keyness
 * ranking against the rest of the video, by the rules of the language), the reference answer what
 * the video says there (the sentence that opens on X, and the next when it says too little), and
 * its key ideas the reference's words the section is most about (said often in it, seldom elsewhere
 * in the video: tf-idf over the transcript's lines, nouns first), which grading looks for. At most
 * two, on different sentences, on phrases said often enough to be a concept; none when the section
 * names nothing.
 */
import { type GeneratedQuestion, inSection, type QuizSource, sourceTimeInSection } from "~/server/ai/quiz/types";
import { cleanSentence, terms, tokenize } from "~/server/language/text";

import { transcriptLanguage } from "./language";
import { rulesFor } from "./language-rules";
import { rankKeyPhrases, type LineSpan } from "./titles";
import { quizWording } from "./wording";

export const OPEN_QUESTIONS_PER_QUIZ = 2;
/** Key ideas graded per reference: enough to tell a full answer from a partial one, few enough to name in feedback. */
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
  const weightOf = sectionWeights(lines, section, index.nounsByLine, language);
  const wording = quizWording(language).open;

  const questions: GeneratedQuestion[] = [];
  const usedLines = new Set<number>();
  for (const phrase of ranked) {
    if (questions.length >= OPEN_QUESTIONS_PER_QUIZ) break;
    const id = idOf.get(phrase.key);
    if (id === undefined || (mentions.get(id) ?? 0) < (phrase.stems.length > 1 ? MIN_MENTIONS.phrase : MIN_MENTIONS.word)) continue;
    const said = own.filter((line) => index.byLine[line]?.includes(id) && !usedLines.has(line));
    const first = openingLine(said, lines, phrase.stems, language);
    if (first === undefined) continue;
    const taken = referenceLines(first, section.end, lines, language);
    const reference = cleanSentence(taken.map((line) => lines[line]).join(" "));
    const keyIdeas = keyIdeasOf(reference, new Set(phrase.stems), weightOf, language);
    if (keyIdeas.length < MIN_KEY_IDEAS) continue;
    for (const line of taken) usedLines.add(line);
    const startMs = segments[first]!.startMs;
    questions.push({
      kind: "open",
      questionText: wording.question(phrase.surface),
      options: [],
      correctAnswer: reference,
      keyIdeas,
      explanation: wording.explanation(keyIdeas.join(wording.separator)),
      sourceTime: sourceTimeInSection(startMs, source),
    });
  }
  return questions;
}

/** The line the reference starts on: one that opens on the phrase if any (it says what the phrase is), else the first that says it. */
function openingLine(said: readonly number[], lines: readonly string[], stems: readonly string[], language: string): number | undefined {
  const opensOnIt = said.find((line) => {
    const words = tokenize(lines[line]!, language);
    return [0, 1].some((at) => stems.every((stem, k) => words[at + k] === stem));
  });
  return opensOnIt ?? said[0];
}

/** The reference's lines: the first, then the next ones of the section until it says enough. */
function referenceLines(first: number, end: number, lines: readonly string[], language: string): number[] {
  const taken = [first];
  let content = tokenize(lines[first]!, language).length;
  let chars = lines[first]!.length;
  for (let next = first + 1; next < end && taken.length < REFERENCE_MAX_LINES && content < REFERENCE_CONTENT_WORDS; next++) {
    if (chars + lines[next]!.length > REFERENCE_MAX_CHARS) break;
    taken.push(next);
    content += tokenize(lines[next]!, language).length;
    chars += lines[next]!.length + 1;
  }
  return taken;
}

/**
 * How much the section is about each word: times said in the section × log(lines of the video /
 * lines that say it), doubled for a noun. A word said once and nowhere else ("philosophical") is
 * rare but says little; one the section keeps saying and the rest of the video does not is its idea.
 */
function sectionWeights(lines: readonly string[], section: LineSpan, nounsByLine: readonly string[][], language: string): (stem: string) => number {
  const linesSaying = new Map<string, number>();
  const inSection = new Map<string, number>();
  lines.forEach((line, at) => {
    const stems = tokenize(line, language);
    for (const stem of new Set(stems)) linesSaying.set(stem, (linesSaying.get(stem) ?? 0) + 1);
    if (at >= section.start && at < section.end) for (const stem of stems) inSection.set(stem, (inSection.get(stem) ?? 0) + 1);
  });
  const nouns = new Set(nounsByLine.slice(section.start, section.end).flat());
  return (stem) => (inSection.get(stem) ?? 0) * Math.log(lines.length / (linesSaying.get(stem) ?? 1)) * (nouns.has(stem) ? NOUN_WEIGHT : 1);
}

/** The reference's words the section is most about (not the topic's own), as it spells them, in its order. */
function keyIdeasOf(reference: string, topic: ReadonlySet<string>, weightOf: (stem: string) => number, language: string): string[] {
  const seen = new Set<string>();
  const candidates = terms(reference, language).filter((term) => {
    if (topic.has(term.stem) || seen.has(term.stem)) return false;
    seen.add(term.stem);
    return true;
  });
  const chosen = new Set(
    [...candidates]
      .sort((a, b) => weightOf(b.stem) - weightOf(a.stem))
      .slice(0, KEY_IDEAS)
      .map((term) => term.stem),
  );
  return candidates.filter((term) => chosen.has(term.stem)).map((term) => term.surface);
}
