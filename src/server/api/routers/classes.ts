import {
  assignmentCreateInput,
  assignmentListOutput,
  assignmentResultOutput,
  classAssignmentsInput,
  classCsvOutput,
  classDashboardOutput,
} from "~/lib/schemas/assignments";
import { okOutput } from "~/lib/schemas/auth";
import {
  classCreateInput,
  classIdInput,
  classInviteInput,
  classInviteOutput,
  classJoinInput,
  classJoinOutput,
  classListOutput,
  classMemberInput,
  classMemberResultOutput,
  classMemberRoleInput,
  classPreviewInput,
  classPreviewOutput,
  classResultOutput,
  classRosterSyncOutput,
  classUpdateInput,
} from "~/lib/schemas/classes";
import { jsonIdInput } from "~/lib/schemas/common";
import { assignCourse } from "~/server/services/classes/assign-course";
import { createClass } from "~/server/services/classes/create-class";
import { classCsv, classDashboard } from "~/server/services/classes/dashboard";
import { deleteClass } from "~/server/services/classes/delete-class";
import { joinClass } from "~/server/services/classes/join-class";
import { leaveClass } from "~/server/services/classes/leave-class";
import { listClassAssignments } from "~/server/services/classes/list-class-assignments";
import { listClasses } from "~/server/services/classes/list-classes";
import { previewClass } from "~/server/services/classes/preview-class";
import { removeMember } from "~/server/services/classes/remove-member";
import { revokeInvite } from "~/server/services/classes/revoke-invite";
import { rotateInvite } from "~/server/services/classes/rotate-invite";
import { setMemberRole } from "~/server/services/classes/set-member-role";
import { updateClass } from "~/server/services/classes/update-class";
import { classViewFor } from "~/server/services/classes/view";
import { syncRoster } from "~/server/services/lti/sync-roster";

import { createTRPCRouter, protectedProcedure, sessionProcedure } from "../trpc";

const NOT_FOUND = { 404: "Class not found: no such class, or one you are not in" };
const SESSION_ONLY = "Not allowed to your role in the class, or an API token (this needs the browser session)";
const ARCHIVED = "The class is archived";
const CODE_REFUSED = { 404: "The code is unknown, or was replaced by a new one", 422: "The invitation expired or was revoked" };
const TOO_MANY_CODES = "Too many invalid codes from you or your address (Retry-After)";

/**
 * Classes, their members, their invitation and their assignments (issue 33). An API token may
 * read, create, join and leave, and a teacher's token may read the dashboard and manage
 * assignments (an internal tool's nightly report); changing roles, members, the invitation, or
 * archiving and deleting need the browser session (sessionProcedure), so a leaked token cannot
 * take a class over or empty it.
 */
