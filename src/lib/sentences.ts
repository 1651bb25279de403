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
