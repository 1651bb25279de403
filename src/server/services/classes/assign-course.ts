import { type AssignmentCreateInput, type AssignmentView } from "~/lib/schemas/assignments";
import type { Db } from "~/server/db";
import { countAssignments, findAssignmentOfCourse, insertAssignment, selectAssignmentsOf } from "~/server/db/queries/assignments";
import { findCourseSharing } from "~/server/db/queries/course";
import { AppError } from "~/server/errors";

import { assignmentView } from "./assignment-view";
import { lockForManager } from "./class-locks";
import { ASSIGNMENT_MESSAGES } from "~/lib/rules/classes";
import { MAX_CLASS_ASSIGNMENTS } from "~/lib/rules/classes";

/**
 * POST /api/classes/{id}/assignments (owner or teacher): a ready course of their own, or a public
 * one. Assigning their own private course shares it with the class's members (db/queries/course-visibility.ts) for
 * as long as the assignment stands. Under the class's lock: the count, the duplicate check and the
 * caller's role are read as of the insert.
 */
export async function assignCourse(
  db: Db,
  { userId, id: classId, courseId, dueAt, note }: { userId: number } & AssignmentCreateInput,
): Promise<AssignmentView> {
  return db.$transaction(async (tx) => {
    await lockForManager(tx, { classId, userId });
    const course = await findCourseSharing(tx, courseId);
    if (!course || course.status !== "ready" || (course.userId !== userId && !course.isPublic))
      throw new AppError("NOT_FOUND", ASSIGNMENT_MESSAGES.courseNotFound);
    if (await findAssignmentOfCourse(tx, { classId, courseId })) {
      throw new AppError("CONFLICT", ASSIGNMENT_MESSAGES.duplicate);
    }
    if ((await countAssignments(tx, classId)) >= MAX_CLASS_ASSIGNMENTS) throw new AppError("CONFLICT", ASSIGNMENT_MESSAGES.tooMany);
    const created = await insertAssignment(tx, { classId, courseId, assignedById: userId, dueAt: dueAt ?? null, note: note || null });
    // Read in the transaction, while the caller's membership is locked: a removal right after the
    // commit must not turn a stored assignment into a 404.
    const made = (await selectAssignmentsOf(tx, { userId, classId })).find((row) => row.id === created)!;
    return assignmentView(made);
  });
}
