/**
 * progress.* through createTestCaller and the REST adapter: real section counts, only the
 * caller's own progress, only courses the caller can see, and nothing written on a refusal.
 */
import { describe, expect, test } from "vitest";

import { NOTHING_TO_UPDATE } from "~/lib/schemas/progress";
import { openApiDocument } from "~/server/api/openapi";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { createCourse, createProgress, createUser, type CreatedCourse, sectionsOf } from "../../../../test/factories";
import { restCall } from "../../../../test/http";

/** The course's section ids in order, checked to be at least `count` (so indexing is safe). */
function sectionIds(course: CreatedCourse, count: number): number[] {
  const ids = sectionsOf(course).map((section) => section.id);
  if (ids.length < count) throw new Error(`factory made ${ids.length} sections, the test needs ${count}`);
  return ids;
}

/** Every progress row of a user (both tables), to prove that a refused call wrote nothing. */
async function rowsOf(userId: number) {
  const [progress, completions] = await Promise.all([db.courseProgress.count({ where: { userId } }), db.sectionCompletion.count({ where: { userId } })]);
  return { progress, completions };
}

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

describe("progress.byCourse", () => {
  test('NOT_FOUND "No progress yet" before any progress, then the record after an update', async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 2, sectionsPerChapter: 2 });
    const [first, second] = sectionIds(course, 4);
    const { caller } = await createTestCaller({ user: me });

    await expectTRPCError(caller.progress.byCourse({ id: course.id }), "NOT_FOUND", "No progress yet");
    await caller.progress.update({ id: course.id, currentSectionId: second, completedSectionId: first });
    expect(await caller.progress.byCourse({ id: course.id })).toEqual({
      courseId: course.id,
      userId: me.id,
      currentSectionId: second,
      completedSections: [first],
      totalSections: 4,
    });
    // The caller's own userId is accepted (the documented query carries one).
    expect((await caller.progress.byCourse({ id: course.id, userId: me.id })).currentSectionId).toBe(second);
  });

  test("a completion alone (no current section) counts as progress; other courses' progress is not mixed in", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 1, sectionsPerChapter: 3 });
    const other = await createCourse(db, { userId: me.id, chapters: 1, sectionsPerChapter: 5 });
    const [, , third] = sectionIds(course, 3);
    const [otherFirst] = sectionIds(other, 1);
    await createProgress(db, { userId: me.id, courseId: other.id, currentSectionId: otherFirst, completedSectionIds: [otherFirst!] });
    await db.sectionCompletion.create({ data: { userId: me.id, courseId: course.id, sectionId: third! } });

    const { caller } = await createTestCaller({ user: me });
    expect(await caller.progress.byCourse({ id: course.id })).toEqual({
      courseId: course.id,
      userId: me.id,
      currentSectionId: null,
      completedSections: [third],
      totalSections: 3,
    });
  });

  test('someone else\'s private course, a generating course or an unknown id → "Course Not Found", even with progress rows', async () => {
    const me = await createUser(db);
    const owner = await createUser(db);
    const hidden = await createCourse(db, { userId: owner.id, isPublic: false });
    const generating = await createCourse(db, { userId: owner.id, isPublic: true, status: "generating", chapters: 0 });
    // Progress left from when the course was public must not make it visible.
    const [hiddenFirst] = sectionIds(hidden, 1);
    await createProgress(db, { userId: me.id, courseId: hidden.id, currentSectionId: hiddenFirst });

    const { caller } = await createTestCaller({ user: me });
    await expectTRPCError(caller.progress.byCourse({ id: hidden.id }), "NOT_FOUND", "Course Not Found");
    await expectTRPCError(caller.progress.byCourse({ id: generating.id }), "NOT_FOUND", "Course Not Found");
    await expectTRPCError(caller.progress.byCourse({ id: 2_000_000_000 }), "NOT_FOUND", "Course Not Found");
    // Positive control: the owner sees their own course (and has no progress in it).
    const { caller: ownerCaller } = await createTestCaller({ user: owner });
    await expectTRPCError(ownerCaller.progress.byCourse({ id: hidden.id }), "NOT_FOUND", "No progress yet");
  });

  test("another user's userId → FORBIDDEN; anonymous → UNAUTHORIZED; bad ids → BAD_REQUEST", async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const course = await createCourse(db, { userId: other.id, isPublic: true });
    const [first] = sectionIds(course, 1);
    await createProgress(db, { userId: other.id, courseId: course.id, currentSectionId: first });

    const { caller } = await createTestCaller({ user: me });
    await expectTRPCError(caller.progress.byCourse({ id: course.id, userId: other.id }), "FORBIDDEN", "You can only access your own data");
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.progress.byCourse({ id: course.id }), "UNAUTHORIZED");
    await expectValidationError(caller.progress.byCourse({ id: -1 }), "id must be positive");
    // @ts-expect-error -- an unknown field
    await expectValidationError(caller.progress.byCourse({ id: course.id, all: true }), /all/);
    // Positive control: the owner reads their own record of the same course.
    const { caller: otherCaller } = await createTestCaller({ user: other });
    expect((await otherCaller.progress.byCourse({ id: course.id, userId: other.id })).currentSectionId).toBe(first);
  });
});

