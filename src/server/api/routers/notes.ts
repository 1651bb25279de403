import { okOutput } from "~/lib/schemas/auth";
import { courseIdInput } from "~/lib/schemas/course";
import { noteCreateInput, noteIdInput, noteListOutput, noteOutput, noteUpdateInput } from "~/lib/schemas/notes";
import { createNote, deleteNote, listNotes, updateNote } from "~/server/services/notes/notes";

import { createTRPCRouter, protectedProcedure } from "../trpc";

/** The learner's notes at moments of a course's video: private to their author, also on public courses. */
export const notesRouter = createTRPCRouter({
  // GET /api/courses/{id}/notes
  list: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/notes",
        errorResponses: { 404: "Course Not Found" },
        tags: ["notes"],
        summary: "Your notes on a course, in video time order",
      },
    })
    .input(courseIdInput)
    .output(noteListOutput)
    .query(async ({ ctx, input }) => ({ notes: await listNotes(ctx.db, { courseId: input.id, userId: ctx.user.id }) })),

  // POST /api/courses/{id}/notes
  create: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/courses/{id}/notes",
        errorResponses: { 404: "Course Not Found", 422: "The time is outside the video, the course has no video, or you have 2,000 notes on it" },
        tags: ["notes"],
        summary: "Take a note at a moment of the course's video",
      },
    })
    .input(noteCreateInput)
    .output(noteOutput)
    .mutation(({ ctx, input }) => createNote(ctx.db, ctx.user.id, input)),

  // PATCH /api/notes/{id}
  update: protectedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/notes/{id}",
        errorResponses: { 404: "Note not found", 422: "The time is outside the video" },
        tags: ["notes"],
        summary: "Change one of your notes (its text, time or quote)",
      },
    })
    .input(noteUpdateInput)
    .output(noteOutput)
    .mutation(({ ctx, input }) => updateNote(ctx.db, ctx.user.id, input)),

  // DELETE /api/notes/{id}
  delete: protectedProcedure
    .meta({
      openapi: { method: "DELETE", path: "/notes/{id}", errorResponses: { 404: "Note not found" }, tags: ["notes"], summary: "Delete one of your notes" },
    })
    .input(noteIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteNote(ctx.db, { userId: ctx.user.id, noteId: input.id });
      return { success: true as const };
    }),
});
