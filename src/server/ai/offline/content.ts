/**
 * Learner-facing text from the transcript, extractively: cleaned sentences grouped into short
 * paragraphs, led by the span's most central sentence as its key idea. Nothing is invented; the
 * only edits are removing fillers and fixing spacing, capitals and end punctuation.
 */
import type { StructureInput } from "~/server/ai/structure/types";

import { cueScore } from "./segment";
import { addInto, cosine, type TermVector } from "./similarity";
import { cleanSentence } from "./text";

type Complexity = StructureInput["complexity"];

/** A sentence with what the writer needs: text, stems, and the silence before it. */
export type WritableSentence = { text: string; stems: readonly string[]; pauseBeforeMs: number };

/** Paragraph size by complexity: beginners get shorter paragraphs. */
const PARAGRAPH_LIMITS: Record<Complexity, { sentences: number; chars: number }> = {
  beginner: { sentences: 3, chars: 380 },
  intermediate: { sentences: 4, chars: 560 },
  advanced: { sentences: 5, chars: 760 },
};

/** Openers that read as filler at the start of a stand-alone key sentence. */
const LEADING_CONNECTIVES =
  /^(?:(?:and|but|so|now|well|okay|ok|alright|all right|right|then|also|because|or|anyway|like|you see|see|again|here|in fact|of course|remember|yeah|that is|in other words|i mean|basically|actually|you know|after all)\b[,\s]*)+/i;

/** Strips leading connectives ("So, and now, …") and re-capitalises: a sentence meant to stand alone. */
export function standAlone(sentence: string): string {
  const stripped = sentence.replace(LEADING_CONNECTIVES, "").trim();
  if (stripped.length < 12) return sentence;
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/**
 * The index of the span's most central sentence: the highest cosine to the span's overall
 * vocabulary (weighted by idf), among declarative sentences of readable length; -1 when none fits.
 */
export function centralSentence(sentences: readonly WritableSentence[], idf?: ReadonlyMap<string, number>): number {
  const centroid: TermVector = new Map();
  for (const s of sentences) addInto(centroid, s.stems);
  let best = -1;
  let bestScore = -Infinity;
  sentences.forEach((s, i) => {
    const wordCount = s.text.split(/\s+/).length;
    if (s.stems.length < 3 || wordCount < 7 || wordCount > 45) return;
    if (/\?\s*$/.test(s.text.trim())) return;
    // Prefer sentences that read as a statement of the idea: not too long, not an anecdote,
    // not pointing at the screen ("this", "as you can see"), and ideally a definition.
    let weight = wordCount > 30 ? 0.85 : 1;
    if (/\b(?:this|that|these|those|here|there)\b\s*[.!]?$|\bas you can see\b|\blook at\b/i.test(s.text)) weight *= 0.85;
    if (/^(?:\W*)(?:i|my|i'm|i've|i'd)\b/i.test(s.text)) weight *= 0.8;
    if (/^(?:\W*)(?:tell|notice|pause|think|take|let's|let me|look|imagine|try|go|maybe|perhaps)\b/i.test(standAlone(s.text))) weight *= 0.75;
    if (/\b(?:is|are|means|is called|are called|gives|tells you)\b/i.test(s.text)) weight *= 1.1;
    const own: TermVector = new Map();
    addInto(own, s.stems);
    const score = cosine(own, centroid, idf) * weight;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

/**
 * Groups cleaned sentences into paragraphs: a new paragraph at a long pause or a discourse
 * marker (once the current one has two sentences), or when it reaches the complexity's size.
 */
export function paragraphs(sentences: readonly WritableSentence[], complexity: Complexity): string[] {
  const limit = PARAGRAPH_LIMITS[complexity];
  const out: string[] = [];
  let current: string[] = [];
  let chars = 0;
  for (const s of sentences) {
    const text = cleanSentence(s.text);
    if (!text) continue;
    const shift = s.pauseBeforeMs >= 1_500 || cueScore(s.text) >= 1;
    const full = current.length >= limit.sentences || (current.length > 0 && chars + text.length > limit.chars);
    if (current.length > 0 && (full || (shift && current.length >= 2))) {
      out.push(current.join(" "));
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length + 1;
  }
  if (current.length) out.push(current.join(" "));
  return out;
}

/**
 * A section's content: "Key idea: …" (when the section has enough to summarise), then the cleaned
 * transcript in paragraphs separated by blank lines.
 */
export function writeContent(sentences: readonly WritableSentence[], complexity: Complexity, idf?: ReadonlyMap<string, number>): string {
  const body = paragraphs(sentences, complexity);
  if (body.length === 0) return "";
  const parts: string[] = [];
  if (sentences.length >= 4) {
    const central = centralSentence(sentences, idf);
    const key = central >= 0 ? cleanSentence(standAlone(sentences[central]!.text)) : "";
    if (key) parts.push(`Key idea: ${key}`);
  }
  parts.push(...body);
  return parts.join("\n\n");
}

/** A chapter's one-sentence summary (its most central sentence), or null when none is usable. */
export function summarise(sentences: readonly WritableSentence[], idf?: ReadonlyMap<string, number>): string | null {
  const central = centralSentence(sentences, idf);
  if (central < 0) return null;
  const text = cleanSentence(standAlone(sentences[central]!.text));
  return text || null;
}
