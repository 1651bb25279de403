import { type ClassView } from "~/lib/schemas/classes";
import type { Db } from "~/server/db";
import { countOwnedClasses, insertClass } from "~/server/db/queries/classes";
import { lockUser } from "~/server/db/queries/locks";
import { AppError } from "~/server/errors";

import { inviteExpiry, newInviteCode } from "./invite-code";
import { classViewFor } from "./view";
import { CLASS_MESSAGES } from "~/lib/rules/classes";
import { MAX_OWNED_CLASSES } from "~/lib/rules/classes";

/** POST /api/classes: the caller owns the new class and is its first member. */
export async function createClass(db: Db, { userId, name }: { userId: number; name: string }): Promise<ClassView> {
  const classId = await db.$transaction(async (tx) => {
    await lockUser(tx, "classes", userId);
    if ((await countOwnedClasses(tx, userId)) >= MAX_OWNED_CLASSES) throw new AppError("CONFLICT", CLASS_MESSAGES.ownedLimit);
    return insertClass(tx, { name, ownerId: userId, inviteCode: newInviteCode(), inviteExpiresAt: inviteExpiry(new Date()) });
  });
  return classViewFor(db, { classId, userId });
}
