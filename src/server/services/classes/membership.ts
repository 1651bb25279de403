import { CLASS_MESSAGES, type ClassMemberView, type ClassView, MAX_CLASS_MEMBERS } from "~/lib/schemas/classes";
import type { Db, DbClient } from "~/server/db";
import { lockClass, lockMembership } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";
import { assertUnderLimit, consumeLimit, LIMITS } from "~/server/rate-limit";

import { inviteRefusal } from "./invite-code";
import { classNotFound, classViewFor } from "./view";

type Caller = { userId: number; clientIp: string };

/**
 * The class a code lets into, or the clear refusal of a code that does not: unknown (never made,
 * or rotated away) 404, revoked or expired 422 (the code was right), archived 409. A refused code counts
 * against the caller's and the address's limits, so codes cannot be guessed.
 */
async function classForCode(db: DbClient, { userId, clientIp }: Caller, code: string) {
  await assertUnderLimit(LIMITS.classJoinFailuresPerUser, String(userId));
  await assertUnderLimit(LIMITS.classJoinFailuresPerIp, clientIp);
  try {
    // What the join screen shows comes with the check, in one read.
    const found = await db.class.findUnique({
      where: { inviteCode: code },
      select: {
        id: true,
        archivedAt: true,
        inviteExpiresAt: true,
        inviteRevokedAt: true,
        name: true,
        owner: { select: { username: true } },
        members: {
          where: { OR: [{ role: "teacher" }, { userId }] },
          select: { userId: true, role: true, user: { select: { username: true } } },
          orderBy: [{ joinedAt: "asc" }, { id: "asc" }],
        },
        _count: { select: { members: true } },
      },
    });
    if (!found) throw new AppError("NOT_FOUND", CLASS_MESSAGES.inviteUnknown);
    const refusal = inviteRefusal(found, new Date());
    if (refusal) throw new AppError("UNPROCESSABLE", refusal);
    return found;
  } catch (failure) {
    if (failure instanceof AppError) {
      await consumeLimit(LIMITS.classJoinFailuresPerUser, String(userId));
      await consumeLimit(LIMITS.classJoinFailuresPerIp, clientIp);
    }
    throw failure;
  }
}

/** GET /api/classes/join/{code}: what the join screen asks the learner to confirm (the class's name, owner, teachers, size). */
export async function previewClass(db: DbClient, caller: Caller, code: string) {
  const found = await classForCode(db, caller, code);
  return {
    class: {
      name: found.name,
      owner: found.owner.username,
      teachers: found.members.filter((member) => member.role === "teacher").map((member) => member.user.username),
      memberCount: found._count.members,
    },
    alreadyMember: found.members.some((member) => member.userId === caller.userId),
  };
}

/**
 * POST /api/classes/join. Joining twice is a no-op that returns the class. The class row is
 * locked before the seats are counted, so two joins racing for the last seat admit one.
 */
export async function joinClass(db: Db, caller: Caller, code: string): Promise<{ class: ClassView; joined: boolean }> {
  const found = await classForCode(db, caller, code);
  const joined = await db.$transaction(async (tx) => {
    const locked = await lockClass(tx, found.id);
    if (!locked) throw new AppError("NOT_FOUND", CLASS_MESSAGES.inviteUnknown);
    const existing = await tx.classMember.findUnique({ where: { classId_userId: { classId: found.id, userId: caller.userId } }, select: { id: true } });
    if (existing) return false;
    if (locked.archivedAt) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
    // Read again under the lock: the code may have been rotated or revoked since it was checked.
    const invite = await tx.class.findUniqueOrThrow({ where: { id: found.id }, select: { inviteCode: true, inviteExpiresAt: true, inviteRevokedAt: true } });
    if (invite.inviteCode !== code) throw new AppError("NOT_FOUND", CLASS_MESSAGES.inviteUnknown);
    const refusal = inviteRefusal(invite, new Date());
    if (refusal) throw new AppError("UNPROCESSABLE", refusal);
    if (locked.memberCount >= MAX_CLASS_MEMBERS) throw new AppError("CONFLICT", CLASS_MESSAGES.full);
    await tx.classMember.create({ data: { classId: found.id, userId: caller.userId, role: "member" } });
    return true;
  });
  return { class: await classViewFor(db, { classId: found.id, userId: caller.userId }), joined };
}