describe("progress.update", () => {
  test("sets the current section and records completions in order; the result is the new record", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 2, sectionsPerChapter: 3 });
    const [first, second, third] = sectionIds(course, 6);
    const { caller } = await createTestCaller({ user: me });

    expect(await caller.progress.update({ id: course.id, currentSectionId: first })).toEqual({
      courseId: course.id,
      userId: me.id,
      currentSectionId: first,
      completedSections: [],
      totalSections: 6,
    });
    await caller.progress.update({ id: course.id, completedSectionId: first, currentSectionId: second });
    const record = await caller.progress.update({ id: course.id, completedSectionId: second, isCompleted: true, userId: me.id });
    expect(record).toEqual({ courseId: course.id, userId: me.id, currentSectionId: second, completedSections: [first, second], totalSections: 6 });
    // Moving the current section keeps the completions.
    expect(await caller.progress.update({ id: course.id, currentSectionId: third })).toMatchObject({
      currentSectionId: third,
      completedSections: [first, second],
    });
    expect(await db.courseProgress.count({ where: { userId: me.id, courseId: course.id } })).toBe(1);
  });

  test("completing the same section twice is one row; isCompleted false removes it and only it", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 1, sectionsPerChapter: 3 });
    const [first, second] = sectionIds(course, 3);
    const { caller } = await createTestCaller({ user: me });

    await caller.progress.update({ id: course.id, completedSectionId: first });
    await caller.progress.update({ id: course.id, completedSectionId: second });
    const again = await caller.progress.update({ id: course.id, completedSectionId: first });
    expect(again.completedSections).toEqual([first, second]);
    expect(await db.sectionCompletion.count({ where: { userId: me.id, sectionId: first } })).toBe(1);

    const undone = await caller.progress.update({ id: course.id, completedSectionId: first, isCompleted: false });
    expect(undone.completedSections).toEqual([second]);
    expect(await db.sectionCompletion.findMany({ where: { userId: me.id }, select: { sectionId: true } })).toEqual([{ sectionId: second }]);
    // Removing a completion that is not there is a no-op, not an error.
    expect((await caller.progress.update({ id: course.id, completedSectionId: first, isCompleted: false })).completedSections).toEqual([second]);

    // Removing the last completion with no current section leaves no progress: an empty record, then 404.
    expect(await caller.progress.update({ id: course.id, completedSectionId: second, isCompleted: false })).toEqual({
      courseId: course.id,
      userId: me.id,
      currentSectionId: null,
      completedSections: [],
      totalSections: 3,
    });
    await expectTRPCError(caller.progress.byCourse({ id: course.id }), "NOT_FOUND", "No progress yet");
  });

  test("a section of another course → BAD_REQUEST and nothing written", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id });
    const elsewhere = await createCourse(db, { userId: me.id });
    const [mine] = sectionIds(course, 1);
    const [foreign] = sectionIds(elsewhere, 1);
    const { caller } = await createTestCaller({ user: me });

    const message = "That section is not part of this course";
    await expectTRPCError(caller.progress.update({ id: course.id, currentSectionId: foreign }), "BAD_REQUEST", message);
    await expectTRPCError(caller.progress.update({ id: course.id, completedSectionId: foreign }), "BAD_REQUEST", message);
    // One good id and one foreign id: refused as a whole (the good one is not written either).
    await expectTRPCError(caller.progress.update({ id: course.id, currentSectionId: mine, completedSectionId: foreign }), "BAD_REQUEST", message);
    await expectTRPCError(caller.progress.update({ id: course.id, currentSectionId: 2_000_000_000 }), "BAD_REQUEST", message);
    expect(await rowsOf(me.id)).toEqual({ progress: 0, completions: 0 });
    // Positive control: the course's own section is accepted.
    await caller.progress.update({ id: course.id, currentSectionId: mine, completedSectionId: mine });
    expect(await rowsOf(me.id)).toEqual({ progress: 1, completions: 1 });
  });

  test("neither currentSectionId nor completedSectionId → BAD_REQUEST; unknown fields and bad types → BAD_REQUEST", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id });
    const [first] = sectionIds(course, 1);
    const { caller } = await createTestCaller({ user: me });

    await expectValidationError(caller.progress.update({ id: course.id }), NOTHING_TO_UPDATE);
    await expectValidationError(caller.progress.update({ id: course.id, isCompleted: false }), NOTHING_TO_UPDATE);
    // @ts-expect-error -- an unknown field
    await expectValidationError(caller.progress.update({ id: course.id, currentSectionId: first, progress: 100 }), /progress/);
    // @ts-expect-error -- a wrong type
    await expectValidationError(caller.progress.update({ id: course.id, completedSectionId: first, isCompleted: "yes" }), "isCompleted must be true or false");
    await expectValidationError(caller.progress.update({ id: course.id, currentSectionId: 0 }), "id must be positive");
    expect(await rowsOf(me.id)).toEqual({ progress: 0, completions: 0 });
  });

  test("unknown course and someone else's private course → NOT_FOUND, nothing written", async () => {
    const me = await createUser(db);
    const owner = await createUser(db);
    const hidden = await createCourse(db, { userId: owner.id, isPublic: false });
    const [hiddenFirst] = sectionIds(hidden, 1);
    const { caller } = await createTestCaller({ user: me });

    await expectTRPCError(
      caller.progress.update({ id: hidden.id, currentSectionId: hiddenFirst, completedSectionId: hiddenFirst }),
      "NOT_FOUND",
      "Course Not Found",
    );
    await expectTRPCError(caller.progress.update({ id: 2_000_000_000, currentSectionId: hiddenFirst }), "NOT_FOUND", "Course Not Found");
    expect(await rowsOf(me.id)).toEqual({ progress: 0, completions: 0 });
    // Positive control: the owner can save progress in it.
    const { caller: ownerCaller } = await createTestCaller({ user: owner });
    await ownerCaller.progress.update({ id: hidden.id, currentSectionId: hiddenFirst });
    expect(await rowsOf(owner.id)).toEqual({ progress: 1, completions: 0 });
  });

  test("a public course of another user: each learner keeps their own progress", async () => {
    const owner = await createUser(db);
    const learner = await createUser(db);
    const course = await createCourse(db, { userId: owner.id, isPublic: true, chapters: 1, sectionsPerChapter: 3 });
    const [first, second, third] = sectionIds(course, 3);
    const { caller: learnerCaller } = await createTestCaller({ user: learner });
    const { caller: ownerCaller } = await createTestCaller({ user: owner });

    await learnerCaller.progress.update({ id: course.id, currentSectionId: second, completedSectionId: first });
    await ownerCaller.progress.update({ id: course.id, currentSectionId: third, completedSectionId: third });

    expect(await learnerCaller.progress.byCourse({ id: course.id })).toEqual({
      courseId: course.id,
      userId: learner.id,
      currentSectionId: second,
      completedSections: [first],
      totalSections: 3,
    });
    expect(await ownerCaller.progress.byCourse({ id: course.id })).toEqual({
      courseId: course.id,
      userId: owner.id,
      currentSectionId: third,
      completedSections: [third],
      totalSections: 3,
    });
    expect((await learnerCaller.progress.mine()).map((record) => [record.courseId, record.userId])).toEqual([[course.id, learner.id]]);
  });

  test("another user's userId → FORBIDDEN and nothing written; anonymous → UNAUTHORIZED", async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const course = await createCourse(db, { userId: other.id, isPublic: true });
    const [first] = sectionIds(course, 1);
    const { caller } = await createTestCaller({ user: me });

    await expectTRPCError(
      caller.progress.update({ id: course.id, userId: other.id, currentSectionId: first, completedSectionId: first }),
      "FORBIDDEN",
      "You can only access your own data",
    );
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.progress.update({ id: course.id, currentSectionId: first }), "UNAUTHORIZED");
    expect(await rowsOf(me.id)).toEqual({ progress: 0, completions: 0 });
    expect(await rowsOf(other.id)).toEqual({ progress: 0, completions: 0 });
    expect(await db.courseProgress.count({ where: { courseId: course.id } })).toBe(0);
    // Positive control: the same call with the caller's own userId writes the caller's rows.
    await caller.progress.update({ id: course.id, userId: me.id, currentSectionId: first, completedSectionId: first });
    expect(await rowsOf(me.id)).toEqual({ progress: 1, completions: 1 });
  });
});

