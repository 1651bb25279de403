import { z } from "zod";

import { countParam, idParam, idSchema, learnerText } from "./common";

export const complexitySchema = z.enum(["beginner", "intermediate", "advanced"], { error: "Complexity must be beginner, intermediate or advanced" });
export type Complexity = z.infer<typeof complexitySchema>;

export const courseSummaryOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  complexity: complexitySchema,
  /** The language its texts are written in (a BCP 47 primary subtag: "en", "es", "ja"). */
  language: z.string(),
  createdAt: z.string().describe("ISO 8601"),
});
export type CourseSummary = z.infer<typeof courseSummaryOutput>;

export const coursesByUserInput = z.object({ userId: idParam.optional() }).strict();

export const courseIdInput = z.object({ id: idParam }).strict();

const sectionOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  order: z.number().int(),
  content: z.string(),
  /** Seconds from the start of the video. */
  timeStart: z.number().int(),
  /** Where it ends (seconds); null for sections of courses made before ends were kept (the next section's start). */
  timeEnd: z.number().int().nullable(),
});

export const courseDetailOutput = z.object({
  course: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    complexity: complexitySchema,
    videoId: z.string().nullable(),
    isPublic: z.boolean(),
    /** Which engine structured it: "llm" or "offline". */
    engine: z.string().nullable(),
    /** The language its texts are written in (a BCP 47 primary subtag: "en", "es", "ja"). */
    language: z.string(),
    /** The playlist it was built from, if it was. */
    playlistId: z.string().nullable(),
    /**
     * Its videos in order on the course's one timeline: every time of the course (sections, notes,
     * cards, transcript lines, citations) is seconds from the start of the first video, and each
     * video starts at its offset. One video for a course from a video.
     */
    videos: z.array(z.object({ videoId: z.string(), title: z.string(), offsetSeconds: z.number().int(), durationSeconds: z.number().int() })),
    isOwner: z.boolean(),
    /** The outline's version: an edit names the version it was made on (PATCH /api/courses/{id} and the other editing paths). */
    version: z.number().int(),
  }),
  chapters: z.array(z.object({ id: z.number().int(), title: z.string(), order: z.number().int(), sections: z.array(sectionOutput) })),
});
export type CourseDetail = z.infer<typeof courseDetailOutput>;

/** Making a course public (any signed-in learner can open it, with their own progress) or private again. */
export const courseSharingInput = z.object({ id: idSchema, isPublic: z.boolean() }).strict();
export const courseSharingOutput = z.object({ id: z.number().int(), isPublic: z.boolean() });

/** GET /api/recommendations: how many to answer (the home panel shows 3). */
export const recommendationsInput = z.object({ limit: countParam("limit", 1, 12).default(3) }).strict();

/**
 * The header search: a few words, matched against course, chapter and section titles. Cleaned
 * like the texts it looks for, so an override or a zero-width space pasted into the box does not
 * hide the word. NUL and lone surrogates are refused like in stored text: the database cannot
 * take NUL, and a lone surrogate would be sent as U+FFFD and match titles holding a replacement
 * character.
 */
export const courseSearchInput = z.object({ q: learnerText("Search", "one-line").min(1, "Please type something to search for").max(100) }).strict();
export const courseSearchOutput = z.array(
  z.object({
    kind: z.enum(["course", "chapter", "section"]),
    courseId: z.number().int(),
    courseTitle: z.string(),
    title: z.string(),
    /** The course, at the section's moment for a section. */
    href: z.string(),
  }),
);
export type CourseSearchResult = z.infer<typeof courseSearchOutput>[number];
