/**
 * Titles of chapters and sections from the noun phrases of the transcript.
 *
 * The transcript is tagged once (wink-nlp, Universal Dependencies tags, caption lines joined
 * until a sentence ends) and chunked into noun phrases: modifiers (ADJ, NOUN, PROPN) before a
 * noun head, optionally joined by "of" or a possessive ("rate of change", "Euler's formula").
 * Each span ranks the phrases it uses much more than the rest of the video does (log-likelihood
 * keyness), and its title is its best phrase of two words or more, or a lone strong noun made
 * fuller: with the modifiers the span gives it, or as "X and Y" with another phrase it repeats.
 * A name (PROPN) enters a title only when the span is about it. Titles come verbatim from the
 * transcript, so they never say anything the video does not.
 */
import { createTagger, tagLines, type LineToken, type TaggedToken } from "./nlp";
import { isContentWord, stem, titleCase, words } from "~/server/language/text";
import { englishGrammar, englishOnAllText } from "~/server/language/packs/en";

/** English's words for its rules' title phrases (see EnglishGrammar). */
const { neverInTitles: NEVER_IN_TITLES } = englishGrammar.titles;
/** English's generic words, which `rankKeyPhrases` keeps out of titles in every language (see EnglishOnAllText). */
const { genericAlone: GENERIC_ALONE, classifying: CLASSIFYING } = englishOnAllText.titles;

/** Title length in words: one word says too little, more than six is a sentence. */
const MIN_TITLE_WORDS = 2;
const MAX_TITLE_WORDS = 6;
/** A phrase has at most this many content words (longer runs give their sub-phrases). */
const MAX_PHRASE_CONTENT = 4;
/** A name is "frequent" in a span when it is among the span's this-many most frequent nouns. */
const FREQUENT_RANK = 8;
/** A span is "about" a name when the name is this many times more frequent there than elsewhere. */
const NAME_CONCENTRATION = 2;

/* ---------------------------------------------------------------- noun phrases */

/** How a word form is tagged over the whole transcript. */
type WordUse = { noun: number; name: number; all: number };

/** One noun phrase of the transcript, over all its occurrences. */
export type PhraseInfo = {
  key: string;
  /** Stems of its content words, in order. */
  stems: string[];
  /** Lower-cased content words (for the name and generic rules). */
  normals: string[];
  wordCount: number;
  surfaces: Map<string, number>;
};

/** The noun phrases of a transcript, tagged once and shared by every ranking of its spans. */
export type PhraseIndex = {
  phrases: PhraseInfo[];
  /** Phrase ids of the occurrences starting on each line. */
  byLine: number[][];
  /** Stems of the nouns on each line (for how frequent a name is in a span). */
  nounsByLine: string[][];
  uses: Map<string, WordUse>;
};

const NOUN_TAGS = new Set(["NOUN", "PROPN"]);
/** Tags after which a run of modifiers is a noun phrase ("the", "Euler's", "of"). */
const DETERMINING_TAGS = new Set(["DET", "PART", "ADP"]);
/** Tags that follow a verb rather than a noun (its object), so the word before is no noun. */
const OBJECT_TAGS = new Set(["DET", "PRON", "NOUN", "PROPN", "ADJ", "NUM"]);

function isPossessive(token: TaggedToken): boolean {
  return token.pos === "PART" && (token.normal === "'s" || token.normal === "'" || token.normal === "’s");
}

/** A word that may stand in a title: letters only, not a stop word, not an adverb in "-ly". */
function isTitleWord(token: TaggedToken): boolean {
  if (!/^\p{L}[\p{L}-]*\p{L}$/u.test(token.normal)) return false;
  const normal = token.normal;
  if (NEVER_IN_TITLES.has(normal) || (normal.length > 4 && normal.endsWith("ly"))) return false;
  return isContentWord(normal);
}

/** How each word form is tagged over the transcript. */
function wordUses(tokens: readonly LineToken[]): Map<string, WordUse> {
  const uses = new Map<string, WordUse>();
  for (const t of tokens) {
    let use = uses.get(t.normal);
    if (!use) {
      use = { noun: 0, name: 0, all: 0 };
      uses.set(t.normal, use);
    }
    use.all++;
    if (NOUN_TAGS.has(t.pos)) use.noun++;
    if (t.pos === "PROPN") use.name++;
  }
  return uses;
}

/** A word the transcript mostly tags as a proper noun ("Euler", "Harry"). */
function isNameWord(uses: ReadonlyMap<string, WordUse>, normal: string): boolean {
  const use = uses.get(normal);
  return use !== undefined && use.name * 2 > use.all;
}

