/** notes.* through createTestCaller and the REST adapter: the author's own notes only, limits, times inside the video. */
import { describe, expect, test } from "vitest";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError, tally } from "../../../../test/expect";
import { addPlaylistVideos, courseWithTranscript, createCourse, createUser } from "../../../../test/factories";
import { restCall } from "../../../../test/http";
import { MAX_NOTES_PER_COURSE, NOTE_MESSAGES } from "~/lib/rules/notes";

async function setup(isPublic = false) {
  const owner = await createUser(db);
  const course = await courseWithTranscript(db, owner.id, isPublic); // a 600 s video
  const { caller } = await createTestCaller({ user: owner });
  return { owner, course, caller };
}

describe("notes.create and notes.list", () => {
  test("stores the note at its moment, with an optional quote, and lists the author's notes in time order", async () => {
    const { course, caller } = await setup();
    const late = await caller.notes.create({ id: course.id, timeSeconds: 120.5, text: "  **Merging** takes the smaller  " });
    expect(late).toMatchObject({ courseId: course.id, timeSeconds: 120.5, text: "**Merging** takes the smaller", quote: null });
    const early = await caller.notes.create({ id: course.id, timeSeconds: 3, text: "Start", quote: "Today we look at merge sort" });
    expect(early.quote).toBe("Today we look at merge sort");
    const atEnd = await caller.notes.create({ id: course.id, timeSeconds: 600, text: "The very end", quote: "   " });
    expect(atEnd.quote).toBeNull();
    const { notes } = await caller.notes.list({ id: course.id });
    expect(notes.map((note) => note.id)).toEqual([early.id, late.id, atEnd.id]);
  });

  test("a playlist course takes notes anywhere on its timeline, up to the end of its last video", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, { userId: owner.id });
    await addPlaylistVideos(db, course.id, [205, 300]);
    const { caller } = await createTestCaller({ user: owner });
    const inSecond = await caller.notes.create({ id: course.id, timeSeconds: 480, text: "In the second video" });
    expect(inSecond.timeSeconds).toBe(480);
    expect((await caller.notes.update({ id: inSecond.id, timeSeconds: 505 })).timeSeconds).toBe(505);
    await expectTRPCError(caller.notes.create({ id: course.id, timeSeconds: 505.5, text: "x" }), "UNPROCESSABLE_CONTENT", NOTE_MESSAGES.outsideVideo);
    await expectTRPCError(caller.notes.update({ id: inSecond.id, timeSeconds: 506 }), "UNPROCESSABLE_CONTENT", NOTE_MESSAGES.outsideVideo);
    expect((await caller.notes.list({ id: course.id })).notes).toMatchObject([{ timeSeconds: 505 }]);
  });

  test("normalises text to NFC", async () => {
    const { course, caller } = await setup();
    const note = await caller.notes.create({ id: course.id, timeSeconds: 1, text: "Cafe\u0301" });
    expect(note.text).toBe("Caf\u00e9");
  });

  test("refuses times outside the video (422) and bad input (400), writing nothing", async () => {
    const { owner, course, caller } = await setup();
    await expectTRPCError(caller.notes.create({ id: course.id, timeSeconds: 600.01, text: "x" }), "UNPROCESSABLE_CONTENT", NOTE_MESSAGES.outsideVideo);
    await expectValidationError(caller.notes.create({ id: course.id, timeSeconds: -1, text: "x" }), "timeSeconds cannot be negative");
    await expectValidationError(caller.notes.create({ id: course.id, timeSeconds: Number.NaN, text: "x" }), /timeSeconds/);
    await expectValidationError(caller.notes.create({ id: course.id, timeSeconds: 1, text: "   " }), "The note is empty");
    await expectValidationError(caller.notes.create({ id: course.id, timeSeconds: 1, text: "x".repeat(5_001) }), "A note can be at most 5,000 characters");
    expect((await caller.notes.create({ id: course.id, timeSeconds: 1, text: "x".repeat(5_000) })).text).toHaveLength(5_000);
    const noVideo = await createCourse(db, { userId: owner.id });
    await expectTRPCError(caller.notes.create({ id: noVideo.id, timeSeconds: 0, text: "x" }), "UNPROCESSABLE_CONTENT", NOTE_MESSAGES.noVideo);
    expect(await db.note.count({ where: { userId: owner.id } })).toBe(1);
  });

  test("at most 2,000 notes per learner and course", async () => {
    const { owner, course, caller } = await setup();
    await db.note.createMany({
      data: Array.from({ length: MAX_NOTES_PER_COURSE - 1 }, (_, i) => ({ userId: owner.id, courseId: course.id, timeSeconds: i % 600, text: `n${i}` })),
    });
    await caller.notes.create({ id: course.id, timeSeconds: 1, text: "the last one" });
    await expectTRPCError(
      caller.notes.create({ id: course.id, timeSeconds: 1, text: "one too many" }),
      "UNPROCESSABLE_CONTENT",
      "You can keep at most 2,000 notes on one course",
    );
    // Another course of the same learner has its own allowance.
    const second = await courseWithTranscript(db, owner.id);
    await caller.notes.create({ id: second.id, timeSeconds: 1, text: "fine" });
  });

  test("two creations at 1,999 notes store one of them", async () => {
    const { owner, course, caller } = await setup();
    await db.note.createMany({
      data: Array.from({ length: MAX_NOTES_PER_COURSE - 1 }, (_, i) => ({ userId: owner.id, courseId: course.id, timeSeconds: i % 600, text: `n${i}` })),
    });
    const outcome = await tally([1, 2, 3].map((n) => caller.notes.create({ id: course.id, timeSeconds: n, text: `race ${n}` })));
    expect(outcome).toEqual({ OK: 1, UNPROCESSABLE_CONTENT: 2 });
    expect(await db.note.count({ where: { userId: owner.id, courseId: course.id } })).toBe(MAX_NOTES_PER_COURSE);
  });

  test("another learner keeps their own notes on a public course; a private course of someone else is Course Not Found", async () => {
    const { course: shared, caller: ownerCaller } = await setup(true);
    const mine = await ownerCaller.notes.create({ id: shared.id, timeSeconds: 10, text: "owner's thought" });
    const learner = await createUser(db);
    const { caller } = await createTestCaller({ user: learner });
    expect((await caller.notes.list({ id: shared.id })).notes).toEqual([]);
    const theirs = await caller.notes.create({ id: shared.id, timeSeconds: 20, text: "learner's thought" });
    expect((await caller.notes.list({ id: shared.id })).notes.map((note) => note.id)).toEqual([theirs.id]);
    expect((await ownerCaller.notes.list({ id: shared.id })).notes.map((note) => note.id)).toEqual([mine.id]);

    const { course: hidden } = await setup(false);
    await expectTRPCError(caller.notes.list({ id: hidden.id }), "NOT_FOUND", "Course Not Found");
    await expectTRPCError(caller.notes.create({ id: hidden.id, timeSeconds: 1, text: "x" }), "NOT_FOUND", "Course Not Found");
  });
});

