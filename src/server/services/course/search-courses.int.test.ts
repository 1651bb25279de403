/**
 * The header search on a real database: the learner's own and public courses, by course, chapter
 * and section titles, every word matching; never someone's private course.
 */
import { describe, expect, test } from "vitest";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { createCourse, createUser, uniqueSuffix } from "../../../../test/factories";

describe("course.search", () => {
  test("finds sections by title and links to their moment; own courses first; private ones of others never", async () => {
    const [me, other] = [await createUser(db), await createUser(db)];
    const tag = `zq${uniqueSuffix()}`.slice(0, 12);
    const mine = await createCourse(db, { userId: me.id, title: `My ${tag} course` });
    const theirsPublic = await createCourse(db, { userId: other.id, isPublic: true, title: `Public ${tag} course` });
    const theirsPrivate = await createCourse(db, { userId: other.id, title: `Private ${tag} course` });
    const section = await db.section.findFirstOrThrow({ where: { chapter: { courseId: theirsPublic.id } }, orderBy: { order: "asc" } });
    await db.section.update({ where: { id: section.id }, data: { title: `Halving the ${tag} list` } });
    const { caller } = await createTestCaller({ user: me });

    const results = await caller.course.search({ q: tag.toUpperCase() });
    const ids = results.map((r) => r.courseId);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(theirsPublic.id);
    expect(ids).not.toContain(theirsPrivate.id);
    expect(results[0]).toMatchObject({ kind: "course", courseId: mine.id });

    const [hit] = await caller.course.search({ q: `halving ${tag}` });
    expect(hit).toEqual({ kind: "section", courseId: theirsPublic.id, courseTitle: theirsPublic.title, title: `Halving the ${tag} list`, href: `/course/${theirsPublic.id}?t=${section.timeStart}` });
    expect(await caller.course.search({ q: `halving ${tag} nowhere` })).toEqual([]);
    // LIKE's wildcards are plain characters in a query.
    expect(await caller.course.search({ q: "%" })).toEqual([]);
  });
});
