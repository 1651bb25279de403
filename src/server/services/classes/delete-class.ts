import type { Db } from "~/server/db";
import { deleteClassRow } from "~/server/db/queries/classes";

import { assertOwner } from "./view";

/** DELETE /api/classes/{id} (the owner): the class and its memberships go; members' own progress, notes and cards stay theirs. */
export async function deleteClass(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    await assertOwner(tx, { classId: id, userId });
    await deleteClassRow(tx, id);
  });
}