type Role = "head" | "modifier" | "of" | "possessive" | null;

/** The share of a word form's uses in the transcript that are tagged as nouns ("match", "block" vary). */
function nounShare(uses: ReadonlyMap<string, WordUse>, normal: string): number {
  const use = uses.get(normal);
  return use === undefined || use.all === 0 ? 0 : use.noun / use.all;
}

const mostlyNoun = (uses: ReadonlyMap<string, WordUse>, normal: string) => nounShare(uses, normal) >= 0.5;

/** A plural noun ("numbers", "derivatives"): it rarely modifies the noun after it ("numbers factor" is a clause). */
const isPluralNoun = (t: TaggedToken) => t.pos === "NOUN" && t.lemma !== t.normal && t.normal.endsWith("s");

/**
 * The role of each token in a noun phrase. A head is a word tagged as a noun that the
 * transcript mostly uses as a noun, or uses as one at least a third of the time and here after
 * a determiner ("a look" where "look" is mostly a verb is not enough). The lite tagger
 * sometimes tags a noun after "the …" as a verb or adjective ("the attention block consists",
 * "the derivative of"), so such a word is a head too when the transcript mostly uses it as a
 * noun and no object follows it. A word tagged as a noun that fails these tests can still
 * modify one ("learning rate"). Joiners ("of", "'s") only stand between two phrase words.
 */
function roles(tokens: readonly LineToken[], uses: ReadonlyMap<string, WordUse>): Role[] {
  const out: Role[] = new Array<Role>(tokens.length).fill(null);
  const titleWords = new Map<string, boolean>();
  const isWord = (t: TaggedToken) => {
    let known = titleWords.get(t.normal);
    if (known === undefined) {
      known = isTitleWord(t);
      titleWords.set(t.normal, known);
    }
    return known;
  };
  let determined = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const word = isWord(t);
    const afterDeterminer = tokens[i - 1]?.pos === "DET";
    const share = nounShare(uses, t.normal);
    if (word && NOUN_TAGS.has(t.pos) && (share >= 0.5 || (afterDeterminer && share >= 1 / 3))) out[i] = "head";
    else if (word && (t.pos === "VERB" || t.pos === "ADJ") && determined && mostlyNoun(uses, t.normal) && !(next && OBJECT_TAGS.has(next.pos))) out[i] = "head";
    else if (word && (t.pos === "ADJ" || NOUN_TAGS.has(t.pos))) out[i] = "modifier";
    else if (CLASSIFYING.has(t.normal) && next !== undefined && isWord(next)) out[i] = "modifier";
    else if (t.normal === "of" && t.pos === "ADP") out[i] = "of";
    else if (isPossessive(t)) out[i] = "possessive";
    const role = out[i];
    determined = DETERMINING_TAGS.has(t.pos) || (determined && (role === "head" || role === "modifier"));
  }
  // Joiners stand between a head and a phrase word, or are no part of a phrase.
  for (let i = 0; i < tokens.length; i++) {
    if (out[i] !== "of" && out[i] !== "possessive") continue;
    const before = out[i - 1];
    const after = out[i + 1];
    if (before !== "head" || (after !== "head" && after !== "modifier")) out[i] = null;
  }
  return out;
}

const surfaceWord = (t: TaggedToken) => (/[A-Z]/.test(t.text.slice(1)) ? t.text : t.normal);

/**
 * Indexes the noun phrases of a transcript's lines: every run of phrase words gives each of its
 * sub-phrases that starts on a modifier or noun and ends on a noun ("attention block", "block",
 * "key matrix"), up to four content words; an occurrence belongs to the line where it starts.
 */
