import type { Db } from "~/server/db";
import { deleteMembership } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";

import { lockMemberPair } from "./class-locks";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

/**
 * DELETE /api/classes/{id}/members/{memberId}. The owner removes anyone but themself; a teacher
 * removes members, never another teacher (a teacher could otherwise empty the class of the
 * owner's other teachers); a member may only remove themself, which is leaving.
 */
export async function removeMember(db: Db, { userId, id, memberId }: { userId: number; id: number; memberId: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    const { archived, caller, target } = await lockMemberPair(tx, { classId: id, userId, memberId });
    if (memberId !== userId && caller.role === "member") throw new AppError("FORBIDDEN", CLASS_MESSAGES.teachersOnly);
    if (!target) throw new AppError("NOT_FOUND", CLASS_MESSAGES.memberNotFound);
    if (target.role === "owner") throw new AppError("BAD_REQUEST", CLASS_MESSAGES.ownerStays);
    if (memberId !== userId && caller.role === "teacher" && target.role === "teacher") throw new AppError("FORBIDDEN", CLASS_MESSAGES.teacherRemovesTeacher);
    if (archived && memberId !== userId) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
    await deleteMembership(tx, target.id);
  });
}
