/**
 * Titles from key phrases: the noun-ish phrases (1-3 content words, "of" allowed inside, never
 * across punctuation) that a span uses often and the other spans of the same video use little
 * (tf × idf over the spans). Phrases come verbatim from the transcript, so a title never says
 * anything the video does not.
 */
import { isContentWord, stem, titleCase, words } from "./text";

/** Content words that never belong in a title: talk about the talk, judgements, stage directions. */
const NEVER_IN_TITLES = new Set(
  `video videos channel lesson patreon sponsor sponsors supporters subscribe animation animations screen
  okay lot lots bunch couple sense nice cool fun funny weird strange interesting beautiful lovely clever
  awesome amazing wonderful hard harder easier turns looks gives goes comes means makes write written
  writing draw drawing drew notice imagine remember consider showing shown seen saw told asked talked
  called describe describing describes explain explained explains thank thanks everyone audience viewer
  viewers minute minutes moment moments tend tends happens happened wanted needed two three four five six
  seven eight nine ten twelve twenty hundred thousand million billion half twice tens hundreds thousands
  millions`
    .split(/\s+/)
    .filter(Boolean),
);

/** Generic words: fine inside a longer phrase ("prime numbers", "initial value"), never a title alone. */
const GENERIC_ALONE = new Set(
  `number numbers value values problem problems question questions answer answers step steps time times
  people person word words reason version level amount side sides small large tiny huge simple basic
  general specific similar whole full true false fact case cases example examples idea ideas result
  results thing term terms part parts piece pieces kind form forms total single different year years
  month months week weeks day days hour hours top bottom middle left various previous following entire
  overall actual possible necessary relevant common usual`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words allowed inside (never at the edges of) a phrase. */
const INNER_WORDS = new Set(["of"]);

/** Words before a phrase that show it is used as a noun ("the cobweb diagram", "of prime numbers"). */
const DETERMINERS = new Set("the a an this these those our your its their his her my of each every some any another whose".split(" "));
/** Words after a phrase that show it is used as a noun ("the derivative is", "rate of"). */
const NOUN_FOLLOWERS = new Set("is are was were has have of".split(" "));
/** Words before a phrase that show it is used as a verb ("it holds", "we combine", "to compute"). */
const VERB_LEADERS = new Set("i you we they it he she to can could will would should might must may that which who what also just".split(" "));
/** Particles after a phrase that show a phrasal verb ("picks up", "spits out"). */
const PARTICLES = new Set("up out off down into onto through away".split(" "));

export type Phrase = { key: string; surface: string; length: number; nounEvidence: boolean; verbEvidence: boolean };

type PhraseStats = { count: number; nounEvidence: number; verbEvidence: number; surface: Map<string, number>; length: number };

/** A phrase key is the stems of its content words; "of" is kept so "rate of change" ≠ "change rate". */
function keyOf(tokens: readonly string[]): string {
  return tokens.map((t) => (INNER_WORDS.has(t.toLowerCase()) ? "of" : stem(t.toLowerCase().replace(/'s$/, "")))).join(" ");
}

function bareLower(word: string): string {
  const lower = word.toLowerCase();
  return lower.endsWith("'s") ? lower.slice(0, -2) : lower;
}

/** A word that may stand in a title: a content word, no number, no adverb in "-ly". */
function isTitleWord(word: string): boolean {
  const bare = bareLower(word);
  if (!isContentWord(word.toLowerCase()) || NEVER_IN_TITLES.has(bare) || /^\d/.test(bare)) return false;
  return !(bare.length > 4 && bare.endsWith("ly"));
}

/** Whether a word can end a noun phrase: not a past participle ("divided", "sampled"). */
function canEndPhrase(word: string): boolean {
  const bare = bareLower(word);
  return !(bare.length > 4 && /[^e]ed$/.test(bare));
}

/**
 * Candidate phrases of one sentence, with their original spelling. The sentence's first word is
 * lower-cased (sentence case is not a proper noun); other capitals are kept ("Taylor series").
 */
export function sentencePhrases(sentence: string, maxWords = 3): Phrase[] {
  const out: Phrase[] = [];
  const chunks = sentence.replace(/[’‘]/g, "'").split(/[,.;:!?()"“”\u2014\u2013]+|\s-\s/);
  chunks.forEach((chunk, chunkIndex) => {
    const tokens = chunk.match(/[A-Za-z0-9]+(?:'[A-Za-z]+)?(?:-[A-Za-z0-9]+)*/g) ?? [];
    if (chunkIndex === 0 && tokens[0] && tokens[0] !== "I" && !/[A-Z]/.test(tokens[0].slice(1))) tokens[0] = tokens[0].toLowerCase();
    // runDetermined[i]: the run of title words holding token i follows a determiner ("the
    // infinite fraction"), so the run's head (its last word) is a noun.
    const runDetermined: boolean[] = [];
    const runEnd: number[] = [];
    for (let i = 0; i < tokens.length;) {
      if (!isTitleWord(tokens[i]!)) {
        runDetermined[i] = false;
        runEnd[i] = i;
        i++;
        continue;
      }
      let j = i + 1;
      while (
        j < tokens.length &&
        (isTitleWord(tokens[j]!) || (INNER_WORDS.has(tokens[j]!.toLowerCase()) && tokens[j + 1] !== undefined && isTitleWord(tokens[j + 1]!)))
      )
        j++;
      const determined = i > 0 && DETERMINERS.has(tokens[i - 1]!.toLowerCase());
      for (let k = i; k < j; k++) {
        runDetermined[k] = determined;
        runEnd[k] = j;
      }
      i = j;
    }
    for (let i = 0; i < tokens.length; i++) {
      if (!isTitleWord(tokens[i]!)) continue;
      const before = tokens[i - 1]?.toLowerCase();
      for (let len = 1; len <= maxWords && i + len <= tokens.length; len++) {
        const last = tokens[i + len - 1]!;
        if (len > 1 && !isTitleWord(last)) {
          if (INNER_WORDS.has(last.toLowerCase())) continue; // may continue into "rate of change"
          break;
        }
        if (!canEndPhrase(last)) continue;
        const slice = tokens.slice(i, i + len);
        if (slice.every((t) => GENERIC_ALONE.has(bareLower(t)) || INNER_WORDS.has(t.toLowerCase()))) continue;
        // Noun evidence: the phrase ends a run that follows a determiner ("the infinite
        // <fraction>", not "the <alternate> view"), or "<phrase> is/of …".
        const after = tokens[i + len]?.toLowerCase();
        const headOfRun = runEnd[i] === i + len && runDetermined[i] === true;
        const followed = after !== undefined && NOUN_FOLLOWERS.has(after);
        const particle = after !== undefined && PARTICLES.has(after);
        const contentCount = slice.filter((t) => !INNER_WORDS.has(t.toLowerCase())).length;
        out.push({
          key: keyOf(slice),
          surface: slice.join(" "),
          length: contentCount,
          nounEvidence: !particle && (headOfRun || followed),
          verbEvidence: particle || (before !== undefined && VERB_LEADERS.has(before)),
        });
      }
    }
  });
  return out;
}

/** Phrase counts of a span of sentences. */
export function countPhrases(sentences: readonly string[], cache?: Map<string, Phrase[]>): Map<string, PhraseStats> {
  const counts = new Map<string, PhraseStats>();
  for (const sentence of sentences) {
    let phrases = cache?.get(sentence);
    if (!phrases) {
      phrases = sentencePhrases(sentence);
      cache?.set(sentence, phrases);
    }
    for (const p of phrases) {
      let entry = counts.get(p.key);
      if (!entry) {
        entry = { count: 0, nounEvidence: 0, verbEvidence: 0, surface: new Map(), length: p.length };
        counts.set(p.key, entry);
      }
      entry.count++;
      if (p.nounEvidence) entry.nounEvidence++;
      if (p.verbEvidence) entry.verbEvidence++;
      entry.surface.set(p.surface, (entry.surface.get(p.surface) ?? 0) + 1);
    }
  }
  return counts;
}

/** The most frequent spelling of a phrase (ties: the first seen). */
function bestSurface(surface: ReadonlyMap<string, number>): string {
  let best = "";
  let bestCount = -1;
  for (const [s, c] of surface) {
    if (c > bestCount) {
      best = s;
      bestCount = c;
    }
  }
  return best;
}

export type ScoredPhrase = { key: string; stems: string[]; surface: string; score: number; count: number; length: number; nounRate: number };

/**
 * Ranks the key phrases of each span against the others: score = log-tf × log(1 + spans / df)
 * × a preference for two- and three-word phrases × how often the video uses the phrase as a noun
 * (after "the", "a", "of"…: titles name things). Phrases seen once need company (a one-off bigram
 * is not a topic). Deterministic: ties keep the order of first appearance. `cache` keeps each
 * sentence's phrases between calls (the engine ranks chapters, then sections, of one transcript).
 */
export function rankKeyPhrases(spans: readonly (readonly string[])[], options: { limit?: number; cache?: Map<string, Phrase[]> } = {}): ScoredPhrase[][] {
  const limit = options.limit ?? 8;
  const perSpan = spans.map((sentences) => countPhrases(sentences, options.cache));
  const df = new Map<string, number>();
  const usage = new Map<string, { count: number; noun: number; verb: number }>();
  for (const counts of perSpan) {
    for (const [key, entry] of counts) {
      df.set(key, (df.get(key) ?? 0) + 1);
      const u = usage.get(key) ?? { count: 0, noun: 0, verb: 0 };
      u.count += entry.count;
      u.noun += entry.nounEvidence;
      u.verb += entry.verbEvidence;
      usage.set(key, u);
    }
  }
  const total = Math.max(1, spans.length);
  return perSpan.map((counts) => {
    const scored: ScoredPhrase[] = [];
    for (const [key, entry] of counts) {
      const u = usage.get(key)!;
      // Mostly used as a verb ("it holds", "we combine"): a poor title whatever its frequency.
      const nounRate = u.verb > u.noun ? 0 : Math.min(1, (u.noun + 0.25) / (u.count + 0.5));
      const lengthBoost = entry.length >= 3 ? 1.7 : entry.length === 2 ? 1.6 : 1;
      const repeats = entry.count >= 2 ? 1 : entry.length === 1 ? 0.5 : 0.3;
      const idf = Math.log(1 + total / (df.get(key) ?? 1));
      scored.push({
        key,
        stems: key.split(" ").filter((s) => s !== "of"),
        surface: bestSurface(entry.surface),
        score: Math.log(1 + entry.count) * idf * lengthBoost * repeats * (0.2 + 0.8 * nounRate),
        count: entry.count,
        length: entry.length,
        nounRate,
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

/** Candidate titles for a span, best first: a phrase alone, or two phrases joined by "and". */
export function titleCandidates(phrases: readonly ScoredPhrase[]): string[] {
  const out: string[] = [];
  const top = phrases[0];
  if (!top) return out;
  const nouny = (p: ScoredPhrase) => p.nounRate >= 0.4;
  const partner = nouny(top)
    ? phrases.slice(1).find((p) => nouny(p) && p.score >= top.score * 0.6 && p.length + top.length <= 5 && !p.stems.some((s) => top.stems.includes(s)))
    : undefined;
  if (partner) out.push(`${titleCase(top.surface)} and ${titleCase(partner.surface)}`);
  out.push(titleCase(top.surface));
  for (const p of phrases.slice(1)) {
    out.push(`${titleCase(top.surface)} and ${titleCase(p.surface)}`);
    out.push(titleCase(p.surface));
  }
  return out.filter((t) => t.split(/\s+/).length <= 6);
}

/**
 * Keeps titles unique within a course (case-insensitive): takes the first unused candidate, or
 * numbers the fallback ("Topic (2)").
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

function normalise(title: string): string {
  return title.toLowerCase().replace(/\s+/g, " ").trim();
}

/** Whether a title has at least one content word (not "And Of The"). */
export function hasContent(title: string): boolean {
  return words(title).some((w) => isContentWord(w));
}
