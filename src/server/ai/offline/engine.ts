/**
 * The offline structuring engine: builds a course outline from a timed transcript with no LLM.
 *
 * 1. Chapters: the creator's chapters when the video has at least two (mapped to the sentence where
 *    each starts, titles kept verbatim); otherwise topic segmentation (segment.ts) at chapter scale.
 * 2. Sections: the same segmentation inside each chapter at a finer scale (2-5, ≥ 35 s each).
 * 3. Titles: noun phrases of the tagged transcript, ranked by how much more each span uses them
 *    than the rest of the video (titles.ts); 2-6 words, unique in the course.
 * 4. Content: each section's key points (its central sentences, timed; content.ts), then its
 *    cleaned transcript in paragraphs; each chapter's summary is its first-ranked key point.
 *
 * Pure and deterministic: no I/O, no clock, no randomness; the same input gives the same outline.
 * It yields to the event loop between steps so an AbortSignal can stop it mid-way. Free-text
 * `additionalInstructions` need a language model and are ignored here; `complexity` sets the
 * paragraph length. Everything the learner reads is the video's own words, cleaned.
 *
 * Invariants of the result (tested): ≥ 1 chapter, each with ≥ 1 section; sections' startSegment
 * strictly increasing across the course; the first section starts at the first segment.
 */
import type { CourseOutline, OutlineChapter, OutlineSection, StructureEngine, StructureInput, StructureProgress } from "~/server/ai/structure/types";
import type { CreatorChapter, TimedSegment } from "~/server/video/types";

import { unitCue } from "./cues";
import { summarise, writeContent, type WritableSentence, type WritingContext } from "./content";
import { transcriptLanguage } from "./language";
import { createTagger } from "./nlp";
import { CHAPTER_PARAMS, SECTION_PARAMS, segment, type Unit } from "./segment";
import { documentFrequencies, inverseDocumentFrequencies } from "./similarity";
import { isQuestion } from "~/server/language/questions";
import { terms, tokenize, withoutLeadingConnective } from "~/server/language/text";
import { courseFollowsSentence, joinSentences } from "./wording";
import { rulesFor } from "./language-rules";
import { rankKeyPhrases, TitleRegistry } from "./titles";

export const NO_TRANSCRIPT_MESSAGE = "The video has no transcript";

/** A creator chapter timestamp may precede its first caption by this much (captions lag the cut). */
const CHAPTER_SNAP_MS = 2_000;

type Span = { start: number; end: number }; // unit positions, end exclusive

/**
 * The position (in `segments`) where each creator chapter starts, in time order: the first
 * segment starting at or after it (or up to 2 s before). A chapter landing on the same sentence
 * as the previous one, or after the last caption, is dropped; the first always starts at 0.
 */
export function mapCreatorChapters(segments: readonly TimedSegment[], chapters: readonly CreatorChapter[]): { start: number; title: string }[] {
  const sorted = chapters
    .map((c, order) => ({ ...c, order }))
    .filter((c) => Number.isFinite(c.startMs))
    .sort((a, b) => a.startMs - b.startMs || a.order - b.order);
  const out: { start: number; title: string }[] = [];
  for (const chapter of sorted) {
    let position = segments.findIndex((s) => s.startMs >= chapter.startMs - CHAPTER_SNAP_MS);
    if (position < 0) continue; // starts after the last caption
    if (out.length === 0) position = 0; // the first chapter always opens the course
    const previous = out[out.length - 1];
    if (previous && previous.start >= position) continue; // two chapters on one sentence: keep the first
    out.push({ start: position, title: chapter.title.trim() });
  }
  return out;
}

/** "Taylor series | Chapter 11, Essence of calculus" → "Taylor series" (a full-width bar too, spaced or not). */
export function shortVideoTitle(title: string): string {
  const head = title.split(/\s+[–—]\s+|\s*[|｜]\s*/u)[0]?.trim() ?? "";
  return (head || title).replace(/\s+/g, " ").trim();
}

/** Where a title's parts meet: a bar, a spaced dash, a colon. */
const TITLE_PARTS = /(\s+[–—]\s+|\s*[|｜]\s*|[:：]\s*)/u;

