/** Practice through the tRPC caller: the set, its answers as evidence, and who may practise what. */
import { describe, expect, test } from "vitest";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createUser } from "../../../../test/factories";
import { HASHING, hashingCourseWithQuiz, videoCourse } from "../../../../test/factories/concepts";
import { createQuiz } from "../../../../test/factories/quiz";
import { createCardRow } from "../../../../test/factories/study-rows";
import { restCall } from "../../../../test/http";
import { PRACTICE_MAX_QUESTIONS } from "~/lib/rules/practice";

/** A public course on hashing with its concepts, a quiz on hash functions in its second section, and its concepts by label. */
async function hashingCourse() {
  const { course, sections, quiz } = await hashingCourseWithQuiz(db);
  const concepts = await db.courseConcept.findMany({ where: { courseId: course.id }, select: { conceptId: true, concept: { select: { label: true } } } });
  const idOf = (label: string) => concepts.find((c) => c.concept.label.toLowerCase() === label)!.conceptId;
  return { course, sections, quiz, idOf };
}

describe("practice", () => {
  test("a set holds the learner's due cards on the concept and questions on it, with none of another concept", async () => {
    const { course, quiz, idOf } = await hashingCourse();
    const learner = await createUser(db);
    const { caller } = await createTestCaller({ user: learner });
    const onHashFunctions = await createCardRow(db, {
      userId: learner.id,
      courseId: course.id,
      front: "Spreads keys?",
      back: "A good hash function",
      timeSeconds: 75,
      source: "note",
    });
    await createCardRow(db, { userId: learner.id, courseId: course.id, front: "Resize when?", back: "Past three quarters", timeSeconds: 150, source: "note" });
    await createCardRow(db, {
      userId: learner.id,
      courseId: course.id,
      front: "Not due yet",
      back: "B",
      timeSeconds: 75,
      source: "note",
      due: new Date(Date.now() + 86_400_000),
    });

    const set = await caller.mastery.practice({ conceptIds: [idOf("hash function")] });
    expect(set.concepts).toEqual([{ id: idOf("hash function"), label: "Hash function" }]);
    expect(set.cards.map((c) => c.id)).toEqual([onHashFunctions.id]);
    expect(set.cards[0]!.intervals).toEqual({
      again: "1m",
      hard: expect.stringMatching(/^\d+m$/) as string,
      good: expect.stringMatching(/^\d+m$/) as string,
      easy: expect.stringMatching(/^\d+d$/) as string,
    });
    expect(set.questions.map((q) => q.id).sort()).toEqual(quiz.questions.map((q) => q.id).sort());
    for (const question of set.questions) {
      expect(question).toMatchObject({ quizId: quiz.id, courseId: course.id, courseTitle: course.title, conceptIds: [idOf("hash function")] });
      expect(JSON.stringify(question)).not.toMatch(/correctAnswer|explanation/);
    }
  });

  test("a concept whose sections have no quiz yet gets one made, tagged, and in the set", async () => {
    const { sections, idOf } = await hashingCourse();
    const learner = await createUser(db);
    const { caller } = await createTestCaller({ user: learner });
    const set = await caller.mastery.practice({ conceptIds: [idOf("load factor")] });
    expect(set.questions.length).toBeGreaterThan(0);
    expect(set.questions.length).toBeLessThanOrEqual(PRACTICE_MAX_QUESTIONS);
    expect(await db.quiz.count({ where: { sectionId: sections[2]!.id } })).toBe(1);
    for (const question of set.questions) expect(question.conceptIds).toEqual([idOf("load factor")]);
  });

  test("an answer is scored at once and is evidence: right raises mastery, wrong lowers it and makes a card", async () => {
    const { quiz, idOf } = await hashingCourse();
    const [question] = quiz.questions;
    const masteryAfter = async (answer: string) => {
      const learner = await createUser(db);
      const { caller } = await createTestCaller({ user: learner });
      const result = await caller.mastery.practiceAnswer({ questionId: question!.id, answer });
      const map = await caller.mastery.map();
      const cards = await db.card.count({ where: { userId: learner.id, questionId: question!.id } });
      return { result, concept: map.concepts.find((c) => c.id === idOf("hash function"))!, cards };
    };
    const right = await masteryAfter(question!.correctAnswer);
    const wrong = await masteryAfter("A tree");
    expect(right.result).toMatchObject({ correct: true, credit: 1, feedback: null, correctAnswer: "A bucket number", sourceTime: 70, moment: "1:10" });
    expect(wrong.result).toMatchObject({ correct: false, credit: 0 });
    expect(right.concept.evidenceCount).toBe(1);
    expect(right.concept.mastery).toBeGreaterThan(wrong.concept.mastery);
    // The question names a bucket and a key too: each of its concepts moved, and the answer says where each stands.
    expect(right.result.mastery.length).toBeGreaterThan(1);
    expect(right.result.mastery).toContainEqual({ conceptId: idOf("hash function"), mastery: expect.closeTo(right.concept.mastery, 3) as number });
    expect([right.cards, wrong.cards]).toEqual([0, 1]);
  });

  test("refusals: an answer outside the options is a 400 and records nothing; an unknown concept or a private course's question is a 404", async () => {
    const { quiz, course } = await hashingCourse();
    const learner = await createUser(db);
    const { caller } = await createTestCaller({ user: learner });
    await expectTRPCError(caller.mastery.practiceAnswer({ questionId: quiz.questions[0]!.id, answer: "Something else" }), "BAD_REQUEST");
    expect(await db.conceptMastery.count({ where: { userId: learner.id } })).toBe(0);

    await expectTRPCError(caller.mastery.practice({ conceptIds: [2_000_000_000] }), "NOT_FOUND", "Concept not found");
    await db.course.update({ where: { id: course.id }, data: { isPublic: false } });
    await expectTRPCError(caller.mastery.practiceAnswer({ questionId: quiz.questions[0]!.id, answer: "A tree" }), "NOT_FOUND", "Question not found");
    await expectTRPCError(caller.mastery.practice({ conceptIds: [] }), "BAD_REQUEST");
  });
});

