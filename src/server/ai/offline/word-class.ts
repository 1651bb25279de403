/**
 * The word class (noun, adjective, verb, adverb) of a word where the video says it, so that a
 * quiz's wrong options are words of the answer's class: an adjective among nouns gives the
 * answer away. Spanish, French and German are tagged by the compromise family (es-, fr- and
 * de-compromise: lexicon and rules shipped in the package, nothing fetched). Portuguese and
 * Italian, which the family does not cover, are classed by the endings that mark a class
 * unambiguously ("-mente", "-ção", "-ável"); other languages get no class (the quiz's other
 * guards, script, length and capital, still hold).
 */
import { createRequire } from "node:module";

import { packFor } from "~/server/language/language-packs";
import type { TaggerPackage, WordClass } from "~/server/language/pack";

type Tagger = (text: string) => { json(): { terms: { text: string; tags: string[] }[] }[] };

// Loaded on first use (each holds its lexicon in memory), and through require: es- and
// fr-compromise ship their types as TypeScript sources that do not compile under strict settings.
const requireHere = createRequire(import.meta.url);
const TAGGERS: Readonly<Record<TaggerPackage, () => Tagger>> = {
  "es-compromise": () => requireHere("es-compromise") as Tagger,
  "fr-compromise": () => requireHere("fr-compromise") as Tagger,
  "de-compromise": () => requireHere("de-compromise") as Tagger,
};
const taggers = new Map<TaggerPackage, Tagger>();

function taggerFor(name: TaggerPackage | null): Tagger | null {
  if (!name) return null;
  let tagger = taggers.get(name);
  if (!tagger) {
    tagger = TAGGERS[name]();
    taggers.set(name, tagger);
  }
  return tagger;
}

/** A word as looked up: lower case, without a French or Italian elided article ("l'étude" → "étude"). */
const keyOf = (word: string, base: string) =>
  word
    .toLocaleLowerCase(base)
    .replace(/’/g, "'")
    .replace(/^(?:[cdjlmnst]|qu)'(?=\p{L})/u, "");

const classOfTags = (tags: readonly string[]): WordClass | null =>
  tags.includes("Noun") ? "noun" : tags.includes("Adjective") ? "adjective" : tags.includes("Verb") ? "verb" : tags.includes("Adverb") ? "adverb" : null;

/** Words of context tagged on each side of a word: enough for an article before it, at a fraction of a sentence's cost. */
const CONTEXT_WORDS = { before: 3, after: 1 };
/** Taggings kept between quizzes (a video's quizzes share sentences); emptied when full. */
const MAX_CACHED = 20_000;
const tagged = new Map<string, WordClass | null>();

/** The class of the tagged term spelled `word` in `text`; null when the tagger gives none. */
function classIn(tagger: Tagger, text: string, word: string, base: string): WordClass | null {
  const terms = tagger(text)
    .json()
    .flatMap((s) => s.terms);
  const key = keyOf(word, base);
  for (const [i, term] of terms.entries()) {
    if (term.text === "" || keyOf(term.text, base) !== key) continue;
    // fr-compromise splits "l'étude" in two: the article keeps the text, an empty term after it the noun's tags.
    const wordClass = classOfTags(terms[i + 1]?.text === "" ? terms[i + 1]!.tags : term.tags);
    // After an article a word is a noun: the taggers read "la derivada" as "(she) derives".
    return wordClass === "verb" && terms[i - 1]?.tags.includes("Determiner") ? "noun" : wordClass;
  }
  return null;
}

/**
 * A function giving the class of `word` as `sentence` uses it (null when unknown); null for a
 * language with neither a tagger nor endings. A tagger reads the word with a few words around it:
 * it costs milliseconds a call, and a quiz asks about hundreds of words.
 */
export function createWordClasser(language: string): ((word: string, sentence: string) => WordClass | null) | null {
  const pack = packFor(language);
  const base = pack.code;
  const tagger = taggerFor(pack.wordClass.tagger);
  const { endings } = pack.wordClass;
  if (tagger) {
    return (word, sentence) => {
      const words = sentence.split(/\s+/).filter(Boolean);
      const key = keyOf(word, base);
      const at = words.findIndex((w) => keyOf(w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""), base) === key);
      const text = at < 0 ? word : words.slice(Math.max(0, at - CONTEXT_WORDS.before), at + 1 + CONTEXT_WORDS.after).join(" ");
      const cacheKey = `${base}\n${word}\n${text}`;
      if (tagged.has(cacheKey)) return tagged.get(cacheKey)!;
      const wordClass = classIn(tagger, text, word, base);
      if (tagged.size >= MAX_CACHED) tagged.clear();
      tagged.set(cacheKey, wordClass);
      return wordClass;
    };
  }
  if (endings.length > 0) {
    return (word) => {
      const lower = word.toLocaleLowerCase(base);
      return endings.find(([ending]) => ending.test(lower))?.[1] ?? null;
    };
  }
  return null;
}
