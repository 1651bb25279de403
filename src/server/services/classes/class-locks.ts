/**
 * The locks a change to a class takes, always in one order: the class row first, then the
 * memberships (so two changes never deadlock). The caller's role is read again under them, so a
 * change racing their demotion or removal sees it.
 */
import { canManage } from "~/lib/class-roles";
import type { DbClient } from "~/server/db";
import { findMemberRole, lockClass, lockMembership } from "~/server/db/queries/classes";
import { AppError } from "~/server/errors";

import { classNotFound, roleIn } from "./view";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

/** The class locked for a change by its owner or a teacher: 404 for a non-member, 403 for a member, 409 when archived. */
export async function lockForManager(tx: DbClient, { classId, userId }: { classId: number; userId: number }) {
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

/** The caller's and the target's memberships (`memberId`), locked, in a class the caller is in. */
export async function lockMemberPair(tx: DbClient, { classId, userId, memberId }: { classId: number; userId: number; memberId: number }) {
  const me = await findMemberRole(tx, { classId, userId });
  if (!me) throw classNotFound();
  const locked = await lockClass(tx, classId);
  if (!locked) throw classNotFound();
  const caller = await lockMembership(tx, { classId, userId });
  if (!caller) throw classNotFound();
  const target = memberId === userId ? caller : await lockMembership(tx, { classId, userId: memberId });
  return { archived: locked.archivedAt !== null, caller, target };
}
