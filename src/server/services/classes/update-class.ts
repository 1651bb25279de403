import { type ClassUpdateInput, type ClassView } from "~/lib/schemas/classes";
import type { Db } from "~/server/db";
import { lockClass, updateClassRow } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";

import { assertOwner, classNotFound, classViewFor } from "./view";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

/** PATCH /api/classes/{id}: rename, archive or unarchive (the owner). */
export async function updateClass(db: Db, { userId, id, name, archived }: { userId: number } & ClassUpdateInput): Promise<ClassView> {
  await db.$transaction(async (tx) => {
    await assertOwner(tx, { classId: id, userId });
    const locked = await lockClass(tx, id);
    if (!locked) throw classNotFound();
    // An archived class is read-only: it can only be unarchived (and renamed in the same call).
    if (locked.archivedAt && archived !== false && name !== undefined) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
    const archivedAt = archived === undefined ? undefined : archived ? (locked.archivedAt ?? new Date()) : null;
    await updateClassRow(tx, { classId: id, name, archivedAt });
  });
  return classViewFor(db, { classId: id, userId });
}
