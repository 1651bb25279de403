/**
 * Which of a course's concepts a quiz question tests, without a model: those whose terms the
 * question or its answer uses (every stem of the concept's key, by the language's own rules, the
 * rules that made the key). A question that names none tests what its section explains: the
 * section's concept explained nearest to the question's moment.
 */
import { keyWords } from "~/server/ai/offline/concepts";
import { tokenize } from "~/server/language/text";

export type TaggableConcept = { id: number; key: string; moments: readonly { sectionId: number; timeSeconds: number }[] };

export type TaggableQuestion = { text: string; answer: string; sectionId: number; sourceTime: number | null };

export function conceptsTestedBy(question: TaggableQuestion, concepts: readonly TaggableConcept[], language: string): number[] {
  const used = new Set(keyWords(tokenize(`${question.text}\n${question.answer}`, language)));
  const named = concepts.filter((concept) => {
    const stems = concept.key.split(" ").filter(Boolean);
    return stems.length > 0 && stems.every((stem) => used.has(stem));
  });
  if (named.length > 0) return named.map((concept) => concept.id);

  let nearest: { id: number; distance: number } | null = null;
  for (const concept of concepts) {
    for (const moment of concept.moments) {
      if (moment.sectionId !== question.sectionId) continue;
      const distance = question.sourceTime === null ? 0 : Math.abs(moment.timeSeconds - question.sourceTime);
      if (!nearest || distance < nearest.distance) nearest = { id: concept.id, distance };
    }
  }
  return nearest ? [nearest.id] : [];
}