describe("notes.update and notes.delete", () => {
  test("changes only what is sent; quote null removes the quote", async () => {
    const { course, caller } = await setup();
    const note = await caller.notes.create({ id: course.id, timeSeconds: 5, text: "first", quote: "a line" });
    const moved = await caller.notes.update({ id: note.id, timeSeconds: 42 });
    expect(moved).toMatchObject({ timeSeconds: 42, text: "first", quote: "a line" });
    const edited = await caller.notes.update({ id: note.id, text: "second", quote: null });
    expect(edited).toMatchObject({ timeSeconds: 42, text: "second", quote: null });
    await expectTRPCError(caller.notes.update({ id: note.id, timeSeconds: 601 }), "UNPROCESSABLE_CONTENT", NOTE_MESSAGES.outsideVideo);
    await expectValidationError(caller.notes.update({ id: note.id, text: "y".repeat(5_001) }), "A note can be at most 5,000 characters");
    expect((await caller.notes.list({ id: course.id })).notes[0]).toMatchObject({ timeSeconds: 42, text: "second" });
  });

  test("another learner's note is Note not found, and stays as it was", async () => {
    const { course, caller } = await setup(true);
    const note = await caller.notes.create({ id: course.id, timeSeconds: 5, text: "mine" });
    const { caller: other } = await createTestCaller({ user: await createUser(db) });
    await expectTRPCError(other.notes.update({ id: note.id, text: "theirs" }), "NOT_FOUND", NOTE_MESSAGES.notFound);
    await expectTRPCError(other.notes.update({ id: note.id, timeSeconds: 1 }), "NOT_FOUND", NOTE_MESSAGES.notFound);
    await expectTRPCError(other.notes.delete({ id: note.id }), "NOT_FOUND", NOTE_MESSAGES.notFound);
    expect(await db.note.findUniqueOrThrow({ where: { id: note.id } })).toMatchObject({ text: "mine", timeSeconds: 5 });
  });

  test("delete removes the note; a second delete and an edit after it are Note not found", async () => {
    const { course, caller } = await setup();
    const note = await caller.notes.create({ id: course.id, timeSeconds: 5, text: "bye" });
    expect(await caller.notes.delete({ id: note.id })).toEqual({ success: true });
    await expectTRPCError(caller.notes.delete({ id: note.id }), "NOT_FOUND");
    await expectTRPCError(caller.notes.update({ id: note.id, text: "again" }), "NOT_FOUND");
    expect((await caller.notes.list({ id: course.id })).notes).toEqual([]);
  });

  test("the REST paths: GET and POST /courses/{id}/notes, PATCH and DELETE /notes/{id}", async () => {
    const { owner, course } = await setup();
    const sessionToken = await sessionTokenFor(owner);
    const created = await restCall<{ id: number; timeSeconds: number }>("POST", `/api/courses/${course.id}/notes`, {
      sessionToken,
      json: { timeSeconds: 12.5, text: "via REST" },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ timeSeconds: 12.5, text: "via REST", quote: null });
    const listed = await restCall<{ notes: unknown[] }>("GET", `/api/courses/${course.id}/notes`, { sessionToken });
    expect(listed.json.notes).toHaveLength(1);
    const patched = await restCall("PATCH", `/api/notes/${created.json.id}`, { sessionToken, json: { text: "changed" } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ text: "changed", timeSeconds: 12.5 });
    const tooLong = await restCall<{ message: string }>("POST", `/api/courses/${course.id}/notes`, {
      sessionToken,
      json: { timeSeconds: 1, text: "z".repeat(5_001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe("A note can be at most 5,000 characters");
    const outside = await restCall<{ message: string }>("POST", `/api/courses/${course.id}/notes`, {
      sessionToken,
      json: { timeSeconds: 9_999, text: "late" },
    });
    expect(outside.status).toBe(422);
    expect((await restCall("DELETE", `/api/notes/${created.json.id}`, { sessionToken })).json).toEqual({ success: true });
    expect((await restCall("DELETE", `/api/notes/${created.json.id}`, { sessionToken })).status).toBe(404);
  });
});
