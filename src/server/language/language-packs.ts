/**
 * The language pack of every course language, and the pack the engine uses for any other
 * language tag (a transcript can be in any language).
 */
import { baseLanguage, isCourseLanguage, type CourseLanguage } from "~/lib/languages";

import { OTHER_LANGUAGES } from "./other-languages";
import type { LanguagePack } from "./pack";
import { arabic } from "./packs/ar";
import { chinese } from "./packs/zh";
import { english } from "./packs/en";
import { french } from "./packs/fr";
import { german } from "./packs/de";
import { hindi } from "./packs/hi";
import { japanese } from "./packs/ja";
import { portuguese } from "./packs/pt";
import { spanish } from "./packs/es";

export const LANGUAGE_PACKS: Readonly<Record<CourseLanguage, LanguagePack>> = {
  en: english,
  es: spanish,
  de: german,
  fr: french,
  pt: portuguese,
  ja: japanese,
  zh: chinese,
  ar: arabic,
  hi: hindi,
};

/** Whether Intl.Segmenter takes the code as a language tag. */
function isLanguageTag(code: string): boolean {
  try {
    new Intl.Segmenter(code, { granularity: "word" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Another language's pack: its words found by Intl.Segmenter with stopwords-iso's stop words and
 * Snowball's stemmer, what other-languages.ts knows of it, and otherwise English's wording and
 * connectives and no discourse markers. A tag that is not a language gets English's word rules.
 */
function otherPack(code: string): LanguagePack {
  const known = OTHER_LANGUAGES[code];
  const terms = isLanguageTag(code);
  return {
    ...english,
    code,
    francCode: "",
    rules: terms ? "terms" : "english",
    words: {
      ...english.words,
      segmentation: terms ? "intl" : "english",
      snowball: known?.snowball ?? null,
      stopWords: terms ? "" : english.words.stopWords,
    },
    openings: { kind: "none" },
    leadingConnective: known?.leadingConnective ?? english.leadingConnective,
    phrases: known?.phrases ?? english.phrases,
    wordClass: { tagger: null, endings: known?.endings ?? [] },
  };
}

const otherPacks = new Map<string, LanguagePack>();

/** The pack of a BCP 47 tag's language (by its primary subtag); English for an empty tag. */
export function packFor(language: string): LanguagePack {
  const base = baseLanguage(language) || "en";
  if (isCourseLanguage(base)) return LANGUAGE_PACKS[base];
  let pack = otherPacks.get(base);
  if (!pack) {
    pack = otherPack(base);
    otherPacks.set(base, pack);
  }
  return pack;
}
