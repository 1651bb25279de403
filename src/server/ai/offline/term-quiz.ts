/**
 * The offline quiz in languages the tagger has no model for (quiz.ts quizzes English with
 * wink-nlp): cloze questions only. Each blanks the section's most telling term in one of its
 * sentences, spelled as the transcript spells it; the wrong options are other terms of the video
 * written in the same script and of about the same length, never said in that sentence, and never
 * what the video says at that place elsewhere. The questions and explanations are in the
 * transcript's language (English wording for a language without one here).
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

import { type LeakCheckedQuestion, standTogether } from "~/server/ai/quiz/stand-alone";

import { distinctOptions, formatTime, QUIZ_WINDOW_WORDS, shuffle } from "./quiz-options";
import { quizWording } from "./wording";
import type { QuizWording, WordClass } from "~/server/language/pack";
import { wordPieces, writtenWithoutSpaces, type WordPiece } from "~/server/language/text";
import { createWordClasser } from "./word-class";

const BLANK = "_____";
/** A sentence long enough to say something, short enough to read in a question. */
const SENTENCE_CHARS = { min: 15, max: 280 };
/** Content words a sentence needs before it can carry a question. */
const MIN_CONTENT_WORDS = 3;
/** How much longer or shorter (in characters) a wrong option may be than the answer. */
const LENGTH_SLACK = { unspaced: 1, spaced: 4 };

const SCRIPTS = ["Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Devanagari", "Cyrillic", "Greek", "Hebrew", "Thai", "Latin"] as const;
const SCRIPT_TESTS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, "u")] as const);

/** The scripts a word is written in: "Han" for 導関数, "Katakana" for ズーム, "Han+Hiragana" for 求める. */
function scriptOf(word: string): string {
  return SCRIPT_TESTS.filter(([, test]) => test.test(word))
    .map(([script]) => script)
    .join("+");
}

/** A word's writing system: Chinese characters and the Japanese kana count as one. */
const writingOf = (word: string) => (writtenWithoutSpaces(word) ? "CJK" : scriptOf(word));