/** POST /api/classes/{id}/leave (also DELETE /api/classes/{id}/members/{me}): any member but the owner. */
export async function leaveClass(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    const me = await lockMembership(tx, { classId: id, userId });
    if (!me) throw classNotFound();
    if (me.role === "owner") throw new AppError("BAD_REQUEST", CLASS_MESSAGES.ownerStays);
    await tx.classMember.delete({ where: { id: me.id } });
  });
}

/**
 * The caller's and the target's memberships, in a class the caller may see and change. Both rows
 * are locked, the class row first (one order for every path, so two changes never deadlock).
 */
async function lockPair(tx: DbClient, { classId, userId, memberId }: { classId: number; userId: number; memberId: number }) {
  const me = await tx.classMember.findUnique({ where: { classId_userId: { classId, userId } }, select: { role: true } });
  if (!me) throw classNotFound();
  const locked = await lockClass(tx, classId);
  if (!locked) throw classNotFound();
  const caller = await lockMembership(tx, { classId, userId });
  if (!caller) throw classNotFound();
  const target = memberId === userId ? caller : await lockMembership(tx, { classId, userId: memberId });
  return { archived: locked.archivedAt !== null, caller, target };
}

/** PATCH /api/classes/{id}/members/{memberId}: the owner makes a member a teacher, or a teacher a member. */
export async function setMemberRole(
  db: Db,
  { userId, id, memberId, role }: { userId: number; id: number; memberId: number; role: "teacher" | "member" },
): Promise<{ member: ClassMemberView }> {
  return db.$transaction(async (tx) => {
    const { archived, caller, target } = await lockPair(tx, { classId: id, userId, memberId });
    if (caller.role !== "owner") throw new AppError("FORBIDDEN", CLASS_MESSAGES.ownerOnly);
    if (!target) throw new AppError("NOT_FOUND", CLASS_MESSAGES.memberNotFound);
    if (target.role === "owner") throw new AppError("BAD_REQUEST", CLASS_MESSAGES.ownerRole);
    if (archived) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
    const updated = await tx.classMember.update({
      where: { id: target.id },
      data: { role },
      select: { userId: true, role: true, joinedAt: true, user: { select: { username: true } } },
    });
    return { member: { userId: updated.userId, username: updated.user.username, role: updated.role, joinedAt: updated.joinedAt.toISOString() } };
  });
}

/**
 * DELETE /api/classes/{id}/members/{memberId}. The owner removes anyone but themself; a teacher
 * removes members, never another teacher (a teacher could otherwise empty the class of the
 * owner's other teachers); a member may only remove themself, which is leaving.
 */
export async function removeMember(db: Db, { userId, id, memberId }: { userId: number; id: number; memberId: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    const { archived, caller, target } = await lockPair(tx, { classId: id, userId, memberId });
    if (memberId !== userId && caller.role === "member") throw new AppError("FORBIDDEN", CLASS_MESSAGES.teachersOnly);
    if (!target) throw new AppError("NOT_FOUND", CLASS_MESSAGES.memberNotFound);
    if (target.role === "owner") throw new AppError("BAD_REQUEST", CLASS_MESSAGES.ownerStays);
    if (memberId !== userId && caller.role === "teacher" && target.role === "teacher") throw new AppError("FORBIDDEN", CLASS_MESSAGES.teacherRemovesTeacher);
    if (archived && memberId !== userId) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
    await tx.classMember.delete({ where: { id: target.id } });
  });
}
