import { parseTimestampCitations } from "~/lib/timestamps";

import { passageTerms, QUESTION_WORDS, UNSPACED_RUN, type Passage, type PassageIndex } from "./retrieval";

/**
 * What the offline tutor's "Hint only" and "Quiz me" modes are made of, from the transcript
 * alone: the learner's own words a passage holds (a hint names where to look and what about,
 * never what the video says there), and a sentence of the video with its most telling word left
 * out (a question back), which the next message is checked against. Nothing is stored for the
 * check: the blank is found again from the question as it was shown, in the passage it cites.
 */

/** How a left-out word is shown. */
export const BLANK = "_____";

/** Shorter words ("two", "use") say too little to name what a moment is about. */
const MIN_WORD_CHARS = 4;

/** The learner's words (as they wrote them) that the passage also uses, at most `max`, in their order. */
export function learnerWordsIn(question: string, passage: Pick<Passage, "text">, max = 3): string[] {
  const held = new Set(passageTerms(passage.text));
  const words: string[] = [];
  const seen = new Set<string>();
  for (const word of question.split(/[^\p{L}\p{N}'’-]+/u)) {
    const terms = passageTerms(word);
    // A word of a script written without spaces is a whole phrase here: not a word to name.
    if (terms.length !== 1 || UNSPACED_RUN.test(word) || [...word].length < MIN_WORD_CHARS) continue;
    const [term] = terms as [string];
    if (QUESTION_WORDS.has(term) || !held.has(term) || seen.has(term)) continue;
    seen.add(term);
    words.push(word);
    if (words.length >= max) break;
  }
  return words;
}

export type Cloze = {
  /** The passage the sentence is from. */
  passage: Passage;
  /** The sentence with its word left out (BLANK). */
  question: string;
  answer: string;
  /** The whole sentence, shown once the learner has answered. */
  sentence: string;
};

/** Passages overlap by half, so one mention is in up to two: a word in three or more is one the video comes back to. */
const MIN_PASSAGES_OF_A_CONCEPT = 3;
/** A word in more than this share of the passages is a function word of the language rather than a concept. */
const MAX_SHARE_OF_A_CONCEPT = 0.2;
/** Sentences shorter than this (in characters; a script without spaces says more in fewer) give too little to go on. */
const MIN_SENTENCE_CHARS = 30;
const MIN_UNSPACED_SENTENCE_CHARS = 12;
const MAX_SENTENCE_CHARS = 300;
/** A spaced language's word worth asking about: letters (and hyphens), five or more; "they're" is not one. */
const WORD = /(?<![\p{L}\p{N}'’])\p{L}[\p{L}\p{M}-]{4,}(?![\p{L}\p{N}'’])/gu;
/** In a script without spaces, a run of Katakana or of Han characters is a word or a compound. */
const UNSPACED_WORD = /[\p{Script=Katakana}ー]{2,}|\p{Script=Han}{2,}/gu;

function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?。！？؟।])\s*/u)
    .map((sentence) => sentence.trim())
    .filter(
      (sentence) =>
        sentence.length >= (UNSPACED_RUN.test(sentence) ? MIN_UNSPACED_SENTENCE_CHARS : MIN_SENTENCE_CHARS) && sentence.length <= MAX_SENTENCE_CHARS,
    );
}

/**
 * A fill-in-the-blank question from a passage: of its whole sentences' words, the concept of the
 * video it comes back to most (in more passages than one mention spans, in fewer than a function
 * word is); failing that, the rarest word. Words the question
 * already named (`avoid`, terms) are not asked. Null when no sentence has a word worth asking
 * (a passage of fragments, a script without words).
 */
export function makeCloze(passage: Passage, index: Pick<PassageIndex, "passagesWith" | "passages">, avoid: ReadonlySet<string> = new Set()): Cloze | null {
  let best: { sentence: string; word: string; at: number; rank: number } | null = null;
  for (const sentence of sentencesOf(passage.text)) {
    const unspaced = UNSPACED_RUN.test(sentence);
    for (const match of sentence.matchAll(unspaced ? UNSPACED_WORD : WORD)) {
      const terms = passageTerms(match[0]);
      if (terms.length === 0 || terms.some((term) => avoid.has(term) || QUESTION_WORDS.has(term))) continue;
      if (!unspaced && terms.length !== 1) continue;
      const count = Math.min(...terms.map((term) => index.passagesWith(term)));
      if (count === 0) continue;
      // Lower is better: the video's concepts first (repeated, but not in most passages like a function word), the most repeated of them.
      const concept = count >= MIN_PASSAGES_OF_A_CONCEPT && count <= index.passages.length * MAX_SHARE_OF_A_CONCEPT;
      const rank = concept ? -count : count;
      if (best === null || rank < best.rank) best = { sentence, word: match[0], at: match.index, rank };
    }
  }
  if (best === null) return null;
  const question = `${best.sentence.slice(0, best.at)}${BLANK}${best.sentence.slice(best.at + best.word.length)}`;
  return { passage, question, answer: best.word, sentence: best.sentence };
}

/**
 * The blank the tutor asked in `message` (a question made by makeCloze, quoted with the [m:ss]
 * of its passage), found again in the transcript: null when the message asked none.
 */
export function askedCloze(message: string, passages: readonly Passage[]): Cloze | null {
  const line = message.split("\n").find((text) => text.startsWith("> ") && text.includes(BLANK));
  if (!line) return null;
  const [citation] = parseTimestampCitations(line);
  if (!citation) return null;
  const shown = line.slice(2, citation.index).trim();
  const [before, after] = shown.split(BLANK) as [string, string | undefined];
  if (after === undefined) return null;
  const pattern = new RegExp(`${escape(before)}(.+?)${escape(after)}`, "u");
  for (const passage of passages) {
    if (Math.floor(passage.start) !== citation.seconds) continue;
    const sentence = sentencesOf(passage.text).find((text) => pattern.test(text));
    const answer = sentence?.match(pattern)?.[1];
    if (sentence && answer) return { passage, question: shown, answer, sentence };
  }
  return null;
}

/** Whether a reply gives the left-out word: the same term (any inflection the stemmer folds), or the characters themselves. */
export function isRightAnswer(reply: string, answer: string): boolean {
  const expected = passageTerms(answer);
  if (expected.length === 0) return false;
  const given = new Set(passageTerms(reply));
  if (expected.every((term) => given.has(term))) return true;
  return fold(reply).includes(fold(answer));
}

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
