import type { DbClient } from "~/server/db";

/** GET /api/classes: the caller's classes with their role, newest membership first. */
export async function listClasses(db: DbClient, userId: number) {
  const memberships = await db.classMember.findMany({
    where: { userId },
    orderBy: [{ joinedAt: "desc" }, { id: "desc" }],
    select: { role: true, class: { select: { id: true, name: true, archivedAt: true, _count: { select: { members: true } } } } },
  });
  return {
    classes: memberships.map(({ role, class: c }) => ({ id: c.id, name: c.name, role, archived: c.archivedAt !== null, memberCount: c._count.members })),
  };
}
