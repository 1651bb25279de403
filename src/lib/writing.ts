/**
 * What text of other writing systems needs before two spellings of the same words compare equal:
 * the offline engine's word rules (server/language/text.ts) and the transcript search share it.
 */

/** Arabic short vowels and tatweel: written or not, the word is the same. */
export const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;

/**
 * Whitespace between two characters of Chinese or Japanese, which are written without spaces: a
 * caption's line break ("导 数"), not a word break.
 */
export const UNSPACED_GAP = /(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー])\s+(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー])/gu;
