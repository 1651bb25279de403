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
 * Words a learner wraps a topic in ("how does X work", "explain X", "X tutorial for beginners")
 * that name no subject. They are dropped from topics only: in a transcript or a title they are
 * ordinary words. Kept in their stemmed form, like the tokens they are compared with.
 */
const TOPIC_FILLER = new Set(
  (
    "work works working worked explain explains explained explaining explanation understand understanding learn learns " +
    "learning learned tutorial tutorials intro introduction introductions basics beginner beginners guide guides overview " +
    "course courses teach teaching tell show know help want need please simple simply easy best using vs versus via"
  )
    .split(" ")
    .map(stem),
);

/**
 * The terms of a topic that say what it is about: its tokens without the filler above, each once,
 * in order. A topic made only of filler ("how does it work?") has none, and so matches nothing.
 */
export function topicTerms(topic: string): string[] {
  return [...new Set(tokenize(topic).filter((term) => !TOPIC_FILLER.has(term)))];
}

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
