import type { Db } from "~/server/db";
import { deleteMembership, lockMembership } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";

import { classNotFound } from "./view";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

/** POST /api/classes/{id}/leave (also DELETE /api/classes/{id}/members/{me}): any member but the owner. */
export async function leaveClass(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    const me = await lockMembership(tx, { classId: id, userId });
    if (!me) throw classNotFound();
    if (me.role === "owner") throw new AppError("BAD_REQUEST", CLASS_MESSAGES.ownerStays);
    await deleteMembership(tx, me.id);
  });
}
