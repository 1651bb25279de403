import { z } from "zod";

import { countParam, idParam, learnerText, MAX_ID, secondsSchema, wholeNumberParam, wholeNumberSchema } from "./common";
import { COURSE_DESCRIPTION_MAX_LENGTH, COURSE_TITLE_MAX_LENGTH, REGENERATE_INSTRUCTIONS_MAX_LENGTH, SECTION_CONTENT_MAX_LENGTH } from "~/lib/rules/editing";

const versionRules = { min: 1, max: MAX_ID, description: "The course version the edit was made on (GET /api/courses/{id} carries it)" };
/** The version an edit was made on, in a JSON body. */
const version = wholeNumberSchema("version", versionRules);
/** The same in a query key (DELETE). */
const versionParam = wholeNumberParam("version", versionRules);
/** A version named in the path: the one to show or restore. */
const versionInPath = (description: string) => wholeNumberParam("version", { ...versionRules, description });

const title = (label: string) =>
  learnerText(label, "one-line")
    .min(1, `${label} cannot be empty`)
    .max(COURSE_TITLE_MAX_LENGTH, `${label} can be at most ${COURSE_TITLE_MAX_LENGTH} characters`);

/** A section's content as its owner writes it (and as long as a merge may make it). */
export const sectionContentSchema = learnerText("Content", "multi-line")
  .min(1, "The content cannot be empty")
  .max(SECTION_CONTENT_MAX_LENGTH, `The content can be at most ${SECTION_CONTENT_MAX_LENGTH.toLocaleString("en-US")} characters`);

/** PATCH /api/courses/{id} */
export const courseEditInput = z
  .object({
    id: idParam,
    title: title("Title").optional(),
    description: learnerText("Description", "multi-line")
      .max(COURSE_DESCRIPTION_MAX_LENGTH, `The description can be at most ${COURSE_DESCRIPTION_MAX_LENGTH.toLocaleString("en-US")} characters`)
      .optional(),
    version,
  })
  .strict();

/** PATCH /api/chapters/{id} */
export const chapterEditInput = z.object({ id: idParam, title: title("Title"), version }).strict();

/** PATCH /api/sections/{id}: `timeStart` moves the section's start (and the previous section's end, in the same video). */
export const sectionEditInput = z
  .object({
    id: idParam,
    title: title("Title").optional(),
    content: sectionContentSchema.optional(),
    timeStart: secondsSchema("timeStart", "Seconds from the start of the course; rounded to a whole second").optional(),
    version,
  })
  .strict();

/** POST /api/sections/{id}/split */
export const sectionSplitInput = z
  .object({ id: idParam, atSeconds: secondsSchema("atSeconds", "Where the second half starts, in seconds from the start of the course"), version })
  .strict();

/** POST /api/sections/{id}/merge-next */
export const sectionMergeInput = z.object({ id: idParam, version }).strict();

/** POST /api/sections/{id}/regenerate */
export const sectionRegenerateInput = z
  .object({
    id: idParam,
    instructions: learnerText("Instructions", "multi-line")
      .max(REGENERATE_INSTRUCTIONS_MAX_LENGTH, `Instructions can be at most ${REGENERATE_INSTRUCTIONS_MAX_LENGTH} characters`)
      .optional(),
    version,
  })
  .strict();

/** A section's regeneration, a job like a course's generation: poll GET /api/regenerations/{jobId} until it succeeds or fails. */
export const regenerationOutput = z.object({
  jobId: z.string(),
  status: z.enum(["queued", "running", "succeeded", "failed"]),
  stage: z.enum(["queued", "writing", "quiz", "saving", "done"]),
  /** 0..100 */
  progress: z.number().int(),
  /** For a failed one: what went wrong, written for the owner. */
  error: z.string().nullable(),
  courseId: z.number().int().nullable(),
  sectionId: z.number().int().nullable(),
});
export type RegenerationView = z.infer<typeof regenerationOutput>;

export const regenerationIdInput = z.object({ jobId: z.uuid("jobId must be a UUID") }).strict();

/** DELETE /api/questions/{id}?version= */
export const questionDeleteInput = z.object({ id: idParam, version: versionParam }).strict();

/** GET /api/courses/{id}/versions?limit=: the newest `limit` versions (100 unless asked). */
export const courseVersionsInput = z.object({ id: idParam, limit: countParam("limit", 1, 500).default(100) }).strict();

/** GET /api/courses/{id}/versions/{version} */
export const courseVersionInput = z.object({ id: idParam, version: versionInPath("The version to show") }).strict();

/** POST /api/courses/{id}/versions/{version}/restore: `baseVersion`, when sent, is the version the page shows (a stale one is a 409). */
export const courseRestoreInput = z
  .object({ id: idParam, version: versionInPath("The version to restore"), baseVersion: wholeNumberSchema("baseVersion", versionRules).optional() })
  .strict();

/** What an edit answers: the course's new version. */
export const courseEditOutput = z.object({ courseId: z.number().int(), version: z.number().int() });
export type CourseEditResult = z.infer<typeof courseEditOutput>;

export const sectionSplitOutput = courseEditOutput.extend({ sectionId: z.number().int(), newSectionId: z.number().int() });
export const sectionMergeOutput = courseEditOutput.extend({ sectionId: z.number().int() });

/** What a version changed, as stored with it; the page words it. */
export const courseChangeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("generated") }),
  z.object({ kind: z.literal("course"), fields: z.array(z.enum(["title", "description"])) }),
  z.object({ kind: z.literal("chapter"), chapterId: z.number().int(), title: z.string() }),
  z.object({ kind: z.literal("section"), sectionId: z.number().int(), title: z.string(), fields: z.array(z.enum(["title", "content", "timeStart"])) }),
  z.object({ kind: z.literal("split"), sectionId: z.number().int(), newSectionId: z.number().int(), title: z.string(), atSeconds: z.number() }),
  z.object({ kind: z.literal("merge"), sectionId: z.number().int(), mergedIds: z.array(z.number().int()), title: z.string() }),
  z.object({ kind: z.literal("question"), questionId: z.number().int(), sectionId: z.number().int(), title: z.string() }),
  z.object({ kind: z.literal("regenerate"), sectionId: z.number().int(), title: z.string(), instructions: z.string().nullable() }),
  z.object({ kind: z.literal("restore"), from: z.number().int() }),
]);
export type CourseChange = z.infer<typeof courseChangeSchema>;

/** GET /api/courses/{id}/versions: newest first. */
export const courseVersionsOutput = z.object({
  version: z.number().int(),
  /** How many versions the course has (the list holds the newest `limit` of them). */
  total: z.number().int(),
  versions: z.array(
    z.object({
      version: z.number().int(),
      createdAt: z.string().describe("ISO 8601"),
      /** Who saved it; null once that account is gone. */
      by: z.string().nullable(),
      change: courseChangeSchema,
    }),
  ),
});
export type CourseVersions = z.infer<typeof courseVersionsOutput>;

const outlineSection = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  timeStart: z.number().int(),
  timeEnd: z.number().int().nullable(),
});

/** GET /api/courses/{id}/versions/{version}: the outline as that version left it, to compare with the current one. */
export const courseVersionOutput = z.object({
  version: z.number().int(),
  createdAt: z.string().describe("ISO 8601"),
  change: courseChangeSchema,
  outline: z.object({
    title: z.string(),
    description: z.string().nullable(),
    chapters: z.array(z.object({ id: z.number().int(), title: z.string(), sections: z.array(outlineSection) })),
  }),
});
export type CourseVersionView = z.infer<typeof courseVersionOutput>;
