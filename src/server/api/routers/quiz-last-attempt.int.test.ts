/**
 * A quiz that stands on its own across visits: it comes back with the learner's last attempt
 * (tRPC and REST, never another learner's), its header counts the questions it holds and follows
 * a rename in the course's language, an attempt may leave open questions out (a client that knows
 * only multiple choice), and an open answer of invisible characters is refused like an empty one.
 */
import { describe, expect, test } from "vitest";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createUser } from "../../../../test/factories";
import { createCourseConcept } from "../../../../test/factories/concepts";
import { createQuiz, createQuizCourse } from "../../../../test/factories/quiz";
import { restCall } from "../../../../test/http";

const reference = "A hash function turns a key into a bucket number, and a good one spreads the keys evenly over the buckets.";

/** A quiz of two choice questions and one open one, on a section of a course on the fixture video. */
async function mixedQuiz(overrides: Parameters<typeof createQuizCourse>[1] = {}) {
  const { course, sections } = await createQuizCourse(db, overrides);
  const quiz = await createQuiz(db, sections[0]!.id, [
    { options: ["A1", "B1", "C1", "D1"], correctAnswer: "A1" },
    { options: ["A2", "B2", "C2", "D2"], correctAnswer: "A2" },
    {
      kind: "open",
      questionText: 'In your own words, what does the video say about "hash function"?',
      options: [],
      correctAnswer: reference,
      keyIdeas: ["key", "bucket number", "spreads", "evenly"],
      explanation: "Key ideas: key, bucket number, spreads, evenly.",
      sourceTime: 40,
    },
  ]);
  const [first, second, open] = quiz.questions;
  return { course, section: sections[0]!, quiz, first: first!, second: second!, open: open! };
}

describe("lastAttempt", () => {
  test("null before any attempt, then the latest attempt as it was scored, with per-question results; tRPC and REST alike", async () => {
    const { course, section, quiz, first, second, open } = await mixedQuiz();
    const owner = { id: course.userId };
    const { caller } = await createTestCaller({ user: owner });
    expect((await caller.quiz.bySection({ id: section.id })).lastAttempt).toBeNull();
    expect((await caller.quiz.find({ id: section.id }))!.lastAttempt).toBeNull();

    await caller.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: first.id, answer: "B1" },
        { questionId: second.id, answer: "B2" },
        { questionId: open.id, answer: "No idea." },
      ],
    });
    const latest = await caller.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: first.id, answer: "A1" },
        { questionId: second.id, answer: "C2" },
        { questionId: open.id, answer: "Each key is mapped to the number of a bucket, and a good function spreads keys evenly." },
      ],
    });
    const stored = await db.quizAttempt.findUniqueOrThrow({ where: { id: latest.attemptId } });
    const expected = {
      attemptId: latest.attemptId,
      score: latest.score,
      passed: latest.passed,
      submittedAt: stored.createdAt.toISOString(),
      // Every result as the attempt answered it, the open answer's feedback included.
      results: latest.results,
    };
    expect(latest.results[2]!.feedback).toEqual(expect.any(String));
    expect((await caller.quiz.bySection({ id: section.id })).lastAttempt).toEqual(expected);
    expect((await caller.quiz.find({ id: section.id }))!.lastAttempt).toEqual(expected);
    expect((await caller.quiz.generate({ id: section.id })).lastAttempt).toEqual(expected);

    const rest = await restCall<{ lastAttempt: unknown }>("GET", `/api/sections/${section.id}/quiz`, { sessionToken: await sessionTokenFor(owner, db) });
    expect(rest.status).toBe(200);
    expect(rest.json.lastAttempt).toEqual(expected);
  });

  test("another learner never sees my last attempt; on a public course each sees only their own", async () => {
    const { course, section, quiz, first, second } = await mixedQuiz({ isPublic: true });
    const { caller: ownerCaller } = await createTestCaller({ user: { id: course.userId } });
    const mine = await ownerCaller.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: first.id, answer: "A1" },
        { questionId: second.id, answer: "A2" },
      ],
    });
    const learner = await createUser(db);
    const { caller: learnerCaller } = await createTestCaller({ user: learner });
    expect((await learnerCaller.quiz.bySection({ id: section.id })).lastAttempt).toBeNull();
    const token = await sessionTokenFor(learner, db);
    const before = await restCall<{ lastAttempt: unknown }>("GET", `/api/sections/${section.id}/quiz`, { sessionToken: token });
    expect([before.status, before.json.lastAttempt]).toEqual([200, null]);

    const theirs = await learnerCaller.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: first.id, answer: "D1" },
        { questionId: second.id, answer: "D2" },
      ],
    });
    expect((await learnerCaller.quiz.bySection({ id: section.id })).lastAttempt).toMatchObject({ attemptId: theirs.attemptId, score: 0 });
    expect((await ownerCaller.quiz.bySection({ id: section.id })).lastAttempt).toMatchObject({ attemptId: mine.attemptId, score: 67 });
    const after = await restCall<{ lastAttempt: { attemptId: number } }>("GET", `/api/sections/${section.id}/quiz`, { sessionToken: token });
    expect(after.json.lastAttempt.attemptId).toBe(theirs.attemptId);
  });

  test("results keep to the questions still in the quiz; a quiz written again has no last attempt", async () => {
    const { course, section, quiz, first, second } = await mixedQuiz();
    const { caller } = await createTestCaller({ user: { id: course.userId } });
    await caller.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: first.id, answer: "A1" },
        { questionId: second.id, answer: "B2" },
      ],
    });
    // The owner deletes the second question: it leaves the quiz, kept for a restore.
    await db.quizQuestion.update({ where: { id: second.id }, data: { quizId: null, retiredQuizId: quiz.id } });
    const shown = (await caller.quiz.bySection({ id: section.id })).lastAttempt!;
    expect(shown.score).toBe(33);
    expect(shown.results.map((r) => r.questionId)).toEqual([first.id, quiz.questions[2]!.id]);
    await db.quizQuestion.updateMany({ where: { quizId: quiz.id }, data: { quizId: null, retiredQuizId: quiz.id } });
    await db.quizQuestion.create({
      data: { quizId: quiz.id, order: 1, questionText: "New?", options: ["W", "X", "Y", "Z"], correctAnswer: "W", explanation: "Because.", sourceTime: 5 },
    });
    expect((await caller.quiz.bySection({ id: section.id })).lastAttempt).toBeNull();
  });
});