export function indexPhrases(lines: readonly string[], tagger: (text: string) => TaggedToken[] = createTagger()): PhraseIndex {
  const tokens = tagLines(lines, tagger);
  const uses = wordUses(tokens);
  const role = roles(tokens, uses);
  const phrases: PhraseInfo[] = [];
  const ids = new Map<string, number>();
  const byLine: number[][] = lines.map(() => []);
  const nounsByLine: string[][] = lines.map(() => []);

  // Each token's part of a phrase key and of its spelling, computed once (stemming is not free).
  const keyPart = tokens.map((t, i) => (role[i] === "of" ? "of" : role[i] === "head" || role[i] === "modifier" ? stem(t.normal) : ""));
  const spelling = tokens.map((t, i) => (role[i] === null ? "" : role[i] === "possessive" ? t.text : ` ${surfaceWord(t)}`));
  const isContent = (i: number) => role[i] === "head" || role[i] === "modifier";
  tokens.forEach((t, i) => {
    if (role[i] === "head") nounsByLine[t.line]!.push(keyPart[i]!);
  });

  const record = (from: number, to: number) => {
    const stems: string[] = [];
    const normals: string[] = [];
    let key = "";
    let surface = "";
    for (let i = from; i <= to; i++) {
      if (keyPart[i]) key += key ? ` ${keyPart[i]}` : keyPart[i];
      surface += spelling[i];
      if (isContent(i)) {
        stems.push(keyPart[i]!);
        normals.push(tokens[i]!.normal);
      }
    }
    surface = surface.trim();
    let id = ids.get(key);
    if (id === undefined) {
      id = phrases.length;
      ids.set(key, id);
      phrases.push({ key, stems, normals, wordCount: surface.split(" ").length, surfaces: new Map() });
    }
    const info = phrases[id]!;
    info.surfaces.set(surface, (info.surfaces.get(surface) ?? 0) + 1);
    byLine[tokens[from]!.line]!.push(id);
  };

  for (let start = 0; start < tokens.length;) {
    if (role[start] === null) {
      start++;
      continue;
    }
    let end = start;
    while (end + 1 < tokens.length && role[end + 1] !== null && !(isPluralNoun(tokens[end]!) && isContent(end + 1))) end++;
    for (let from = start; from <= end; from++) {
      if (!isContent(from)) continue;
      let content = 0;
      let joined = false;
      for (let to = from; to <= end; to++) {
        if (isContent(to)) content++;
        else joined = true;
        if (content > MAX_PHRASE_CONTENT) break;
        // After "of" or "'s" the phrase runs to its end: "number of lattice" is a cut phrase.
        const complete = !joined || to === end || role[to + 1] === "of" || role[to + 1] === "possessive";
        // A noun alone must be one the transcript mostly uses as a noun ("a look" is not a topic).
        const alone = content === 1 && !mostlyNoun(uses, tokens[to]!.normal);
        // "angle angle", "delta delta": a stammer or a list, not a phrase.
        const repeated = to > from && keyPart[to] !== "" && keyPart[to] === keyPart[to - 1];
        if (repeated) break;
        if (role[to] === "head" && complete && !alone) record(from, to);
      }
    }
    start = end + 1;
  }
  return { phrases, byLine, nounsByLine, uses };
}

/* ---------------------------------------------------------------- ranking */

/** Lines [start, end) of the transcript. */
export type LineSpan = { start: number; end: number };

export type ScoredPhrase = { key: string; stems: string[]; surface: string; score: number; count: number; wordCount: number };

/** The most frequent spelling of a phrase (ties: the first seen). */
export function bestSurface(surfaces: ReadonlyMap<string, number>): string {
  let best = "";
  let bestCount = -1;
  for (const [s, c] of surfaces) {
    if (c > bestCount) {
      best = s;
      bestCount = c;
    }
  }
  return best;
}

function countInto(counts: Map<string, number>, items: readonly string[]): void {
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
}

/**
 * Whether the names (PROPN) of a phrase may appear in the span's title: each is one of the span's
 * most frequent nouns, and a phrase that ends on a name ("Harry", "Grant Sanderson", not
 * "Euler's formula") is about that person or place, so the span must use the name at least
 * twice as often as the rest of the video does.
 */
function namesBelong(
  phrase: PhraseInfo,
  uses: ReadonlyMap<string, WordUse>,
  span: { nouns: ReadonlyMap<string, number>; size: number; frequentFloor: number },
  video: { nouns: ReadonlyMap<string, number>; size: number },
): boolean {
  const lastName = isNameWord(uses, phrase.normals[phrase.normals.length - 1]!);
  return phrase.normals.every((normal, k) => {
    if (!isNameWord(uses, normal)) return true;
    const stemmed = phrase.stems[k]!;
    const here = span.nouns.get(stemmed) ?? 0;
    if (here < 2 || here < span.frequentFloor) return false;
    if (!lastName) return true;
    const elsewhere = (video.nouns.get(stemmed) ?? 0) - here;
    const restSize = video.size - span.size;
    return restSize <= 0 || here / span.size >= (NAME_CONCENTRATION * elsewhere) / restSize;
  });
}

/** A phrase of generic words only ("number", "first step") says nothing of the topic. */
function isGenericOnly(phrase: PhraseInfo): boolean {
  return phrase.normals.every((w) => GENERIC_ALONE.has(w) || CLASSIFYING.has(w));
}

