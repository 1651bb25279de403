import { z } from "zod";

/**
 * What the model is asked to return. Lengths and ids are checked in code (index.ts), not in the
 * JSON schema: OpenAI-compatible servers differ in which schema keywords they enforce, and a
 * section's id is only valid relative to the transcript part it was asked about.
 */

const title = z.string().describe("Short, specific title naming what this part teaches (at most 10 words, no numbering)");

/** The concepts a section explains; a missing or broken list reads as none rather than failing the outline. */
const conceptsSchema = z
  .array(
    z.object({
      label: z.string().describe("The concept's name as the video calls it: a noun phrase of 1 to 4 words, no article, in the course language"),
      definition: z.string().describe("One sentence saying what it is, from what the video says"),
    }),
  )
  .catch([])
  .describe("The 1 to 3 key concepts (terms, named ideas, methods) this section explains; the same label each time a concept comes back in another section");

const sectionSchema = z.object({
  startSegment: z.number().int().min(0).describe("The [id] of the transcript segment where this section starts; greater than the previous section's id"),
  title,
  content: z
    .string()
    .describe(
      "Learner-facing lesson text explaining what this part of the video teaches: several short paragraphs or '- ' bullet lists separated by line breaks, plain text (no markdown headings), not a copy of the transcript",
    ),
  concepts: conceptsSchema,
});

const chapterSchema = z.object({
  title,
  summary: z.string().describe("One or two sentences on what the learner gets from this chapter"),
  sections: z.array(sectionSchema).min(1).describe("The chapter's sections in video order"),
});

/** One transcript part: its chapters (or, with creator chapters, the given chapters in order). */
export const partOutlineSchema = z.object({
  chapters: z.array(chapterSchema).min(1).describe("Chapters in video order"),
});

export const courseInfoSchema = z.object({
  title: z.string().describe("Course title (at most 12 words)"),
  description: z.string().describe("Two or three sentences telling a learner what the course covers and who it is for"),
});

/** A transcript short enough for one call: course title, description and chapters at once. */
export const courseOutlineSchema = courseInfoSchema.extend(partOutlineSchema.shape);

export type PartOutlineOutput = z.infer<typeof partOutlineSchema>;
export type CourseInfoOutput = z.infer<typeof courseInfoSchema>;
