import type { DbClient } from "../client";
import { execute } from "./run";

export type LockedClassRow = { id: number; ownerId: number; archivedAt: Date | null; memberCount: number };

/**
 * The class row, locked until the transaction ends, with its member count read after the lock:
 * of two joins racing for the last seat, the second waits here and then counts the first.
 */
export async function lockClass(tx: DbClient, classId: number): Promise<LockedClassRow | undefined> {
  const [locked] = await tx.$queryRaw<{ id: number; ownerId: number; archivedAt: Date | null }[]>`
    SELECT id, "ownerId", "archivedAt" FROM "Class" WHERE id = ${classId} FOR UPDATE`;
  if (!locked) return undefined;
  const [counted] = await tx.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "ClassMember" WHERE "classId" = ${classId}`;
  return { ...locked, memberCount: counted?.count ?? 0 };
}

/**
 * The caller's membership, its row locked until the transaction ends, so a role change and a
 * removal of one member run one after the other. No row: not a member.
 */
export async function lockMembership(tx: DbClient, { classId, userId }: { classId: number; userId: number }) {
  const [row] = await tx.$queryRaw<{ id: number; role: "owner" | "teacher" | "member" }[]>`
    SELECT id, role::text AS role FROM "ClassMember" WHERE "classId" = ${classId} AND "userId" = ${userId} FOR UPDATE`;
  return row;
}

/** The caller's role in the class; null when they are not in it. */
export function findMemberRole(db: DbClient, { classId, userId }: { classId: number; userId: number }) {
  return db.classMember.findUnique({ where: { classId_userId: { classId, userId } }, select: { role: true } });
}

/** The caller's membership row, its id only; null when they are not in the class. */
export function findMembershipId(db: DbClient, { classId, userId }: { classId: number; userId: number }) {
  return db.classMember.findUnique({ where: { classId_userId: { classId, userId } }, select: { id: true } });
}

/**
 * The class an invitation code opens, with what the join screen shows: the owner, the teachers
 * and the caller's own membership (oldest first), the member count and the invitation's state.
 */
export function findClassByInviteCode(db: DbClient, { code, userId }: { code: string; userId: number }) {
  return db.class.findUnique({
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
}

/** Usernames only: a class never shows a member's e-mail, display name or photo. */
const memberSelect = { userId: true, role: true, joinedAt: true, user: { select: { username: true } } } as const;

/**
 * A class as one of its members sees it, oldest membership first: every member for its owner and
 * teachers (`manager`), else only the owner, the teachers and the caller.
 */
export function findClassView(db: DbClient, { classId, userId, manager }: { classId: number; userId: number; manager: boolean }) {
  return db.class.findUnique({
    where: { id: classId },
    select: {
      id: true,
      name: true,
      archivedAt: true,
      inviteCode: true,
      inviteExpiresAt: true,
      inviteRevokedAt: true,
      _count: { select: { members: true } },
      members: {
        ...(manager ? {} : { where: { OR: [{ role: { in: ["owner", "teacher"] } }, { userId }] } }),
        select: memberSelect,
        orderBy: [{ joinedAt: "asc" }, { id: "asc" }],
      },
    },
  });
}

/** The user's classes with their role in each, newest membership first. */
export function selectMembershipsOf(db: DbClient, userId: number) {
  return db.classMember.findMany({
    where: { userId },
    orderBy: [{ joinedAt: "desc" }, { id: "desc" }],
    select: { role: true, class: { select: { id: true, name: true, archivedAt: true, _count: { select: { members: true } } } } },
  });
}

/** The class's invitation as stored now (the class must exist). */
export function findInvite(db: DbClient, classId: number) {
  return db.class.findUniqueOrThrow({ where: { id: classId }, select: { inviteCode: true, inviteExpiresAt: true, inviteRevokedAt: true } });
}

/** The class's name (the class must exist). */
export function findClassName(db: DbClient, classId: number) {
  return db.class.findUniqueOrThrow({ where: { id: classId }, select: { name: true } });
}

/** How many classes the user owns. */
export function countOwnedClasses(db: DbClient, userId: number): Promise<number> {
  return db.class.count({ where: { ownerId: userId } });
}

/** A new class with its owner as its first member; answers its id. */
export async function insertClass(
  tx: DbClient,
  { name, ownerId, inviteCode, inviteExpiresAt }: { name: string; ownerId: number; inviteCode: string; inviteExpiresAt: Date },
): Promise<number> {
  const created = await tx.class.create({
    data: { name, ownerId, inviteCode, inviteExpiresAt, members: { create: { userId: ownerId, role: "owner" } } },
    select: { id: true },
  });
  return created.id;
}

/** Renames, archives or unarchives a class (an undefined field stays as it is). */
export async function updateClassRow(tx: DbClient, { classId, name, archivedAt }: { classId: number; name?: string; archivedAt?: Date | null }): Promise<void> {
  await tx.class.update({ where: { id: classId }, data: { name, archivedAt } });
}

/** Deletes a class; its memberships and assignments go with it. */
export async function deleteClassRow(tx: DbClient, classId: number): Promise<void> {
  await tx.class.delete({ where: { id: classId } });
}

/** Gives the class a new invitation, not revoked; answers the code and its expiry. */
export function replaceInvite(tx: DbClient, { classId, inviteCode, inviteExpiresAt }: { classId: number; inviteCode: string; inviteExpiresAt: Date }) {
  return tx.class.update({
    where: { id: classId },
    data: { inviteCode, inviteExpiresAt, inviteRevokedAt: null },
    select: { inviteCode: true, inviteExpiresAt: true },
  });
}

/** Revokes the class's invitation as of `at`, unless it is revoked already. */
export async function revokeClassInvite(tx: DbClient, { classId, at }: { classId: number; at: Date }): Promise<void> {
  await tx.class.updateMany({ where: { id: classId, inviteRevokedAt: null }, data: { inviteRevokedAt: at } });
}

/** Adds the user to the class as a member. */
export async function insertMember(tx: DbClient, { classId, userId }: { classId: number; userId: number }): Promise<void> {
  await tx.classMember.create({ data: { classId, userId, role: "member" } });
}

/** Sets a membership's role; answers the member as a class shows them. */
export function updateMemberRole(tx: DbClient, { membershipId, role }: { membershipId: number; role: "teacher" | "member" }) {
  return tx.classMember.update({ where: { id: membershipId }, data: { role }, select: memberSelect });
}

/** Deletes one membership row. */
export async function deleteMembership(tx: DbClient, membershipId: number): Promise<void> {
  await tx.classMember.delete({ where: { id: membershipId } });
}

/**
 * Makes the user a member of the class, or a teacher when `teacher` (a member becomes a teacher;
 * nobody is demoted, and the owner stays the owner). For members who come from a platform (LTI),
 * whose roles the platform decides.
 */
export async function ensureClassMember(tx: DbClient, { classId, userId, teacher }: { classId: number; userId: number; teacher: boolean }): Promise<void> {
  const role = teacher ? "teacher" : "member";
  // On the pool (run.ts) outside a transaction: every LMS launch into a class sends it.
  await execute(
    tx,
    `INSERT INTO "ClassMember" ("classId", "userId", role) VALUES ($1, $2, $3::"ClassRole")
     ON CONFLICT ("classId", "userId") DO UPDATE SET role = 'teacher'
     WHERE $4 AND "ClassMember".role = 'member'`,
    [classId, userId, role, teacher],
  );
}

/**
 * Adds as members those of `userIds` not in the class yet, at most `limit` of them (in the order
 * given); answers how many it added. Nobody already in the class changes role.
 */
export async function insertMissingMembers(
  tx: DbClient,
  { classId, userIds, limit }: { classId: number; userIds: readonly number[]; limit: number },
): Promise<number> {
  if (userIds.length === 0 || limit <= 0) return 0;
  return tx.$executeRaw`
    INSERT INTO "ClassMember" ("classId", "userId", role)
    SELECT ${classId}, u.id, 'member'::"ClassRole"
    FROM unnest(${[...userIds]}::int[]) WITH ORDINALITY AS u(id, n)
    WHERE NOT EXISTS (SELECT 1 FROM "ClassMember" m WHERE m."classId" = ${classId} AND m."userId" = u.id)
    ORDER BY u.n LIMIT ${limit}
    ON CONFLICT ("classId", "userId") DO NOTHING`;
}

/** How many of `userIds` are in the class. */
export function countMembersAmong(db: DbClient, { classId, userIds }: { classId: number; userIds: readonly number[] }): Promise<number> {
  return db.classMember.count({ where: { classId, userId: { in: [...userIds] } } });
}
