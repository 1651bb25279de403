import type { Complexity } from "~/lib/schemas/course";
import { layoutSectionContent } from "~/lib/section-content";
import { nothingToWriteFrom, sectionSegments, type SectionWriteInput, type SectionWriter } from "~/server/ai/section/types";
import { tokenize } from "~/server/language/text";

import { keyPoints, paragraphs, pointBudget, type WritableSentence, type WritingContext } from "./content";
import { toUnits } from "./engine";
import { rulesFor } from "./language-rules";
import { createTagger } from "./nlp";
import { documentFrequencies, inverseDocumentFrequencies } from "./similarity";

/** What an owner's instruction asks of the offline writer: a level, and words to say more about. */
export function readInstructions(instructions: string | null, complexity: Complexity): { complexity: Complexity; focus: string | null } {
  const text = instructions?.toLowerCase() ?? "";
  const level: Complexity = /\b(simpl|easier|easy|basic|beginner|plain)/.test(text)
    ? "beginner"
    : /\b(deeper|advanced|technical|in depth|more detail)/.test(text)
      ? "advanced"
      : complexity;
  const focus = /\bmore (?:on|about)\s+(.+)/i.exec(instructions ?? "")?.[1]?.trim() ?? null;
  return { complexity: level, focus: focus || null };
}

/**
 * Rewrites a section from its transcript alone: its key points (those that mention what the owner
 * asked for more on come first, one more point than usual) and the cleaned transcript at the level
 * asked for. The whole track weighs the words, as when the course was built.
 */
export function createOfflineSectionWriter(): SectionWriter {
  return {
    name: "offline",
    // eslint-disable-next-line @typescript-eslint/require-await -- the interface is async; this writer needs no waiting
    async write(input: SectionWriteInput): Promise<string> {
      return writeOffline(input);
    },
  };
}

function writeOffline(input: SectionWriteInput): string {
  const own = sectionSegments(input);
  if (own.every((segment) => !segment.text.trim())) throw nothingToWriteFrom();
  const rules = rulesFor(input.language);
  const units = toUnits(input.segments, input.language);
  const writing: WritingContext = {
    idf: inverseDocumentFrequencies(documentFrequencies(units.map((unit) => unit.stems)), units.length),
    tag: createTagger(),
    language: input.language,
    parsedPoints: rules.parsedPoints,
  };
  const inSection = toUnits(own, input.language);
  const sentences: WritableSentence[] = inSection.map((unit, k) => ({
    text: unit.text,
    stems: unit.stems,
    startMs: unit.startMs,
    endMs: unit.endMs,
    pauseBeforeMs: k > 0 ? unit.startMs - inSection[k - 1]!.endMs : 0,
  }));
  const { complexity, focus } = readInstructions(input.instructions, input.complexity);
  const wanted = new Set(focus ? tokenize(focus, input.language) : []);
  const focused = sentences.filter((sentence) => sentence.stems.some((stem) => wanted.has(stem)));
  const budget = pointBudget(sentences.length) + (focused.length > 0 ? 1 : 0);
  const first = focused.length > 0 ? keyPoints(focused, writing, Math.min(2, budget)) : [];
  const rest = keyPoints(sentences, writing, budget).filter((point) => !first.some((chosen) => chosen.text === point.text));
  const points = [...first, ...rest].slice(0, budget).sort((a, b) => a.seconds - b.seconds);
  const body = paragraphs(sentences, complexity);
  return layoutSectionContent(points, body.length > 0 ? body : [own.map((segment) => segment.text).join(" ")]);
}
