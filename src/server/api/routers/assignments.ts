import { assignmentIdInput, assignmentListOutput } from "~/lib/schemas/assignments";
import { okOutput } from "~/lib/schemas/auth";
import { deleteAssignment } from "~/server/services/classes/delete-assignment";
import { listMyAssignments } from "~/server/services/classes/list-my-assignments";

import { createTRPCRouter, protectedProcedure } from "../trpc";

/** The assignments of the caller's classes (issue 33); making one is POST /api/classes/{id}/assignments. */
export const assignmentsRouter = createTRPCRouter({
  // GET /api/assignments
  mine: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/assignments",
        tags: ["classes"],
        summary: "Your assignments in every class you are in, soonest due first, with your own progress on each",
      },
    })
    .output(assignmentListOutput)
    .query(({ ctx }) => listMyAssignments(ctx.db, ctx.user.id)),

  // DELETE /api/assignments/{id}
  delete: protectedProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/assignments/{id}",
        errorResponses: {
          403: "A member: only the class's owner and teachers delete assignments",
          404: "No such assignment in a class you are in",
          409: "The class is archived",
        },
        tags: ["classes"],
        summary: "Delete an assignment: the class's members lose the access it gave; their own progress, notes and cards stay",
      },
    })
    .input(assignmentIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteAssignment(ctx.db, { userId: ctx.user.id, id: input.id });
      return { success: true as const };
    }),
});
