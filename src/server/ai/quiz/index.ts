/**
 * The LLM quiz engine: one structured model call over the section's transcript (fenced as data).
 *
 * Trust: the answer is parsed by the zod schema, then checked in code: every question cites a
 * segment id it was shown, has four distinct options and a correct answer that is one of them.
 * Anything else is malformed and retried at most `maxMalformedRetries` times, then an AiError.
 * Times are never taken from the model: sourceTime is the cited segment's start, in the section.
 */
import type { LanguageModel } from "ai";

import { toStorableText } from "~/lib/schemas/common";
import { AI_FAILURE_MESSAGES, callStructured, MalformedOutputError } from "~/server/ai/call";
import type { AiFailure } from "~/server/ai/errors";
import { AppError } from "~/server/errors";
import type { TimedSegment } from "~/server/video/types";

import { quizPrompt, QUIZ_SYSTEM_PROMPT } from "./prompt";
import { keepStandingAlone } from "./stand-alone";
import { quizOutputSchema, type QuizOutput } from "./schema";
import {
  QUIZ_MAX_QUESTIONS,
  QUIZ_MIN_QUESTIONS,
  QUIZ_OPTION_COUNT,
  QUIZ_TOO_SHORT_MESSAGE,
  quizWindow,
  sourceTimeInSection,
  type GeneratedQuestion,
  type GeneratedQuiz,
  type QuizEngine,
  type QuizSource,
} from "./types";

export type LlmQuizOptions = { timeoutMs?: number; maxMalformedRetries?: number };

export const QUIZ_AI_MESSAGES: Record<AiFailure, string> = {
  ...AI_FAILURE_MESSAGES,
  malformed: "The AI service returned an unusable quiz. Please try again.",
};

/** A section with fewer words borrows neighbouring text; with fewer than the minimum, no quiz. */
const WINDOW_MIN_WORDS = 80;
const MIN_WORDS = 25;
const TITLE_MAX = 120;
const QUESTION_MAX = 400;
const OPTION_MAX = 300;
const EXPLANATION_MAX = 1_000;

export function createLlmQuizEngine(model: LanguageModel, options: LlmQuizOptions = {}): QuizEngine {
  const settings = {
    timeoutMs: options.timeoutMs ?? 60_000,
    maxMalformedRetries: Math.max(0, Math.floor(options.maxMalformedRetries ?? 2)),
    malformedMessage: QUIZ_AI_MESSAGES.malformed,
  };
  return {
    name: "llm",
    async generate(source, { signal } = {}) {
      const { own, window } = quizWindow(source, WINDOW_MIN_WORDS);
      const shown = window.map((position) => source.segments[position]!);
      const words = shown.reduce((sum, s) => sum + s.text.split(/\s+/).filter(Boolean).length, 0);
      if (words < MIN_WORDS) throw new AppError("UNPROCESSABLE", QUIZ_TOO_SHORT_MESSAGE);
      const prompt = quizPrompt({
        courseTitle: source.courseTitle,
        sectionTitle: source.sectionTitle,
        segments: shown,
        borrowed: window.length > own.length,
        language: source.language,
        concepts: source.concepts,
      });
      return callStructured(model, settings, {
        schema: quizOutputSchema,
        instructions: QUIZ_SYSTEM_PROMPT,
        prompt,
        signal,
        read: (output) => readQuiz(output, shown, source),
      });
    },
  };
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const clean = (text: string, max: number) => clip(toStorableText(text).replace(/\s+/g, " ").trim(), max);
const key = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Checks the model's quiz against what it was shown and turns it into questions with times.
 * Exported for tests.
 */
function readQuiz(
  output: QuizOutput,
  shown: readonly TimedSegment[],
  source: Pick<QuizSource, "timeStart" | "timeEnd" | "sectionTitle" | "concepts">,
): GeneratedQuiz {
  const startMs = new Map(shown.map((s) => [s.index, s.startMs]));
  // A tag names one of the concepts the model was shown, or it is dropped.
  const labelOf = new Map((source.concepts ?? []).map((label) => [key(label), label]));
  const tagsOf = (labels: readonly string[]) => [...new Set(labels.flatMap((label) => labelOf.get(key(label)) ?? []))];
  const seen = new Set<string>();
  const questions: GeneratedQuestion[] = [];
  output.questions.forEach((q, n) => {
    const where = `question ${n + 1}`;
    const questionText = clean(q.questionText, QUESTION_MAX);
    const explanation = clean(q.explanation, EXPLANATION_MAX);
    if (!questionText || !explanation) throw new MalformedOutputError(`${where} has no text or explanation`);
    const ms = startMs.get(q.segmentId);
    if (ms === undefined) throw new MalformedOutputError(`${where} cites segment ${q.segmentId}, which it was not shown`);
    // Options are clipped only when short enough to stay distinct and matchable; longer is malformed.
    const options = q.options.map((o) => toStorableText(o).replace(/\s+/g, " ").trim());
    if (options.length !== QUIZ_OPTION_COUNT || options.some((o) => !o || o.length > OPTION_MAX))
      throw new MalformedOutputError(`${where} needs ${QUIZ_OPTION_COUNT} non-empty options`);
    if (new Set(options.map(key)).size !== options.length) throw new MalformedOutputError(`${where} repeats an option`);
    const correct = options.filter((o) => key(o) === key(toStorableText(q.correctAnswer)));
    if (correct.length !== 1) throw new MalformedOutputError(`${where}: the correct answer is not one of the options`);
    // The same question twice is dropped, not a reason to ask again.
    if (seen.has(key(questionText))) return;
    seen.add(key(questionText));
    const concepts = labelOf.size > 0 ? { concepts: tagsOf(q.concepts) } : {};
    questions.push({ questionText, options, correctAnswer: correct[0]!, explanation, sourceTime: sourceTimeInSection(ms, source), ...concepts });
  });
  // A question that gives another's answer away (or is given away) is dropped, the earlier kept.
  const standing = keepStandingAlone(questions);
  if (standing.length < QUIZ_MIN_QUESTIONS) throw new MalformedOutputError(`only ${standing.length} distinct questions that do not give each other away`);
  const title = clean(output.title, TITLE_MAX) || `Quiz: ${clean(source.sectionTitle, TITLE_MAX - 6)}`;
  return { title, description: clean(output.description, EXPLANATION_MAX), questions: standing.slice(0, QUIZ_MAX_QUESTIONS) };
}