/**
 * Keyness of a phrase in a span: Dunning's log-likelihood ratio G² of its count in the span
 * against its count in the rest of the video, each measured against the nouns said there; 0 when
 * the span uses it less than the rest does. Unlike tf-idf over a handful of spans, it grows with
 * the evidence: a term said ten times here and twice elsewhere beats one said twice here only.
 */
export function keyness(here: number, hereSize: number, elsewhere: number, elsewhereSize: number): number {
  if (here <= 0 || hereSize <= 0) return 0;
  if (elsewhereSize <= 0) return 0;
  if (here / hereSize <= elsewhere / elsewhereSize) return 0;
  const total = here + elsewhere;
  const size = hereSize + elsewhereSize;
  const expectedHere = (total * hereSize) / size;
  const expectedElsewhere = (total * elsewhereSize) / size;
  const term = (observed: number, expected: number) => (observed > 0 ? observed * Math.log(observed / expected) : 0);
  return 2 * (term(here, expectedHere) + term(elsewhere, expectedElsewhere));
}

/**
 * Ranks the noun phrases of each span against the rest of the video: score = (keyness + log(1 +
 * count)) × a preference for two- and three-word phrases; a phrase seen once in a span needs
 * company (a one-off bigram is not a topic). The count term orders phrases when the span is the
 * whole video. Phrases of generic words only, and names the span is not about, are left out.
 * Deterministic: ties keep the order of first appearance.
 */