describe("progress.find (the app's pages; tRPC only)", () => {
  test("null before any progress, then the record; hidden and unknown courses NOT_FOUND; the REST path keeps its 404", async () => {
    const me = await createUser(db);
    const owner = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 1, sectionsPerChapter: 2 });
    const hidden = await createCourse(db, { userId: owner.id, isPublic: false });
    const shared = await createCourse(db, { userId: owner.id, isPublic: true });
    const [first, second] = sectionIds(course, 2);
    const { caller } = await createTestCaller({ user: me });

    expect(await caller.progress.find({ id: course.id })).toBeNull();
    expect(await caller.progress.find({ id: shared.id })).toBeNull();
    const token = await sessionTokenFor(me);
    const rest = await restCall<{ message: string }>("GET", `/api/courses/${course.id}/progress`, { sessionToken: token });
    expect(rest.status).toBe(404);
    expect(rest.json.message).toBe("No progress yet");

    await caller.progress.update({ id: course.id, currentSectionId: second, completedSectionId: first });
    const record = { courseId: course.id, userId: me.id, currentSectionId: second, completedSections: [first], totalSections: 2 };
    expect(await caller.progress.find({ id: course.id })).toEqual(record);
    expect(await caller.progress.byCourse({ id: course.id })).toEqual(record);

    await expectTRPCError(caller.progress.find({ id: hidden.id }), "NOT_FOUND", "Course Not Found");
    await expectTRPCError(caller.progress.find({ id: 2_000_000_000 }), "NOT_FOUND", "Course Not Found");
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.progress.find({ id: course.id }), "UNAUTHORIZED");
  });
});

