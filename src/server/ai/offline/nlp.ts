/**
 * Part-of-speech tagging for the offline engine, by wink-nlp with its English lite model (server
 * only: the model is ~4 MB and never reaches a browser bundle). Chosen over compromise on
 * measured speed: wink tags ~300k words/s here against compromise's ~20k, and a 3-hour transcript
 * (~27k words) must fit in the engine's 1.5 s budget.
 *
 * The model loads once per process, on first use (~90 ms); tagging is pure and deterministic.
 */
import winkNLP, { type PartOfSpeech, type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";

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
  const its = winkNlp.its;
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
