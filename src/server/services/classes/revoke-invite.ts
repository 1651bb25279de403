import type { Db } from "~/server/db";
import { revokeClassInvite } from "~/server/db/queries/classes";

import { lockForManager } from "./class-locks";

/** DELETE /api/classes/{id}/invite: the code stops working until a new one is made. */
export async function revokeInvite(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockForManager(tx, { classId: id, userId });
    await revokeClassInvite(tx, { classId: id, at: new Date() });
  });
}
