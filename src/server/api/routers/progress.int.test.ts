/** progress.* through createTestCaller: real section counts, only the caller's own progress. */
import { describe, expect, test } from "vitest";


import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createCourse, createProgress, createUser, sectionsOf } from "../../../../test/factories";

describe("progress.mine", () => {
  test("counts the course's real sections and lists the caller's completions only", async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 2, sectionsPerChapter: 3 });
    const sections = sectionsOf(course);
    expect(sections).toHaveLength(6);
    const [first, second, third] = sections;
    if (!first || !second || !third) throw new Error("factory made too few sections");

    await createProgress(db, { userId: me.id, courseId: course.id, currentSectionId: third.id, completedSectionIds: [first.id, second.id] });
    // Another learner's progress in the same course must not show up.
    await createProgress(db, { userId: other.id, courseId: course.id, currentSectionId: first.id, completedSectionIds: [first.id, second.id, third.id] });

    const { caller } = await createTestCaller({ user: me });
    expect(await caller.progress.mine()).toEqual([
      { courseId: course.id, userId: me.id, currentSectionId: third.id, completedSections: [first.id, second.id], totalSections: 6 },
    ]);

    const { caller: otherCaller } = await createTestCaller({ user: other });
    const [theirs] = await otherCaller.progress.mine();
    expect(theirs).toMatchObject({ userId: other.id, completedSections: [first.id, second.id, third.id], totalSections: 6 });
  });

  test("several courses each get their own section count; no progress → empty list", async () => {
    const me = await createUser(db);
    const small = await createCourse(db, { userId: me.id, chapters: 1, sectionsPerChapter: 1 });
    const big = await createCourse(db, { userId: me.id, chapters: 3, sectionsPerChapter: 4 });
    await createCourse(db, { userId: me.id, chapters: 2 }); // no progress: not listed

    const { caller } = await createTestCaller({ user: me });
    expect(await caller.progress.mine()).toEqual([]);

    await createProgress(db, { userId: me.id, courseId: small.id, completedSectionIds: [sectionsOf(small)[0]?.id ?? 0] });
    await createProgress(db, { userId: me.id, courseId: big.id, currentSectionId: sectionsOf(big)[5]?.id ?? null });
    const records = await caller.progress.mine();
    const byCourse = new Map(records.map((record) => [record.courseId, record]));
    expect(records).toHaveLength(2);
    expect(byCourse.get(small.id)).toMatchObject({ totalSections: 1, completedSections: [sectionsOf(small)[0]?.id] });
    expect(byCourse.get(big.id)).toMatchObject({ totalSections: 12, completedSections: [], currentSectionId: sectionsOf(big)[5]?.id });
  });

  test("anonymous → UNAUTHORIZED", async () => {
    const { caller } = await createTestCaller();
    await expectTRPCError(caller.progress.mine(), "UNAUTHORIZED");
  });
});
