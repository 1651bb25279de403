/**
 * The LLM structuring engine: a course outline written by a language model from the transcript.
 *
 * The transcript is cut into parts (the creator's chapters, packed up to `chunkWords`, or equal
 * runs of about `chunkWords` words) that are structured by parallel calls, at most `concurrency`
 * at a time, while one more call writes the course title and description. No call needs another's
 * answer, so with parts ≤ concurrency (a 30-minute video: 2–3 parts) the longest chain of model
 * calls is one (plus retries); a transcript that fits one part is a single call.
 *
 * Trust: the model's answer is parsed by the zod schema, then every section id is checked against
 * the part it was asked about (inside it, strictly increasing; the first section of a part or
 * creator chapter is snapped to its first segment). Anything else is malformed and retried at most
 * `maxMalformedRetries` times. Times are never taken from the model: sections name segment ids.
 */
import type { LanguageModel } from "ai";
import type { z } from "zod";

import { AI_FAILURE_MESSAGES, callStructured as callModel, MalformedOutputError } from "~/server/ai/call";
import { AiError, type AiFailure } from "~/server/ai/errors";
import { createLimiter } from "~/server/ai/limiter";
import { courseTitle, mapCreatorChapters, NO_TRANSCRIPT_MESSAGE } from "~/server/ai/offline/engine";
import { outlineProblems } from "~/server/ai/offline/outline-invariants";
import type {
  CourseOutline,
  NamedConcept,
  OutlineChapter,
  OutlineSection,
  StructureEngine,
  StructureInput,
  StructureOptions,
} from "~/server/ai/structure/types";
import { isQuestion } from "~/server/language/questions";
import type { CreatorChapter, TimedSegment } from "~/server/video/types";

import { countWords, courseInfoPrompt, partPrompt, SYSTEM_PROMPT, wholeCoursePrompt, type PartChapter, type TranscriptPart } from "./prompt";
import { courseInfoSchema, courseOutlineSchema, partOutlineSchema, type CourseInfoOutput, type PartOutlineOutput } from "./schema";

export type LlmEngineOptions = {
  /** Per model call, including the SDK's own retries. */
  timeoutMs?: number;
  /** Model calls in flight at once. */
  concurrency?: number;
  /** Extra attempts after an answer that fails the schema or the id checks. */
  maxMalformedRetries?: number;
  /** Target transcript words per call. */
  chunkWords?: number;
};

export const AI_MESSAGES: Record<AiFailure, string> = {
  ...AI_FAILURE_MESSAGES,
  malformed: "The AI service returned an unusable course outline. Please try again.",
};

const TITLE_MAX = 120;
const CONTENT_MAX = 6_000;
const SUMMARY_MAX = 600;
const DESCRIPTION_MAX = 1_000;
/** A concept's label is a name, not a sentence: longer ones are dropped rather than cut. */
const CONCEPT_LABEL_MAX = 60;
const CONCEPT_LABEL_WORDS = 6;
const CONCEPT_DEFINITION_MAX = 300;
const CONCEPTS_PER_SECTION = 3;
/** A creator chapter longer than this many `chunkWords` is split over several calls. */
const CHAPTER_SPLIT_FACTOR = 1.5;

export function createLlmEngine(model: LanguageModel, options: LlmEngineOptions = {}): StructureEngine {
  const settings: Settings = {
    timeoutMs: options.timeoutMs ?? 90_000,
    concurrency: Math.max(1, Math.floor(options.concurrency ?? 3)),
    maxMalformedRetries: Math.max(0, Math.floor(options.maxMalformedRetries ?? 2)),
    chunkWords: Math.max(1, options.chunkWords ?? 2_500),
  };
  return {
    name: "llm",
    concurrency: settings.concurrency,
    structure: (input, structureOptions) => buildOutline(model, settings, input, structureOptions),
  };
}

type Settings = Required<LlmEngineOptions>;