describe("GET /api/courses/{id}/progress", () => {
  test('404 "No progress yet", then 200 with the record; 403 for another userId; 404 for a hidden course; 401; 400', async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 1, sectionsPerChapter: 2 });
    const hidden = await createCourse(db, { userId: other.id });
    const [first] = sectionIds(course, 2);
    const token = await sessionTokenFor(me);

    const none = await restCall<{ message: string }>("GET", `/api/courses/${course.id}/progress?userId=${me.id}`, { sessionToken: token });
    expect(none.status).toBe(404);
    expect(none.json.message).toBe("No progress yet");

    await createProgress(db, { userId: me.id, courseId: course.id, currentSectionId: first, completedSectionIds: [first!] });
    const ok = await restCall("GET", `/api/courses/${course.id}/progress?userId=${me.id}`, { sessionToken: token });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ courseId: course.id, userId: me.id, currentSectionId: first, completedSections: [first], totalSections: 2 });
    expect((await restCall("GET", `/api/courses/${course.id}/progress`, { sessionToken: token })).status).toBe(200);

    const forbidden = await restCall<{ message: string }>("GET", `/api/courses/${course.id}/progress?userId=${other.id}`, { sessionToken: token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.message).toBe("You can only access your own data");

    const notFound = await restCall<{ message: string }>("GET", `/api/courses/${hidden.id}/progress?userId=${me.id}`, { sessionToken: token });
    expect(notFound.status).toBe(404);
    expect(notFound.json.message).toBe("Course Not Found");

    expect((await restCall("GET", `/api/courses/${course.id}/progress?userId=${me.id}`)).status).toBe(401);

    for (const bad of [`/api/courses/abc/progress`, `/api/courses/-1/progress`, `/api/courses/${course.id}/progress?userId=abc`]) {
      const response = await restCall<{ message: string }>("GET", bad, { sessionToken: token });
      expect(response.status, bad).toBe(400);
      expect(response.json.message, bad).toMatch(/id must be/);
    }
    // A key the path does not read (an old client's cache-buster) is ignored, not refused.
    const busted = await restCall("GET", `/api/courses/${course.id}/progress?userId=${me.id}&extra=1`, { sessionToken: token });
    expect(busted.status).toBe(200);
  });
});