/** Every part of a title without the connective it opens with ("But what is…" → "What is…"). */
function withoutConnectives(title: string, language: string): string {
  return title
    .split(TITLE_PARTS)
    .map((part, i) => (i % 2 === 0 ? withoutLeadingConnective(part, language) : part))
    .join("");
}

/**
 * "<Topic>: <video title>", or only one of them when the other restates it: the title when it
 * names every term of the topic, the topic when it names every term of the title. A course from
 * a link has the video's title as its topic: it keeps that title whole. A topic asked as a
 * question ("How do neural networks learn?") is what the learner wants to know, not a name for
 * the course: the course is titled by the video's subject (its title before the series part).
 * Terms are compared by the rules of the course's language; no part opens with a connective
 * ("But", "しかし").
 */
export function courseTitle(topic: string, videoTitle: string, language = "en", rules = rulesFor(language)): string {
  const typed = topic.replace(/\s+/g, " ").trim();
  if (typed !== "" && typed === videoTitle.replace(/\s+/g, " ").trim()) return withoutConnectives(typed, language);
  const cleanTopic = withoutConnectives(typed, language);
  const title = withoutConnectives(shortVideoTitle(videoTitle), language);
  const { topicCase } = rules;
  if (title && isQuestion(typed, language)) return title;
  if (!title) return cleanTopic ? topicCase(cleanTopic) : "Video course";
  if (!cleanTopic) return title;
  const topicStems = new Set(terms(cleanTopic, language).map((t) => t.stem));
  const titleStems = new Set(terms(title, language).map((t) => t.stem));
  const within = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size > 0 && [...a].every((stem) => b.has(stem));
  if (within(topicStems, titleStems)) return title;
  if (within(titleStems, topicStems)) return topicCase(cleanTopic);
  return `${topicCase(cleanTopic)}: ${title}`;
}

/** The first plain sentence-like line of a video description (no links, credits or timestamps). */
export function descriptionLead(description: string): string | null {
  for (const raw of description.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.split(/\s+/).length < 6) continue;
    if (/https?:|www\.|@|#|\d{1,2}:\d{2}|patreon|subscribe|sponsor|support|thank|music by|follow|merch|discount|affiliate/i.test(line)) continue;
    return line.length > 300 ? `${line.slice(0, 297).replace(/\s+\S*$/, "")}…` : line;
  }
  return null;
}

/** A course's description: the video description's lead, then the sentence that lists the chapters, each sentence ended. */
export function courseDescription(video: { title: string; description: string }, chapterTitles: readonly string[], language: string): string {
  return joinSentences([descriptionLead(video.description), courseFollowsSentence(shortVideoTitle(video.title) || null, chapterTitles, language)], language);
}

/** The segmenter's view of the transcript: times, text and content stems of each sentence. */
export function toUnits(segments: readonly TimedSegment[], language = "en"): Unit[] {
  return segments.map((s) => ({
    startMs: s.startMs,
    endMs: Math.max(s.endMs, s.startMs),
    text: s.text,
    stems: tokenize(s.text, language),
    cue: unitCue(s.text, language),
  }));
}

