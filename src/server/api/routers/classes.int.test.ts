/** classes.* through createTestCaller on a real database: roles, invitations, limits, and what each role sees. */
import { describe, expect, test } from "vitest";

import { LIMITS } from "~/server/rate-limit";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { bearer, createApiTokenRow, createUser } from "../../../../test/factories";
import { createClassRow, fillClass } from "../../../../test/factories/classes";
import { CLASS_MESSAGES } from "~/lib/rules/classes";
import { API_TOKEN_MESSAGES } from "~/lib/rules/api-tokens";
import { MAX_CLASS_MEMBERS, MAX_OWNED_CLASSES } from "~/lib/rules/classes";

const as = async (user: { id: number }) => (await createTestCaller({ user })).caller;

/** An owner's class with a teacher and a member, each with a caller. */
async function classroom() {
  const [owner, teacher, member, outsider] = await Promise.all([createUser(db), createUser(db), createUser(db), createUser(db)]);
  const callers = { owner: await as(owner), teacher: await as(teacher), member: await as(member), outsider: await as(outsider) };
  const { class: created } = await callers.owner.classes.create({ name: "  Algorithms   101 " });
  await callers.teacher.classes.join({ code: created.inviteCode! });
  await callers.member.classes.join({ code: created.inviteCode! });
  await callers.owner.classes.setRole({ id: created.id, memberId: teacher.id, role: "teacher" });
  return { owner, teacher, member, outsider, callers, classId: created.id, code: created.inviteCode! };
}

const memberCount = (classId: number) => db.classMember.count({ where: { classId } });