/** A chapter as read from one part; `key` is the creator chapter it belongs to, if any. */
type PartOutlineChapter = OutlineChapter & { key: number | null };

async function buildOutline(model: LanguageModel, settings: Settings, input: StructureInput, options: StructureOptions = {}): Promise<CourseOutline> {
  const { signal: callerSignal, onProgress } = options;
  callerSignal?.throwIfAborted();
  const segments = [...input.segments].sort((a, b) => a.index - b.index);
  if (segments.every((s) => !s.text.trim())) throw new Error(NO_TRANSCRIPT_MESSAGE);
  const parts = planParts(segments, input.creatorChapters, settings.chunkWords);
  onProgress?.("structuring", 0);

  // A failed call cancels the others: their answers could not be used.
  const run = new AbortController();
  const signal = callerSignal ? AbortSignal.any([callerSignal, run.signal]) : run.signal;
  const call = <T, R>(schema: z.ZodType<T>, prompt: string, read: (output: T) => R) => callStructured(model, settings, { schema, prompt, read, signal });

  let info: { title: string; description: string };
  let chapters: PartOutlineChapter[][];
  try {
    // A caller structuring several videos at once (a playlist) shares one limit across them.
    const limit = options.limit ?? createLimiter(settings.concurrency);
    if (parts.length === 1) {
      const part = parts[0]!;
      [info, chapters] = await limit(() =>
        call(courseOutlineSchema, wholeCoursePrompt(input, part), (output) => [readInfo(output), [readPart(output, part)]] as const),
      );
      onProgress?.("structuring", 100);
    } else {
      const chapterTitles = parts.flatMap((p) => (p.chapters ?? []).filter((c) => !c.continued).map((c) => c.title));
      const writeInfo = () => call(courseInfoSchema, courseInfoPrompt(input, chapterTitles), readInfo);
      let done = 0;
      [info, chapters] = await Promise.all([
        // Outside this video's limit: it is short, and waiting for a slot would lengthen the chain.
        options.limit ? options.limit(writeInfo) : writeInfo(),
        Promise.all(
          parts.map((part) =>
            limit(async () => {
              const read = await call(partOutlineSchema, partPrompt(input, part), (output) => readPart(output, part));
              onProgress?.("structuring", Math.round((100 * ++done) / parts.length));
              return read;
            }),
          ),
        ),
      ]);
    }
  } catch (error) {
    run.abort(error);
    throw error;
  }

  onProgress?.("writing", 0);
  const outline: CourseOutline = { ...info, title: titleForTopic(info.title, input), chapters: mergeParts(chapters) };
  // The checks above should make this impossible; it guards what every engine promises.
  const problems = outlineProblems(outline, segments);
  if (problems.length > 0) throw new AiError("malformed", AI_MESSAGES.malformed, { cause: new Error(problems.join("; ")) });
  callerSignal?.throwIfAborted();
  onProgress?.("writing", 100);
  return outline;
}

/** One structured call of this engine (the shared helper in ~/server/ai/call.ts). */
function callStructured<T, R>(
  model: LanguageModel,
  settings: Settings,
  request: { schema: z.ZodType<T>; prompt: string; read: (output: T) => R; signal: AbortSignal },
): Promise<R> {
  return callModel(
    model,
    { timeoutMs: settings.timeoutMs, maxMalformedRetries: settings.maxMalformedRetries, malformedMessage: AI_MESSAGES.malformed },
    { ...request, instructions: SYSTEM_PROMPT },
  );
}

type Span = { start: number; end: number }; // positions in the sorted segments, end exclusive