export const classesRouter = createTRPCRouter({
  // POST /api/classes
  create: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/classes",
        errorResponses: { 409: "You own 50 classes already" },
        tags: ["classes"],
        summary: "Create a class: you are its owner, and get its invite code",
      },
    })
    .input(classCreateInput)
    .output(classResultOutput)
    .mutation(async ({ ctx, input }) => ({ class: await createClass(ctx.db, { userId: ctx.user.id, name: input.name }) })),

  // GET /api/classes
  mine: protectedProcedure
    .meta({ openapi: { method: "GET", path: "/classes", tags: ["classes"], summary: "The classes you are in, with your role in each" } })
    .output(classListOutput)
    .query(({ ctx }) => listClasses(ctx.db, ctx.user.id)),

  // GET /api/classes/{id}
  byId: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/classes/{id}",
        errorResponses: NOT_FOUND,
        tags: ["classes"],
        summary: "A class you are in: its name, owner and teachers, your role; the invitation and members for its owner and teachers",
      },
    })
    .input(classIdInput)
    .output(classResultOutput)
    .query(async ({ ctx, input }) => ({ class: await classViewFor(ctx.db, { classId: input.id, userId: ctx.user.id }) })),

  // GET /api/classes/join/{code}
  preview: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/classes/join/{code}",
        errorResponses: { ...CODE_REFUSED, 429: TOO_MANY_CODES },
        tags: ["classes"],
        summary: "What an invite code joins (the class's name, owner, teachers and size), to confirm before joining",
      },
    })
    .input(classPreviewInput)
    .output(classPreviewOutput)
    .query(({ ctx, input }) => previewClass(ctx.db, { userId: ctx.user.id, clientIp: ctx.clientIp }, input.code)),

  // POST /api/classes/join
  join: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/classes/join",
        errorResponses: { ...CODE_REFUSED, 409: "The class is archived, or full (1,000 members)", 429: TOO_MANY_CODES },
        tags: ["classes"],
        summary: "Join a class with its invite code (joining again changes nothing)",
      },
    })
    .input(classJoinInput)
    .output(classJoinOutput)
    .mutation(({ ctx, input }) => joinClass(ctx.db, { userId: ctx.user.id, clientIp: ctx.clientIp }, input.code)),

  // POST /api/classes/{id}/leave
  leave: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/classes/{id}/leave",
        errorResponses: { 400: "The owner cannot leave (delete the class instead)", ...NOT_FOUND },
        tags: ["classes"],
        summary: "Leave a class",
      },
    })
    .input(classIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await leaveClass(ctx.db, { userId: ctx.user.id, id: input.id });
      return { success: true as const };
    }),

  // POST /api/classes/{id}/roster-sync
  syncRoster: sessionProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/classes/{id}/roster-sync",
        errorResponses: {
          403: `Not the owner or a teacher; ${SESSION_ONLY}`,
          ...NOT_FOUND,
          409: ARCHIVED,
          422: "The class was not made from an LMS course that shares its roster",
          503: "The LMS did not answer with the roster",
        },
        tags: ["classes"],
        summary: "Add the learners of the LMS course the class was made from (LTI names and roles); says how many were added",
      },
    })
    .input(classIdInput)
    .output(classRosterSyncOutput)
    .mutation(({ ctx, input }) => syncRoster(ctx.db, { classId: input.id, userId: ctx.user.id })),

  // PATCH /api/classes/{id}
  update: sessionProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/classes/{id}",
        errorResponses: { 403: `Not the owner; ${SESSION_ONLY}`, ...NOT_FOUND, 409: `${ARCHIVED}: only unarchiving is allowed` },
        tags: ["classes"],
        summary: "Rename, archive (read-only) or unarchive a class you own",
      },
    })
    .input(classUpdateInput)
    .output(classResultOutput)
    .mutation(async ({ ctx, input }) => ({ class: await updateClass(ctx.db, { userId: ctx.user.id, ...input }) })),

  // DELETE /api/classes/{id}
  delete: sessionProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/classes/{id}",
        errorResponses: { 403: `Not the owner; ${SESSION_ONLY}`, ...NOT_FOUND },
        tags: ["classes"],
        summary: "Delete a class you own; its members keep their own progress, notes and cards",
      },
    })
    .input(classIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteClass(ctx.db, { userId: ctx.user.id, id: input.id });
      return { success: true as const };
    }),

  // POST /api/classes/{id}/invite
  rotateInvite: sessionProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/classes/{id}/invite",
        errorResponses: { 403: `A member; ${SESSION_ONLY}`, ...NOT_FOUND, 409: ARCHIVED },
        tags: ["classes"],
        summary: "A new invite code (the old one stops working), valid for expiresInDays (1–90; 14 by default)",
      },
    })
    .input(classInviteInput)
    .output(classInviteOutput)
    .mutation(({ ctx, input }) => rotateInvite(ctx.db, { userId: ctx.user.id, id: input.id, expiresInDays: input.expiresInDays })),

  // DELETE /api/classes/{id}/invite
  revokeInvite: sessionProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/classes/{id}/invite",
        errorResponses: { 403: `A member; ${SESSION_ONLY}`, ...NOT_FOUND, 409: ARCHIVED },
        tags: ["classes"],
        summary: "Revoke the invite code until a new one is made",
      },
    })
    .input(classIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeInvite(ctx.db, { userId: ctx.user.id, id: input.id });
      return { success: true as const };
    }),

  // PATCH /api/classes/{id}/members/{memberId}
  setRole: sessionProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/classes/{id}/members/{memberId}",
        errorResponses: {
          400: "The owner's role cannot change",
          403: `Not the owner; ${SESSION_ONLY}`,
          404: "Class not found, or no such member",
          409: ARCHIVED,
        },
        tags: ["classes"],
        summary: "Make a member a teacher, or a teacher a member (the owner)",
      },
    })
    .input(classMemberRoleInput)
    .output(classMemberResultOutput)
    .mutation(({ ctx, input }) => setMemberRole(ctx.db, { userId: ctx.user.id, ...input })),

  // DELETE /api/classes/{id}/members/{memberId}
  removeMember: sessionProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/classes/{id}/members/{memberId}",
        errorResponses: {
          400: "The owner cannot be removed",
          403: `A member removing someone else, or a teacher removing a teacher; ${SESSION_ONLY}`,
          404: "Class not found, or no such member",
          409: ARCHIVED,
        },
        tags: ["classes"],
        summary: "Remove someone from a class: the owner anyone, a teacher members; yourself is leaving",
      },
    })
    .input(classMemberInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await removeMember(ctx.db, { userId: ctx.user.id, ...input });
      return { success: true as const };
    }),

  // POST /api/classes/{id}/assignments
  assign: protectedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/classes/{id}/assignments",
        errorResponses: {
          403: "A member: only the owner and teachers assign",
          404: "Class not found; or the course is not a finished course of yours or a public one",
          409: `${ARCHIVED}; the course is assigned already; or the class holds 100 assignments`,
        },
        tags: ["classes"],
        summary:
          "Assign a course (your own, or a public one) to the class, with an optional due date and note; your own private course is then shared with the class",
      },
    })
    .input(assignmentCreateInput)
    .output(assignmentResultOutput)
    .mutation(async ({ ctx, input }) => ({ assignment: await assignCourse(ctx.db, { userId: ctx.user.id, ...input }) })),

  // GET /api/classes/{id}/assignments
  assignments: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/classes/{id}/assignments",
        errorResponses: NOT_FOUND,
        tags: ["classes"],
        summary: "The class's assignments, soonest due first, with your own progress on each",
      },
    })
    .input(classAssignmentsInput)
    .output(assignmentListOutput)
    .query(({ ctx, input }) => listClassAssignments(ctx.db, { userId: ctx.user.id, classId: input.id })),

  // GET /api/classes/{id}/dashboard
  dashboard: protectedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/classes/{id}/dashboard",
        errorResponses: { 403: "A member: only the owner and teachers see the dashboard", ...NOT_FOUND },
        tags: ["classes"],
        summary:
          "Each member's sections done, quiz average and completion on each assignment, and what the class missed: the most missed questions with their moments, and the weakest concepts",
      },
    })
    .input(classAssignmentsInput)
    .output(classDashboardOutput)
    .query(({ ctx, input }) => classDashboard(ctx.db, { userId: ctx.user.id, classId: input.id })),

  /** GET /api/classes/{id}/export?format=csv for the typed client: the file's name and text (tRPC only; the REST path answers the file). */
  exportCsv: protectedProcedure
    .input(jsonIdInput)
    .output(classCsvOutput)
    .query(({ ctx, input }) => classCsv(ctx.db, { userId: ctx.user.id, classId: input.id })),
});
