/**
 * chat.history and chat.send (GET/POST /api/courses/{id}/chat) on a real database: each learner's
 * own history, the visibility rule, message limits, the rate limit, and the offline tutor's
 * answers from the video's transcript.
 */
import { describe, expect, test } from "vitest";

import { LIMITS } from "~/server/rate-limit";
import { OFFLINE_NOTE } from "~/server/services/chat/offline-answer";
import { loadPassageIndex } from "~/server/services/chat/passages";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError, retryAfterSecondsOf } from "../../../../test/expect";
import { courseWithTranscript, createCourse, createUser } from "../../../../test/factories";
import { restCall } from "../../../../test/http";
import { CHAT_MESSAGE_MAX_LENGTH } from "~/lib/rules/chat";

describe("chat.send and chat.history", () => {
  test("a question and the tutor's reply are stored in order, for the asker only; the reply quotes the video with [m:ss]", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const { caller } = await createTestCaller({ user: me });
    expect(await caller.chat.history({ id: course.id })).toEqual([]);

    const reply = await caller.chat.send({ id: course.id, content: "  How does merging two sorted halves work?  " });
    expect(reply).toMatchObject({ userId: me.id, courseId: course.id, role: "assistant" });
    expect(reply.content).toContain(OFFLINE_NOTE);
    expect(reply.content).toMatch(/two pointers and always takes the smaller element\. \[2:10\]/);
    expect(reply.content).not.toContain("Gutenberg");

    const history = await caller.chat.history({ id: course.id, userId: me.id });
    expect(history.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: "user", content: "How does merging two sorted halves work?" },
      { role: "assistant", content: reply.content },
    ]);
    expect(Date.parse(history[0]!.timestamp)).toBeLessThanOrEqual(Date.parse(history[1]!.timestamp));
  });

  test("asking about a moment (atSeconds): the offline answer quotes the passage being watched first and cites it", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const { caller } = await createTestCaller({ user: me });
    // 3:20 is inside the line that starts at 3:15 (the printing press).
    const about = await caller.chat.send({ id: course.id, content: "What does this mean?", atSeconds: 200 });
    expect(about.content).toContain(`${OFFLINE_NOTE} At [3:20], where you are watching, the video says:`);
    expect(about.content).toMatch(/> Now a completely different topic: the history of the printing press in Europe\. \[3:15\]/);
    expect(about.content).not.toContain("Other moments");

    // A question that matches elsewhere: the moment still comes first, then the matches.
    const merging = (await caller.chat.send({ id: course.id, content: "How does merging two sorted halves work?", atSeconds: 200 })).content;
    expect(merging.indexOf("[3:15]")).toBeGreaterThan(0);
    expect(merging.indexOf("[3:15]")).toBeLessThan(merging.indexOf("[2:10]"));
    expect(merging).toContain("Other moments that match your question:");
    // Without a moment the same question does not bring up the printing press.
    expect((await caller.chat.send({ id: course.id, content: "How does merging two sorted halves work?" })).content).not.toContain("printing press");
    // A moment past the end of the transcript picks its last line; 0 its first.
    expect((await caller.chat.send({ id: course.id, content: "And here?", atSeconds: 5_000 })).content).toContain("n log n time in every case. [5:25]");
    expect((await caller.chat.send({ id: course.id, content: "And here?", atSeconds: 0 })).content).toContain("again and again. [0:00]");
  });

  test("atSeconds must be a finite number of seconds, not negative, NaN or a string; nothing is stored", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const { caller } = await createTestCaller({ user: me });
    for (const atSeconds of [-1, Number.NaN, Number.POSITIVE_INFINITY, "12"]) {
      await expectValidationError(caller.chat.send({ id: course.id, content: "What is this?", atSeconds: atSeconds as number }), /^atSeconds/);
    }
    expect(await db.chatMessage.count({ where: { courseId: course.id } })).toBe(0);
  });

  test("a question the video does not cover gets an honest answer, not invented text", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const { caller } = await createTestCaller({ user: me });
    for (const content of ["What is photosynthesis in plants?", "What's the capital of France?", "Who painted the Mona Lisa?"]) {
      for (const mode of ["explain", "hint"] as const) {
        const reply = await caller.chat.send({ id: course.id, content, mode });
        expect(reply.content, `${mode}: ${content}`).toContain("The video does not cover that.");
        expect(reply.content, `${mode}: ${content}`).not.toMatch(/\[\d+:\d\d\]/);
      }
    }
    // Sharing a word with the video is not enough; asking what it explains is.
    expect((await caller.chat.send({ id: course.id, content: "Who invented the printing press?" })).content).toContain("[3:15]");
  });

  test("the modes answer differently: Explain quotes the video, Hint only points to the moment without saying it, Quiz me asks back", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const { caller } = await createTestCaller({ user: me });
    const question = "How does merging with two pointers work?";

    const explain = (await caller.chat.send({ id: course.id, content: question, mode: "explain" })).content;
    expect(explain).toContain("> Merging walks both halves with two pointers and always takes the smaller element. [2:10]");

    const hint = (await caller.chat.send({ id: course.id, content: question, mode: "hint" })).content;
    expect(hint).toBe(
      "A hint, not the answer: watch again from [2:10], where the video talks about *merging* and *pointers*. What does it say happens there? Try to put it in your own words before you read further.",
    );
    expect(hint).not.toContain("smaller");

    const quiz = (await caller.chat.send({ id: course.id, content: question, mode: "quiz" })).content;
    expect(quiz).toMatch(/^A question for you, from \[2:10\]: which word fills the blank\?\n\n> .*_____.* \[2:10\]$/);
    const blanked = /> (.*) \[2:10\]/.exec(quiz)![1]!;
    const [before, after] = blanked.split("_____") as [string, string];
    const line = "Merging walks both halves with two pointers and always takes the smaller element.";
    expect(line.startsWith(before) && line.endsWith(after)).toBe(true);
    const missing = line.slice(before.length, line.length - after.length);
    expect(question.toLowerCase()).not.toContain(missing.toLowerCase()); // it asks something the question did not say

    // The answer is checked, the sentence shown whole, and the next question comes from further on.
    const right = (await caller.chat.send({ id: course.id, content: `I think ${missing.toUpperCase()}`, mode: "quiz" })).content;
    expect(right).toContain(`Right! The missing word is “${missing}”.\n\n> ${line} [2:10]\n\nNext question:\n\nA question for you, from [`);
    expect(right).toMatch(/_____/);
    expect(right.slice(right.indexOf("Next question:"))).not.toContain("[2:10]");
    const wrong = (await caller.chat.send({ id: course.id, content: "no idea", mode: "quiz" })).content;
    expect(wrong).toMatch(/^Not quite: the missing word is “[^”]+”\.\n\n> /);

    // "ready" in quiz mode, after a question was asked, is an answer; in a new conversation it starts the quiz.
    const other = await createUser(db);
    const { caller: theirs } = await createTestCaller({ user: other });
    const publicCourse = await courseWithTranscript(db, other.id);
    expect((await theirs.chat.send({ id: publicCourse.id, content: "ready", mode: "quiz" })).content).toMatch(
      /^A question for you, from \[0:00\]: which word fills the blank\?/,
    );
  });

  test("a course without a video or transcript says it cannot answer from it", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id, videoId: null });
    const { caller } = await createTestCaller({ user: me });
    expect((await caller.chat.send({ id: course.id, content: "What is this about?" })).content).toContain("no transcript I can search");
  });

  test("on a public course each learner has their own conversation", async () => {
    const [owner, learner] = [await createUser(db), await createUser(db)];
    const course = await courseWithTranscript(db, owner.id, true);
    const [{ caller: ownerCaller }, { caller: learnerCaller }] = [await createTestCaller({ user: owner }), await createTestCaller({ user: learner })];
    await ownerCaller.chat.send({ id: course.id, content: "Owner question about merge sort" });
    await learnerCaller.chat.send({ id: course.id, content: "Learner question about merge sort" });
    const [mine, theirs] = [await ownerCaller.chat.history({ id: course.id }), await learnerCaller.chat.history({ id: course.id })];
    expect(mine.filter((m) => m.role === "user").map((m) => m.content)).toEqual(["Owner question about merge sort"]);
    expect(theirs.filter((m) => m.role === "user").map((m) => m.content)).toEqual(["Learner question about merge sort"]);
    expect([...mine, ...theirs].every((m) => m.courseId === course.id)).toBe(true);
  });

  test("refusals: anonymous 401, another userId 403, someone else's private course 404 — nothing stored", async () => {
    const [owner, stranger] = [await createUser(db), await createUser(db)];
    const course = await courseWithTranscript(db, owner.id);
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.chat.history({ id: course.id }), "UNAUTHORIZED");
    await expectTRPCError(anonymous.chat.send({ id: course.id, content: "hi" }), "UNAUTHORIZED");
    const { caller } = await createTestCaller({ user: stranger });
    await expectTRPCError(caller.chat.history({ id: course.id }), "NOT_FOUND", "Course Not Found");
    await expectTRPCError(caller.chat.send({ id: course.id, content: "hi" }), "NOT_FOUND", "Course Not Found");
    const { caller: ownerCaller } = await createTestCaller({ user: owner });
    await expectTRPCError(ownerCaller.chat.history({ id: course.id, userId: stranger.id }), "FORBIDDEN");
    await expectTRPCError(ownerCaller.chat.send({ id: course.id, userId: stranger.id, content: "hi" }), "FORBIDDEN");
    expect(await db.chatMessage.count({ where: { courseId: course.id } })).toBe(0);
    // the positive control
    await ownerCaller.chat.send({ id: course.id, content: "hi" });
    expect(await db.chatMessage.count({ where: { courseId: course.id } })).toBe(2);
  });

  test("message limits: 1..4000 characters after cleaning, no NUL; text is stored cleaned", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const { caller } = await createTestCaller({ user: me });
    await expectValidationError(caller.chat.send({ id: course.id, content: "   \n\t " }), "Please type a message");
    await expectValidationError(caller.chat.send({ id: course.id, content: "x".repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }), /at most 4000 characters/);
    await expectValidationError(caller.chat.send({ id: course.id, content: "a\u0000b" }), /NUL/);
    expect(await db.chatMessage.count({ where: { userId: me.id } })).toBe(0);

    const tricky = `<script>alert(1)</script> ‮bidi 🎓 ${"y".repeat(CHAT_MESSAGE_MAX_LENGTH - 40)}`;
    await caller.chat.send({ id: course.id, content: tricky });
    const [question] = await caller.chat.history({ id: course.id });
    // The override is removed on the way in (learnerText, lib/schemas/common.ts).
    expect(question?.content).toBe(tricky.replace("\u202E", ""));
  });

  test(`the rate limit: ${LIMITS.chatMessagesPerUser.points} messages a minute, then 429 with a retry time and nothing stored`, async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const { caller } = await createTestCaller({ user: me });
    for (let i = 0; i < LIMITS.chatMessagesPerUser.points; i++) await caller.chat.send({ id: course.id, content: `question ${i}` });
    const error = await expectTRPCError(caller.chat.send({ id: course.id, content: "one too many" }), "TOO_MANY_REQUESTS", LIMITS.chatMessagesPerUser.message);
    expect(retryAfterSecondsOf(error)).toBeGreaterThan(0);
    expect(await db.chatMessage.count({ where: { userId: me.id, content: "one too many" } })).toBe(0);
  });
});

