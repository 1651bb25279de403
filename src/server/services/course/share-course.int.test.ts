/**
 * Sharing a course: only its creator toggles it; a public course opens for any signed-in learner
 * with their own progress; made private again, it is "Course Not Found" to everyone else at once.
 */
import { describe, expect, test } from "vitest";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createCourse, createUser } from "../../../../test/factories";

describe("course.setSharing", () => {
  test("public: another learner opens it and keeps their own progress; private again: Course Not Found", async () => {
    const [owner, learner] = [await createUser(db), await createUser(db)];
    const course = await createCourse(db, { userId: owner.id, chapters: 1, sectionsPerChapter: 2 });
    const [{ caller: ownerCaller }, { caller: learnerCaller }] = [await createTestCaller({ user: owner }), await createTestCaller({ user: learner })];
    await expectTRPCError(learnerCaller.course.byId({ id: course.id }), "NOT_FOUND", "Course Not Found");

    expect(await ownerCaller.course.setSharing({ id: course.id, isPublic: true })).toEqual({ id: course.id, isPublic: true });
    const seen = await learnerCaller.course.byId({ id: course.id });
    expect(seen.course).toMatchObject({ id: course.id, isPublic: true, isOwner: false });
    const [first] = seen.chapters[0]!.sections;
    await learnerCaller.progress.update({ id: course.id, completedSectionId: first!.id });
    await expectTRPCError(ownerCaller.progress.byCourse({ id: course.id }), "NOT_FOUND");
    expect((await learnerCaller.progress.byCourse({ id: course.id })).completedSections).toEqual([first!.id]);

    await ownerCaller.course.setSharing({ id: course.id, isPublic: false });
    await expectTRPCError(learnerCaller.course.byId({ id: course.id }), "NOT_FOUND", "Course Not Found");
    expect((await ownerCaller.course.byId({ id: course.id })).course.isPublic).toBe(false);
  });

  test("only the creator may change it; an unfinished course cannot be shared", async () => {
    const [owner, other] = [await createUser(db), await createUser(db)];
    const course = await createCourse(db, { userId: owner.id });
    const { caller: otherCaller } = await createTestCaller({ user: other });
    await expectTRPCError(otherCaller.course.setSharing({ id: course.id, isPublic: true }), "NOT_FOUND");
    const { caller: ownerCaller } = await createTestCaller({ user: owner });
    await ownerCaller.course.setSharing({ id: course.id, isPublic: true });
    await expectTRPCError(otherCaller.course.setSharing({ id: course.id, isPublic: false }), "FORBIDDEN");
    expect((await db.course.findUniqueOrThrow({ where: { id: course.id } })).isPublic).toBe(true);

    const generating = await createCourse(db, { userId: owner.id });
    await db.course.update({ where: { id: generating.id }, data: { status: "generating" } });
    await expectTRPCError(ownerCaller.course.setSharing({ id: generating.id, isPublic: true }), "CONFLICT", "Only a finished course can be shared.");
  });
});