/** Cuts [start, end) into runs of about equal words, none above `maxWords` unless one segment is. */
function splitByWords(words: readonly number[], start: number, end: number, maxWords: number): Span[] {
  let total = 0;
  for (let i = start; i < end; i++) total += words[i]!;
  const count = Math.min(end - start, Math.max(1, Math.ceil(total / maxWords)));
  const spans: Span[] = [];
  let from = start;
  let sum = 0;
  for (let i = start; i < end - 1 && spans.length < count - 1; i++) {
    sum += words[i]!;
    if (sum >= (total * (spans.length + 1)) / count) {
      spans.push({ start: from, end: i + 1 });
      from = i + 1;
    }
  }
  spans.push({ start: from, end });
  return spans;
}

/**
 * The parts sent to the model. With at least two creator chapters they are the chapters,
 * consecutive ones packed up to `chunkWords` per part (a very long chapter split in pieces);
 * otherwise equal runs of about `chunkWords` words, cut between segments.
 */
export function planParts(segments: readonly TimedSegment[], creatorChapters: readonly CreatorChapter[], chunkWords: number): TranscriptPart[] {
  const words = segments.map((s) => countWords(s.text));
  const wordsIn = (span: Span) => words.slice(span.start, span.end).reduce((a, b) => a + b, 0);
  const creator = mapCreatorChapters(segments, creatorChapters);
  let groups: (Span & { chapter?: Omit<PartChapter, "startSegment"> })[][];
  if (creator.length >= 2) {
    const slots = creator.flatMap((c, key) =>
      splitByWords(words, c.start, creator[key + 1]?.start ?? segments.length, chunkWords * CHAPTER_SPLIT_FACTOR).map((span, piece) => ({
        ...span,
        chapter: { key, title: c.title, continued: piece > 0 },
      })),
    );
    groups = [];
    let current: typeof slots = [];
    let currentWords = 0;
    for (const slot of slots) {
      if (current.length > 0 && currentWords + wordsIn(slot) > chunkWords) {
        groups.push(current);
        current = [];
        currentWords = 0;
      }
      current.push(slot);
      currentWords += wordsIn(slot);
    }
    groups.push(current);
  } else {
    groups = splitByWords(words, 0, segments.length, chunkWords).map((span) => [span]);
  }
  return groups.map((group, number) => ({
    number,
    count: groups.length,
    segments: segments.slice(group[0]!.start, group[group.length - 1]!.end),
    chapters: creator.length >= 2 ? group.map((slot) => ({ ...slot.chapter!, startSegment: segments[slot.start]!.index })) : null,
  }));
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const cleanLine = (text: string, max: number) => clip(text.replace(/\s+/g, " ").trim(), max);

/** Keeps line breaks (the learner sees them), drops trailing spaces and runs of blank lines. */
function cleanText(text: string, max: number): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim());
  return clip(
    lines
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
    max,
  );
}

/**
 * The model's course title, unless it hands the learner's question back ("How do neural networks
 * learn?" asked, a question returned): then the video's subject, as the offline engine titles it.
 * A model told to title by the subject still sometimes echoes the topic, and a course list of
 * questions says nothing about what each course teaches.
 */
function titleForTopic(modelTitle: string, input: Pick<StructureInput, "topic" | "video" | "language">): string {
  const language = input.language ?? input.video.language ?? "en";
  if (!isQuestion(input.topic, language) || !isQuestion(modelTitle, language)) return modelTitle;
  return courseTitle(input.topic, input.video.title, language);
}

function readInfo(output: CourseInfoOutput): { title: string; description: string } {
  const title = cleanLine(output.title, TITLE_MAX);
  const description = cleanText(output.description, DESCRIPTION_MAX);
  if (!title || !description) throw new MalformedOutputError("the course title or description is empty");
  return { title, description };
}

/**
 * Checks a part's answer against the ids it was shown: sections inside the part (and inside
 * their creator chapter), strictly increasing; the first of each span snapped to its first
 * segment. Sections without a title or content are dropped, chapters left empty too.
 */