describe("POST /api/courses/{id}/progress", () => {
  test("200 with the updated record for the documented body; readable 400s; 403; 404; 401; nothing written on a refusal", async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 1, sectionsPerChapter: 3 });
    const hidden = await createCourse(db, { userId: other.id });
    const elsewhere = await createCourse(db, { userId: me.id });
    const [first, second] = sectionIds(course, 3);
    const [foreign] = sectionIds(elsewhere, 1);
    const token = await sessionTokenFor(me);
    const path = `/api/courses/${course.id}/progress`;

    const refusals: [unknown, number, string | RegExp][] = [
      [{ userId: me.id }, 400, NOTHING_TO_UPDATE],
      [{ userId: me.id, currentSectionId: first, extra: 1 }, 400, "Unknown field: extra"],
      [{ userId: me.id, currentSectionId: "abc" }, 400, "currentSectionId: id must be a number"],
      [{ userId: me.id, completedSectionId: first, isCompleted: "yes" }, 400, "isCompleted must be true or false"],
      // Not coerced: the string "false" is not a boolean (coerced, it would read as true).
      [{ userId: me.id, completedSectionId: first, isCompleted: "false" }, 400, "isCompleted must be true or false"],
      [{ userId: me.id, completedSectionId: first, isCompleted: 0 }, 400, "isCompleted must be true or false"],
      [{ userId: me.id, currentSectionId: foreign }, 400, "That section is not part of this course"],
      [{ userId: other.id, currentSectionId: first, completedSectionId: first }, 403, "You can only access your own data"],
    ];
    for (const [json, status, message] of refusals) {
      const response = await restCall<{ message: string }>("POST", path, { sessionToken: token, json });
      expect(response.status, JSON.stringify(json)).toBe(status);
      if (typeof message === "string") expect(response.json.message).toBe(message);
      else expect(response.json.message).toMatch(message);
    }
    const hiddenResponse = await restCall<{ message: string }>("POST", `/api/courses/${hidden.id}/progress`, {
      sessionToken: token,
      json: { currentSectionId: first },
    });
    expect(hiddenResponse.status).toBe(404);
    expect(hiddenResponse.json.message).toBe("Course Not Found");
    expect((await restCall("POST", path, { json: { currentSectionId: first } })).status).toBe(401);
    expect((await restCall("POST", path, { sessionToken: token, body: "{not json", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(await rowsOf(me.id)).toEqual({ progress: 0, completions: 0 });

    // The documented body, as the player sends it.
    const ok = await restCall("POST", path, {
      sessionToken: token,
      json: { userId: me.id, currentSectionId: second, completedSectionId: first, isCompleted: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ courseId: course.id, userId: me.id, currentSectionId: second, completedSections: [first], totalSections: 3 });
    // An `id` in the body cannot redirect the write to another course: the path's id wins.
    const moved = await restCall<{ courseId: number; completedSections: number[] }>("POST", path, {
      sessionToken: token,
      json: { id: elsewhere.id, completedSectionId: second },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({ courseId: course.id, completedSections: [first, second] });
    expect(await db.sectionCompletion.count({ where: { userId: me.id, courseId: elsewhere.id } })).toBe(0);

    const undo = await restCall<{ completedSections: number[] }>("POST", path, {
      sessionToken: token,
      json: { completedSectionId: first, isCompleted: false },
    });
    expect(undo.status).toBe(200);
    expect(undo.json.completedSections).not.toContain(first);
  });
});

describe("the OpenAPI document", () => {
  test("documents GET and POST /courses/{id}/progress with the strict body (isCompleted a boolean)", () => {
    const document = openApiDocument("http://localhost/api");
    const item = document.paths?.["/courses/{id}/progress"];
    expect(item?.get?.parameters?.map((parameter) => ("name" in parameter ? parameter.name : null)).sort()).toEqual(["id", "userId"]);
    const body = item?.post?.requestBody;
    const schema = body && "content" in body ? body.content["application/json"]?.schema : undefined;
    const text = JSON.stringify(schema);
    for (const field of ["userId", "currentSectionId", "completedSectionId", "isCompleted"]) expect(text).toContain(field);
    const isCompleted = JSON.stringify((schema as { properties?: Record<string, unknown> } | undefined)?.properties?.isCompleted);
    expect(isCompleted).toMatch(/true/);
    expect(isCompleted).toMatch(/false/);
    expect(document.paths?.["/progress/user"]?.get).toBeDefined();
  });
});
