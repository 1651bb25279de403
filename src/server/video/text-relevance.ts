/**
 * Small, dependency-free text relevance: a tokeniser with stop words and a light suffix
 * stemmer, and BM25 over a handful of weighted fields. Good enough to rank a local library or a
 * page of search results against a topic; not a search engine.
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

export type WeightedField = { text: string; weight: number };

type IndexedDocument = { id: string; termFrequencies: Map<string, number>; length: number };

export type Bm25Index = {
  documents: IndexedDocument[];
  documentFrequency: Map<string, number>;
  averageLength: number;
};

const K1 = 1.2;
const B = 0.75;

/** Builds BM25 statistics; a field's weight multiplies its term counts (a simple BM25F). */
export function buildBm25Index(documents: { id: string; fields: WeightedField[] }[]): Bm25Index {
  const indexed = documents.map(({ id, fields }) => {
    const termFrequencies = new Map<string, number>();
    let length = 0;
    for (const field of fields) {
      for (const token of tokenize(field.text)) {
        termFrequencies.set(token, (termFrequencies.get(token) ?? 0) + field.weight);
        length += field.weight;
      }
    }
    return { id, termFrequencies, length };
  });
  const documentFrequency = new Map<string, number>();
  for (const document of indexed) {
    for (const term of document.termFrequencies.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const totalLength = indexed.reduce((sum, document) => sum + document.length, 0);
  return { documents: indexed, documentFrequency, averageLength: indexed.length > 0 ? totalLength / indexed.length : 0 };
}

/** BM25 score of every document for `query`, highest first; documents scoring 0 are left out. */
export function scoreBm25(index: Bm25Index, query: string): { id: string; score: number }[] {
  const terms = [...new Set(tokenize(query))];
  const count = index.documents.length;
  const results: { id: string; score: number }[] = [];
  for (const document of index.documents) {
    let score = 0;
    for (const term of terms) {
      const frequency = document.termFrequencies.get(term);
      if (frequency === undefined) continue;
      const documentFrequency = index.documentFrequency.get(term) ?? 0;
      // The "+1" form of idf stays positive even for a term present in every document.
      const idf = Math.log(1 + (count - documentFrequency + 0.5) / (documentFrequency + 0.5));
      const lengthNorm = index.averageLength > 0 ? document.length / index.averageLength : 1;
      score += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + B * lengthNorm));
    }
    if (score > 0) results.push({ id: document.id, score });
  }
  return results.sort((a, b) => b.score - a.score || compareStrings(a.id, b.id));
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
