import { z } from "zod";

import { reviewQueueCardOutput } from "./cards";
import { idSchema } from "./common";
import { quizAnswerInput, quizQuestionOutput } from "./quiz";

/** Where a video explains a concept: the section, and the second of the course's timeline. */
const conceptMomentOutput = z.object({ sectionId: z.number().int(), timeSeconds: z.number().int() });

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

const CONCEPT_LINK_KINDS = ["before", "with"] as const;

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
      courses: z.array(z.object({ courseId: z.number().int(), title: z.string(), moments: z.array(conceptMomentOutput) })),
    }),
  ),
  edges: z.array(z.object({ from: z.number().int(), to: z.number().int(), kind: z.enum(CONCEPT_LINK_KINDS) })),
  timelines: z
    .array(
      z.object({
        courseId: z.number().int(),
        videos: z.array(z.object({ videoId: z.string(), offsetSeconds: z.number().int(), durationSeconds: z.number().int() })),
      }),
    )
    .describe(
      "The videos of each course the concepts name, in order, each starting at its offset on the course's timeline: in a course from a playlist a moment is in the last video starting at or before it",
    ),
});
export type MasteryMap = z.infer<typeof masteryOutput>;

/** Practice takes the concepts it is asked for, at most this many at once. */
const PRACTICE_MAX_CONCEPTS = 20;

/** POST /api/practice */
export const practiceInput = z
  .object({
    conceptIds: z
      .array(idSchema, { error: "conceptIds must be a list of concept ids" })
      .min(1, "Choose at least one concept to practise")
      .max(PRACTICE_MAX_CONCEPTS, `Practise at most ${PRACTICE_MAX_CONCEPTS} concepts at once`),
  })
  .strict();

const practiceQuestionOutput = quizQuestionOutput.extend({
  quizId: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  /** The practised concepts this question tests. */
  conceptIds: z.array(z.number().int()),
});

/** A practice set: the learner's due cards on the concepts, and questions on them from the quizzes of every course that explains them. */
export const practiceOutput = z.object({
  concepts: z.array(z.object({ id: z.number().int(), label: z.string() })),
  cards: z.array(reviewQueueCardOutput),
  questions: z.array(practiceQuestionOutput),
});
export type PracticeSet = z.infer<typeof practiceOutput>;

/** One practice answer, scored at once and recorded as evidence. */
export const practiceAnswerInput = quizAnswerInput;

export const practiceAnswerOutput = z.object({
  questionId: z.number().int(),
  answer: z.string(),
  correct: z.boolean(),
  /** How right the answer is, 0–1 (a choice: 0 or 1; an open answer: its graded credit). */
  credit: z.number().min(0).max(1),
  /** What an open answer missed and where to rewatch it; null for a choice. */
  feedback: z.string().nullable(),
  correctAnswer: z.string(),
  explanation: z.string(),
  sourceTime: z.number().int().nullable(),
  /** The moment as the course page labels it ("Video 2 · 1:10" in a playlist, "1:10" otherwise); null without one. */
  moment: z.string().nullable(),
  courseId: z.number().int(),
  /** The learner's mastery of the question's concepts after this answer. */
  mastery: z.array(z.object({ conceptId: z.number().int(), mastery: z.number().min(0).max(1) })),
});
export type PracticeAnswer = z.infer<typeof practiceAnswerOutput>;
