import { CLASS_MESSAGES, type ClassUpdateInput, type ClassView, MAX_OWNED_CLASSES } from "~/lib/schemas/classes";
import type { Db, DbClient } from "~/server/db";
import { lockClass, lockMembership } from "~/server/db/queries/classes";
import { lockUser } from "~/server/db/queries/locks";
import { AppError } from "~/server/errors";

import { inviteExpiry, newInviteCode } from "./invite-code";
import { canManage } from "~/lib/class-roles";

import { classNotFound, classViewFor, roleIn } from "./view";

/** POST /api/classes: the caller owns the new class and is its first member. */
export async function createClass(db: Db, { userId, name }: { userId: number; name: string }): Promise<ClassView> {
  const classId = await db.$transaction(async (tx) => {
    await lockUser(tx, "classes", userId);
    if ((await tx.class.count({ where: { ownerId: userId } })) >= MAX_OWNED_CLASSES) throw new AppError("CONFLICT", CLASS_MESSAGES.ownedLimit);
    const created = await tx.class.create({
      data: { name, ownerId: userId, inviteCode: newInviteCode(), inviteExpiresAt: inviteExpiry(new Date()), members: { create: { userId, role: "owner" } } },
      select: { id: true },
    });
    return created.id;
  });
  return classViewFor(db, { classId, userId });
}

async function assertOwner(db: DbClient, classId: number, userId: number): Promise<void> {
  if ((await roleIn(db, { classId, userId })) !== "owner") throw new AppError("FORBIDDEN", CLASS_MESSAGES.ownerOnly);
}

/**
 * The class locked for a change by its owner or a teacher: 404 for a non-member, 403 for a
 * member, 409 when archived. The caller's role is read again under the lock, so a change racing
 * their demotion or removal sees it (the class row first, then the membership, as lockPair).
 */
export async function lockForManager(tx: DbClient, classId: number, userId: number) {
  const role = await roleIn(tx, { classId, userId });
  if (!canManage(role)) throw new AppError("FORBIDDEN", CLASS_MESSAGES.teachersOnly);
  const locked = await lockClass(tx, classId);
  if (!locked) throw classNotFound();
  const me = await lockMembership(tx, { classId, userId });
  if (!me) throw classNotFound();
  if (!canManage(me.role)) throw new AppError("FORBIDDEN", CLASS_MESSAGES.teachersOnly);
  if (locked.archivedAt) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
  return locked;
}

/** PATCH /api/classes/{id}: rename, archive or unarchive (the owner). */
export async function updateClass(db: Db, { userId, id, name, archived }: { userId: number } & ClassUpdateInput): Promise<ClassView> {
  await db.$transaction(async (tx) => {
    await assertOwner(tx, id, userId);
    const locked = await lockClass(tx, id);
    if (!locked) throw classNotFound();
    // An archived class is read-only: it can only be unarchived (and renamed in the same call).
    if (locked.archivedAt && archived !== false && name !== undefined) throw new AppError("CONFLICT", CLASS_MESSAGES.archived);
    const archivedAt = archived === undefined ? undefined : archived ? (locked.archivedAt ?? new Date()) : null;
    await tx.class.update({ where: { id }, data: { name, archivedAt } });
  });
  return classViewFor(db, { classId: id, userId });
}

/** DELETE /api/classes/{id} (the owner): the class and its memberships go; members' own progress, notes and cards stay theirs. */
export async function deleteClass(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    await assertOwner(tx, id, userId);
    await tx.class.delete({ where: { id } });
  });
}

/** POST /api/classes/{id}/invite: a new code (the old one stops working at once), valid for `days`. */
export async function rotateInvite(db: Db, { userId, id, expiresInDays }: { userId: number; id: number; expiresInDays?: number }) {
  return db.$transaction(async (tx) => {
    await lockForManager(tx, id, userId);
    const updated = await tx.class.update({
      where: { id },
      data: { inviteCode: newInviteCode(), inviteExpiresAt: inviteExpiry(new Date(), expiresInDays), inviteRevokedAt: null },
      select: { inviteCode: true, inviteExpiresAt: true },
    });
    return { inviteCode: updated.inviteCode, inviteExpiresAt: updated.inviteExpiresAt.toISOString() };
  });
}

/** DELETE /api/classes/{id}/invite: the code stops working until a new one is made. */
export async function revokeInvite(db: Db, { userId, id }: { userId: number; id: number }): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockForManager(tx, id, userId);
    await tx.class.updateMany({ where: { id, inviteRevokedAt: null }, data: { inviteRevokedAt: new Date() } });
  });
}
