/**
 * Key phrases and titles in the languages the tagger has no model for (titles.ts tags English
 * with wink-nlp). A phrase is a run of content words said next to each other, with a stop word
 * inside only where the language links two nouns with it ("derivada de la función", "équation
 * d'Euler"); the phrases are ranked by the same keyness as English ones (rankKeyPhrases), and a
 * title is a phrase of two content words or more, spelled as the transcript spells it.
 */
import { baseLanguage } from "~/lib/languages";
import { isTitleFiller, joinUnspacedRuns, wordPieces, type WordPiece } from "~/server/language/text";
import { packFor } from "~/server/language/language-packs";
import type { LanguagePack } from "~/server/language/pack";
import type { PhraseIndex, PhraseInfo, ScoredPhrase } from "./titles";

/** At most this many content words in a phrase, and in a title. */
const MAX_PHRASE_CONTENT = 4;
const MAX_TITLE_CONTENT = 6;
/** Phrases of a span considered for its title, best first. */
const TITLE_PHRASES = 8;

/** Nothing but spacing or joining marks between two words of one phrase. */
const JOINED = /^[\s\-‐'’]*$/u;

/**
 * What the spelling says about a word's part of speech, where the language's spelling says it
 * (its pack's `notInPhrase`): such words, and the spoken fillers of the language (isTitleFiller),
 * stay out of phrases (they still count for cohesion).
 */
function canBeInPhrase(piece: WordPiece, pack: LanguagePack): boolean {
  if (isTitleFiller(piece.surface, pack.code)) return false;
  return !pack.phrases.notInPhrase?.test(piece.surface);
}

function canEndPhrase(piece: WordPiece, pack: LanguagePack, line: string): boolean {
  return !pack.phrases.endsCapitalised || /^\p{Lu}/u.test(line.slice(piece.start));
}

/**
 * The phrases of each line: runs of content pieces, a link (and an article) allowed between two
 * of them. Returns, per run, the indices of its pieces.
 */
function phraseRuns(line: string, pieces: readonly WordPiece[], pack: LanguagePack): number[][] {
  const { links, articles } = pack.phrases;
  const runs: number[][] = [];
  let run: number[] = [];
  const close = () => {
    while (run.length > 0 && pieces[run.at(-1)!]!.stem === null) run.pop();
    if (run.length > 0) runs.push(run);
    run = [];
  };
  const joined = (a: number, b: number) => JOINED.test(line.slice(pieces[a]!.end, pieces[b]!.start));
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (run.length > 0 && !joined(run.at(-1)!, i)) close();
    if (piece.stem !== null && !canBeInPhrase(piece, pack)) {
      close();
      continue;
    }
    if (piece.stem !== null) {
      run.push(i);
      continue;
    }
    // A link inside a run: "de", or "de la", and then a content word.
    const previous = run.at(-1);
    const isLink = links.has(piece.surface) && previous !== undefined && pieces[previous]!.stem !== null;
    const isArticle = articles.has(piece.surface) && previous !== undefined && links.has(pieces[previous]!.surface);
    if (isLink || isArticle) run.push(i);
    else close();
  }
  close();
  return runs;
}

/** The key phrases of a transcript's lines in `language` (not English), in titles.ts's index shape. */
export function indexTermPhrases(lines: readonly string[], language: string): PhraseIndex {
  const pack = packFor(language);
  const phrases: PhraseInfo[] = [];
  const ids = new Map<string, number>();
  const byLine: number[][] = lines.map(() => []);
  const nounsByLine: string[][] = lines.map(() => []);
  const uses = new Map<string, { noun: number; name: number; all: number }>();

  lines.forEach((line, lineIndex) => {
    const pieces = wordPieces(line, language) ?? [];
    for (const piece of pieces) {
      if (piece.stem === null) continue;
      nounsByLine[lineIndex]!.push(piece.stem);
      const use = uses.get(piece.surface) ?? { noun: 0, name: 0, all: 0 };
      use.noun++;
      use.all++;
      uses.set(piece.surface, use);
    }
    for (const run of phraseRuns(line, pieces, pack)) {
      for (let from = 0; from < run.length; from++) {
        if (pieces[run[from]!]!.stem === null) continue;
        let content = 0;
        for (let to = from; to < run.length; to++) {
          const last = pieces[run[to]!]!;
          if (last.stem === null) continue;
          if (++content > MAX_PHRASE_CONTENT) break;
          if (!canEndPhrase(last, pack, line)) continue;
          const inPhrase = run.slice(from, to + 1).map((k) => pieces[k]!);
          const stems = inPhrase.flatMap((p) => (p.stem === null ? [] : [p.stem]));
          const key = inPhrase.map((p) => p.stem ?? "·").join(" ");
          // A caption's line break inside a Chinese or Japanese word is not a space of the title.
          const surface = joinUnspacedRuns(line.slice(inPhrase[0]!.start, last.end)).replace(/\s+/g, " ");
          let id = ids.get(key);
          if (id === undefined) {
            id = phrases.length;
            ids.set(key, id);
            const normals = inPhrase.flatMap((p) => (p.stem === null ? [] : [p.surface]));
            phrases.push({ key, stems, normals, wordCount: surface.split(" ").length, surfaces: new Map() });
          }
          const info = phrases[id]!;
          info.surfaces.set(surface, (info.surfaces.get(surface) ?? 0) + 1);
          byLine[lineIndex]!.push(id);
        }
      }
    }
  });
  return { phrases, byLine, nounsByLine, uses };
}

/** The first letter upper-cased, the rest as the transcript spells it. */
function sentenceCase(text: string, language: string): string {
  const first = text.charAt(0);
  return first.toLocaleUpperCase(baseLanguage(language)) + text.slice(1);
}

/**
 * Candidate titles for a span, best first: its phrases of 2-6 content words; for a lone word, the
 * fuller phrase the span says it in (twice, else once). A lone word is never a title on its own.
 */
export function termTitleCandidates(phrases: readonly ScoredPhrase[], language: string): string[] {
  const out: string[] = [];
  const push = (surface: string) => {
    const title = sentenceCase(surface, language);
    if (!out.includes(title)) out.push(title);
  };
  const fits = (p: ScoredPhrase) => p.stems.length >= 2 && p.stems.length <= MAX_TITLE_CONTENT;
  for (const p of phrases.slice(0, TITLE_PHRASES)) {
    if (fits(p)) {
      push(p.surface);
      continue;
    }
    const fuller = phrases.filter((q) => fits(q) && q.stems.includes(p.stems[0]!));
    const said = fuller.find((q) => q.count >= 2) ?? fuller[0];
    if (said) push(said.surface);
  }
  return out;
}

/** Words a fallback title keeps of its base, as in English (titles.ts keeps four). */
const FALLBACK_WORDS = 6;

/**
 * A title when a span has no usable phrase, in a language without English rules: the chapter's
 * (or video's) title as written, up to its first separator ("|", ":") and its first six words
 * (less any function words at the end), with the part number in brackets, or alone for a chapter's only section (the registry keeps
 * titles unique).
 */
export function termFallbackTitle(base: string, language: string, part?: number): string {
  const head = base
    .split(/\s*[|｜:：–—]\s*/u)[0]!
    .replace(/\s+/g, " ")
    .trim();
  const words = (wordPieces(head, language) ?? []).slice(0, FALLBACK_WORDS);
  // Like the English fallback, no function word at its end.
  while (words.length > 1 && words.at(-1)!.stem === null) words.pop();
  const core = (words.length > 0 ? head.slice(0, words.at(-1)!.end) : head) || base.trim() || "…";
  return part === undefined ? core : `${core} (${part})`;
}
