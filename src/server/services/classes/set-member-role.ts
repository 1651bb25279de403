import { type ClassMemberView } from "~/lib/schemas/classes";
import type { Db } from "~/server/db";
import { updateMemberRole } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";

import { lockMemberPair } from "./class-locks";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

/** PATCH /api/classes/{id}/members/{memberId}: the owner makes a member a teacher, or a teacher a member. */
export async function setMemberRole(
  db: Db,
  { userId, id, memberId, role }: { userId: number; id: number; memberId: number; role: "teacher" | "member" },
): Promise<{ member: ClassMemberView }> {
  return db.$transaction(async (tx) => {
    const { archived, caller, target } = await lockMemberPair(tx, { classId: id, userId, memberId });
    if (caller.role !== "owner") throw new AppError("FORBIDDEN", CLASS_MESSAGES.ownerOnly);
    if (!target) throw new AppError("NOT_FOUND", CLASS_MESSAGES.memberNotFound);
    if (target.role === "owner") throw new AppError("BAD_REQUEST", CLASS_MESSAGES.ownerRole);
    if (archived) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
    const updated = await updateMemberRole(tx, { membershipId: target.id, role });
    return { member: { userId: updated.userId, username: updated.user.username, role: updated.role, joinedAt: updated.joinedAt.toISOString() } };
  });
}
