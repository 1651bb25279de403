import type { Db } from "~/server/db";
import { deleteAssignmentRow, findAssignmentClass } from "~/server/db/queries/assignments";
import { findMembershipId } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";

import { lockForManager } from "./class-locks";
import { ASSIGNMENT_MESSAGES } from "~/lib/rules/classes";

/**
 * DELETE /api/assignments/{id} (the class's owner or a teacher): members lose the access it gave
 * at once; their own progress, notes and cards stay. 404 for anyone outside the class.
 */
export async function deleteAssignment(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    const found = await findAssignmentClass(tx, id);
    if (!found || !(await findMembershipId(tx, { classId: found.classId, userId }))) {
      throw new AppError("NOT_FOUND", ASSIGNMENT_MESSAGES.notFound);
    }
    await lockForManager(tx, { classId: found.classId, userId });
    await deleteAssignmentRow(tx, id);
  });
}
