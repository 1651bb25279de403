/**
 * Questions that stand alone: no question of a quiz gives another's answer away. A learner sees
 * every question's text and options at once, so what one shows must not answer another:
 * - a cloze's blank filled in ("… a _____ of math" shown elsewhere as "… a piece of math"): the
 *   answer with the words beside its blank, in another question's text or options;
 * - a sentence the quiz asks about (a statement's true option, an open question's reference):
 *   a run of its words long enough to recognise it, elsewhere (a cloze made from the same sentence
 *   shows which statement is the video's; a wrong statement altered from it shows the rest of it);
 * - a long answer (a phrase or a sentence) shown whole in another question.
 * Words are compared in lower case without punctuation; in Chinese and Japanese, which have no
 * spaces, each character counts as a word. A blank shown in a cloze stands for any word of a
 * sentence it hides (a cloze on a statement's sentence shows which statement is the video's).
 */
import { writtenWithoutSpaces } from "~/server/language/text";

import { type LeakCheckedQuestion, QUIZ_MIN_QUESTIONS } from "./types";

export type { LeakCheckedQuestion };

/** A cloze's blank as the engines write it (and as a model usually does): three underscores or more. */
const BLANK = /_{3,}/u;
/** Words beside a blank that, shown with the answer, fill it in: two words, or three characters of unspaced script. */
const CONTEXT_WORDS = 2;
const CONTEXT_CHARACTERS = 3;
/** A run of a hidden sentence this long, shown elsewhere, is that sentence recognised. */
const SENTENCE_RUN_WORDS = 6;
const SENTENCE_RUN_CHARACTERS = 8;
/** An answer this long is a phrase of its own: shown whole elsewhere, it is given away. */
const PHRASE_WORDS = 3;
const PHRASE_CHARACTERS = 4;

/** A text's words, lower case: letters and digits in runs, each Chinese or Japanese character on its own. */
export function leakUnits(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{M}\p{N}]+/gu) ?? []
  ).map((unit) => unit.normalize("NFC"));
}

const isCharacterUnit = (unit: string) => writtenWithoutSpaces(unit);

/** Where a shown cloze has its blank: it stands for any one word of a sentence it was cut from. */
const ANY_UNIT = "\u0000";

/** Whether `needle` occurs as a contiguous run of `haystack` (a blank in it matching any unit when `blanks` is set). */
function containsRun(haystack: readonly string[], needle: readonly string[], blanks = false): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let k = 0; k < needle.length; k++) {
      const unit = haystack[start + k];
      if (unit !== needle[k] && !(blanks && unit === ANY_UNIT)) continue outer;
    }
    return true;
  }
  return false;
}

/** Whether some run of `length` consecutive units of `sentence` occurs in `haystack`, a blank there standing for any unit. */
function sharesRun(haystack: readonly string[], sentence: readonly string[], length: number): boolean {
  if (sentence.length < length) return false;
  for (let start = 0; start + length <= sentence.length; start++) if (containsRun(haystack, sentence.slice(start, start + length), true)) return true;
  return false;
}

/** The texts a learner sees of a question before answering it, as units (a blank as ANY_UNIT). */
const visibleUnits = (question: LeakCheckedQuestion) =>
  [question.questionText, ...(question.kind === "open" ? [] : question.options)].map((text) =>
    text.split(BLANK).flatMap((piece, k) => (k === 0 ? leakUnits(piece) : [ANY_UNIT, ...leakUnits(piece)])),
  );

/** How many units of context around a blank, on the side whose nearest unit is `nearest`, fill it in. */
const contextSize = (nearest: string | undefined) => (nearest !== undefined && isCharacterUnit(nearest) ? CONTEXT_CHARACTERS : CONTEXT_WORDS);

/**
 * The runs that, shown in another question, answer `question`: for a cloze, its answer with the
 * context of each side of the blank (a side with less than that gives what it has); a long
 * answer on its own. Runs of a hidden sentence are checked apart (`hiddenSentence`).
 */
