import { z } from "zod";

import { idParam, idSchema, learnerText, storableText } from "./common";
import { ASSIGNMENT_NOTE_MAX_LENGTH } from "~/lib/rules/classes";

/** A due date is at most this far ahead: further is a typing mistake (year 2205), not a plan. */
const DUE_DATE_MAX_YEARS = 5;
/** How many of an assignment's most missed questions, and weakest concepts, the dashboard lists. */
export const MISSED_QUESTIONS_SHOWN = 5;
export const WEAKEST_CONCEPTS_SHOWN = 3;

/** An instant with its offset ("2026-12-24T17:00:00Z", "2026-12-24T18:00:00+01:00"), or a day ("2026-12-24", the end of that day in UTC). */
const dueAt = storableText("dueAt")
  .max(40, "dueAt must be a date such as 2026-12-24 or 2026-12-24T17:00:00Z")
  .refine(
    (value) => z.iso.date().safeParse(value).success || z.iso.datetime({ offset: true }).safeParse(value).success,
    "dueAt must be a date such as 2026-12-24 or 2026-12-24T17:00:00Z",
  )
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value))
  .refine((date) => date.getTime() > Date.now(), "A due date must be in the future")
  .refine((date) => date.getTime() < Date.now() + DUE_DATE_MAX_YEARS * 366 * 86_400_000, `A due date can be at most ${DUE_DATE_MAX_YEARS} years ahead`);

const assignmentNote = learnerText("Note", "multi-line").max(
  ASSIGNMENT_NOTE_MAX_LENGTH,
  `A note can be at most ${ASSIGNMENT_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`,
);

/** POST /api/classes/{id}/assignments */
export const assignmentCreateInput = z.object({ id: idParam, courseId: idSchema, dueAt: dueAt.nullish(), note: assignmentNote.nullish() }).strict();
export type AssignmentCreateInput = z.infer<typeof assignmentCreateInput>;

/** DELETE /api/assignments/{id} */
export const assignmentIdInput = z.object({ id: idParam }).strict();

/** GET /api/classes/{id}/dashboard, GET /api/classes/{id}/assignments */
export const classAssignmentsInput = z.object({ id: idParam }).strict();

const iso = (what: string) => z.string().describe(`ISO 8601: ${what}`);

/** The caller's own progress on an assigned course. */
const assignmentProgressOutput = z.object({
  sectionsDone: z.number().int(),
  sectionsTotal: z.number().int(),
  quizAverage: z.number().nullable().describe("0–100: the mean credit of the caller's latest answers to the course's questions; null before any"),
  completedAt: iso("when the last section was completed").nullable(),
});

const assignmentOutput = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  courseId: z.number().int(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  dueAt: iso("the due date").nullable(),
  note: z.string().nullable(),
  createdAt: iso("when it was assigned"),
  available: z.boolean().describe("False when the course is no longer shared with the class (its author made it private, or it is being rebuilt)"),
  progress: assignmentProgressOutput,
});
export type AssignmentView = z.infer<typeof assignmentOutput>;

/** POST /api/classes/{id}/assignments */
export const assignmentResultOutput = z.object({ assignment: assignmentOutput });

/** GET /api/assignments (every class), GET /api/classes/{id}/assignments (one): the caller's own progress on each, soonest due first. */
export const assignmentListOutput = z.object({ assignments: z.array(assignmentOutput) });

/** One member's standing on one assignment, as the class's owner and teachers see it. */
const memberAssignmentOutput = z.object({
  assignmentId: z.number().int(),
  sectionsDone: z.number().int(),
  sectionsTotal: z.number().int(),
  quizAverage: z.number().nullable().describe("0–100; null before any answer"),
  completedAt: iso("when the member completed its last section").nullable(),
});

/** GET /api/classes/{id}/dashboard: members × assignments, and what the class missed. Owner and teachers only. */
export const classDashboardOutput = z.object({
  members: z.array(
    z.object({
      userId: z.number().int(),
      username: z.string(),
      lastActiveAt: iso("the member's last section, answer or move in an assigned course").nullable(),
      assignments: z.array(memberAssignmentOutput),
    }),
  ),
  assignments: z.array(
    z.object({
      id: z.number().int(),
      courseId: z.number().int(),
      title: z.string(),
      dueAt: iso("the due date").nullable(),
      note: z.string().nullable(),
      sectionsTotal: z.number().int(),
      missed: z
        .array(
          z.object({
            questionId: z.number().int(),
            questionText: z.string(),
            missedBy: z.number().int().describe("How many members' latest answer to it was wrong (credit below 0.6)"),
            answeredBy: z.number().int(),
            sectionId: z.number().int(),
            sourceTime: z.number().int().nullable().describe("Seconds into the video the question is about"),
          }),
        )
        .describe("The most missed questions, most missed first"),
      weakestConcepts: z
        .array(z.object({ conceptId: z.number().int(), label: z.string(), mastery: z.number(), learners: z.number().int() }))
        .describe("The course's concepts the class masters least (mean mastery of the members with evidence on it)"),
    }),
  ),
});
export type ClassDashboard = z.infer<typeof classDashboardOutput>;

export const CLASS_EXPORT_FORMATS = ["csv"] as const;

/** GET /api/classes/{id}/export?format=csv */
export const classExportInput = z.object({
  id: idParam,
  format: z.enum(CLASS_EXPORT_FORMATS, { error: `format must be one of: ${CLASS_EXPORT_FORMATS.join(", ")}` }),
});

/** classes.exportCsv (the typed client): the same file as GET /api/classes/{id}/export?format=csv. */
export const classCsvOutput = z.object({ fileName: z.string(), csv: z.string() });
