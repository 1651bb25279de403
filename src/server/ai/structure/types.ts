import type { Complexity } from "~/lib/schemas/course";
import type { Limiter } from "~/server/ai/limiter";
import type { CreatorChapter, TimedSegment } from "~/server/video/types";

/**
 * What a structuring engine (the LLM or the offline engine) receives and returns. Engines never
 * produce timestamps: sections name the transcript segment they start at, and the code derives
 * every timeStart from the segment's real time, so times are inside the video and in order.
 */
export type StructureInput = {
  topic: string;
  complexity: Complexity;
  additionalInstructions: string | null;
  /** `language`: the transcript's, BCP 47 ("es", "pt-BR"); the offline engine detects it when absent. */
  video: { title: string; description: string; durationSeconds: number; language?: string };
  /**
   * The course language (a base subtag) a model writes in, whatever the transcript's; absent:
   * the transcript's. The offline engine writes in the transcript's language only.
   */
  language?: string;
  segments: TimedSegment[];
  creatorChapters: CreatorChapter[];
};

/** A concept a model named for a section: a short label and a one-sentence definition, in the course's language. */
export type NamedConcept = { label: string; definition: string };

export type OutlineSection = {
  title: string;
  /** Learner-facing text; line breaks are kept when shown. */
  content: string;
  /** Index of the first transcript segment the section covers. */
  startSegment: number;
  /** The concepts the section explains, as a model named them; absent from the offline engine (it finds them later, from the transcript). */
  concepts?: NamedConcept[];
};

export type OutlineChapter = { title: string; summary: string | null; sections: OutlineSection[] };

export type CourseOutline = { title: string; description: string; chapters: OutlineChapter[] };

export type StructureProgress = (stage: "structuring" | "writing", percent: number) => void;

/** `limit`: a limit on model calls shared with other structure calls running at once (a playlist's videos). */
export type StructureOptions = { signal?: AbortSignal; onProgress?: StructureProgress; limit?: Limiter };

export interface StructureEngine {
  readonly name: "llm" | "offline";
  /** How many model calls it makes at once; absent for an engine without a model. */
  readonly concurrency?: number;
  structure(input: StructureInput, options?: StructureOptions): Promise<CourseOutline>;
}
