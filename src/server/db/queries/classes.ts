import type { DbClient } from "../client";

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
