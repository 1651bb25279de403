/** course.* through createTestCaller: only the caller's own data, ever. */
import { describe, expect, test } from "vitest";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { createCourse, createUser } from "../../../../test/factories";

const summaryKeys = ["complexity", "createdAt", "description", "id", "language", "thumbnailUrl", "title"];

describe("course.mine", () => {
  test("lists only the caller's ready courses, newest first", async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const older = await createCourse(db, { userId: me.id, title: "Older", createdAt: new Date("2026-01-01T00:00:00Z") });
    const newer = await createCourse(db, { userId: me.id, title: "Newer", createdAt: new Date("2026-02-01T00:00:00Z") });
    await createCourse(db, { userId: me.id, status: "generating", chapters: 0 });
    await createCourse(db, { userId: me.id, status: "failed", chapters: 0 });
    await createCourse(db, { userId: other.id, title: "Not mine", isPublic: true });

    const { caller } = await createTestCaller({ user: me });
    const courses = await caller.course.mine();
    expect(courses.map((course) => course.id)).toEqual([newer.id, older.id]);
    expect(Object.keys(courses[0] ?? {}).sort()).toEqual(summaryKeys);
    expect(courses[0]).toEqual({
      id: newer.id,
      title: "Newer",
      description: newer.description,
      thumbnailUrl: newer.thumbnailUrl,
      complexity: "beginner",
      language: "en",
      createdAt: "2026-02-01T00:00:00.000Z",
    });
  });

  test("a user with no courses gets an empty list; anonymous → UNAUTHORIZED", async () => {
    const loner = await createUser(db);
    await createCourse(db);
    const { caller } = await createTestCaller({ user: loner });
    expect(await caller.course.mine()).toEqual([]);
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.course.mine(), "UNAUTHORIZED");
  });

  test("course text round-trips exactly (emoji, bidi override, combining marks, HTML)", async () => {
    const me = await createUser(db);
    const title = 'Learn 🧪 chemistry \u202Etxt.exe <script>alert(1)</script> e\u0301 &amp; "quotes"';
    const description = "<img src=x onerror=alert(1)>\n\tمرحبا بالعالم\u200F — 日本語 🏳️‍🌈";
    await createCourse(db, { userId: me.id, title, description });
    const { caller } = await createTestCaller({ user: me });
    const [course] = await caller.course.mine();
    expect(course?.title).toBe(title);
    expect(course?.description).toBe(description);
  });
});

describe("course.byUser", () => {
  test("your own userId → your courses; another user's userId → FORBIDDEN", async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const mine = await createCourse(db, { userId: me.id });
    await createCourse(db, { userId: other.id });

    const { caller } = await createTestCaller({ user: me });
    expect((await caller.course.byUser({ userId: me.id })).map((course) => course.id)).toEqual([mine.id]);
    expect((await caller.course.byUser({})).map((course) => course.id)).toEqual([mine.id]);
    await expectTRPCError(caller.course.byUser({ userId: other.id }), "FORBIDDEN", "You can only access your own data");
    // An id that belongs to nobody is refused the same way (no probing for ids).
    await expectTRPCError(caller.course.byUser({ userId: other.id + 1000 }), "FORBIDDEN");
  });

  test("anonymous → UNAUTHORIZED; a bad userId → BAD_REQUEST", async () => {
    const me = await createUser(db);
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.course.byUser({ userId: me.id }), "UNAUTHORIZED");

    const { caller } = await createTestCaller({ user: me });
    await expectValidationError(caller.course.byUser({ userId: -1 }), "id must be positive");
    await expectValidationError(caller.course.byUser({ userId: 1.5 }), "id must be a whole number");
    await expectValidationError(caller.course.byUser({ userId: 2 ** 31 }), "id is too large");
    // @ts-expect-error -- an unknown field
    await expectValidationError(caller.course.byUser({ userId: me.id, all: true }), /all/);
  });
});
