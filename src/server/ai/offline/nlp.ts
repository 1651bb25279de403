/**
 * Part-of-speech tagging for the offline engine, by wink-nlp with its English lite model (server
 * only: the model is ~4 MB and never reaches a browser bundle). Chosen over compromise on
 * measured speed: wink tags ~300k words/s here against compromise's ~20k, and a 3-hour transcript
 * (~27k words) must fit in the engine's 1.5 s budget.
 *
 * The model loads once per process, on first use (~90 ms); tagging is pure and deterministic.
 */
import winkNLP, { type ItsHelpers, type PartOfSpeech, type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";

import { endsSentence } from "~/lib/sentences";

export type { PartOfSpeech };

/** One token of a tagged text: its spelling, lower-cased form, lemma and universal POS tag. */
export type TaggedToken = {
  text: string;
  normal: string;
  lemma: string;
  pos: PartOfSpeech;
  /** Character offset of the token in the text it was tagged from. */
  offset: number;
};

let engine: WinkMethods | null = null;

/**
 * The `its` helpers this module reads. wink's typings declare them as methods, but they are plain
 * functions that never use `this` (and `out` recognises them by identity, so they cannot be wrapped).
 */
type Its = { [Key in "value" | "normal" | "lemma" | "pos"]: ItsHelpers[Key] };

function nlp(): WinkMethods {
  engine ??= winkNLP(model, ["sbd", "pos"]);
  return engine;
}

/**
 * Tags `text` as one stretch of prose (sentence boundaries are the tagger's own). Offsets point
 * into `text`, so a caller can cut or replace a token in the original string.
 */
export function tag(text: string): TaggedToken[] {
  const winkNlp = nlp();
  const its: Its = winkNlp.its;
  const tokens = winkNlp.readDoc(text).tokens();
  const values = tokens.out(its.value);
  const normals = tokens.out(its.normal);
  // wink's typings declare `its.lemma` with the model's addons argument, which `out` does not list.
  const lemmas = tokens.out(its.lemma as unknown as typeof its.normal);
  const tags = tokens.out(its.pos) as PartOfSpeech[];
  const out: TaggedToken[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    // wink keeps every character of the input; locate each token after the previous one.
    const at = text.indexOf(value, cursor);
    const offset = at >= 0 ? at : cursor;
    cursor = offset + value.length;
    out.push({ text: value, normal: normals[i] ?? value.toLowerCase(), lemma: lemmas[i] ?? value.toLowerCase(), pos: tags[i] ?? "X", offset });
  }
  return out;
}

/** Tags many texts with one cache: transcripts repeat sentences, and callers tag them more than once. */
export function createTagger(): (text: string) => TaggedToken[] {
  const cache = new Map<string, TaggedToken[]>();
  return (text) => {
    let tokens = cache.get(text);
    if (!tokens) {
      tokens = tag(text);
      cache.set(text, tokens);
    }
    return tokens;
  };
}

/** A token of a transcript tagged as running prose, with the line (segment) it comes from. */
export type LineToken = TaggedToken & { line: number };

/** Lines tagged together at most: enough context for the tagger, small enough to cache well. */
const MAX_BLOCK_WORDS = 80;

/**
 * Tags transcript lines as running prose. A line that does not end a sentence is tagged with the
 * lines after it (up to ~80 words), so a phrase broken over caption lines ("the fourier" /
 * "transform is") is tagged in context, as are automatic captions with no punctuation at all.
 * Offsets are into each token's own line; hyphenated words the tagger split ("light", "-",
 * "sensitive") come back as one token tagged as their last part.
 */
export function tagLines(lines: readonly string[], tagger: (text: string) => TaggedToken[] = createTagger()): LineToken[] {
  const out: LineToken[] = [];
  let block: number[] = [];
  let blockWords = 0;
  const flush = () => {
    if (block.length === 0) return;
    const starts: number[] = [];
    let text = "";
    for (const line of block) {
      if (text) text += " ";
      starts.push(text.length);
      text += lines[line]!;
    }
    let k = 0;
    for (const token of joinHyphenated(tagger(text))) {
      while (k + 1 < starts.length && token.offset >= starts[k + 1]!) k++;
      out.push({ text: token.text, normal: token.normal, lemma: token.lemma, pos: token.pos, offset: token.offset - starts[k]!, line: block[k]! });
    }
    block = [];
    blockWords = 0;
  };
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    block.push(i);
    blockWords += line.split(/\s+/).length;
    if (endsSentence(line) || blockWords >= MAX_BLOCK_WORDS) flush();
  });
  flush();
  return out;
}

/** Joins "word - word" written without spaces ("light-sensitive") back into one token. */
function joinHyphenated(tokens: readonly TaggedToken[]): TaggedToken[] {
  const out: TaggedToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const previous = out[out.length - 1];
    const hyphen = tokens[i]!;
    const next = tokens[i + 1];
    const touching =
      previous !== undefined &&
      next !== undefined &&
      hyphen.text === "-" &&
      previous.offset + previous.text.length === hyphen.offset &&
      hyphen.offset + 1 === next.offset &&
      /\w$/.test(previous.text) &&
      /^\w/.test(next.text);
    if (touching) {
      out[out.length - 1] = {
        text: `${previous.text}-${next.text}`,
        normal: `${previous.normal}-${next.normal}`,
        lemma: `${previous.normal}-${next.lemma}`,
        pos: next.pos,
        offset: previous.offset,
      };
      i++;
    } else {
      out.push(hyphen);
    }
  }
  return out;
}