function revealingRuns(question: LeakCheckedQuestion): string[][] {
  const answer = leakUnits(question.correctAnswer);
  if (answer.length === 0) return [];
  const runs: string[][] = [];
  const blank = question.kind === "open" ? null : BLANK.exec(question.questionText);
  if (blank) {
    const before = leakUnits(question.questionText.slice(0, blank.index));
    const after = leakUnits(question.questionText.slice(blank.index + blank[0].length));
    const beforeRun = before.slice(Math.max(0, before.length - contextSize(before.at(-1))));
    const afterRun = after.slice(0, contextSize(after[0]));
    if (beforeRun.length > 0) runs.push([...beforeRun, ...answer]);
    if (afterRun.length > 0) runs.push([...answer, ...afterRun]);
    // One word on each side fills it in too ("… neural _____ learns …" and "neural network learns").
    if (before.length > 0 && after.length > 0) runs.push([before.at(-1)!, ...answer, after[0]!]);
  }
  const long = answer.some(isCharacterUnit) ? answer.length >= PHRASE_CHARACTERS : answer.length >= PHRASE_WORDS;
  if (long) runs.push(answer);
  return runs;
}

/** The sentence a question hides whole (a statement's true option, an open question's reference); null for a cloze, whose blank is checked instead. */
function hiddenSentence(question: LeakCheckedQuestion): string[] | null {
  if (question.kind !== "open" && BLANK.test(question.questionText)) return null;
  return leakUnits(question.correctAnswer);
}

/** Whether what `shown` shows gives away the answer of `asked`. */
export function revealsAnswer(shown: LeakCheckedQuestion, asked: LeakCheckedQuestion): boolean {
  if (shown === asked) return false;
  const texts = visibleUnits(shown);
  const runs = revealingRuns(asked);
  if (texts.some((text) => runs.some((run) => containsRun(text, run)))) return true;
  const sentence = hiddenSentence(asked);
  if (!sentence) return false;
  const length = sentence.some(isCharacterUnit) ? SENTENCE_RUN_CHARACTERS : SENTENCE_RUN_WORDS;
  return texts.some((text) => sharesRun(text, sentence, length));
}

/** Whether two questions can stand in one quiz: neither gives the other's answer away. */
export function standTogether(a: LeakCheckedQuestion, b: LeakCheckedQuestion): boolean {
  return !revealsAnswer(a, b) && !revealsAnswer(b, a);
}

/** Every ordered pair (by index) where one question gives another's answer away. */
export function quizLeaks(questions: readonly LeakCheckedQuestion[]): { shown: number; asked: number }[] {
  const leaks: { shown: number; asked: number }[] = [];
  questions.forEach((shown, i) =>
    questions.forEach((asked, j) => {
      if (i !== j && revealsAnswer(shown, asked)) leaks.push({ shown: i, asked: j });
    }),
  );
  return leaks;
}

/**
 * The questions that stand alone, in order: each is kept unless it gives away, or is given away
 * by, one kept before it. Put the questions a quiz cannot do without first.
 */
export function keepStandingAlone<Q extends LeakCheckedQuestion>(questions: readonly Q[]): Q[] {
  const kept: Q[] = [];
  for (const question of questions) if (kept.every((other) => standTogether(other, question))) kept.push(question);
  return kept;
}

/**
 * A quiz's choice questions with the open ones, standing alone together. An open question asks
 * for understanding in the learner's words, so one that clashes with choice questions (its text
 * fills a blank, or a choice shows its reference) takes their place while at least
 * `minChoices` choices stay; otherwise it is left out. Choices are assumed to stand alone among
 * themselves (an engine's promise), and the order is kept.
 */
export function withOpenQuestions<Q extends LeakCheckedQuestion>(choices: readonly Q[], open: readonly Q[], minChoices = QUIZ_MIN_QUESTIONS): Q[] {
  let keptChoices = [...choices];
  const keptOpen: Q[] = [];
  for (const question of open) {
    if (!keptOpen.every((other) => standTogether(other, question))) continue;
    const clashing = keptChoices.filter((choice) => !standTogether(choice, question));
    if (keptChoices.length - clashing.length < minChoices) continue;
    keptChoices = keptChoices.filter((choice) => !clashing.includes(choice));
    keptOpen.push(question);
  }
  return [...keptChoices, ...keptOpen];
}
