/**
 * Learner text is cleaned on the way in (learnerText, lib/schemas/common.ts): what reaches the
 * services, and so what is stored, holds no bidi controls, zero-width spaces or stray joiners.
 * Through createTestCaller, the same procedures (and zod schemas) the REST paths use.
 */
import { describe, expect, test } from "vitest";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectValidationError } from "../../../../test/expect";
import { courseWithTranscript, createUser } from "../../../../test/factories";
import { anyTopicSource, drainGenerationQueue, libraryDeps } from "../../../../test/generation";

/** Bidi controls, zero-width characters and marks: none may be stored in learner text. */
const SPOOFING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF]/;

async function learner() {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user });
  return { user, caller };
}

describe("a spoofed topic", () => {
  test('"\\u202Efoo\\u200Bbar" is searched for, stored and titled as "foobar"', async () => {
    const { user, caller } = await learner();
    const queued = await caller.generation.start({
      topic: "\u202Efoo\u200Bbar",
      complexity: "beginner",
      additionalInstructions: "  \u2066Keep it\u2069 short.\r\n\u200BUse  examples.\u200F ",
    });
    const source = anyTopicSource();
    expect(await drainGenerationQueue(db, libraryDeps({ sources: [source] }))).toBe(1);

    const job = await caller.generation.job({ jobId: queued.id });
    expect(job.status, job.error ?? "").toBe("succeeded");
    expect(source.topics.length).toBeGreaterThan(0);
    for (const topic of source.topics) expect(topic).toMatch(/^[^\u202E\u200B]*foobar[^\u202E\u200B]*$/);
    const stored = await db.generationJob.findUniqueOrThrow({ where: { id: queued.id }, select: { input: true } });
    expect(stored.input).toMatchObject({ topic: "foobar", additionalInstructions: "Keep it short.\nUse examples." });
    const course = await db.course.findUniqueOrThrow({
      where: { id: job.courseId! },
      select: { userId: true, topic: true, title: true, additionalInstructions: true },
    });
    expect(course).toMatchObject({ userId: user.id, topic: "foobar", additionalInstructions: "Keep it short.\nUse examples." });
    expect(course.title).not.toMatch(SPOOFING);
    expect(course.title.toLowerCase()).toContain("foobar");
    expect((await caller.course.search({ q: "foobar" })).map((hit) => hit.courseId)).toContain(job.courseId);
  });

  test("a topic of invisible characters only is the usual 'at least 3 characters' 400, and nothing is queued", async () => {
    const { user, caller } = await learner();
    await expectValidationError(
      caller.generation.start({ topic: "\u202E\u200B\u200D\u2060\uFEFF\u200C \u200E", complexity: "beginner" }),
      /at least 3 characters/,
    );
    await expectValidationError(caller.generation.start({ topic: "a\u200Bb\u202E", complexity: "beginner" }), /at least 3 characters/);
    expect(await db.generationJob.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("every learner-written field stores the cleaned text", () => {
  test("notes, quotes, card faces, chat messages and API token names", async () => {
    const { user, caller } = await learner();
    const course = await courseWithTranscript(db, user.id);

    const note = await caller.notes.create({
      id: course.id,
      timeSeconds: 1,
      text: "\u202Enote\u200B one\r\n  - in\u200Cdented",
      quote: " \u2067quoted\u2069  line ",
    });
    expect(await db.note.findUniqueOrThrow({ where: { id: note.id }, select: { text: true, quote: true } })).toEqual({
      text: "note one\n  - indented",
      quote: "quoted line",
    });
    await caller.notes.update({ id: note.id, text: "e\u0301dited\u200D" });
    expect((await db.note.findUniqueOrThrow({ where: { id: note.id }, select: { text: true } })).text).toBe("édited");

    const card = await caller.cards.create({ id: course.id, source: "transcript", front: "Wh\u200Bat?\u202E", back: "می\u200Cخواهم 👩‍💻\n\n\u200Fend" });
    expect(await db.card.findUniqueOrThrow({ where: { id: card.id }, select: { front: true, back: true } })).toEqual({
      front: "What?",
      back: "می\u200Cخواهم 👩‍💻\n\nend",
    });

    await caller.chat.send({ id: course.id, content: "\u202Ewhat\u200B is\t\tthis?" });
    const question = await db.chatMessage.findFirstOrThrow({ where: { userId: user.id, role: "user" }, select: { content: true } });
    expect(question.content).toBe("what is this?");

    const { apiToken } = await caller.apiTokens.create({ name: "\u202Emy\u00A0\u00A0script\u200B\n", expiresInDays: null });
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: apiToken.id }, select: { name: true } })).name).toBe("my script");
  });

  test("a text that cleans to nothing meets the field's 'required' message, and nothing is stored", async () => {
    const { user, caller } = await learner();
    const course = await courseWithTranscript(db, user.id);
    const invisible = "\u200B\u202E\u2066\uFEFF \n\u200D";
    await expectValidationError(caller.notes.create({ id: course.id, timeSeconds: 1, text: invisible }), "The note is empty");
    await expectValidationError(caller.cards.create({ id: course.id, source: "transcript", front: invisible, back: "B" }), "The front of the card is empty");
    await expectValidationError(caller.cards.create({ id: course.id, source: "transcript", front: "F", back: invisible }), "The back of the card is empty");
    await expectValidationError(caller.chat.send({ id: course.id, content: invisible }), "Please type a message");
    await expectValidationError(caller.apiTokens.create({ name: invisible, expiresInDays: null }), "Please give the token a name");
    await expectValidationError(caller.course.search({ q: invisible }), "Please type something to search for");
    expect(await db.note.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.card.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.chatMessage.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(0);
  });
});
