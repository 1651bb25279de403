/**
 * What the engine knows of languages a transcript can be in but a course is not written in
 * (course languages have their packs): Snowball's algorithm, Italian's connectives, links and
 * word endings. Their words are otherwise stopwords-iso's and Intl.Segmenter's.
 */
import type { LanguagePack } from "./pack";

type OtherLanguage = {
  snowball: string;
  leadingConnective?: RegExp;
  phrases?: LanguagePack["phrases"];
  endings?: LanguagePack["wordClass"]["endings"];
};

export const OTHER_LANGUAGES: Readonly<Record<string, OtherLanguage>> = {
  ca: { snowball: "catalan" },
  da: { snowball: "danish" },
  eu: { snowball: "basque" },
  fi: { snowball: "finnish" },
  ga: { snowball: "irish" },
  hu: { snowball: "hungarian" },
  hy: { snowball: "armenian" },
  it: {
    snowball: "italian",
    leadingConnective: /^(?:ma|e|allora|dunque|quindi)(?:,\s*|\s+)/iu,
    phrases: {
      links: new Set(["di", "del", "della", "dei", "delle", "dello"]),
      articles: new Set(["la", "il", "lo", "le", "i", "gli"]),
      // Adverbs end in "-mente": no topic word.
      notInPhrase: /mente$/u,
      endsCapitalised: false,
    },
    endings: [
      [/mente$/u, "adverb"],
      [/(?:zione|zioni|sione|sioni|tà|mento|menti|ismo|ismi)$/u, "noun"],
      [/(?:abile|abili|ibile|ibili|oso|osa|osi|ose|ivo|iva|ivi|ive)$/u, "adjective"],
      [/(?:ando|endo)$/u, "verb"],
    ],
  },
  nb: { snowball: "norwegian" },
  nl: { snowball: "dutch" },
  no: { snowball: "norwegian" },
  ro: { snowball: "romanian" },
  ru: { snowball: "russian" },
  sl: { snowball: "slovene" },
  sv: { snowball: "swedish" },
  ta: { snowball: "tamil" },
  tr: { snowball: "turkish" },
};
