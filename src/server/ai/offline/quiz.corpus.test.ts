/**
 * The offline quiz builder audited on every video of the shared 3Blue1Brown corpus, when present:
 * quizzes for every section of the outline the offline engine makes, timed as save-course times
 * them. The audit re-reads each question against the transcript on its own terms (it does not
 * trust the builder's bookkeeping; a wrong statement is traced back to the run of a video sentence
 * it differs from in one span) and counts:
 * - verbatim: a wrong option that, put in, is text of the section's transcript;
 * - true: a wrong option that is a true statement by the co-occurrence rule (see `isTrueIn`):
 *   over the section's sentences for a cloze, the video's for a statement; a wrong statement that
 *   is the video's own text counts here too;
 * - tag: a wrong option whose swapped tokens tag differently from the original's in context;
 *   article: one that does not fit the "a"/"an" before it;
 * - duplicate: two options equal, or one inside another, ignoring case, spacing and punctuation;
 * - inexact: a cloze answer that is not spelt as in the transcript (case included).
 * The first half of the videos (ids sorted) is where the builder was developed; the second half
 * is reported on its own as held out. QUIZ_AUDIT_VERBOSE=1 prints every flagged option.
 */
import { existsSync, readdirSync } from "node:fs";

import { describe, expect, it } from "vitest";

import type { GeneratedQuestion, QuizSource } from "~/server/ai/quiz/types";
import { isAppError } from "~/server/errors";

import { librarySectionSources } from "../../../../test/fixtures/quiz-sources";
import { SHARED_VIDEOS } from "../../../../test/fixtures/video-folder";

import { standAlone } from "./content";
import { createTagger, type TaggedToken } from "./nlp";
import { articleFits, CLOZE_PREFIX, contentLemmas, isTrueIn } from "./quiz";
import { optionKey } from "./quiz-options";
import { cleanSentence } from "~/server/language/text";

const SHARED_DIR = SHARED_VIDEOS;
const present = existsSync(SHARED_DIR);

type Counts = {
  sections: number;
  tooShort: number;
  questions: number;
  cloze: number;
  statements: number;
  distractors: number;
  verbatim: number;
  true: number;
  tag: number;
  article: number;
  duplicate: number;
  inexact: number;
  unaligned: number;
};

const zero = (): Counts => ({
  sections: 0,
  tooShort: 0,
  questions: 0,
  cloze: 0,
  statements: 0,
  distractors: 0,
  verbatim: 0,
  true: 0,
  tag: 0,
  article: 0,
  duplicate: 0,
  inexact: 0,
  unaligned: 0,
});

