/**
 * A course's concepts from what a model named for each section: the same concept named in
 * several sections (by key, the extractor's rules: conceptKey) is one concept with a moment in
 * each; a moment is the first line of the section that says the concept, or the section's start
 * when none does or the transcript is in another language than the course. Strongest first: named
 * in more sections, then named earlier.
 */
import { conceptKey, keyWords, MAX_CONCEPTS, type ConceptMoment, type ConceptSection, type ExtractedConcept } from "~/server/ai/offline/concepts";
import type { NamedConcept } from "~/server/ai/structure/types";
import { cleanSentence, tokenize } from "~/server/language/text";
import type { TimedSegment } from "~/server/video/types";

export type NamedSection = ConceptSection & { named: readonly NamedConcept[] };

export function conceptsFromNames(input: {
  sections: readonly NamedSection[];
  /** The course's transcript on its timeline; null when it is in another language than the course. */
  segments: readonly TimedSegment[] | null;
  language: string;
}): ExtractedConcept[] {
  const { sections, segments, language } = input;
  const wordsAt = new Map<number, Set<string>>();
  const wordsOfLine = (line: number) => {
    let words = wordsAt.get(line);
    if (!words) wordsAt.set(line, (words = new Set(keyWords(tokenize(segments![line]!.text, language)))));
    return words;
  };
  /** The first line of the section that says every word of the key, if the transcript can tell. */
  const lineSaying = (key: string, section: NamedSection): number | null => {
    if (!segments) return null;
    const stems = key.split(" ");
    const end = section.endMs ?? Infinity;
    for (let line = 0; line < segments.length; line++) {
      const { startMs } = segments[line]!;
      if (startMs < section.startMs) continue;
      if (startMs >= end) break;
      const words = wordsOfLine(line);
      if (stems.every((stem) => words.has(stem))) return line;
    }
    return null;
  };

  type Candidate = ExtractedConcept & { sectionCount: number; order: number; firstLine: number | null };
  const byKey = new Map<string, Candidate>();
  for (const section of sections) {
    for (const { label, definition } of section.named) {
      const key = conceptKey(label, language);
      if (!key) continue;
      let candidate = byKey.get(key);
      if (candidate?.moments.some((moment) => moment.sectionId === section.id)) continue;
      const line = lineSaying(key, section);
      const moment: ConceptMoment = { sectionId: section.id, timeSeconds: Math.floor((line === null ? section.startMs : segments![line]!.startMs) / 1000) };
      if (!candidate) {
        candidate = {
          key,
          label: label.charAt(0).toUpperCase() + label.slice(1),
          definition,
          moments: [],
          sectionCount: 0,
          order: byKey.size,
          firstLine: line,
        };
        byKey.set(key, candidate);
      }
      candidate.moments.push(moment);
      candidate.sectionCount += 1;
      if (!candidate.definition) candidate.definition = definition;
      candidate.firstLine ??= line;
    }
  }
  return [...byKey.values()]
    .sort((a, b) => b.sectionCount - a.sectionCount || a.order - b.order)
    .slice(0, MAX_CONCEPTS)
    .map(({ key, label, definition, moments, firstLine }) => ({
      key,
      label,
      // A model that gave no definition: the video's own line where the concept comes up.
      definition: definition || (firstLine === null ? "" : cleanSentence(segments![firstLine]!.text)),
      moments,
    }));
}
