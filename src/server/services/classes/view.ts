import { canManage } from "~/lib/class-roles";
import { type ClassRole, type ClassView } from "~/lib/schemas/classes";
import type { DbClient } from "~/server/db";
import { findClassView, findMemberRole } from "~/server/db/queries/classes";
import { hasRosterContext } from "~/server/db/queries/lti";
import { AppError } from "~/server/errors";
import { CLASS_MESSAGES } from "~/lib/rules/classes";

export const classNotFound = () => new AppError("NOT_FOUND", CLASS_MESSAGES.notFound);

/** The caller's role in the class; a class they are not in does not exist for them (404, never 403). */
export async function roleIn(db: DbClient, { classId, userId }: { classId: number; userId: number }): Promise<ClassRole> {
  const membership = await findMemberRole(db, { classId, userId });
  if (!membership) throw classNotFound();
  return membership.role;
}

/** 403 unless the caller owns the class (404 outside it). */
export async function assertOwner(db: DbClient, { classId, userId }: { classId: number; userId: number }): Promise<void> {
  if ((await roleIn(db, { classId, userId })) !== "owner") throw new AppError("FORBIDDEN", CLASS_MESSAGES.ownerOnly);
}

/**
 * The class as the caller sees it: members get its name, owner and teachers and the count;
 * owner and teachers also the invitation, every member (only they have the members read) and
 * whether an LMS roster can be synced into it.
 */
export async function classViewFor(db: DbClient, { classId, userId }: { classId: number; userId: number }): Promise<ClassView> {
  const manager = canManage(await roleIn(db, { classId, userId }));
  const row = await findClassView(db, { classId, userId, manager });
  const me = row?.members.find((member) => member.userId === userId);
  const owner = row?.members.find((member) => member.role === "owner");
  if (!row || !me) throw classNotFound();
  if (!owner) throw new Error(`class ${classId} has no owner member`);
  const person = (member: (typeof row.members)[number]) => ({ userId: member.userId, username: member.user.username });
  return {
    id: row.id,
    name: row.name,
    role: me.role,
    archived: row.archivedAt !== null,
    memberCount: row._count.members,
    owner: person(owner),
    teachers: row.members.filter((member) => member.role === "teacher").map(person),
    inviteCode: manager ? row.inviteCode : null,
    inviteExpiresAt: manager ? row.inviteExpiresAt.toISOString() : null,
    inviteRevoked: manager ? row.inviteRevokedAt !== null : null,
    members: manager ? row.members.map((member) => ({ ...person(member), role: member.role, joinedAt: member.joinedAt.toISOString() })) : null,
    rosterSync: manager ? await hasRosterContext(db, classId) : null,
  };
}
