import MiniSearch from "minisearch";

import { tokenize as tokenizeIn } from "~/server/language/text";

import { compareStrings, splitTitle, tokenize as tokenizeEnglish, topicTerms } from "./text-relevance";

/**
 * Topic search over the local video library: BM25 over each video's title, description and
 * transcript, and a relevance floor under which a video is not offered at all, so that a topic
 * the library does not cover finds nothing rather than the least unrelated video.
 *
 * Ranking is MiniSearch's BM25+: each field has its own length normalisation and document
 * frequencies (a long transcript neither drowns a short title nor is punished by it), field
 * scores are summed with the boosts below, and the sum is multiplied by the number of the
 * topic's terms the video matches. Text goes through our own tokenizer (text-relevance.ts), so
 * the library, the candidate ranking and the tutor stem and drop words the same way.
 */

export type SearchableVideo = { id: string; title: string; description: string; transcript: string };

/** A video above the floor: its BM25 score, and the share of the topic it covers (0..1). */
type LibraryMatch = { id: string; score: number; coverage: number };

export type LibrarySearch = { search(topic: string, limit: number): LibraryMatch[] };

/**
 * The title's subject (before a "|" or a spaced dash) names what the video is about most
 * precisely; the rest of the title names its series ("Chapter 1, Deep learning"), which every
 * video of the series shares, so it counts little; the description summarises the subject (with
 * links and thanks around); the transcript covers everything said, asides included.
 */
const FIELD_BOOSTS = { subject: 3, series: 0.5, description: 1.5, transcript: 1 } as const;
type Field = keyof typeof FIELD_BOOSTS;
const FIELDS = Object.keys(FIELD_BOOSTS) as Field[];

/**
 * The floor. Each informative term of the topic is weighed by its inverse document frequency in
 * the library, so a word every video uses ("two", "world") counts for little and a word no video
 * has counts most. A video clears the floor when
 * - what it says it is about (title and description) covers at least half of that weight, a term
 *   only repeated in its transcript counting three quarters (a learner's question is often answered in
 *   words the title does not use); or
 * - it covers every term of the topic, in its title, description or repeatedly in its transcript.
 * So "the first world war" is not carried by a title with "first" and "world", nor "black holes"
 * by a transcript that keeps saying "a hole in the graph", while a chapter's subject ("the
 * laplacian") or a video with a bare title ("Lecture 5") is still found by what is said in it.
 * Shares, not scores: they mean the same in a library of three videos or of thousands.
 */
export const RELEVANCE_FLOOR = 0.5;
export const TRANSCRIPT_SHARE = 0.75;

/**
 * A term is repeated in a transcript, rather than mentioned in passing, when it is said at least
 * twice and at least once per thousand words: the rate keeps an hour-long lecture from covering
 * every word it happens to use a few times.
 */
const TRANSCRIPT_MIN_MENTIONS = 2;
const TRANSCRIPT_RATE_PER_THOUSAND = 1;

type VideoTerms = { described: Set<string>; spoken: Map<string, number>; spokenLength: number };

/**
 * English goes through the shared tokenizer; another language through the offline engine's
 * (Intl.Segmenter words, so Japanese and Chinese topics meet their transcripts' words).
 */
function tokenizerFor(language: string): { tokenize: (text: string) => string[]; topicTerms: (topic: string) => string[] } {
  if (language === "en") return { tokenize: tokenizeEnglish, topicTerms };
  const tokenize = (text: string) => tokenizeIn(text, language);
  return { tokenize, topicTerms: (topic) => [...new Set(tokenize(topic))] };
}

/** `language`: the videos' language (their titles, descriptions and transcripts in it), English by default. */
export function buildLibrarySearch(videos: readonly SearchableVideo[], language = "en"): LibrarySearch {
  const { tokenize, topicTerms: termsOfTopic } = tokenizerFor(language);
  const termsOf = new Map<string, VideoTerms>();
  const documentFrequency = new Map<string, number>();
  const documents: Record<Field | "id", string>[] = [];

  for (const video of videos) {
    if (termsOf.has(video.id)) continue;
    const { subject, series } = splitTitle(video.title);
    const title = tokenize(video.title);
    const description = tokenize(video.description);
    const transcript = tokenize(video.transcript);
    const spoken = new Map<string, number>();
    for (const term of transcript) spoken.set(term, (spoken.get(term) ?? 0) + 1);
    termsOf.set(video.id, { described: new Set([...title, ...description]), spoken, spokenLength: transcript.length });
    for (const term of new Set([...title, ...description, ...transcript])) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    // Fields hold tokens joined by spaces; the index splits on the spaces and keeps them as they are.
    documents.push({
      id: video.id,
      subject: tokenize(subject).join(" "),
      series: tokenize(series).join(" "),
      description: description.join(" "),
      transcript: transcript.join(" "),
    });
  }

  const index = new MiniSearch<Record<Field | "id", string>>({
    fields: FIELDS,
    idField: "id",
    tokenize: (text) => text.split(" "),
    processTerm: (term) => term || null,
    searchOptions: { boost: FIELD_BOOSTS, combineWith: "OR", prefix: false, fuzzy: false },
  });
  index.addAll(documents);

  const videoCount = termsOf.size;
  // The "+1" form of idf stays positive even for a term in every video.
  const idf = (term: string) => {
    const frequency = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (videoCount - frequency + 0.5) / (frequency + 0.5));
  };

  /** The described share of the topic's weight (see RELEVANCE_FLOOR), and whether every term is covered. */
  function coverage(terms: readonly string[], video: VideoTerms): { share: number; complete: boolean } {
    let covered = 0;
    let total = 0;
    let complete = true;
    for (const term of terms) {
      const weight = idf(term);
      total += weight;
      if (video.described.has(term)) covered += weight;
      else if (isRepeatedInTranscript(term, video)) covered += TRANSCRIPT_SHARE * weight;
      else complete = false;
    }
    return { share: total > 0 ? covered / total : 0, complete };
  }

  return {
    search(topic, limit) {
      const terms = termsOfTopic(topic);
      if (terms.length === 0 || limit <= 0) return [];
      const matches: LibraryMatch[] = [];
      for (const result of index.search(terms.join(" "))) {
        const id = String(result.id);
        const video = termsOf.get(id);
        if (video === undefined) continue;
        const { share, complete } = coverage(terms, video);
        if (share >= RELEVANCE_FLOOR || complete) matches.push({ id, score: result.score, coverage: share });
      }
      // Weighing the score by coverage ranks a video that covers the whole topic above one that
      // repeats part of it often.
      const rank = (match: LibraryMatch) => match.score * match.coverage;
      return matches.sort((a, b) => rank(b) - rank(a) || compareStrings(a.id, b.id)).slice(0, limit);
    },
  };
}

function isRepeatedInTranscript(term: string, video: VideoTerms): boolean {
  const mentions = video.spoken.get(term) ?? 0;
  return mentions >= TRANSCRIPT_MIN_MENTIONS && (mentions * 1000) / Math.max(1, video.spokenLength) >= TRANSCRIPT_RATE_PER_THOUSAND;
}
