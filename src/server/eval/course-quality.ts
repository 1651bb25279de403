/**
 * Quality checks of a course the offline engine builds, written independently of the engine's
 * own rules so they can catch it out: titles a learner can read, section times that hold, quiz
 * options that are neither wrong-by-grammar nor accidentally right, key points that cover the
 * section. Used by `npm run eval:course` and by the corpus tests that hold the thresholds.
 */
import { KEY_POINTS_HEADING, parseSectionContent } from "~/lib/section-content";
import { inSection, type GeneratedQuiz, type QuizSource } from "~/server/ai/quiz/types";
import type { CourseOutline } from "~/server/ai/structure/types";
import type { TimedSegment } from "~/server/video/types";

import { standAlone } from "~/server/ai/offline/content";
import { tag, type TaggedToken } from "~/server/ai/offline/nlp";
import { cleanSentence, tokenize, wordPieces } from "~/server/language/text";
import { packFor } from "~/server/language/language-packs";
import type { LanguagePack } from "~/server/language/pack";

/* ------------------------------------------------------------------------------- titles */

/** Closed-class English words: a title that ends in one is cut off ("Story of the", "Vectors and"). */
const FUNCTION_WORDS = new Set(
  `a an the this that these those my your his her its our their some any each every no of in on at by for from to with
  without into onto over under about above below after before between through during against among and or but nor so
  yet if then than as because while although though whether is are was were be been being am do does did has have had
  can could will would shall should may might must i you he she it we they me him us them what which who whom whose
  where when why how not also just very`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that say nothing about what a section teaches when they are all a title has. */
const GENERIC_WORDS = new Set(
  `number numbers value values thing things part parts way ways example examples idea ideas question questions problem
  problems step steps case cases time times point points kind sort type types bit lot fact result results version
  stuff something overview introduction summary recap conclusion more other another first second next last final new
  old same different general basic simple key main big small`
    .split(/\s+/)
    .filter(Boolean),
);

const titleWords = (title: string) => title.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
/** Case- and plural-insensitive form of a title, for duplicate checks ("Prime Number" = "prime numbers"). */
const titleKey = (title: string) =>
  titleWords(title)
    .map((w) => w.toLowerCase().replace(/(?<=[a-z]{3})(?:es|s)$/, ""))
    .join(" ");

export type TitleCounts = {
  generated: number;
  words: number;
  oneWord: number;
  overSevenWords: number;
  endsInFunctionWord: number;
  duplicateInChapter: number;
  genericOnly: number;
  examples: { oneWord: string[]; endsInFunctionWord: string[]; duplicateInChapter: string[]; genericOnly: string[] };
};

export const emptyTitleCounts = (): TitleCounts => ({
  generated: 0,
  words: 0,
  oneWord: 0,
  overSevenWords: 0,
  endsInFunctionWord: 0,
  duplicateInChapter: 0,
  genericOnly: 0,
  examples: { oneWord: [], endsInFunctionWord: [], duplicateInChapter: [], genericOnly: [] },
});

/**
 * Checks the generated titles of an outline (creator chapter titles, given in `creatorTitles`,
 * are the creator's words and are not judged). Adds into `counts`.
 */
export function checkTitles(outline: CourseOutline, creatorTitles: ReadonlySet<string>, counts = emptyTitleCounts(), language = "en"): TitleCounts {
  const note = (list: string[], title: string) => {
    if (list.length < 8) list.push(title);
  };
  const judge = (title: string) => {
    // Other languages: words as Intl.Segmenter finds them (Japanese and Chinese have no spaces), a stop word as the function word.
    const pieces = wordPieces(title, language);
    const words = pieces?.map((p) => p.surface) ?? titleWords(title);
    counts.generated++;
    counts.words += words.length;
    if (words.length === 1) {
      counts.oneWord++;
      note(counts.examples.oneWord, title);
    }
    if (words.length > 7) counts.overSevenWords++;
    const last = words[words.length - 1]?.toLowerCase() ?? "";
    const lastPiece = pieces?.at(-1);
    const endsOnStopWord = lastPiece !== undefined && lastPiece.stem === null && !/^\p{N}+$/u.test(lastPiece.surface);
    if (endsOnStopWord || FUNCTION_WORDS.has(last) || /['’]s$/i.test(title.trim())) {
      counts.endsInFunctionWord++;
      note(counts.examples.endsInFunctionWord, title);
    }
    const content = words.map((w) => w.toLowerCase()).filter((w) => !FUNCTION_WORDS.has(w) && !/^\d+$/.test(w));
    if (content.length > 0 && content.every((w) => GENERIC_WORDS.has(w))) {
      counts.genericOnly++;
      note(counts.examples.genericOnly, title);
    }
  };
  for (const chapter of outline.chapters) {
    if (!creatorTitles.has(chapter.title)) judge(chapter.title);
    const seen = new Set<string>();
    for (const section of chapter.sections) {
      judge(section.title);
      const key = titleKey(section.title);
      if (seen.has(key)) {
        counts.duplicateInChapter++;
        note(counts.examples.duplicateInChapter, `${chapter.title} › ${section.title}`);
      }
      seen.add(key);
    }
  }
  return counts;
}

/* -------------------------------------------------------------------------- section times */

/** Section starts as times (ms), in outline order. */
export function sectionStartsMs(outline: CourseOutline, segments: readonly TimedSegment[]): number[] {
  const byIndex = new Map(segments.map((s) => [s.index, s.startMs]));
  return outline.chapters.flatMap((c) => c.sections.map((s) => byIndex.get(s.startSegment) ?? Number.NaN));
}

/** How many section times are invalid (not a segment's start, outside the video) or out of order. */
export function badSectionTimes(outline: CourseOutline, segments: readonly TimedSegment[]): number {
  const endMs = segments.reduce((end, s) => Math.max(end, s.endMs, s.startMs), 0);
  let previous = -1;
  let bad = 0;
  for (const ms of sectionStartsMs(outline, segments)) {
    if (!Number.isFinite(ms) || ms < 0 || ms > endMs || ms <= previous) bad++;
    if (Number.isFinite(ms)) previous = Math.max(previous, ms);
  }
  return bad;
}

/* ---------------------------------------------------------------------------------- quizzes */

export type QuizCounts = {
  questions: number;
  cloze: number;
  /** Cloze questions whose correct option is not a word (or words) of the transcript, spelled as there. */
  clozeAnswerNotInTranscript: number;
  distractors: number;
  /** The wrong option, put in, reads as a sentence the video says (normalised text). */
  distractorVerbatim: number;
  /** The wrong option, put in, is said by one sentence of the section with most of its other terms. */
  distractorTrue: number;
  /** The wrong option does not tag as the right one does in the same place. */
  distractorUngrammatical: number;
  /** Distractors whose grammar could be checked (cloze, and statements that differ from a real sentence in one place). */
  grammarChecked: number;
  duplicateOptions: number;
  examples: { verbatim: string[]; true: string[]; ungrammatical: string[]; answer: string[] };
};

export const emptyQuizCounts = (): QuizCounts => ({
  questions: 0,
  cloze: 0,
  clozeAnswerNotInTranscript: 0,
  distractors: 0,
  distractorVerbatim: 0,
  distractorTrue: 0,
  distractorUngrammatical: 0,
  grammarChecked: 0,
  duplicateOptions: 0,
  examples: { verbatim: [], true: [], ungrammatical: [], answer: [] },
});

const BLANK = /_{3,}/;
const normalised = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Lemmas of a text's content words (nouns, proper nouns, verbs, adjectives, numbers). */
function contentLemmas(tokens: readonly TaggedToken[]): Set<string> {
  const out = new Set<string>();
  for (const t of tokens) {
    if (t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "VERB" || t.pos === "ADJ" || t.pos === "NUM") {
      if (t.normal.length > 1) out.add(t.lemma.toLowerCase());
    }
  }
  return out;
}

/** The quoted sentence of a cloze question ("Complete …: "… _____ …""), or the whole text. */
function clozeSentence(questionText: string): string {
  // English quotes with "…"; other languages with their own marks (« », “ ”, „ “, 「 」) around the whole sentence.
  const quoted = /"([^"]*_{3,}[^"]*)"/.exec(questionText) ?? /["«“„「]\s?([^]*_{3,}[^]*?)\s?["»”“」]$/u.exec(questionText);
  return quoted?.[1] ?? questionText;
}

/** How the checks read a quiz's text, by the rules of its language. */
type QuizReading = {
  /** Whether the tagger reads the language (English): answers are whole words, and options' grammar is checked. */
  tagged: boolean;
  /** The content words of a text the checks compare: the tagger's lemmas in English, the lexicon's stems elsewhere. */
  lemmasOf: (text: string) => Set<string>;
};

const QUIZ_READINGS: Readonly<Record<LanguagePack["rules"], (language: string) => QuizReading>> = {
  english: () => ({ tagged: true, lemmasOf: (text) => contentLemmas(tag(text)) }),
  terms: (language) => ({ tagged: false, lemmasOf: (text) => new Set(tokenize(text, language)) }),
};

/** The tags of the tokens that cover [start, end) of a text. */
function tagsAt(tokens: readonly TaggedToken[], start: number, end: number): string {
  return tokens
    .filter((t) => t.offset < end && t.offset + t.text.length > start && t.pos !== "PUNCT")
    .map((t) => t.pos)
    .join(" ");
}

type SectionText = { sentences: { text: string; lemmas: Set<string> }[]; normalisedText: string };

function sectionText(segments: readonly TimedSegment[], reading: QuizReading): SectionText {
  const sentences = segments.map((s) => ({ text: s.text, lemmas: reading.lemmasOf(s.text) }));
  return { sentences, normalisedText: ` ${normalised(segments.map((s) => s.text).join(" "))} ` };
}

/** Whether one sentence of the text holds `term` and at least two thirds of `others`. */
function saidTogether(text: SectionText, term: string, others: ReadonlySet<string>): boolean {
  if (others.size === 0) return false;
  return text.sentences.some((s) => {
    if (!s.lemmas.has(term)) return false;
    let shared = 0;
    for (const lemma of others) if (s.lemmas.has(lemma)) shared++;
    return shared * 3 >= others.size * 2;
  });
}

/**
 * Checks one quiz against its section's transcript (`source`): cloze questions are those whose
 * text holds a blank; every other question's options are statements.
 */
export function checkQuiz(quiz: GeneratedQuiz, source: QuizSource, counts = emptyQuizCounts(), language = "en"): QuizCounts {
  const reading = QUIZ_READINGS[packFor(language).rules](language);
  const english = reading.tagged;
  const note = (list: string[], text: string) => {
    if (list.length < 8) list.push(text);
  };
  const own = source.segments.filter((s) => inSection(s, source));
  const section = sectionText(own.length > 0 ? own : source.segments, reading);
  const video = ` ${normalised(source.segments.map((s) => s.text).join(" "))} `;
  const transcriptText = source.segments.map((s) => s.text).join(" ");

  for (const question of quiz.questions) {
    counts.questions++;
    const keys = question.options.map(normalised);
    if (new Set(keys).size !== keys.length) counts.duplicateOptions++;
    const wrong = question.options.filter((o) => o !== question.correctAnswer);
    counts.distractors += wrong.length;

    if (BLANK.test(question.questionText)) {
      counts.cloze++;
      const sentence = clozeSentence(question.questionText);
      const blank = BLANK.exec(sentence)!;
      const fill = (option: string) => `${sentence.slice(0, blank.index)}${option}${sentence.slice(blank.index + blank[0].length)}`;
      const span = (option: string) => [blank.index, blank.index + option.length] as const;
      // The transcript's own word: a whole word of it in English; elsewhere (no spaces in Japanese
      // or Chinese) the sentence the answer completes is the transcript's, word for word.
      const own = english
        ? new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(question.correctAnswer)}(?![\\p{L}\\p{N}])`, "u").test(transcriptText)
        : transcriptText.includes(fill(question.correctAnswer));
      if (!own) {
        counts.clozeAnswerNotInTranscript++;
        note(counts.examples.answer, `${question.correctAnswer} ← ${sentence}`);
      }
      const rightTokens = english ? tag(fill(question.correctAnswer)) : [];
      const rightTags = tagsAt(rightTokens, ...span(question.correctAnswer));
      const context = english
        ? contentLemmas(rightTokens.filter((t) => t.offset < blank.index || t.offset >= blank.index + question.correctAnswer.length))
        : new Set(tokenize(`${sentence.slice(0, blank.index)} ${sentence.slice(blank.index + blank[0].length)}`, language));
      for (const option of wrong) {
        const filled = fill(option);
        // Grammar by tagging: English only (the tagger's model is English).
        if (english) {
          counts.grammarChecked++;
          if (tagsAt(tag(filled), ...span(option)) !== rightTags) {
            counts.distractorUngrammatical++;
            note(counts.examples.ungrammatical, `${option} ≠ ${question.correctAnswer}: ${sentence}`);
          }
        }
        if (section.normalisedText.includes(` ${normalised(filled)} `)) {
          counts.distractorVerbatim++;
          note(counts.examples.verbatim, filled);
          continue;
        }
        const term = reading.lemmasOf(option);
        if ([...term].some((lemma) => saidTogether(section, lemma, context))) {
          counts.distractorTrue++;
          note(counts.examples.true, filled);
        }
      }
      continue;
    }

    // A statement question: a wrong statement must not be something the video says.
    for (const option of wrong) {
      if (video.includes(` ${normalised(option)} `)) {
        counts.distractorVerbatim++;
        note(counts.examples.verbatim, option);
        continue;
      }
      const tokens = tag(option);
      const lemmas = contentLemmas(tokens);
      const covered = section.sentences.some((s) => {
        let shared = 0;
        for (const lemma of lemmas) if (s.lemmas.has(lemma)) shared++;
        return lemmas.size >= 3 && shared === lemmas.size;
      });
      if (covered) {
        counts.distractorTrue++;
        note(counts.examples.true, option);
      }
      const grammar = swappedTagsAgree(tokens, question.correctAnswer, section);
      if (grammar !== null) {
        counts.grammarChecked++;
        if (!grammar) {
          counts.distractorUngrammatical++;
          note(counts.examples.ungrammatical, option);
        }
      }
    }
  }
  return counts;
}

/**
 * For an altered statement: finds the real sentence (the correct option or a sentence of the
 * section) it differs from in one run of words, and tells whether the swapped words tag alike;
 * null when no such sentence is found (the statement is not a one-place alteration).
 */
function swappedTagsAgree(tokens: readonly TaggedToken[], correct: string, section: SectionText): boolean | null {
  const words = tokens.filter((t) => t.pos !== "PUNCT");
  // Statements are cleaned sentences ("So, the key…" → "The key…"): align against the same.
  const readable = section.sentences.flatMap((s) => cleanSentence(s.text).split(/(?<=[.!?])\s+/)).map((t) => standAlone(t));
  for (const candidate of [correct, ...readable]) {
    const other = tag(candidate).filter((t) => t.pos !== "PUNCT");
    let head = 0;
    while (head < words.length && head < other.length && words[head]!.normal === other[head]!.normal) head++;
    let tail = 0;
    while (tail < words.length - head && tail < other.length - head && words[words.length - 1 - tail]!.normal === other[other.length - 1 - tail]!.normal)
      tail++;
    const changed = words.slice(head, words.length - tail);
    const original = other.slice(head, other.length - tail);
    if (changed.length === 0 || original.length === 0 || changed.length > 3 || original.length > 3) continue;
    if (head + tail < Math.max(3, Math.floor(words.length / 2))) continue;
    return changed.map((t) => t.pos).join(" ") === original.map((t) => t.pos).join(" ");
  }
  return null;
}

/* ------------------------------------------------------------------------------- key points */

export type KeyPointCounts = {
  sections: number;
  /** Sections that open with a key points list, and how many of those hold 2-4 points. */
  withPoints: number;
  twoToFour: number;
  points: number;
  /** Points timed outside their section ([start, next start), a second of rounding allowed). */
  outsideSection: number;
  /** Points holding a word the section's transcript never says: not extractive. */
  notFromTranscript: number;
  coverageSum: number;
  examples: { notFromTranscript: string[] };
};

export const emptyKeyPointCounts = (): KeyPointCounts => ({
  sections: 0,
  withPoints: 0,
  twoToFour: 0,
  points: 0,
  outsideSection: 0,
  notFromTranscript: 0,
  coverageSum: 0,
  examples: { notFromTranscript: [] },
});

/** The key points a section's content opens with (time in seconds and text), in order. */
export function keyPointsOf(content: string): { seconds: number | null; text: string }[] {
  const blocks = parseSectionContent(content);
  const headed = blocks[0]?.kind === "heading" && blocks[0].text === KEY_POINTS_HEADING ? blocks[1] : undefined;
  if (headed?.kind !== "list") return [];
  return headed.items.map((pieces) => {
    const time = pieces.find((p) => p.kind === "time");
    const text = pieces
      .map((p) => (p.kind === "text" ? p.text : ""))
      .join("")
      .trim();
    return { seconds: time?.kind === "time" ? time.seconds : null, text };
  });
}

const plainWords = (text: string) => normalised(text).split(" ").filter(Boolean);

/**
 * Checks one section's key points against its own transcript: timed inside the section, made of
 * the transcript's words, and their coverage (by `coverage`, the engine-independent share of the
 * section's top terms they mention). Adds into `counts`.
 */
export function checkKeyPoints(
  content: string,
  section: { segments: readonly TimedSegment[]; startMs: number; endMs: number },
  coverage: (points: string[], sentences: string[]) => number,
  counts = emptyKeyPointCounts(),
): KeyPointCounts {
  counts.sections++;
  const points = keyPointsOf(content);
  if (points.length === 0) return counts;
  counts.withPoints++;
  if (points.length >= 2 && points.length <= 4) counts.twoToFour++;
  counts.points += points.length;
  const said = new Set(section.segments.flatMap((s) => plainWords(s.text)));
  for (const point of points) {
    const ms = (point.seconds ?? -1) * 1000;
    if (ms < section.startMs - 1000 || ms >= section.endMs) counts.outsideSection++;
    if (plainWords(point.text).some((word) => !said.has(word))) {
      counts.notFromTranscript++;
      if (counts.examples.notFromTranscript.length < 8) counts.examples.notFromTranscript.push(point.text);
    }
  }
  counts.coverageSum += coverage(
    points.map((p) => p.text),
    section.segments.map((s) => s.text),
  );
  return counts;
}

/* --------------------------------------------------------------------------- quiz sources */

/** The quiz source of every section of an outline, as the app builds it (whole seconds, next start as end). */
export function quizSourcesOf(outline: CourseOutline, courseTitle: string, segments: readonly TimedSegment[]): QuizSource[] {
  const starts = sectionStartsMs(outline, segments).map((ms) => Math.floor(ms / 1000));
  const titles = outline.chapters.flatMap((c) => c.sections.map((s) => s.title));
  return starts.map((timeStart, k) => ({
    courseTitle,
    sectionTitle: titles[k]!,
    timeStart,
    timeEnd: starts[k + 1] ?? null,
    segments,
  }));
}
