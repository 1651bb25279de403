/**
 * The language of a transcript, when nobody said it: franc-min (trigrams of 66 languages and the
 * scripts of the others) on a sample spread over the whole transcript, so an intro in another
 * language or a music cue does not decide. Gives a BCP 47 primary subtag ("es", "ja"); English
 * when the text is too short to tell or franc is unsure, which keeps today's behaviour.
 */
import { francAll } from "franc-min";

import { LANGUAGE_PACKS } from "~/server/language/language-packs";
import type { TimedSegment } from "~/server/video/types";

/** ISO 639-3 (franc) to the two-letter codes the rest of the app uses, where one exists (course languages: their packs). */
const OTHER_TWO_LETTER: Readonly<Record<string, string>> = {
  amh: "am",
  azj: "az",
  bel: "be",
  ben: "bn",
  bos: "bs",
  bul: "bg",
  ces: "cs",
  ckb: "ku",
  ell: "el",
  guj: "gu",
  hau: "ha",
  heb: "he",
  hrv: "hr",
  hun: "hu",
  hye: "hy",
  ibo: "ig",
  ind: "id",
  ita: "it",
  jav: "jv",
  kan: "kn",
  kat: "ka",
  kaz: "kk",
  khm: "km",
  kin: "rw",
  kor: "ko",
  lin: "ln",
  mal: "ml",
  mar: "mr",
  mya: "my",
  nld: "nl",
  npi: "ne",
  nya: "ny",
  pan: "pa",
  pbu: "ps",
  pes: "fa",
  plt: "mg",
  pol: "pl",
  ron: "ro",
  run: "rn",
  rus: "ru",
  sin: "si",
  som: "so",
  srp: "sr",
  sun: "su",
  swe: "sv",
  swh: "sw",
  tam: "ta",
  tel: "te",
  tgl: "tl",
  tha: "th",
  tur: "tr",
  ukr: "uk",
  urd: "ur",
  uzn: "uz",
  vie: "vi",
  yor: "yo",
  zlm: "ms",
  zul: "zu",
};

const TWO_LETTER: Readonly<Record<string, string>> = {
  ...OTHER_TWO_LETTER,
  ...Object.fromEntries(Object.values(LANGUAGE_PACKS).map((pack) => [pack.francCode, pack.code])),
};

/** How much text franc reads: enough to be sure, little enough to cost about a millisecond. */
const SAMPLE_CHARS = 3_000;
/** Below this much text franc's guess is noise. */
const MIN_CHARS = 20;

/**
 * Below this much text, trigrams of related languages score close together (one English
 * sentence scores German first, English at 0.89 of it): English then wins when it is close.
 */
const SHORT_TEXT_CHARS = 300;
const CLOSE_SCORE = 0.85;

/** The language a text is written in (two-letter code), or English when unsure. */
export function detectLanguage(text: string): string {
  if (text.trim().length < MIN_CHARS) return "en";
  const ranked = francAll(text, { minLength: MIN_CHARS });
  const [top] = ranked[0] ?? ["und"];
  if (text.length < SHORT_TEXT_CHARS && (ranked.find(([code]) => code === "eng")?.[1] ?? 0) >= CLOSE_SCORE) return "en";
  return TWO_LETTER[top] ?? "en";
}

/** The language of a transcript, from a sample of segments spread over it. */
export function transcriptLanguage(segments: readonly Pick<TimedSegment, "text">[]): string {
  const total = segments.reduce((sum, s) => sum + s.text.length + 1, 0);
  const step = Math.max(1, Math.floor(total / SAMPLE_CHARS));
  const sample: string[] = [];
  let length = 0;
  for (let i = 0; i < segments.length && length < SAMPLE_CHARS; i += step) {
    sample.push(segments[i]!.text);
    length += segments[i]!.text.length + 1;
  }
  return detectLanguage(sample.join(" "));
}