/** Yields to the event loop (so timers and aborts can run) and throws if the run was aborted. */
async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  await new Promise<void>((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
  signal?.throwIfAborted();
}

function spansFromStarts(starts: readonly number[], end: number, offset = 0): Span[] {
  return starts.map((s, k) => ({ start: offset + s, end: offset + (starts[k + 1] ?? end - offset) }));
}

/** Runs the engine synchronously between checkpoints; exported for the evaluation script. */
export async function buildOutline(input: StructureInput, options: { signal?: AbortSignal; onProgress?: StructureProgress } = {}): Promise<CourseOutline> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const segments = [...input.segments].sort((a, b) => a.index - b.index);
  if (segments.length === 0 || segments.every((s) => !s.text.trim())) throw new Error(NO_TRANSCRIPT_MESSAGE);

  onProgress?.("structuring", 0);
  const language = input.video.language || transcriptLanguage(segments);
  const rules = rulesFor(language);
  const units = toUnits(segments, language);
  const n = units.length;

  // 1. Chapters.
  const creator = mapCreatorChapters(segments, input.creatorChapters);
  const useCreator = creator.length >= 2;
  const chapterStarts = useCreator ? creator.map((c) => c.start) : segment(units, CHAPTER_PARAMS);
  const chapterSpans = spansFromStarts(chapterStarts.length ? chapterStarts : [0], n);
  onProgress?.("structuring", 40);
  await checkpoint(signal);

  // 2. Sections inside each chapter.
  const sectionSpans: Span[][] = [];
  for (const [k, chapter] of chapterSpans.entries()) {
    const inner = segment(units.slice(chapter.start, chapter.end), SECTION_PARAMS);
    sectionSpans.push(spansFromStarts(inner.length ? inner : [0], chapter.end, chapter.start));
    onProgress?.("structuring", 40 + Math.round((55 * (k + 1)) / chapterSpans.length));
    if (k % 4 === 3) await checkpoint(signal);
  }
  onProgress?.("structuring", 100);
  await checkpoint(signal);

  // 3. Titles: chapters against chapters, sections against all sections of the video.
  const textOf = (span: Span) => segments.slice(span.start, span.end).map((s) => s.text);
  const registry = new TitleRegistry();
  const phraseIndex = rules.indexPhrases(segments.map((s) => s.text));
  const { titleCandidates: candidatesOf, fallbackTitle: fallbackOf } = rules;
  const chapterPhrases = rankKeyPhrases(phraseIndex, chapterSpans);
  const chapterTitles = chapterSpans.map((_, k) => {
    // The creator's titles are kept verbatim (even "e^x"); only a blank one is replaced.
    const creatorTitle = useCreator ? creator[k]?.title : undefined;
    if (creatorTitle) return registry.claim([creatorTitle], creatorTitle);
    return registry.claim(candidatesOf(chapterPhrases[k] ?? []), fallbackOf(shortVideoTitle(input.video.title) || "Video", k + 1));
  });
  const flatSections = sectionSpans.flat();
  const sectionPhrases = rankKeyPhrases(phraseIndex, flatSections);

  // 4. Content.
  const writing: WritingContext = {
    idf: inverseDocumentFrequencies(documentFrequencies(units.map((u) => u.stems)), n),
    tag: createTagger(),
    language,
    parsedPoints: rules.parsedPoints,
  };
  const sentencesOf = (span: Span): WritableSentence[] =>
    units.slice(span.start, span.end).map((u, i) => ({
      text: u.text,
      stems: u.stems,
      startMs: u.startMs,
      endMs: u.endMs,
      pauseBeforeMs: span.start + i > 0 ? u.startMs - units[span.start + i - 1]!.endMs : 0,
    }));

  const chapters: OutlineChapter[] = [];
  let flatIndex = 0;
  for (const [k, chapter] of chapterSpans.entries()) {
    const chapterTitle = chapterTitles[k]!;
    const spans = sectionSpans[k]!;
    const sections: OutlineSection[] = spans.map((span, j) => {
      const phrases = sectionPhrases[flatIndex++] ?? [];
      // Titles are unique in the course, so a section never repeats its chapter's title.
      const fallback = fallbackOf(chapterTitle, spans.length === 1 ? undefined : j + 1);
      const title = registry.claim(candidatesOf(phrases), fallback);
      // Fallbacks for spans of fillers only ("Um, so."): the raw words, then the chapter's title.
      const content = writeContent(sentencesOf(span), input.complexity, writing) || textOf(span).join(" ").trim() || chapterTitle;
      return { title, content, startSegment: segments[span.start]!.index };
    });
    chapters.push({ title: chapterTitle, summary: summarise(sentencesOf(chapter), writing), sections });
    onProgress?.("writing", Math.round((100 * (k + 1)) / chapterSpans.length));
    if (k % 4 === 3) await checkpoint(signal);
  }

  const description = courseDescription(
    input.video,
    chapters.map((c) => c.title),
    language,
  );
  signal?.throwIfAborted();
  return { title: courseTitle(input.topic, input.video.title, language, rules), description, chapters };
}

/** The built-in engine used when no LLM is configured. */
export function createOfflineEngine(): StructureEngine {
  return {
    name: "offline",
    structure: (input, options) => buildOutline(input, options),
  };
}
