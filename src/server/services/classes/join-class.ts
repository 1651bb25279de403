import { type ClassView } from "~/lib/schemas/classes";
import type { Db } from "~/server/db";
import { findInvite, findMembershipId, insertMember, lockClass } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";

import { classForCode, type CodeCaller } from "./class-for-code";
import { inviteRefusal } from "./invite-code";
import { classViewFor } from "./view";
import { CLASS_MESSAGES } from "~/lib/rules/classes";
import { MAX_CLASS_MEMBERS } from "~/lib/rules/classes";

/**
 * POST /api/classes/join. Joining twice is a no-op that returns the class. The class row is
 * locked before the seats are counted, so two joins racing for the last seat admit one.
 */
export async function joinClass(db: Db, caller: CodeCaller, code: string): Promise<{ class: ClassView; joined: boolean }> {
  const found = await classForCode(db, caller, code);
  const joined = await db.$transaction(async (tx) => {
    const locked = await lockClass(tx, found.id);
    if (!locked) throw new AppError("NOT_FOUND", CLASS_MESSAGES.inviteUnknown);
    const existing = await findMembershipId(tx, { classId: found.id, userId: caller.userId });
    if (existing) return false;
    if (locked.archivedAt) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
    // Read again under the lock: the code may have been rotated or revoked since it was checked.
    const invite = await findInvite(tx, found.id);
    if (invite.inviteCode !== code) throw new AppError("NOT_FOUND", CLASS_MESSAGES.inviteUnknown);
    const refusal = inviteRefusal(invite, new Date());
    if (refusal) throw new AppError("UNPROCESSABLE", refusal);
    if (locked.memberCount >= MAX_CLASS_MEMBERS) throw new AppError("CONFLICT", CLASS_MESSAGES.full);
    await insertMember(tx, { classId: found.id, userId: caller.userId });
    return true;
  });
  return { class: await classViewFor(db, { classId: found.id, userId: caller.userId }), joined };
}
