/**
 * The shared vocabulary of text relevance: a tokeniser with stop words and a light suffix
 * stemmer, the informative terms of a learner's topic, and term coverage. The library's search
 * index (library-search.ts), the candidate ranking and the chat tutor's retrieval all use it, so
 * a word means the same thing to each of them.
 */

const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does doing for from had has have how i if in into is it its " +
    "just me my of on or our so than that the their them then there these they this those to too up us was we were " +
    "what when where which while who whom why will with would you your about after again all also am any because " +
    "before being between both each few further here more most no nor not now off once only other out over own same " +
    "she he her him his some such through under until very video videos lesson lessons let lets"
  ).split(" "),
);

/** Links and e-mail addresses in descriptions are noise for relevance (patreon, bandcamp, …). */
const LINK = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/gi;

/** Lowercase, strip accents and links, split on anything that is not a letter or digit, stem. */
export function tokenize(text: string): string[] {
  const plain = text
    .replace(LINK, " ")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  const tokens: string[] = [];
  for (const word of plain.split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 2 && !/^\d$/.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    tokens.push(stem(word));
  }
  return tokens;
}

/**
 * A light suffix stripper (plurals, -ing, -ed, -ly, -ation…) so "networks"/"network" and
 * "sorting"/"sorted"/"sort" meet. Both sides of a comparison go through it, so stems only need
 * to be consistent, not real words.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let result = word;
  if (result.endsWith("ies") && result.length > 4) result = `${result.slice(0, -3)}y`;
  else if (result.endsWith("sses")) result = result.slice(0, -2);
  else if (result.endsWith("s") && !/(ss|us|is)$/.test(result)) result = result.slice(0, -1);

  for (const suffix of ["ational", "ation", "ate", "ingly", "ing", "edly", "ed", "ly", "ment"]) {
    if (result.endsWith(suffix) && result.length - suffix.length >= 3) {
      result = result.slice(0, -suffix.length);
      break;
    }
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(result) && !/(ll|ss|zz)$/.test(result)) result = result.slice(0, -1);
  if (result.endsWith("e") && result.length > 4) result = result.slice(0, -1);
  return result;
}

/**
 * How learners wrap a topic ("how does X work", "explain X", "intro to X", "X for beginners").
 * The wrapper is cut only at the edges of a clause, so the same words stay when they are the
 * subject: "machine learning", "work and energy", "a guide star".
 */
const LEADING_WRAPPER = new RegExp(
  "^(?:" +
    [
      "how (?:do|does|did|can|could|would|to|is|are)(?: i| you| we| one)?",
      "what (?:is|are|was|were|does|do)",
      "why (?:do|does|did|is|are)",
      "(?:please )?(?:explain|teach|show|tell)(?: me| us)?(?: about| how)?",
      "(?:i want to |i'd like to |help me )?(?:learn|learning|understand|understanding|know)(?: about| how| to)?",
      "(?:an? |the )?(?:intro|introduction|guide|basics|overview|tutorial|crash course)(?: to| of| on| for| about)?",
    ].join("|") +
    ")\\s+",
);
const TRAILING_WRAPPER =
  /\s+(?:works?|working|explained|explanation|tutorials?|(?:crash )?course|guide|overview|basics|introduction|intro|for (?:beginners|dummies|kids)|made (?:simple|easy)|in simple terms|simply|step by step|please)$/;
/** Words that never name a subject in a topic, wherever they stand. Stemmed, like the tokens. */
const TOPIC_FILLER = new Set("explain explained explaining tutorial tutorials intro beginner beginners please vs versus via".split(" ").map(stem));

/** A clause of a topic without its wrapper words at either edge (repeatedly: "intro to how X works"). */
function unwrap(clause: string): string {
  let text = clause.toLowerCase().replace(/\s+/g, " ").trim();
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text.replace(LEADING_WRAPPER, "").replace(TRAILING_WRAPPER, "").trim();
  }
  return text;
}

/**
 * The terms of a topic that say what it is about: each clause unwrapped, then its tokens without
 * the filler above, each once, in order. A topic made only of filler ("how does it work?") has
 * none, and so matches nothing.
 */
export function topicTerms(topic: string): string[] {
  const clauses = topic.split(/[?!.:;,]+/).map(unwrap);
  return [...new Set(clauses.flatMap((clause) => tokenize(clause)).filter((term) => !TOPIC_FILLER.has(term)))];
}

/**
 * A video title's subject and the rest: "Taylor series | Chapter 11, Essence of calculus" is
 * about Taylor series, in the series "Essence of calculus". The parts meet at a bar (full-width
 * too) or a spaced dash, in every language; a title without one is all subject.
 */
export function splitTitle(title: string): { subject: string; series: string } {
  const match = TITLE_SEPARATOR.exec(title);
  if (match === null || match.index === 0) return { subject: title.trim(), series: "" };
  return { subject: title.slice(0, match.index).trim(), series: title.slice(match.index + match[0].length).trim() };
}
const TITLE_SEPARATOR = /\s+[–—]\s+|\s*[|｜]\s*/u;

/** Share of the distinct query terms that occur in `text` (0..1); 0 for an empty query. */
export function termCoverage(queryTerms: readonly string[], text: string): number {
  const distinct = new Set(queryTerms);
  if (distinct.size === 0) return 0;
  const present = new Set(tokenize(text));
  let found = 0;
  for (const term of distinct) if (present.has(term)) found += 1;
  return found / distinct.size;
}

/** Locale-independent ordering, so ties break the same way on every machine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
