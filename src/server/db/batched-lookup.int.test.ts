/**
 * The batched session and access lookups on a real database: requests that meet share a
 * statement, and each still gets its own answer (the row of its key, or none).
 */
import { describe, expect, test } from "vitest";

import { db } from "../../../test/db";
import { createCourse, createUser } from "../../../test/factories";
import { sqlFromElsewhere } from "../../../test/notify";

import { selectSessionUser } from "./queries/auth";
import { selectCourseAccess } from "./queries/course";

describe("batched lookups", () => {
  test("many session checks at once: each gets its own user, or none for a stale version or an unknown id", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
    const checks = users.flatMap((user) => [
      { userId: user.id, sessionVersion: user.sessionVersion, expected: user.username },
      { userId: user.id, sessionVersion: user.sessionVersion + 1, expected: undefined },
    ]);
    checks.push({ userId: 2_000_000_000, sessionVersion: 0, expected: undefined });
    const repeated = [...checks, ...checks, ...checks];
    const rows = await Promise.all(repeated.map(({ userId, sessionVersion }) => selectSessionUser(db, { userId, sessionVersion })));
    expect(rows.map((row) => row?.username)).toEqual(repeated.map((check) => check.expected));
  });

  test("many access checks at once: the owner and a public course's visitor see it, a stranger not a private one, an unknown id nothing", async () => {
    const [owner, stranger] = await Promise.all([createUser(db), createUser(db)]);
    const [open, closed] = await Promise.all([createCourse(db, { userId: owner.id, isPublic: true }), createCourse(db, { userId: owner.id, isPublic: false })]);
    const keys = [
      { courseId: open.id, userId: stranger.id, visible: true },
      { courseId: closed.id, userId: stranger.id, visible: false },
      { courseId: closed.id, userId: owner.id, visible: true },
      { courseId: 2_000_000_000, userId: owner.id, visible: undefined },
    ];
    const repeated = Array.from({ length: 20 }, () => keys).flat();
    const rows = await Promise.all(repeated.map(({ courseId, userId }) => selectCourseAccess(db, { courseId, userId })));
    expect(rows.map((row) => row?.visible)).toEqual(repeated.map((key) => key.visible));

    // A change made elsewhere while checks are on their way is seen by every check made after it.
    const during = Promise.all(Array.from({ length: 10 }, () => selectCourseAccess(db, { courseId: open.id, userId: stranger.id })));
    await sqlFromElsewhere(`UPDATE "Course" SET "isPublic" = false WHERE id = $1`, [open.id]);
    const after = await Promise.all(Array.from({ length: 10 }, () => selectCourseAccess(db, { courseId: open.id, userId: stranger.id })));
    await during;
    expect(after.map((row) => row?.visible)).toEqual(Array.from({ length: 10 }, () => false));
  });
});