/** The writing system most of the words are written in. */
function mainWriting(words: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(writingOf(word), (counts.get(writingOf(word)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "Latin";
}

type Term = { stem: string; surface: string; script: string; length: number };
type QuizSentence = { position: number; text: string; startMs: number; pieces: WordPiece[]; stems: Set<string> };

/** The quiz on a section in `language` (not English). Throws AppError UNPROCESSABLE when even the whole video gives fewer than three questions. */
export function buildTermQuiz(source: QuizSource, language: string): GeneratedQuiz {
  const wording = quizWording(language);
  const sentences: QuizSentence[] = source.segments.map((segment, position) => {
    const pieces = wordPieces(segment.text, language) ?? [];
    return { position, text: segment.text.trim(), startMs: segment.startMs, pieces, stems: new Set(pieces.flatMap((p) => (p.stem ? [p.stem] : []))) };
  });
  const { terms, documentFrequency } = videoTerms(sentences);
  const classOf = wordClasses(sentences, language);
  for (const minWords of QUIZ_WINDOW_WORDS) {
    const { own, window } = quizWindow(source, minWords);
    if (window.length === 0) break;
    const questions = chooseQuestions(source, new Set(own), window, sentences, terms, documentFrequency, wording, classOf);
    if (questions.length >= QUIZ_MIN_QUESTIONS) {
      return {
        title: wording.title(source.sectionTitle).slice(0, 200),
        description: wording.description(questions.length, source.sectionTitle),
        questions,
      };
    }
    if (window.length >= source.segments.length) break;
  }
  throw new AppError("UNPROCESSABLE", QUIZ_TOO_SHORT_MESSAGE);
}

/** Every content term of the video (its most common spelling), and in how many sentences each stem occurs. */
function videoTerms(sentences: readonly QuizSentence[]): { terms: Term[]; documentFrequency: Map<string, number> } {
  const spellings = new Map<string, Map<string, number>>();
  const documentFrequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const stem of sentence.stems) documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
    for (const piece of sentence.pieces) {
      if (!piece.stem || /^\p{N}+$/u.test(piece.surface)) continue;
      const surface = sentence.text.slice(piece.start, piece.end);
      const counts = spellings.get(piece.stem) ?? new Map<string, number>();
      counts.set(surface, (counts.get(surface) ?? 0) + 1);
      spellings.set(piece.stem, counts);
    }
  }
  const terms: Term[] = [];
  for (const [stem, counts] of spellings) {
    const surface = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    terms.push({ stem, surface, script: scriptOf(surface), length: [...surface].length });
  }
  return { terms, documentFrequency };
}

function chooseQuestions(
  source: QuizSource,
  own: ReadonlySet<number>,
  window: readonly number[],
  sentences: readonly QuizSentence[],
  terms: readonly Term[],
  documentFrequency: ReadonlyMap<string, number>,
  wording: QuizWording,
  classOf: ClassOf,
): GeneratedQuestion[] {
  const idf = (stem: string) => Math.log((sentences.length + 1) / ((documentFrequency.get(stem) ?? 0) + 1));
  // Terms of the window first (the section's own vocabulary makes the best wrong options).
  const windowStems = new Set(window.flatMap((p) => [...sentences[p]!.stems]));
  const pool = [...terms].sort((a, b) => Number(windowStems.has(b.stem)) - Number(windowStems.has(a.stem)) || idf(a.stem) - idf(b.stem));
  const candidates: { question: GeneratedQuestion; stem: string; score: number; position: number }[] = [];
  for (const position of window) {
    const sentence = sentences[position]!;
    const content = sentence.pieces.filter((p) => p.stem && !/^\p{N}+$/u.test(p.surface));
    if (sentence.text.length < SENTENCE_CHARS.min || sentence.text.length > SENTENCE_CHARS.max || content.length < MIN_CONTENT_WORDS) continue;
    // The blank: the sentence's rarest term in the video, long enough to be a word of its own, and
    // in the sentence's own script (not a name or an English term in Japanese).
    const main = mainWriting(content.map((p) => p.surface));
    const blank = [...content]
      .filter((p) => [...sentence.text.slice(p.start, p.end)].length >= (writtenWithoutSpaces(p.surface) ? 2 : 3) && writingOf(p.surface) === main)
      .sort((a, b) => idf(b.stem!) - idf(a.stem!) || a.start - b.start)[0];
    if (!blank) continue;
    const answer = sentence.text.slice(blank.start, blank.end);
    const wrong = wrongOptions(answer, blank, sentence, pool, sentences, classOf);
    if (wrong.length < QUIZ_OPTION_COUNT - 1) continue;
    const options = [answer, ...wrong];
    if (!distinctOptions(options)) continue;
    const text = `${sentence.text.slice(0, blank.start)}${BLANK}${sentence.text.slice(blank.end)}`;
    const questionText = wording.question(text);
    candidates.push({
      stem: blank.stem!,
      position,
      score: idf(blank.stem!) + (own.has(position) ? 100 : 0),
      question: {
        questionText,
        options: shuffle(options, `${questionText}\n${answer}`),
        correctAnswer: answer,
        explanation: wording.explanation(formatTime(sentence.startMs), sentence.text),
        sourceTime: sourceTimeInSection(sentence.startMs, source),
      },
    });
  }
  candidates.sort((a, b) => b.score - a.score || a.position - b.position);
  const choose = (alongside: readonly LeakCheckedQuestion[]) => {
    const chosen: typeof candidates = [];
    const usedStems = new Set<string>();
    for (const candidate of candidates) {
      if (chosen.length >= QUIZ_MAX_QUESTIONS) break;
      if (usedStems.has(candidate.stem) || !chosen.every((other) => standTogether(other.question, candidate.question))) continue;
      if (!alongside.every((other) => standTogether(other, candidate.question))) continue;
      chosen.push(candidate);
      usedStems.add(candidate.stem);
    }
    return chosen.sort((a, b) => a.position - b.position).map((c) => c.question);
  };
  // Questions that stand beside the quiz's open ones when there are enough of them; else the open ones give way.
  const beside = choose(source.alongside ?? []);
  return beside.length >= QUIZ_MIN_QUESTIONS || !source.alongside?.length ? beside : choose([]);
}

/** The word class of a term as a sentence of the video says it; null where the language has no classes. */
type ClassOf = (surface: string, sentence: QuizSentence) => WordClass | null;

function wordClasses(sentences: readonly QuizSentence[], language: string): ClassOf {
  const classer = createWordClasser(language);
  return classer ? (surface, sentence) => classer(surface, sentence.text) : () => null;
}

/**
 * Three wrong options for a blank: terms in the answer's script and word class (an adjective
 * among nouns gives the answer away), of about its length and with the
 * same capital or none, not said in the sentence, and never true elsewhere in the video: not in a
 * phrase the video says (the words just before the blank with the option, or the option with the
 * words just after), nor in a sentence with two thirds of this sentence's other terms.
 */
function wrongOptions(
  answer: string,
  blank: WordPiece,
  sentence: QuizSentence,
  pool: readonly Term[],
  sentences: readonly QuizSentence[],
  classOf: ClassOf,
): string[] {
  const answerClass = classOf(answer, sentence);
  // A term's class where the video first says it in its most common spelling.
  const termClass = (term: Term) => {
    const said = sentences.find((s) => s.stems.has(term.stem) && s.text.includes(term.surface));
    return said ? classOf(term.surface, said) : null;
  };
  const script = scriptOf(answer);
  const length = [...answer].length;
  const slack = writtenWithoutSpaces(answer) ? LENGTH_SLACK.unspaced : LENGTH_SLACK.spaced;
  const before = sentence.text.slice(0, blank.start);
  const after = sentence.text.slice(blank.end);
  const lead = before.slice(Math.max(0, before.length - (writtenWithoutSpaces(answer) ? 2 : 12)));
  const tail = after.slice(0, writtenWithoutSpaces(answer) ? 2 : 12);
  // The sentence's other terms: a sentence of the video that says the option with two thirds of
  // them says what the filled blank would, so the option would be right too.
  const context = [...sentence.stems].filter((stem) => stem !== blank.stem);
  const trueElsewhere = (term: Term) =>
    sentences.some((s) => {
      if (s === sentence) return false;
      if ((lead.trim() !== "" && s.text.includes(`${lead}${term.surface}`)) || (tail.trim() !== "" && s.text.includes(`${term.surface}${tail}`))) return true;
      if (context.length === 0 || !s.stems.has(term.stem)) return false;
      return context.filter((stem) => s.stems.has(stem)).length * 3 >= context.length * 2;
    });
  // A capital would give the answer away (in German it marks every noun).
  const capital = /^\p{Lu}/u.test(answer);
  const minLength = writtenWithoutSpaces(answer) ? 2 : 3;
  const out: string[] = [];
  for (const term of pool) {
    if (out.length >= QUIZ_OPTION_COUNT - 1) break;
    if (term.stem === blank.stem || sentence.stems.has(term.stem) || term.script !== script) continue;
    if (Math.abs(term.length - length) > slack || term.length < minLength || /^\p{Lu}/u.test(term.surface) !== capital) continue;
    if (!distinctOptions([answer, ...out, term.surface]) || trueElsewhere(term)) continue;
    if (answerClass !== null && (termClass(term) ?? answerClass) !== answerClass) continue;
    out.push(term.surface);
  }
  return out;
}
