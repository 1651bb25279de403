import { ASSIGNMENT_MESSAGES, type AssignmentCreateInput, type AssignmentView, MAX_CLASS_ASSIGNMENTS } from "~/lib/schemas/assignments";
import type { Db, DbClient } from "~/server/db";
import { type AssignmentRow, selectAssignmentsOf } from "~/server/db/queries/assignments";
import { AppError } from "~/server/errors";

import { lockForManager } from "./manage-class";
import { roleIn } from "./view";

const assignmentNotFound = () => new AppError("NOT_FOUND", ASSIGNMENT_MESSAGES.notFound);

function assignmentView(row: AssignmentRow): AssignmentView {
  const { sectionsDone, sectionsTotal, quizAverage, lastCompletedAt, ...fields } = row;
  const completedAt = sectionsTotal > 0 && sectionsDone >= sectionsTotal ? lastCompletedAt : null;
  return { ...fields, progress: { sectionsDone, sectionsTotal, quizAverage: quizAverage === null ? null : Math.round(quizAverage), completedAt } };
}

/** GET /api/assignments: every assignment of every class the learner is in, with their own progress. */
export async function listMyAssignments(db: DbClient, userId: number): Promise<{ assignments: AssignmentView[] }> {
  return { assignments: (await selectAssignmentsOf(db, { userId, classId: null })).map(assignmentView) };
}

/** GET /api/classes/{id}/assignments: the class's assignments with the caller's own progress (404 outside the class). */
export async function listClassAssignments(db: DbClient, { userId, classId }: { userId: number; classId: number }): Promise<{ assignments: AssignmentView[] }> {
  await roleIn(db, { classId, userId });
  return { assignments: (await selectAssignmentsOf(db, { userId, classId })).map(assignmentView) };
}

/**
 * POST /api/classes/{id}/assignments (owner or teacher): a ready course of their own, or a public
 * one. Assigning their own private course shares it with the class's members (visibleToSql) for
 * as long as the assignment stands. Under the class's lock: the count, the duplicate check and the
 * caller's role are read as of the insert.
 */
export async function assignCourse(
  db: Db,
  { userId, id: classId, courseId, dueAt, note }: { userId: number } & AssignmentCreateInput,
): Promise<AssignmentView> {
  return db.$transaction(async (tx) => {
    await lockForManager(tx, classId, userId);
    const course = await tx.course.findUnique({ where: { id: courseId }, select: { userId: true, isPublic: true, status: true } });
    if (!course || course.status !== "ready" || (course.userId !== userId && !course.isPublic))
      throw new AppError("NOT_FOUND", ASSIGNMENT_MESSAGES.courseNotFound);
    if (await tx.assignment.findUnique({ where: { classId_courseId: { classId, courseId } }, select: { id: true } })) {
      throw new AppError("CONFLICT", ASSIGNMENT_MESSAGES.duplicate);
    }
    if ((await tx.assignment.count({ where: { classId } })) >= MAX_CLASS_ASSIGNMENTS) throw new AppError("CONFLICT", ASSIGNMENT_MESSAGES.tooMany);
    const created = await tx.assignment.create({
      data: { classId, courseId, assignedById: userId, dueAt: dueAt ?? null, note: note || null },
      select: { id: true },
    });
    // Read in the transaction, while the caller's membership is locked: a removal right after the
    // commit must not turn a stored assignment into a 404.
    const made = (await selectAssignmentsOf(tx, { userId, classId })).find((row) => row.id === created.id)!;
    return assignmentView(made);
  });
}

/**
 * DELETE /api/assignments/{id} (the class's owner or a teacher): members lose the access it gave
 * at once; their own progress, notes and cards stay. 404 for anyone outside the class.
 */
export async function deleteAssignment(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    const found = await tx.assignment.findUnique({ where: { id }, select: { classId: true } });
    if (!found || !(await tx.classMember.findUnique({ where: { classId_userId: { classId: found.classId, userId } }, select: { id: true } }))) {
      throw assignmentNotFound();
    }
    await lockForManager(tx, found.classId, userId);
    await tx.assignment.deleteMany({ where: { id } });
  });
}
