import { z } from "zod";

import { courseLanguageOf } from "../languages";

import { idSchema, learnerText } from "./common";
import { complexitySchema } from "./course";
import { INSTRUCTIONS_MAX_LENGTH, TOPIC_MAX_LENGTH, TOPIC_MIN_LENGTH, TOPIC_TOO_SHORT_MESSAGE, UNSUPPORTED_LANGUAGE_MESSAGE } from "~/lib/rules/generation";

/** A topic to learn, or a YouTube link or id. */
const topicSchema = learnerText("Topic", "one-line")
  .min(TOPIC_MIN_LENGTH, TOPIC_TOO_SHORT_MESSAGE)
  .max(TOPIC_MAX_LENGTH, `Please keep your topic under ${TOPIC_MAX_LENGTH} characters`);

const instructionsSchema = learnerText("Additional instructions", "multi-line")
  .max(INSTRUCTIONS_MAX_LENGTH, `Please keep additional instructions under ${INSTRUCTIONS_MAX_LENGTH} characters`)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The course language, as a BCP 47 tag ("es", "pt-BR", "zh-Hans"), stored as its primary subtag.
 * Absent: the video's own language (what every client got before languages existed).
 */
const courseLanguageInput = z
  .string({ error: "must be a BCP 47 language code such as es or pt-BR" })
  .max(35, UNSUPPORTED_LANGUAGE_MESSAGE)
  .transform((tag, context) => {
    const language = courseLanguageOf(tag);
    if (language === null) {
      context.addIssue({ code: "custom", message: UNSUPPORTED_LANGUAGE_MESSAGE });
      return z.NEVER;
    }
    return language;
  })
  .optional();

export const startGenerationInput = z
  .object({
    topic: topicSchema,
    complexity: complexitySchema.default("beginner"),
    additionalInstructions: instructionsSchema,
    language: courseLanguageInput,
  })
  .strict();
export type StartGenerationInput = z.infer<typeof startGenerationInput>;

/** POST /api/courses/generate-from-topic: the documented body (userId is the caller's own or absent). */
export const generateFromTopicInput = startGenerationInput.extend({ userId: idSchema.optional() }).strict();

export const generateFromTopicOutput = z.object({
  course: z.object({
    id: z.number().int(),
    title: z.string(),
    complexity: complexitySchema,
    videoId: z.string().nullable(),
    engine: z.string().nullable(),
    /** The language the course is written in (a BCP 47 primary subtag). */
    language: z.string(),
  }),
  /**
   * What the learner should know of the course, as the job's notices: a playlist's videos it
   * skipped (no transcript, not found, another language offline), a language it could not keep.
   */
  notices: z.array(z.string()),
});

const jobStatusSchema = z.enum(["queued", "running", "succeeded", "failed"]);

/** The stages a learner sees, in order. */
export const GENERATION_STAGES = ["queued", "finding-video", "reading-transcript", "structuring", "writing", "saving", "done"] as const;
export const generationStageSchema = z.enum(GENERATION_STAGES);
export type GenerationStage = z.infer<typeof generationStageSchema>;

export const jobIdInput = z.object({ jobId: z.uuid("jobId must be a UUID") }).strict();

export const generationJobOutput = z.object({
  id: z.string(),
  status: jobStatusSchema,
  stage: generationStageSchema,
  /** Where in its stage the job is ("Video 3 of 12"), when there is more to say than the stage. */
  stageDetail: z.string().nullable(),
  /** 0..100 */
  progress: z.number().int(),
  courseId: z.number().int().nullable(),
  /** Which engine structured the course ("llm" or "offline"), once it is saved. */
  engine: z.string().nullable(),
  /** For a failed job: what went wrong, written for the learner. */
  error: z.string().nullable(),
  /** For a finished job: what the learner should know beside the course (a language it could not keep, videos it skipped). */
  notices: z.array(z.string()),
});
export type GenerationJobView = z.infer<typeof generationJobOutput>;

export const courseLimitOutput = z.object({
  canCreateCourse: z.boolean(),
  subscriptionTier: z.enum(["free", "premium"]),
  coursesCreatedThisMonth: z.number().int(),
  /** Courses a month on this plan; null = unlimited. */
  monthlyLimit: z.number().int().nullable(),
});
export type CourseLimit = z.infer<typeof courseLimitOutput>;
