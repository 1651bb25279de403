/**
 * Recommendations and related courses on a real database: like the learner's own courses, never
 * their own, never a private one, not one they started; related courses never the course itself.
 */
import { describe, expect, test } from "vitest";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createCourse, createUser } from "../../../../test/factories";

async function world() {
  const [me, author] = [await createUser(db), await createUser(db)];
  const mine = await createCourse(db, {
    userId: me.id,
    title: "Binary search on sorted arrays",
    description: "Halving the search space",
    topic: "binary search",
    complexity: "beginner",
  });
  const similar = await createCourse(db, {
    userId: author.id,
    isPublic: true,
    title: "Binary search explained step by step",
    description: "Searching a sorted list by halving it",
    topic: "binary search",
    complexity: "beginner",
  });
  const alsoSimilar = await createCourse(db, {
    userId: author.id,
    isPublic: true,
    title: "Binary search trees",
    description: "Search trees and balancing",
    topic: "binary search trees",
    complexity: "advanced",
  });
  const unrelated = await createCourse(db, {
    userId: author.id,
    isPublic: true,
    title: "Sourdough bread",
    description: "Starter, kneading and proofing",
    topic: "baking",
    complexity: "beginner",
  });
  const privateSimilar = await createCourse(db, {
    userId: author.id,
    isPublic: false,
    title: "Binary search, the private notes",
    description: "Sorted arrays and binary search",
    topic: "binary search",
    complexity: "beginner",
  });
  const myPublic = await createCourse(db, {
    userId: me.id,
    isPublic: true,
    title: "Binary search drills",
    description: "More binary search",
    topic: "binary search",
    complexity: "beginner",
  });
  return { me, author, mine, similar, alsoSimilar, unrelated, privateSimilar, myPublic };
}

describe("GET /api/recommendations", () => {
  test("public courses like the learner's own, best first; never their own, a private one, or an unrelated one", async () => {
    const w = await world();
    const { caller } = await createTestCaller({ user: w.me });
    const ids = (await caller.course.recommendations()).map((c) => c.id);
    expect(ids[0]).toBe(w.similar.id);
    expect(ids).toContain(w.alsoSimilar.id);
    for (const excluded of [w.mine.id, w.myPublic.id, w.privateSimilar.id, w.unrelated.id]) expect(ids).not.toContain(excluded);
    expect(ids.length).toBeLessThanOrEqual(3);
  });

  test("a course the learner started is no longer recommended; a learner without courses gets none", async () => {
    const w = await world();
    const { caller } = await createTestCaller({ user: w.me });
    const section = await db.section.findFirstOrThrow({ where: { chapter: { courseId: w.similar.id } }, select: { id: true } });
    await caller.progress.update({ id: w.similar.id, currentSectionId: section.id });
    expect((await caller.course.recommendations()).map((c) => c.id)).not.toContain(w.similar.id);
    const { caller: newcomer } = await createTestCaller({ user: await createUser(db) });
    expect(await newcomer.course.recommendations()).toEqual([]);
  });
});

describe("related courses", () => {
  test("public courses like this one, never this one, the learner's own or a private one; someone's private course is Not Found", async () => {
    const w = await world();
    const { caller } = await createTestCaller({ user: w.me });
    const related = (await caller.course.related({ id: w.mine.id })).map((c) => c.id);
    expect(related).toContain(w.similar.id);
    for (const excluded of [w.mine.id, w.myPublic.id, w.privateSimilar.id, w.unrelated.id]) expect(related).not.toContain(excluded);
    expect((await caller.course.related({ id: w.similar.id })).map((c) => c.id)).not.toContain(w.similar.id);
    await expectTRPCError(caller.course.related({ id: w.privateSimilar.id }), "NOT_FOUND");
  });
});
