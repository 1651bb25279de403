import type { Db } from "~/server/db";
import { replaceInvite } from "~/server/db/queries/classes";

import { lockForManager } from "./class-locks";
import { inviteExpiry, newInviteCode } from "./invite-code";

/** POST /api/classes/{id}/invite: a new code (the old one stops working at once), valid for `days`. */
export async function rotateInvite(db: Db, { userId, id, expiresInDays }: { userId: number; id: number; expiresInDays?: number }) {
  return db.$transaction(async (tx) => {
    await lockForManager(tx, { classId: id, userId });
    const updated = await replaceInvite(tx, { classId: id, inviteCode: newInviteCode(), inviteExpiresAt: inviteExpiry(new Date(), expiresInDays) });
    return { inviteCode: updated.inviteCode, inviteExpiresAt: updated.inviteExpiresAt.toISOString() };
  });
}
