import { z } from "zod";

/** Where a video explains a concept: the section, and the second of the course's timeline. */
export const conceptMomentOutput = z.object({ sectionId: z.number().int(), timeSeconds: z.number().int() });
export type ConceptMoment = z.infer<typeof conceptMomentOutput>;

/** GET /api/courses/{id}/concepts: the course's concepts, strongest first. */
export const courseConceptsOutput = z.object({
  concepts: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      definition: z.string().describe("One sentence of the video that says what it is"),
      moments: z.array(conceptMomentOutput),
    }),
  ),
});
export type CourseConcepts = z.infer<typeof courseConceptsOutput>;

export const CONCEPT_LINK_KINDS = ["before", "with"] as const;

/** GET /api/mastery: the learner's concepts, their mastery, the courses that explain them, and the map's links. */
export const masteryOutput = z.object({
  concepts: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      language: z.string(),
      mastery: z.number().min(0).max(1).describe("The probability that the learner knows it now (docs/mastery.md)"),
      evidenceCount: z.number().int(),
      lastEvidenceAt: z.string().nullable().describe("ISO 8601; null before any evidence"),
      courses: z.array(z.object({ courseId: z.number().int(), moments: z.array(conceptMomentOutput) })),
    }),
  ),
  edges: z.array(z.object({ from: z.number().int(), to: z.number().int(), kind: z.enum(CONCEPT_LINK_KINDS) })),
});
export type MasteryMap = z.infer<typeof masteryOutput>;