describe("the quiz header", () => {
  test("counts the questions the quiz holds and follows a rename, in the course's language", async () => {
    const { course, section } = await mixedQuiz();
    const { caller } = await createTestCaller({ user: { id: course.userId } });
    const shown = await caller.quiz.bySection({ id: section.id });
    expect(shown.quiz.title).toBe(`Quiz: ${section.title}`);
    expect(shown.quiz.description).toBe(`3 questions on what the video says in "${section.title}". Every answer is in the video.`);

    await db.section.update({ where: { id: section.id }, data: { title: "Buckets and keys" } });
    const renamed = await caller.quiz.bySection({ id: section.id });
    expect(renamed.quiz.title).toBe("Quiz: Buckets and keys");
    expect(renamed.quiz.description).toContain('"Buckets and keys"');
  });

  test.each([
    ["ja", "3問"],
    ["fr", "3 questions sur"],
  ])("%s: the count is the quiz's own", async (language, count) => {
    const { course, section } = await mixedQuiz({ language });
    const { caller } = await createTestCaller({ user: { id: course.userId } });
    const shown = await caller.quiz.bySection({ id: section.id });
    expect(shown.quiz.description).toContain(count);
    expect(shown.quiz.description).toContain(section.title);
  });
});

describe("attempts that leave open questions out", () => {
  test("a multiple-choice-only attempt is scored: the open question unanswered, no credit, no card, no outcome, no evidence", async () => {
    const { course, quiz, first, second, open } = await mixedQuiz();
    const concept = await createCourseConcept(db, { courseId: course.id, sectionId: quiz.sectionId, key: `omitted ${open.id}`, label: "Hash function" });
    await db.questionConcept.create({ data: { questionId: open.id, conceptId: concept.id } });
    const { caller } = await createTestCaller({ user: { id: course.userId } });
    const result = await caller.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: first.id, answer: "A1" },
        { questionId: second.id, answer: "A2" },
      ],
    });
    expect(result.score).toBe(67);
    expect(result.passed).toBe(false);
    expect(result.results[2]).toEqual({
      questionId: open.id,
      answer: "",
      correct: false,
      credit: 0,
      feedback: null,
      correctAnswer: reference,
      explanation: "Key ideas: key, bucket number, spreads, evenly.",
      sourceTime: 40,
    });
    expect(result.cardsCreated).toBe(0);
    expect(await db.card.count({ where: { userId: course.userId, questionId: open.id } })).toBe(0);
    expect(await db.questionOutcome.count({ where: { userId: course.userId, questionId: open.id } })).toBe(0);
    expect(await db.questionOutcome.count({ where: { userId: course.userId, questionId: { in: [first.id, second.id] } } })).toBe(2);
    expect(await db.conceptMastery.count({ where: { userId: course.userId, conceptId: concept.id } })).toBe(0);
  });

  test("over REST too; a left-out choice question, or an answer given twice, is still refused", async () => {
    const { course, quiz, first, second, open } = await mixedQuiz();
    const token = await sessionTokenFor({ id: course.userId }, db);
    const post = (answers: { questionId: number; answer: string }[]) =>
      restCall<{ score: number; message: string }>("POST", `/api/quizzes/${quiz.id}/attempts`, { sessionToken: token, json: { answers } });
    const noChoice = await post([
      { questionId: first.id, answer: "A1" },
      { questionId: open.id, answer: "Keys go to buckets." },
    ]);
    expect([noChoice.status, noChoice.json.message]).toEqual([400, "Please answer all questions"]);
    const twice = await post([
      { questionId: first.id, answer: "A1" },
      { questionId: second.id, answer: "A2" },
      { questionId: second.id, answer: "A2" },
    ]);
    expect([twice.status, twice.json.message]).toEqual([400, "Please answer all questions"]);
    expect(await db.quizAttempt.count({ where: { quizId: quiz.id } })).toBe(0);
    const choicesOnly = await post([
      { questionId: first.id, answer: "A1" },
      { questionId: second.id, answer: "B2" },
    ]);
    expect([choicesOnly.status, choicesOnly.json.score]).toEqual([200, 33]);
  });
});