function readPart(output: PartOutlineOutput, part: TranscriptPart): PartOutlineChapter[] {
  const ids = new Set(part.segments.map((s) => s.index));
  const chapters = output.chapters.map((chapter) => ({
    title: cleanLine(chapter.title, TITLE_MAX),
    summary: cleanText(chapter.summary, SUMMARY_MAX) || null,
    sections: chapter.sections
      .map((s) => ({
        title: cleanLine(s.title, TITLE_MAX),
        content: cleanText(s.content, CONTENT_MAX),
        startSegment: s.startSegment,
        concepts: readConcepts(s.concepts),
      }))
      .filter((s) => s.title && s.content),
  }));

  const place = (sections: OutlineSection[], start: number, end: number, where: string): OutlineSection[] => {
    if (sections.length === 0) throw new MalformedOutputError(`${where} has no sections`);
    let previous = -Infinity;
    return sections.map((section, i) => {
      const id = section.startSegment;
      if (!ids.has(id) || id < start || id >= end) throw new MalformedOutputError(`${where}: segment ${id} is outside [${start}, ${end})`);
      if (id <= previous) throw new MalformedOutputError(`${where}: segment ${id} does not follow ${previous}`);
      previous = id;
      return i === 0 ? { ...section, startSegment: start } : section;
    });
  };

  const first = part.segments[0]!.index;
  if (part.chapters) {
    const slots = part.chapters;
    if (chapters.length !== slots.length) throw new MalformedOutputError(`expected ${slots.length} chapters, got ${chapters.length}`);
    return slots.map((slot, k) => {
      const chapter = chapters[k]!;
      const title = slot.title || chapter.title;
      if (!title) throw new MalformedOutputError(`chapter ${k + 1} has no title`);
      const sections = place(chapter.sections, slot.startSegment, slots[k + 1]?.startSegment ?? Infinity, `chapter ${k + 1}`);
      return { key: slot.key, title, summary: chapter.summary, sections };
    });
  }

  const kept = chapters.filter((c) => c.sections.length > 0);
  if (kept.some((c) => !c.title)) throw new MalformedOutputError("a chapter has no title");
  const placed = place(
    kept.flatMap((c) => c.sections),
    first,
    Infinity,
    `part ${part.number + 1}`,
  );
  let next = 0;
  return kept.map((c) => ({ key: null, title: c.title, summary: c.summary, sections: placed.slice(next, (next += c.sections.length)) }));
}

/** A section's concepts as named, without empty or sentence-long labels, at most CONCEPTS_PER_SECTION. */
function readConcepts(concepts: readonly { label: string; definition: string }[]): NamedConcept[] {
  return concepts
    .map((concept) => ({ label: cleanLine(concept.label, Infinity), definition: cleanLine(concept.definition, CONCEPT_DEFINITION_MAX) }))
    .filter(({ label }) => label && label.length <= CONCEPT_LABEL_MAX && countWords(label) <= CONCEPT_LABEL_WORDS)
    .slice(0, CONCEPTS_PER_SECTION);
}

/** Joins the parts' chapters (pieces of one creator chapter back into one) with unique titles. */
function mergeParts(parts: readonly PartOutlineChapter[][]): OutlineChapter[] {
  const merged: PartOutlineChapter[] = [];
  for (const chapter of parts.flat()) {
    const last = merged[merged.length - 1];
    if (last && chapter.key !== null && last.key === chapter.key) {
      last.sections.push(...chapter.sections);
      last.summary ??= chapter.summary;
    } else {
      merged.push({ ...chapter, sections: [...chapter.sections] });
    }
  }
  const seen = new Set<string>();
  const unique = (title: string) => {
    let candidate = title;
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${clip(title, TITLE_MAX - 6)} (${n})`;
    seen.add(candidate.toLowerCase());
    return candidate;
  };
  return merged.map((chapter) => ({
    title: unique(chapter.title),
    summary: chapter.summary,
    sections: chapter.sections.map((s) => ({ ...s, title: unique(s.title) })),
  }));
}
