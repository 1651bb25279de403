import {
  chapterEditInput,
  courseEditInput,
  courseEditOutput,
  courseRestoreInput,
  courseVersionInput,
  courseVersionOutput,
  courseVersionsInput,
  courseVersionsOutput,
  questionDeleteInput,
  regenerationIdInput,
  regenerationOutput,
  sectionEditInput,
  sectionMergeInput,
  sectionMergeOutput,
  sectionRegenerateInput,
  sectionSplitInput,
  sectionSplitOutput,
} from "~/lib/schemas/editing";
import { deleteQuestion } from "~/server/services/editing/delete-question";
import { editChapter } from "~/server/services/editing/edit-chapter";
import { editCourse } from "~/server/services/editing/edit-course";
import { editSection } from "~/server/services/editing/edit-section";
import { getVersion } from "~/server/services/editing/get-version";
import { listVersions } from "~/server/services/editing/list-versions";
import { mergeNextSection } from "~/server/services/editing/merge-next-section";
import { getRegeneration, startRegeneration } from "~/server/services/editing/regenerate";
import { restoreVersion } from "~/server/services/editing/restore-version";
import { splitSection } from "~/server/services/editing/split-section";

import { createTRPCRouter, protectedProcedure } from "../trpc";

const STALE = "The course was changed elsewhere: `data.currentVersion` is its version now";

/**
 * The owner corrects a course in place. Every edit names the version it was made on and answers
 * the new one; anyone but the owner gets the 404 of an unknown id.
 */
export const editingRouter = createTRPCRouter({
  // PATCH /api/courses/{id}
  course: protectedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/courses/{id}",
        errorResponses: { 404: "Course Not Found", 409: STALE },
        tags: ["editing"],
        summary: "Rename your course or change its description",
      },
    })
    .input(courseEditInput)
    .output(courseEditOutput)
    .mutation(({ ctx, input }) => editCourse(ctx.db, { userId: ctx.user.id, ...input })),

  // PATCH /api/chapters/{id}
  chapter: protectedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/chapters/{id}",
        errorResponses: { 404: "Chapter not found", 409: STALE },
        tags: ["editing"],
        summary: "Rename a chapter of your course",
      },
    })
    .input(chapterEditInput)
    .output(courseEditOutput)
    .mutation(({ ctx, input }) => editChapter(ctx.db, { userId: ctx.user.id, ...input })),

  // PATCH /api/sections/{id}
  section: protectedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/sections/{id}",
        errorResponses: { 404: "Section not found", 409: STALE, 422: "The new start leaves a section shorter than 15 seconds or outside its video" },
        tags: ["editing"],
        summary: "Change a section of your course: its title, content (Markdown) or start",
      },
    })
    .input(sectionEditInput)
    .output(courseEditOutput)
    .mutation(({ ctx, input }) => editSection(ctx.db, { userId: ctx.user.id, ...input })),

  // POST /api/sections/{id}/split
  split: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/sections/{id}/split",
        errorResponses: { 404: "Section not found", 409: STALE, 422: "Either half would be shorter than 15 seconds" },
        tags: ["editing"],
        summary: "Split a section of your course in two at a moment",
      },
    })
    .input(sectionSplitInput)
    .output(sectionSplitOutput)
    .mutation(({ ctx, input }) => splitSection(ctx.db, { userId: ctx.user.id, ...input })),

  // POST /api/sections/{id}/merge-next
  mergeNext: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/sections/{id}/merge-next",
        errorResponses: { 404: "Section not found", 409: STALE, 422: "The section is the last of its chapter, or the next one is in another video" },
        tags: ["editing"],
        summary: "Merge a section of your course with the next one of its chapter",
      },
    })
    .input(sectionMergeInput)
    .output(sectionMergeOutput)
    .mutation(({ ctx, input }) => mergeNextSection(ctx.db, { userId: ctx.user.id, ...input })),

  // POST /api/sections/{id}/regenerate
  regenerate: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/sections/{id}/regenerate",
        errorResponses: {
          404: "Section not found",
          409: `${STALE}, or the section is already being regenerated`,
          429: "Three sections of yours are being regenerated already",
        },
        tags: ["editing"],
        summary: "Regenerate a section's content and quiz (a job; it does not count toward the monthly limit)",
      },
    })
    .input(sectionRegenerateInput)
    .output(regenerationOutput)
    .mutation(({ ctx, input }) => startRegeneration(ctx.db, { userId: ctx.user.id, ...input })),

  // GET /api/regenerations/{jobId}
  regeneration: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/regenerations/{jobId}",
        errorResponses: { 404: "Regeneration not found" },
        tags: ["editing"],
        summary: "Where one of your section regenerations is: its stage and progress, then success or what went wrong",
      },
    })
    .input(regenerationIdInput)
    .output(regenerationOutput)
    .query(({ ctx, input }) => getRegeneration(ctx.db, { userId: ctx.user.id, jobId: input.jobId })),

  // DELETE /api/questions/{id}?version=
  deleteQuestion: protectedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/questions/{id}",
        errorResponses: { 404: "Question not found", 409: STALE },
        tags: ["editing"],
        summary: "Delete a question from a quiz of your course",
      },
    })
    .input(questionDeleteInput)
    .output(courseEditOutput)
    .mutation(({ ctx, input }) => deleteQuestion(ctx.db, { userId: ctx.user.id, ...input })),

  // GET /api/courses/{id}/versions
  versions: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/versions",
        errorResponses: { 404: "Course Not Found" },
        tags: ["editing"],
        summary: "The saved versions of your course, newest first (the newest 100, or `limit`)",
      },
    })
    .input(courseVersionsInput)
    .output(courseVersionsOutput)
    .query(({ ctx, input }) => listVersions(ctx.db, { courseId: input.id, userId: ctx.user.id, limit: input.limit })),

  // GET /api/courses/{id}/versions/{version}
  version: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/versions/{version}",
        errorResponses: { 404: "Course Not Found, or no such version" },
        tags: ["editing"],
        summary: "The outline one version of your course left, to compare with the course now",
      },
    })
    .input(courseVersionInput)
    .output(courseVersionOutput)
    .query(({ ctx, input }) => getVersion(ctx.db, { courseId: input.id, userId: ctx.user.id, version: input.version })),

  // POST /api/courses/{id}/versions/{version}/restore
  restore: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/courses/{id}/versions/{version}/restore",
        errorResponses: { 404: "Course Not Found, or no such version", 409: `${STALE}, or the version can no longer be restored` },
        tags: ["editing"],
        summary: "Restore an earlier version of your course (as a new version)",
      },
    })
    .input(courseRestoreInput)
    .output(courseEditOutput)
    .mutation(({ ctx, input }) => restoreVersion(ctx.db, { courseId: input.id, userId: ctx.user.id, version: input.version, baseVersion: input.baseVersion })),
});
