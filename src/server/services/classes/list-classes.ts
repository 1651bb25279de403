import type { DbClient } from "~/server/db";
import { selectMembershipsOf } from "~/server/db/queries/classes";

/** GET /api/classes: the caller's classes with their role, newest membership first. */
export async function listClasses(db: DbClient, userId: number) {
  const memberships = await selectMembershipsOf(db, userId);
  return {
    classes: memberships.map(({ role, class: c }) => ({ id: c.id, name: c.name, role, archived: c.archivedAt !== null, memberCount: c._count.members })),
  };
}