describe("the passage index of a course's transcript", () => {
  test("is built once per transcript and reused by later messages; a course without a transcript has none", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const first = await loadPassageIndex(db, course.id);
    expect(first?.search("merge sort", 1)).toHaveLength(1);
    expect(await loadPassageIndex(db, course.id)).toBe(first);
    const withoutVideo = await createCourse(db, { userId: me.id });
    expect(await loadPassageIndex(db, withoutVideo.id)).toBeNull();
  });
});

describe("GET and POST /api/courses/{id}/chat", () => {
  test("the documented shapes: POST answers with the stored assistant message; GET lists the history", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const token = await sessionTokenFor(me);
    const posted = await restCall<{ role: string; content: string; timestamp: string }>("POST", `/api/courses/${course.id}/chat`, {
      sessionToken: token,
      json: { userId: me.id, content: "When does merge sort run in n log n?" },
    });
    expect(posted.status).toBe(200);
    expect(posted.json).toMatchObject({ role: "assistant", userId: me.id, courseId: course.id, timestamp: expect.stringMatching(/Z$/) as string });
    expect(posted.json.content).toContain("[5:25]");

    const history = await restCall<unknown[]>("GET", `/api/courses/${course.id}/chat?userId=${me.id}`, { sessionToken: token });
    expect(history.status).toBe(200);
    expect(history.json).toHaveLength(2);

    const offTopic = await restCall<{ content: string }>("POST", `/api/courses/${course.id}/chat`, {
      sessionToken: token,
      json: { userId: me.id, content: "What's the capital of France?" },
    });
    expect(offTopic.status).toBe(200);
    expect(offTopic.json.content).toContain("The video does not cover that.");
    expect(offTopic.json.content).not.toMatch(/\[\d+:\d\d\]/);
    const hinted = await restCall<{ content: string }>("POST", `/api/courses/${course.id}/chat`, {
      sessionToken: token,
      json: { userId: me.id, content: "When does merge sort run in n log n?", mode: "hint" },
    });
    expect(hinted.json.content).toMatch(/^A hint, not the answer: watch again from \[5:25\]/);

    const empty = await restCall<{ message: string }>("POST", `/api/courses/${course.id}/chat`, { sessionToken: token, json: { content: "" } });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("Please type a message");
  });
});