describe("creating and reading a class", () => {
  test("the creator owns it and gets its invite code, valid for 14 days; the name is cleaned", async () => {
    const owner = await createUser(db);
    const caller = await as(owner);
    const before = Date.now();
    const { class: created } = await caller.classes.create({ name: " Physics\u200B  1 " });
    expect(created).toMatchObject({ name: "Physics 1", role: "owner", archived: false, memberCount: 1, owner: { userId: owner.id, username: owner.username } });
    expect(created.inviteCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const days = (Date.parse(created.inviteExpiresAt!) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    expect(await caller.classes.mine()).toEqual({ classes: [{ id: created.id, name: "Physics 1", role: "owner", archived: false, memberCount: 1 }] });
  });

  test("names: empty and over 100 characters are refused", async () => {
    const caller = await as(await createUser(db));
    await expectValidationError(caller.classes.create({ name: " \u200B " }), "Please give the class a name");
    await expectValidationError(caller.classes.create({ name: "x".repeat(101) }), "A class name can be at most 100 characters");
    expect((await caller.classes.create({ name: "x".repeat(100) })).class.name).toHaveLength(100);
  });

  test("a learner owns at most 50 classes", async () => {
    const owner = await createUser(db);
    for (let i = 0; i < MAX_OWNED_CLASSES - 1; i++) await createClassRow(db, { ownerId: owner.id });
    const caller = await as(owner);
    await caller.classes.create({ name: "The fiftieth" });
    await expectTRPCError(caller.classes.create({ name: "One too many" }), "CONFLICT", CLASS_MESSAGES.ownedLimit);
    expect(await db.class.count({ where: { ownerId: owner.id } })).toBe(MAX_OWNED_CLASSES);
  });

  test("members see the name, their role, owner and teachers; only owner and teachers see the invitation and the members; nobody an e-mail", async () => {
    const { callers, classId, code, teacher, member } = await classroom();
    const asMember = (await callers.member.classes.byId({ id: classId })).class;
    expect(asMember).toMatchObject({ role: "member", memberCount: 3, inviteCode: null, inviteExpiresAt: null, inviteRevoked: null, members: null });
    expect(asMember.teachers).toEqual([{ userId: teacher.id, username: teacher.username }]);
    for (const caller of [callers.owner, callers.teacher]) {
      const seen = (await caller.classes.byId({ id: classId })).class;
      expect(seen.inviteCode).toBe(code);
      expect(seen.members?.map((m) => [m.userId, m.role])).toEqual(expect.arrayContaining([[member.id, "member"]]));
    }
    for (const caller of Object.values(callers).slice(0, 3)) {
      const text = JSON.stringify(await caller.classes.byId({ id: classId }));
      expect(text).not.toMatch(/@example\.test|Learner /);
    }
  });

  test("a class the caller is not in is a 404, never a 403", async () => {
    const { callers, classId } = await classroom();
    await expectTRPCError(callers.outsider.classes.byId({ id: classId }), "NOT_FOUND", CLASS_MESSAGES.notFound);
    await expectTRPCError(callers.outsider.classes.byId({ id: 2_147_483_647 }), "NOT_FOUND", CLASS_MESSAGES.notFound);
    for (const call of [
      () => callers.outsider.classes.rotateInvite({ id: classId }),
      () => callers.outsider.classes.revokeInvite({ id: classId }),
      () => callers.outsider.classes.update({ id: classId, name: "Mine now" }),
      () => callers.outsider.classes.delete({ id: classId }),
      () => callers.outsider.classes.leave({ id: classId }),
      () => callers.outsider.classes.setRole({ id: classId, memberId: 1, role: "teacher" }),
      () => callers.outsider.classes.removeMember({ id: classId, memberId: 1 }),
    ]) {
      await expectTRPCError(call(), "NOT_FOUND", CLASS_MESSAGES.notFound);
    }
    expect(await memberCount(classId)).toBe(3);
  });
});

describe("joining", () => {
  test("the preview shows the name, owner, teachers and size; joining twice is a no-op that returns the class", async () => {
    const { callers, code, owner, teacher, classId } = await classroom();
    expect(await callers.outsider.classes.preview({ code })).toEqual({
      class: { name: "Algorithms 101", owner: owner.username, teachers: [teacher.username], memberCount: 3 },
      alreadyMember: false,
    });
    const first = await callers.outsider.classes.join({ code });
    expect(first).toMatchObject({ joined: true, class: { id: classId, role: "member", memberCount: 4 } });
    const again = await callers.outsider.classes.join({ code });
    expect(again).toMatchObject({ joined: false, class: { id: classId, role: "member", memberCount: 4 } });
    expect((await callers.outsider.classes.preview({ code })).alreadyMember).toBe(true);
  });

  test("an unknown, rotated-away, revoked or expired code, an archived or a full class: a clear 4xx and nothing changes", async () => {
    const { callers, code, classId, owner } = await classroom();
    const joiner = await createUser(db);
    const caller = await as(joiner);
    await expectTRPCError(caller.classes.join({ code: "not-a-code" }), "NOT_FOUND", CLASS_MESSAGES.inviteUnknown);
    await expectTRPCError(caller.classes.preview({ code: "not-a-code" }), "NOT_FOUND", CLASS_MESSAGES.inviteUnknown);

    const rotated = await callers.teacher.classes.rotateInvite({ id: classId, expiresInDays: 3 });
    expect(rotated.inviteCode).not.toBe(code);
    await expectTRPCError(caller.classes.join({ code }), "NOT_FOUND", CLASS_MESSAGES.inviteUnknown);

    await callers.owner.classes.revokeInvite({ id: classId });
    await expectTRPCError(caller.classes.join({ code: rotated.inviteCode }), "UNPROCESSABLE_CONTENT", CLASS_MESSAGES.inviteRevoked);
    expect((await callers.owner.classes.byId({ id: classId })).class.inviteRevoked).toBe(true);

    const fresh = await callers.owner.classes.rotateInvite({ id: classId });
    await db.class.update({ where: { id: classId }, data: { inviteExpiresAt: new Date(Date.now() - 1000) } });
    await expectTRPCError(caller.classes.join({ code: fresh.inviteCode }), "UNPROCESSABLE_CONTENT", CLASS_MESSAGES.inviteExpired);

    const archived = await createClassRow(db, { ownerId: owner.id, archivedAt: new Date() });
    await expectTRPCError(caller.classes.join({ code: archived.inviteCode }), "CONFLICT", CLASS_MESSAGES.archived);

    const full = await createClassRow(db, { ownerId: owner.id });
    await fillClass(db, full.id, MAX_CLASS_MEMBERS - 1);
    await expectTRPCError(caller.classes.join({ code: full.inviteCode }), "CONFLICT", CLASS_MESSAGES.full);

    expect(await db.classMember.count({ where: { userId: joiner.id } })).toBe(0);
    expect(await memberCount(classId)).toBe(3);
    expect(await memberCount(full.id)).toBe(MAX_CLASS_MEMBERS);
  });

  test("invalid codes are rate-limited per learner (a code that works is never counted)", async () => {
    const { code } = await classroom();
    const caller = await as(await createUser(db));
    for (let i = 0; i < LIMITS.classJoinFailuresPerUser.points; i++) {
      await expectTRPCError(caller.classes.join({ code: `wrong-${i}` }), "NOT_FOUND");
    }
    await expectTRPCError(caller.classes.join({ code }), "TOO_MANY_REQUESTS", LIMITS.classJoinFailuresPerUser.message);
    await expectTRPCError(caller.classes.preview({ code }), "TOO_MANY_REQUESTS", LIMITS.classJoinFailuresPerUser.message);
  });

  test("invalid codes are rate-limited per address, across learners", async () => {
    const { code } = await classroom();
    const ip = "10.33.33.33";
    const learners = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
    const callers = await Promise.all(learners.map(async (user) => (await createTestCaller({ user, headers: { "x-forwarded-for": ip } })).caller));
    for (let i = 0; i < LIMITS.classJoinFailuresPerIp.points; i++) {
      await expectTRPCError(callers[i % 3]!.classes.join({ code: `wrong-${i}` }), "NOT_FOUND");
    }
    await expectTRPCError(callers[3]!.classes.join({ code }), "TOO_MANY_REQUESTS", LIMITS.classJoinFailuresPerIp.message);
  });
});

describe("invitations", () => {
  test("owner and teachers rotate (1–90 days) and revoke; a member gets 403", async () => {
    const { callers, classId } = await classroom();
    const before = Date.now();
    const rotated = await callers.owner.classes.rotateInvite({ id: classId, expiresInDays: 90 });
    expect(Math.round((Date.parse(rotated.inviteExpiresAt) - before) / 86_400_000)).toBe(90);
    await expectValidationError(callers.owner.classes.rotateInvite({ id: classId, expiresInDays: 91 }), "An invitation can last at most 90 days");
    await expectValidationError(callers.owner.classes.rotateInvite({ id: classId, expiresInDays: 0 }), "An invitation must last at least 1 day");
    await expectTRPCError(callers.member.classes.rotateInvite({ id: classId }), "FORBIDDEN", CLASS_MESSAGES.teachersOnly);
    await expectTRPCError(callers.member.classes.revokeInvite({ id: classId }), "FORBIDDEN", CLASS_MESSAGES.teachersOnly);
    expect((await callers.owner.classes.byId({ id: classId })).class.inviteCode).toBe(rotated.inviteCode);
  });
});

describe("roles and members", () => {
  test("only the owner changes roles; the owner's own role never changes", async () => {
    const { callers, classId, owner, teacher, member } = await classroom();
    expect((await callers.owner.classes.setRole({ id: classId, memberId: member.id, role: "teacher" })).member).toMatchObject({
      userId: member.id,
      role: "teacher",
    });
    await callers.owner.classes.setRole({ id: classId, memberId: member.id, role: "member" });
    await expectTRPCError(callers.teacher.classes.setRole({ id: classId, memberId: member.id, role: "teacher" }), "FORBIDDEN", CLASS_MESSAGES.ownerOnly);
    await expectTRPCError(callers.member.classes.setRole({ id: classId, memberId: member.id, role: "teacher" }), "FORBIDDEN", CLASS_MESSAGES.ownerOnly);
    await expectTRPCError(callers.owner.classes.setRole({ id: classId, memberId: owner.id, role: "member" }), "BAD_REQUEST", CLASS_MESSAGES.ownerRole);
    await expectTRPCError(callers.owner.classes.setRole({ id: classId, memberId: 2_147_483_647, role: "member" }), "NOT_FOUND", CLASS_MESSAGES.memberNotFound);
    await expectValidationError(
      callers.owner.classes.setRole({ id: classId, memberId: teacher.id, role: "owner" as "member" }),
      "role must be teacher or member",
    );
    const roles = await db.classMember.findMany({ where: { classId }, select: { userId: true, role: true } });
    expect(new Map(roles.map((r) => [r.userId, r.role]))).toEqual(
      new Map([
        [owner.id, "owner"],
        [teacher.id, "teacher"],
        [member.id, "member"],
      ]),
    );
  });

  test("the owner removes anyone but themself; a teacher removes members but not teachers; a member only themself", async () => {
    const { callers, classId, owner, member, outsider } = await classroom();
    const secondTeacher = await createUser(db);
    await callers.outsider.classes.join({ code: (await callers.owner.classes.byId({ id: classId })).class.inviteCode! });
    await (await as(secondTeacher)).classes.join({ code: (await callers.owner.classes.byId({ id: classId })).class.inviteCode! });
    await callers.owner.classes.setRole({ id: classId, memberId: secondTeacher.id, role: "teacher" });

    await expectTRPCError(callers.member.classes.removeMember({ id: classId, memberId: outsider.id }), "FORBIDDEN", CLASS_MESSAGES.teachersOnly);
    await expectTRPCError(callers.teacher.classes.removeMember({ id: classId, memberId: secondTeacher.id }), "FORBIDDEN", CLASS_MESSAGES.teacherRemovesTeacher);
    await expectTRPCError(callers.teacher.classes.removeMember({ id: classId, memberId: owner.id }), "BAD_REQUEST", CLASS_MESSAGES.ownerStays);
    await expectTRPCError(callers.owner.classes.removeMember({ id: classId, memberId: owner.id }), "BAD_REQUEST", CLASS_MESSAGES.ownerStays);
    await expectTRPCError(callers.owner.classes.leave({ id: classId }), "BAD_REQUEST", CLASS_MESSAGES.ownerStays);

    await callers.teacher.classes.removeMember({ id: classId, memberId: outsider.id });
    await callers.owner.classes.removeMember({ id: classId, memberId: secondTeacher.id });
    await callers.member.classes.removeMember({ id: classId, memberId: member.id });
    await expectTRPCError(callers.member.classes.byId({ id: classId }), "NOT_FOUND", CLASS_MESSAGES.notFound);
    await callers.teacher.classes.leave({ id: classId });
    expect(await db.classMember.findMany({ where: { classId }, select: { userId: true } })).toEqual([{ userId: owner.id }]);
    expect((await callers.teacher.classes.mine()).classes).toEqual([]);
  });
});

describe("archiving and deleting", () => {
  test("an archived class is read-only until its owner unarchives it; members may still leave", async () => {
    const { callers, classId, member, code } = await classroom();
    await expectTRPCError(callers.teacher.classes.update({ id: classId, archived: true }), "FORBIDDEN", CLASS_MESSAGES.ownerOnly);
    expect((await callers.owner.classes.update({ id: classId, archived: true })).class.archived).toBe(true);
    const joiner = await as(await createUser(db));
    await expectTRPCError(joiner.classes.join({ code }), "CONFLICT", CLASS_MESSAGES.archived);
    await expectTRPCError(callers.teacher.classes.rotateInvite({ id: classId }), "CONFLICT", CLASS_MESSAGES.archived);
    await expectTRPCError(callers.owner.classes.setRole({ id: classId, memberId: member.id, role: "teacher" }), "CONFLICT", CLASS_MESSAGES.archived);
    await expectTRPCError(callers.owner.classes.update({ id: classId, name: "Renamed" }), "CONFLICT", CLASS_MESSAGES.archived);
    expect((await callers.member.classes.mine()).classes[0]).toMatchObject({ id: classId, archived: true });
    expect((await callers.owner.classes.update({ id: classId, archived: false, name: "Algorithms 102" })).class).toMatchObject({
      archived: false,
      name: "Algorithms 102",
    });
    await callers.owner.classes.update({ id: classId, archived: true });
    await callers.member.classes.leave({ id: classId });
    expect(await memberCount(classId)).toBe(2);
  });

  test("only the owner deletes a class; its memberships go, the members' own rows stay", async () => {
    const { callers, classId, member } = await classroom();
    await expectTRPCError(callers.teacher.classes.delete({ id: classId }), "FORBIDDEN", CLASS_MESSAGES.ownerOnly);
    await callers.owner.classes.delete({ id: classId });
    expect(await db.class.count({ where: { id: classId } })).toBe(0);
    expect(await memberCount(classId)).toBe(0);
    expect(await db.user.count({ where: { id: member.id } })).toBe(1);
    await expectTRPCError(callers.member.classes.byId({ id: classId }), "NOT_FOUND", CLASS_MESSAGES.notFound);
  });
});

describe("API tokens", () => {
  test("a token reads, creates, joins and leaves; it cannot change roles, members, the invitation, or archive or delete", async () => {
    const { owner, member, classId, code } = await classroom();
    const { token } = await createApiTokenRow(db, owner.id);
    const { caller } = await createTestCaller({ headers: bearer(token) });
    expect((await caller.classes.byId({ id: classId })).class.inviteCode).toBe(code);
    expect((await caller.classes.mine()).classes).toHaveLength(1);
    const created = (await caller.classes.create({ name: "From a script" })).class;
    for (const call of [
      () => caller.classes.setRole({ id: classId, memberId: member.id, role: "teacher" }),
      () => caller.classes.removeMember({ id: classId, memberId: member.id }),
      () => caller.classes.rotateInvite({ id: classId }),
      () => caller.classes.revokeInvite({ id: classId }),
      () => caller.classes.update({ id: classId, archived: true }),
      () => caller.classes.delete({ id: created.id }),
    ]) {
      await expectTRPCError(call(), "FORBIDDEN", API_TOKEN_MESSAGES.sessionOnly);
    }
    const { token: memberToken } = await createApiTokenRow(db, member.id);
    const { caller: memberScript } = await createTestCaller({ headers: bearer(memberToken) });
    await memberScript.classes.leave({ id: classId });
    expect(await memberScript.classes.join({ code })).toMatchObject({ joined: true });
    expect(await db.class.findUniqueOrThrow({ where: { id: classId } })).toMatchObject({ inviteCode: code, archivedAt: null, inviteRevokedAt: null });
  });
});
