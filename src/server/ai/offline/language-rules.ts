/**
 * What the offline engine does differently by language, in one record keyed by the language
 * pack's `rules`: English is tagged (wink-nlp) for noun phrases, quiz words and key points that
 * read on their own; other languages take runs of content words. A course chooses once, in
 * buildOutline; a quiz, built apart when a section's quiz is first asked for, chooses once too.
 */
import type { GeneratedQuiz, QuizSource } from "~/server/ai/quiz/types";
import { packFor } from "~/server/language/language-packs";
import type { LanguagePack } from "~/server/language/pack";
import { titleCase } from "~/server/language/text";

import { planOfflineQuiz } from "./quiz";
import { buildTermQuiz } from "./term-quiz";
import { indexTermPhrases, termFallbackTitle, termTitleCandidates } from "./term-phrases";
import { fallbackTitle, indexPhrases, titleCandidates, type PhraseIndex, type ScoredPhrase } from "./titles";

export type LanguageRules = {
  indexPhrases: (lines: readonly string[]) => PhraseIndex;
  titleCandidates: (phrases: readonly ScoredPhrase[]) => string[];
  fallbackTitle: (base: string, part?: number) => string;
  /** A topic the learner typed, cased as a title. */
  topicCase: (text: string) => string;
  /** Whether a key point must read on its own by its parse (the tagger reads English only). */
  parsedPoints: boolean;
  /** 3–5 questions on a section: cloze and statement questions in English, cloze on key terms elsewhere. */
  buildQuiz: (source: QuizSource) => GeneratedQuiz;
};

const LANGUAGE_RULES: Readonly<Record<LanguagePack["rules"], (language: string) => LanguageRules>> = {
  english: () => ({
    indexPhrases: (lines) => indexPhrases(lines),
    titleCandidates,
    fallbackTitle,
    topicCase: titleCase,
    parsedPoints: true,
    buildQuiz: (source) => planOfflineQuiz(source).quiz,
  }),
  terms: (language) => ({
    indexPhrases: (lines) => indexTermPhrases(lines, language),
    titleCandidates: (phrases) => termTitleCandidates(phrases, language),
    fallbackTitle: (base, part) => termFallbackTitle(base, language, part),
    topicCase: (text) => text.charAt(0).toUpperCase() + text.slice(1),
    parsedPoints: false,
    buildQuiz: (source) => buildTermQuiz(source, language),
  }),
};

/** The rules of a language (a BCP 47 tag), by its pack. */
export function rulesFor(language: string): LanguageRules {
  return LANGUAGE_RULES[packFor(language).rules](language);
}