describe("practice over REST: bad input is a clear 400 and records nothing", () => {
  test.each([
    ["no concepts", { conceptIds: [] }, "Choose at least one concept to practise"],
    ["too many", { conceptIds: Array.from({ length: 21 }, (_, i) => i + 1) }, "Practise at most 20 concepts at once"],
    ["not a list", { conceptIds: "1,2" }, "conceptIds must be a list of concept ids"],
    ["missing", {}, "conceptIds must be a list of concept ids"],
  ])("POST /api/practice, %s", async (_, json, message) => {
    const learner = await createUser(db);
    const response = await restCall<{ message: string }>("POST", "/api/practice", { sessionToken: await sessionTokenFor(learner), json });
    expect([response.status, response.json.message]).toEqual([400, message]);
  });

  test("POST /api/practice/answers: an empty open answer, an answer too long, and an unknown field", async () => {
    const { sections } = await videoCourse(db, HASHING, { isPublic: true });
    const quiz = await createQuiz(db, sections[0]!.id, [
      { options: ["A1", "B1", "C1", "D1"], correctAnswer: "A1" },
      { kind: "open", questionText: "In your own words?", options: [], correctAnswer: "A hash table stores values under keys.", keyIdeas: ["values", "keys"] },
    ]);
    const learner = await createUser(db);
    const token = await sessionTokenFor(learner);
    const send = (json: unknown) => restCall<{ message: string }>("POST", "/api/practice/answers", { sessionToken: token, json });
    const open = quiz.questions[1]!.id;
    expect(await send({ questionId: open, answer: "  " }).then((r) => [r.status, r.json.message])).toEqual([
      400,
      "The answer to question 1 is empty: write it in your own words",
    ]);
    expect((await send({ questionId: open, answer: "x".repeat(1_001) })).status).toBe(400);
    expect((await send({ questionId: open, answer: "keys", extra: 1 })).status).toBe(400);
    expect(await db.conceptMastery.count({ where: { userId: learner.id } })).toBe(0);
    const graded = await send({ questionId: open, answer: "It keeps values under their keys." });
    expect(graded.status).toBe(200);
    expect(graded.json).toMatchObject({ correct: true, credit: 1, correctAnswer: "A hash table stores values under keys." });
  });
});