export function rankKeyPhrases(index: PhraseIndex, spans: readonly LineSpan[], options: { limit?: number } = {}): ScoredPhrase[][] {
  const limit = options.limit ?? 40;
  const perSpan = spans.map((span) => {
    const counts = new Map<number, number>();
    const nouns = new Map<string, number>();
    let size = 0;
    for (let line = span.start; line < span.end; line++) {
      for (const id of index.byLine[line] ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
      const lineNouns = index.nounsByLine[line] ?? [];
      countInto(nouns, lineNouns);
      size += lineNouns.length;
    }
    return { counts, nouns, size };
  });
  const videoCounts = new Map<number, number>();
  for (const ids of index.byLine) for (const id of ids) videoCounts.set(id, (videoCounts.get(id) ?? 0) + 1);
  const videoNouns = new Map<string, number>();
  let videoSize = 0;
  for (const nouns of index.nounsByLine) {
    countInto(videoNouns, nouns);
    videoSize += nouns.length;
  }

  return perSpan.map(({ counts, nouns, size }) => {
    const byCount = [...nouns.values()].sort((a, b) => b - a);
    const frequentFloor = byCount[Math.min(FREQUENT_RANK, byCount.length) - 1] ?? Infinity;
    const spanStats = { nouns, size, frequentFloor };
    const scored: ScoredPhrase[] = [];
    for (const [id, count] of counts) {
      const phrase = index.phrases[id]!;
      if (isGenericOnly(phrase) || !namesBelong(phrase, index.uses, spanStats, { nouns: videoNouns, size: videoSize })) continue;
      const contentCount = phrase.stems.length;
      const lengthBoost = contentCount >= 3 ? 1.7 : contentCount === 2 ? 1.6 : 1;
      const repeats = count >= 2 ? 1 : contentCount === 1 ? 0.5 : 0.3;
      const key = keyness(count, size, (videoCounts.get(id) ?? count) - count, videoSize - size);
      scored.push({
        key: phrase.key,
        stems: phrase.stems,
        surface: bestSurface(phrase.surfaces),
        score: (key + Math.log(1 + count)) * lengthBoost * repeats,
        count,
        wordCount: phrase.wordCount,
      });
    }
    // Stable sort keeps first-seen order among equal scores.
    scored.sort((a, b) => b.score - a.score);
    return dropSubsumed(scored, limit);
  });
}

/** Drops a phrase when a longer, better-or-similar phrase contains all its words ("cobweb" under "cobweb diagram"). */
function dropSubsumed(sorted: readonly ScoredPhrase[], limit: number): ScoredPhrase[] {
  const kept: ScoredPhrase[] = [];
  for (const p of sorted) {
    if (kept.length >= limit) break;
    const covered = kept.some((k) => k.stems.length > p.stems.length && p.stems.every((s) => k.stems.includes(s)));
    const sameWords = kept.some((k) => k.stems.length === p.stems.length && p.stems.every((s) => k.stems.includes(s)));
    if (!covered && !sameWords) kept.push(p);
  }
  return kept;
}

/* ---------------------------------------------------------------- titles */

/** How far behind the best phrase a partner in "X and Y" may score. */
const PARTNER_SCORE = 0.5;
/** Phrases of a span considered for its title, best first. */
const TITLE_PHRASES = 8;

const fitsTitle = (title: string) => {
  const n = title.split(/\s+/).length;
  return n >= MIN_TITLE_WORDS && n <= MAX_TITLE_WORDS;
};

/**
 * The phrase to pair with a lone noun in "X and Y": a phrase the span repeats, close in score,
 * sharing no word with it; a phrase of two words or more is preferred (it says more).
 */
function partnerOf(p: ScoredPhrase, phrases: readonly ScoredPhrase[]): ScoredPhrase | undefined {
  if (p.count < 2) return undefined;
  const fits = phrases.filter(
    (q) =>
      q !== p && q.count >= 2 && q.score >= p.score * PARTNER_SCORE && p.wordCount + q.wordCount < MAX_TITLE_WORDS && !q.stems.some((s) => p.stems.includes(s)),
  );
  return fits.find((q) => q.wordCount >= MIN_TITLE_WORDS) ?? fits[0];
}

/**
 * Candidate titles for a span, best first, each of 2-6 words. A phrase of two words or more
 * stands alone; a lone noun takes the modifiers the span gives it when the span says that
 * fuller phrase at least twice ("mole" → "mole of carbon"), else becomes "X and Y" with a
 * phrase the span also repeats, else takes its fuller phrase said once. Last come the best
 * noun with any other phrase (a short span may repeat nothing), before a caller's fallback.
 */
export function titleCandidates(phrases: readonly ScoredPhrase[]): string[] {
  const out: string[] = [];
  const push = (surface: string) => {
    const title = titleCase(surface);
    if (fitsTitle(title) && !out.includes(title)) out.push(title);
  };
  for (const p of phrases.slice(0, TITLE_PHRASES)) {
    if (p.wordCount >= MIN_TITLE_WORDS) {
      push(p.surface);
      continue;
    }
    const fuller = phrases.filter((q) => q.wordCount >= MIN_TITLE_WORDS && q.wordCount <= MAX_TITLE_WORDS && q.stems.includes(p.stems[0]!));
    const said = fuller.find((q) => q.count >= 2);
    const partner = partnerOf(p, phrases);
    if (said) push(said.surface);
    if (partner) push(`${p.surface} and ${partner.surface}`);
    if (fuller[0]) push(fuller[0].surface);
  }
  const top = phrases[0];
  if (top) for (const q of phrases.slice(1, TITLE_PHRASES)) if (!q.stems.some((s) => top.stems.includes(s))) push(`${top.surface} and ${q.surface}`);
  return out;
}

/**
 * A title when a span has no usable phrase: the chapter's (or video's) title, cut to its first
 * four words with no function word at either end, with the part number ("Grinding: Part 2"), or
 * ": Overview" for a chapter's only section.
 */
export function fallbackTitle(base: string, part?: number): string {
  const isEdgeWord = (w: string) => isContentWord(w.toLowerCase().replace(/[’']s$/, "")) && !/[’']$/.test(w);
  const kept = base
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
  while (kept.length > 0 && !isEdgeWord(kept[0]!)) kept.shift();
  kept.splice(4);
  while (kept.length > 0 && !isEdgeWord(kept[kept.length - 1]!)) kept.pop();
  const core = kept.length > 0 ? titleCase(kept.join(" ")) : base.trim() || "Video";
  return part === undefined ? `${core}: Overview` : `${core}: Part ${part}`;
}

/**
 * Keeps titles unique within a course, ignoring case, plurals and the order of "X and Y": takes
 * the first unused candidate, or numbers the fallback ("Topic (2)").
 */
export class TitleRegistry {
  private readonly used = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const t of reserved) this.used.add(normalise(t));
  }

  claim(candidates: readonly string[], fallback: string): string {
    for (const c of candidates) {
      const title = c.trim();
      if (title && !this.used.has(normalise(title))) {
        this.used.add(normalise(title));
        return title;
      }
    }
    const base = fallback.trim() || "Part";
    let title = base;
    for (let k = 2; this.used.has(normalise(title)); k++) title = `${base} (${k})`;
    this.used.add(normalise(title));
    return title;
  }
}

/** "Attention Blocks and Keys" and "key and attention block" are the same title. */
export function normalise(title: string): string {
  const lower = title.toLowerCase().replace(/\s+/g, " ").trim();
  const parts = lower.split(" and ").map((part) => {
    const ws = words(part);
    return ws.length > 0 ? ws.map((w) => stem(w)).join(" ") : part;
  });
  return parts.sort().join(" & ");
}
