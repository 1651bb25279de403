/**
 * Grades an answer to an open question without a model: the share of the reference's key ideas
 * the answer says (each idea's words, by the language's stems, so "merging" says "merge"), never
 * counting what the question itself says, so an answer that only says the question back earns
 * nothing for it (and at most COPY_CREDIT whatever else). The feedback names the ideas it missed
 * and the moment to rewatch, in the course's language.
 */
import { type Term, terms, tokenize } from "~/server/language/text";

import { formatTime } from "./quiz-options";
import { quizWording } from "./wording";

export type OpenGrade = { credit: number; missing: string[]; copied: boolean };

/** The most an answer that mostly repeats the question earns. */
export const COPY_CREDIT = 0.2;
/** An answer whose content words are this share of the question's (or more) repeats it. */
const COPY_SHARE = 0.8;
/** Stems this long that one begins with the other are one word ("normaliz" and "normalization"). */
const SHARED_PREFIX = 5;
/** Ideas graded when a question has none stored: the reference's first content words. */
const FALLBACK_IDEAS = 4;

export type OpenQuestionToGrade = { questionText: string; reference: string; keyIdeas: readonly string[] };

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= SHARED_PREFIX && long.startsWith(short);
}

export function gradeOpenAnswer(answer: string, question: OpenQuestionToGrade, language: string): OpenGrade {
  const asked = new Set(tokenize(question.questionText, language));
  const said = terms(answer, language);
  // A stemmer may cut two forms of a word apart ("mitad" → "mit", "mitades" → "mitad"); their spellings still share the start.
  const saysIt = (idea: Term) => said.some((word) => sameWord(word.stem, idea.stem) || sameWord(word.surface.toLowerCase(), idea.surface.toLowerCase()));
  const ideas = ideasOf(question, asked, language);
  const covered = ideas.filter((idea) => idea.terms.every(saysIt));
  const share = ideas.length === 0 ? 0 : covered.length / ideas.length;
  const repeated = said.filter((word) => asked.has(word.stem)).length;
  const copied = said.length > 0 && repeated / said.length >= COPY_SHARE;
  return {
    credit: Math.round((copied ? Math.min(share, COPY_CREDIT) : share) * 100) / 100,
    missing: ideas.filter((idea) => !covered.includes(idea)).map((idea) => idea.surface),
    copied,
  };
}

/** The ideas an answer is graded on, less any the question already says. */
function ideasOf(question: OpenQuestionToGrade, asked: ReadonlySet<string>, language: string): { surface: string; terms: Term[] }[] {
  const stored = question.keyIdeas.map((surface) => ({ surface, terms: terms(surface, language) }));
  const ideas =
    stored.length > 0
      ? stored
      : terms(question.reference, language)
          .slice(0, FALLBACK_IDEAS)
          .map((term) => ({ surface: term.surface, terms: [term] }));
  return ideas.filter((idea) => idea.terms.length > 0 && !idea.terms.every((term) => asked.has(term.stem)));
}

/** The feedback on a graded answer, in the course's language; `sourceTime` the moment that explains it. */
export function openFeedback(grade: OpenGrade, sourceTime: number | null, language: string): string {
  const wording = quizWording(language).open;
  const at = formatTime((sourceTime ?? 0) * 1000);
  if (grade.copied) return wording.copied(at);
  if (grade.missing.length === 0) return wording.covered;
  return wording.missing(grade.missing.join(wording.separator), at);
}
