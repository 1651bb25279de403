import type { Complexity } from "~/lib/schemas/course";
import { AppError } from "~/server/errors";
import type { TimedSegment } from "~/server/video/types";

/**
 * What rewriting one section of a course takes: its transcript (the course's track, on the
 * course's timeline: the section is the lines from `timeStart` to `timeEnd`), the course's level
 * and language, and the owner's instruction ("simpler", "more on recursion"), untrusted text.
 */
export type SectionWriteInput = {
  courseTitle: string;
  sectionTitle: string;
  complexity: Complexity;
  /** The course's language (a base subtag). */
  language: string;
  segments: readonly TimedSegment[];
  timeStart: number;
  timeEnd: number;
  instructions: string | null;
};

export interface SectionWriter {
  readonly name: "llm" | "offline";
  /** The section's new content, in the layout the course page shows. */
  write(input: SectionWriteInput, options?: { signal?: AbortSignal }): Promise<string>;
}

/** The segments a section covers: those starting in [timeStart, timeEnd). */
export function sectionSegments(input: Pick<SectionWriteInput, "segments" | "timeStart" | "timeEnd">): TimedSegment[] {
  return input.segments.filter((segment) => segment.startMs >= input.timeStart * 1000 && segment.startMs < input.timeEnd * 1000);
}

const NOTHING_TO_WRITE_FROM = "This section's part of the video has no transcript to write from.";
export const nothingToWriteFrom = () => new AppError("UNPROCESSABLE", NOTHING_TO_WRITE_FROM);
