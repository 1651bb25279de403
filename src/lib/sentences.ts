/**
 * Where a sentence ends, in every script the app meets: the full stop, question and exclamation
 * marks and the ellipsis, in their Latin, full-width (Chinese, Japanese), Arabic and Devanagari
 * forms, before any closing quotes or brackets. An abbreviation's full stop ("Dr.") does not count.
 */
const SENTENCE_END = /[.!?…。！？؟।॥۔]["'”’)\]」』）》]*\s*$/u;
const ABBREVIATION_END = /\b(?:mr|mrs|ms|dr|prof|vs|e\.g|i\.e|cf|approx|fig|eq|no|st)\.$/i;

/** Whether a text ends with a sentence's final punctuation (an abbreviation's full stop too). */
export function hasFinalPunctuation(text: string): boolean {
  return SENTENCE_END.test(text);
}

/** Whether a text (a caption line, a word) ends a sentence. */
export function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text) && !ABBREVIATION_END.test(text.trimEnd());
}

/** Punctuated speech ends a sentence every 15-25 words; automatic captions almost never. */
const MAX_WORDS_PER_SENTENCE_END = 40;

/**
 * Whether a transcript, in pieces (caption lines, or single words), carries sentence
 * punctuation: on average a sentence end at least every 40 words (words between spaces; a
 * Chinese or Japanese line is few "words" but ends its sentences all the same).
 */
export function isPunctuated(pieces: readonly { text: string }[]): boolean {
  let words = 0;
  let ends = 0;
  for (const piece of pieces) {
    words += piece.text.split(/\s+/).filter(Boolean).length;
    if (endsSentence(piece.text)) ends++;
  }
  return ends > 0 && words <= ends * MAX_WORDS_PER_SENTENCE_END;
}
