import type { Db } from "~/server/db";
import { AppError } from "~/server/errors";

import { lockForManager } from "./class-locks";
import { ASSIGNMENT_MESSAGES } from "~/lib/rules/classes";

/**
 * DELETE /api/assignments/{id} (the class's owner or a teacher): members lose the access it gave
 * at once; their own progress, notes and cards stay. 404 for anyone outside the class.
 */
export async function deleteAssignment(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    const found = await tx.assignment.findUnique({ where: { id }, select: { classId: true } });
    if (!found || !(await tx.classMember.findUnique({ where: { classId_userId: { classId: found.classId, userId } }, select: { id: true } }))) {
      throw new AppError("NOT_FOUND", ASSIGNMENT_MESSAGES.notFound);
    }
    await lockForManager(tx, { classId: found.classId, userId });
    await tx.assignment.deleteMany({ where: { id } });
  });
}
