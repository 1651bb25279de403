import type { TimedSegment } from "~/server/video/types";

/** What a leak check reads of a question: what the learner sees, and the answer it hides. */
export type LeakCheckedQuestion = {
  kind?: "choice" | "open";
  questionText: string;
  /** Shown with the question (none for an open question). */
  options: readonly string[];
  /** Hidden until the attempt is scored: the right option, or an open question's reference. */
  correctAnswer: string;
};

/**
 * What a quiz engine is given: one section of a course (times in whole seconds, as stored) and
 * the whole cached transcript of its video, so an engine can borrow neighbouring text for a very
 * short section and draw distractors from the rest of the video.
 */
export type QuizSource = {
  courseTitle: string;
  sectionTitle: string;
  /** Seconds from the start of the video; the section is [timeStart, timeEnd). */
  timeStart: number;
  /** Null: the section runs to the end of the video. */
  timeEnd: number | null;
  /** Every segment of the video's transcript, in order. */
  segments: readonly TimedSegment[];
  /** The course language (a base subtag): the quiz is written in it. Absent: the transcript's. */
  language?: string;
  /** The labels of the concepts the section explains, when they are known: a model tags each question with those it tests. */
  concepts?: readonly string[];
  /**
   * Questions the quiz will also hold (its open ones, written from the transcript): an engine
   * prefers questions that stand alone beside them (stand-alone.ts), as long as that leaves it
   * enough questions.
   */
  alongside?: readonly LeakCheckedQuestion[];
};

export type GeneratedQuestion = {
  /** Absent: a choice question. */
  kind?: "choice" | "open";
  questionText: string;
  /** Exactly four distinct options; none for an open question. */
  options: string[];
  /** One of `options`, verbatim; for an open question, the reference answer from the transcript. */
  correctAnswer: string;
  /** An open question's key ideas: the words of its reference an answer is graded on. */
  keyIdeas?: string[];
  explanation: string;
  /** Seconds; the transcript moment the question is based on, inside the section. */
  sourceTime: number;
  /** The labels of the source's concepts the question tests, as a model tagged it; absent: tagged offline, by its words. */
  concepts?: string[];
};

export type GeneratedQuiz = { title: string; description: string; questions: GeneratedQuestion[] };

export interface QuizEngine {
  /** "llm" or "offline": stored on the quiz. */
  readonly name: string;
  generate(source: QuizSource, options?: { signal?: AbortSignal }): Promise<GeneratedQuiz>;
}

export const QUIZ_MIN_QUESTIONS = 3;
export const QUIZ_MAX_QUESTIONS = 5;
export const QUIZ_OPTION_COUNT = 4;

export const QUIZ_TOO_SHORT_MESSAGE = "This section is too short to build a quiz from.";

/** Seconds at a transcript moment, placed inside the section (a borrowed neighbour's time is clamped). */
export function sourceTimeInSection(ms: number, source: Pick<QuizSource, "timeStart" | "timeEnd">): number {
  const seconds = Math.floor(ms / 1000);
  const last = source.timeEnd === null || source.timeEnd <= source.timeStart ? Infinity : source.timeEnd - 1;
  if (source.timeEnd !== null && source.timeEnd <= source.timeStart) return source.timeStart;
  return Math.min(Math.max(seconds, source.timeStart), last);
}

/** Whether a segment starts inside the section (the rule save-course uses for section starts). */
export function inSection(segment: Pick<TimedSegment, "startMs">, source: Pick<QuizSource, "timeStart" | "timeEnd">): boolean {
  const seconds = Math.floor(segment.startMs / 1000);
  return seconds >= source.timeStart && (source.timeEnd === null || seconds < source.timeEnd);
}

/**
 * The segments a quiz is built from: the section's own, and when they hold fewer than
 * `minWords` words, neighbours taken alternately after and before until they do (or the video
 * runs out). Positions in `segments`, in order.
 */
export function quizWindow(source: QuizSource, minWords: number): { own: number[]; window: number[] } {
  const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const own: number[] = [];
  source.segments.forEach((segment, position) => {
    if (inSection(segment, source)) own.push(position);
  });
  let words = own.reduce((sum, p) => sum + countWords(source.segments[p]!.text), 0);
  if (own.length === 0) {
    // A zero-length section (two sections starting in the same second): start at the first
    // segment at or after its start.
    const next = source.segments.findIndex((s) => Math.floor(s.startMs / 1000) >= source.timeStart);
    if (next < 0) return { own, window: [] };
    own.push(next);
    words = countWords(source.segments[next]!.text);
  }
  let low = own[0]!;
  let high = own[own.length - 1]!;
  for (let turn = 0; words < minWords && (low > 0 || high < source.segments.length - 1); turn++) {
    const after = turn % 2 === 0;
    if ((after && high < source.segments.length - 1) || low === 0) words += countWords(source.segments[++high]!.text);
    else words += countWords(source.segments[--low]!.text);
  }
  return { own, window: Array.from({ length: high - low + 1 }, (_, k) => low + k) };
}