const tagger = createTagger();
const verbose = process.env.QUIZ_AUDIT_VERBOSE === "1";
const flag = (kind: string, detail: string) => {
  if (verbose) console.log(`[${kind}] ${detail}`);
};
const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
/** Sentences of a segment: a stop before a lower-case word ("distance vs. time") ends none. */
const sentencesOf = (text: string) =>
  cleanSentence(text)
    .split(/(?<=[.!?])\s+(?=["'“]?[A-Z0-9])/)
    .filter(Boolean);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordTokens = (tokens: readonly TaggedToken[]) => tokens.filter((t) => t.pos !== "PUNCT" && t.pos !== "SPACE");

/** A token as compared: the tagger keeps a final stop on a short word ("x.", "e."). */
const same = (a: TaggedToken | undefined, b: TaggedToken | undefined) =>
  a !== undefined && b !== undefined && a.normal.replace(/\.$/, "") === b.normal.replace(/\.$/, "");

/** The tokens where two tagged texts differ: the shortest middle span once common ends are set aside. */
function differingSpans(a: readonly TaggedToken[], b: readonly TaggedToken[]): { a: TaggedToken[]; b: TaggedToken[]; before: TaggedToken | undefined } {
  let start = 0;
  while (start < a.length && start < b.length && same(a[start], b[start])) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && same(a[a.length - 1 - end], b[b.length - 1 - end])) end++;
  return { a: a.slice(start, a.length - end), b: b.slice(start, b.length - end), before: a[start - 1] };
}

type Swap = { original: TaggedToken[]; replaced: TaggedToken[]; before: TaggedToken | undefined; originalTokens: readonly TaggedToken[] };

/** Audits one swap (original tokens → replacement tokens in a sentence) against `context` sentences. */
function auditSwap(swap: Swap, context: readonly string[], counts: Counts): void {
  const originalPos = wordTokens(swap.original).map((t) => t.pos);
  const replacedPos = wordTokens(swap.replaced).map((t) => t.pos);
  const show = () =>
    `${swap.original.map((t) => t.text).join(" ")} -> ${swap.replaced.map((t) => t.text).join(" ")} in "${swap.originalTokens.map((t) => t.text).join(" ")}"`;
  if (originalPos.join(" ") !== replacedPos.join(" ")) {
    counts.tag += 1;
    flag("tag", `${originalPos.join(" ")} / ${replacedPos.join(" ")}: ${show()}`);
  }
  const first = wordTokens(swap.replaced)[0];
  if (swap.before && first && /^(a|an)$/i.test(swap.before.text) && !articleFits(swap.before.text, first.text)) {
    counts.article += 1;
    flag("article", show());
  }
  const others = new Set(contentLemmas(swap.originalTokens));
  for (const lemma of contentLemmas(swap.original)) others.delete(lemma);
  const distractorLemmas = contentLemmas(swap.replaced);
  if (
    isTrueIn(
      distractorLemmas,
      others,
      context.map((s) => new Set(contentLemmas(tagger(s)))),
    )
  ) {
    counts.true += 1;
    flag("true", show());
  }
}

type Alignment = Omit<Swap, "original" | "replaced"> & { original: TaggedToken[]; replaced: TaggedToken[] };

/**
 * Where a statement was cut from in a sentence of the video: a run of the sentence's words that
 * equals the statement's but for one span of at most four words; null when there is none.
 * Spans are empty when the statement is the sentence's own text.
 */
function alignStatement(statement: readonly TaggedToken[], sentence: readonly TaggedToken[]): Alignment | null {
  let best: Alignment | null = null;
  for (let j = 0; j < sentence.length; j++) {
    if (!same(sentence[j], statement[0])) continue;
    let head = 0;
    while (head < statement.length && same(sentence[j + head], statement[head])) head++;
    if (head === statement.length) return { original: [], replaced: [], before: undefined, originalTokens: sentence.slice(j, j + head) };
    for (let d = -4; d <= 4; d++) {
      const end = j + statement.length + d; // exclusive end of the run in the sentence
      if (end > sentence.length || end <= j + head) continue;
      let tail = 0;
      while (tail < statement.length - head && end - 1 - tail >= j + head && same(sentence[end - 1 - tail], statement[statement.length - 1 - tail])) tail++;
      const replaced = statement.slice(head, statement.length - tail);
      const original = sentence.slice(j + head, end - tail);
      if (replaced.length === 0 || original.length === 0 || replaced.length > 4 || original.length > 4) continue;
      if (!best || replaced.length + original.length < best.replaced.length + best.original.length) {
        best = { original, replaced, before: statement[head - 1], originalTokens: sentence.slice(j, end) };
      }
    }
  }
  return best;
}

function auditQuestion(q: GeneratedQuestion, windowRaw: string, windowSentences: readonly string[], videoSentences: readonly string[], counts: Counts): void {
  counts.questions += 1;
  const keys = q.options.map(optionKey);
  if (keys.some((k, i) => keys.some((other, j) => i !== j && (k === other || other.includes(k))))) counts.duplicate += 1;
  const wrong = q.options.filter((o) => o !== q.correctAnswer);
  counts.distractors += wrong.length;
  const windowNorm = ` ${norm(windowSentences.join(" "))} `;
  if (q.questionText.startsWith(CLOZE_PREFIX)) {
    counts.cloze += 1;
    const sentence = /"(.*)"$/.exec(q.questionText)?.[1] ?? "";
    const fill = (option: string) => sentence.replace("_____", option);
    const exact = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(q.correctAnswer)}(?![\\p{L}\\p{N}])`, "u");
    if (!exact.test(windowRaw) || !windowNorm.includes(` ${norm(fill(q.correctAnswer))} `)) counts.inexact += 1;
    const original = tagger(fill(q.correctAnswer));
    for (const option of wrong) {
      if (windowNorm.includes(` ${norm(fill(option))} `)) counts.verbatim += 1;
      const spans = differingSpans(original, tagger(fill(option)));
      auditSwap({ original: spans.a, replaced: spans.b, before: spans.before, originalTokens: original }, windowSentences, counts);
    }
    return;
  }
  counts.statements += 1;
  for (const option of wrong) {
    if (windowNorm.includes(` ${norm(option)} `)) counts.verbatim += 1;
    // The sentence of the video it was made from: the one it differs from in the fewest words.
    const tokens = wordTokens(tagger(option));
    let best: Alignment | null = null;
    for (const sentence of videoSentences) {
      const alignment = alignStatement(tokens, wordTokens(tagger(sentence)));
      if (alignment && (!best || alignment.original.length + alignment.replaced.length < best.original.length + best.replaced.length)) best = alignment;
    }
    if (!best) {
      counts.unaligned += 1;
      flag("unaligned", option);
    } else if (best.original.length === 0) {
      // Text of the video: a true statement.
      counts.true += 1;
      flag("true", option);
    } else auditSwap(best, videoSentences, counts);
  }
}

async function auditVideo(videoId: string, plan: (source: QuizSource) => { quiz: { questions: GeneratedQuestion[] }; window: number[] }): Promise<Counts> {
  const counts = zero();
  const sections = await librarySectionSources(SHARED_DIR, videoId);
  const segments = sections[0]?.segments ?? [];
  // Statements are cut from sentences stripped of their opening connective ("So, …").
  const videoSentences = [...new Set(segments.flatMap((s) => sentencesOf(s.text)).flatMap((s) => [s, standAlone(s)]))];
  for (const section of sections) {
    counts.sections += 1;
    let planned: ReturnType<typeof plan>;
    try {
      planned = plan(section);
    } catch (error) {
      if (!isAppError(error)) throw error;
      counts.tooShort += 1;
      continue;
    }
    const windowRaw = planned.window.map((p) => segments[p]!.text).join(" ");
    const windowSentences = planned.window.flatMap((p) => sentencesOf(segments[p]!.text));
    for (const q of planned.quiz.questions) auditQuestion(q, windowRaw, windowSentences, videoSentences, counts);
  }
  return counts;
}

const add = (a: Counts, b: Counts): Counts => Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof Counts] + b[k as keyof Counts]])) as Counts;

describe.skipIf(!present)("offline quiz on the shared corpus", () => {
  it("no wrong option is true or verbatim, no options repeat, and every cloze answer is the transcript's word", async () => {
    const { planOfflineQuiz } = await import("./quiz");
    const ids = readdirSync(SHARED_DIR)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.slice(0, -5))
      .sort();
    const half = Math.ceil(ids.length / 2);
    const halves = [ids.slice(0, half), ids.slice(half)];
    const totals: Counts[] = [];
    for (const part of halves) {
      let total = zero();
      for (const id of part) total = add(total, await auditVideo(id, planOfflineQuiz));
      totals.push(total);
    }
    console.log(`quiz audit, development half: ${JSON.stringify(totals[0])}`);
    console.log(`quiz audit, held-out half: ${JSON.stringify(totals[1])}`);
    const all = add(totals[0]!, totals[1]!);
    expect(all.verbatim).toBe(0);
    expect(all.true).toBe(0);
    expect(all.duplicate).toBe(0);
    expect(all.inexact).toBe(0);
    expect(all.tag + all.article).toBe(0);
    expect(all.questions / (all.sections - all.tooShort)).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
if (!present) console.log(`skipping the quiz corpus audit: ${SHARED_DIR} is absent`);
