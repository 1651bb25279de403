import type { ClassRole } from "~/lib/schemas/classes";
import type { DbClient } from "~/server/db";
import { inviteExpiry, newInviteCode } from "~/server/services/classes/invite-code";

/** A class owned by `ownerId`, with its owner's membership and the other members given; the invite valid for 14 days unless overridden. */
export async function createClassRow(
  db: DbClient,
  {
    ownerId,
    name = "Algorithms 101",
    members = [],
    ...overrides
  }: {
    ownerId: number;
    name?: string;
    members?: { userId: number; role?: Exclude<ClassRole, "owner"> }[];
    inviteExpiresAt?: Date;
    inviteRevokedAt?: Date | null;
    archivedAt?: Date | null;
  },
) {
  return db.class.create({
    data: {
      name,
      ownerId,
      inviteCode: newInviteCode(),
      inviteExpiresAt: inviteExpiry(new Date()),
      ...overrides,
      members: { create: [{ userId: ownerId, role: "owner" }, ...members.map(({ userId, role = "member" }) => ({ userId, role }))] },
    },
  });
}

/** `count` learners made members of the class in one statement each (the users, then the memberships). */
export async function fillClass(db: DbClient, classId: number, count: number): Promise<void> {
  const tag = `${classId}_${Date.now().toString(36)}`;
  const users = await db.user.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({ username: `seat_${tag}_${i}`.slice(0, 32), usernameKey: `seat_${tag}_${i}`.slice(0, 32) })),
    select: { id: true },
  });
  await db.classMember.createMany({ data: users.map(({ id }) => ({ classId, userId: id, role: "member" as const })) });
}

/** An assignment of the course to the class, made by `assignedById` (the course's author unless given). */
export async function createAssignmentRow(
  db: DbClient,
  {
    classId,
    courseId,
    assignedById,
    dueAt = null,
    note = null,
  }: { classId: number; courseId: number; assignedById?: number; dueAt?: Date | null; note?: string | null },
) {
  const author = assignedById ?? (await db.course.findUniqueOrThrow({ where: { id: courseId }, select: { userId: true } })).userId;
  return db.assignment.create({ data: { classId, courseId, assignedById: author, dueAt, note } });
}