describe("open answers of invisible characters", () => {
  test.each([
    ["zero-width spaces", "\u200B\u200B\u200B"],
    ["a byte order mark", "\uFEFF"],
    ["no-break spaces", "\u00A0 \u00A0"],
    ["control characters", "\u0007\u001B\u0008"],
    ["joiners and a word joiner", "\u200C\u200D\u2060"],
    ["a Hangul filler and an ideographic space", "\u3164\u3000"],
  ])("%s: refused like an empty answer (400), nothing stored", async (_, invisible) => {
    const { course, quiz, first, second, open } = await mixedQuiz();
    const answers = [
      { questionId: first.id, answer: "A1" },
      { questionId: second.id, answer: "A2" },
      { questionId: open.id, answer: invisible },
    ];
    const { caller } = await createTestCaller({ user: { id: course.userId } });
    await expectTRPCError(caller.quiz.submitAttempt({ id: quiz.id, answers }), "BAD_REQUEST", "The answer to question 3 is empty: write it in your own words");
    const token = await sessionTokenFor({ id: course.userId }, db);
    const rest = await restCall<{ message: string }>("POST", `/api/quizzes/${quiz.id}/attempts`, { sessionToken: token, json: { answers } });
    expect([rest.status, rest.json.message]).toEqual([400, "The answer to question 3 is empty: write it in your own words"]);
    expect(await db.quizAttempt.count({ where: { quizId: quiz.id } })).toBe(0);
    expect(await db.card.count({ where: { userId: course.userId } })).toBe(0);
  });

  test("visible words among invisible characters are the answer, stored without them", async () => {
    const { course, quiz, first, second, open } = await mixedQuiz();
    const { caller } = await createTestCaller({ user: { id: course.userId } });
    const result = await caller.quiz.submitAttempt({
      id: quiz.id,
      answers: [
        { questionId: first.id, answer: "A1" },
        { questionId: second.id, answer: "A2" },
        { questionId: open.id, answer: "\u200BKeys\u200B go to\u00A0buckets.\uFEFF" },
      ],
    });
    expect(result.results[2]!.answer).toBe("Keys go to buckets.");
  });
});
