/** Practice through the tRPC caller: the set, its answers as evidence, and who may practise what. */
import { describe, expect, test } from "vitest";

import { PRACTICE_MAX_QUESTIONS } from "~/lib/schemas/concepts";
import { refreshCourseConcepts } from "~/server/services/concepts/course-concepts";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { createUser } from "../../../../test/factories";
import { HASHING, videoCourse } from "../../../../test/factories/concepts";
import { createQuiz } from "../../../../test/factories/quiz";
import { createCardRow } from "../../../../test/factories/study-rows";

/** A public course on hashing with its concepts, a quiz on hash functions in its second section, and its concepts by label. */
async function hashingCourse() {
  const { course, sections } = await videoCourse(db, HASHING, { isPublic: true });
  const quiz = await createQuiz(db, sections[1]!.id, [
    {
      questionText: "What does a hash function turn a key into?",
      options: ["A bucket number", "A string", "A list", "A tree"],
      correctAnswer: "A bucket number",
      sourceTime: 70,
    },
    {
      questionText: "What makes a hash function good?",
      options: ["It spreads keys evenly", "It is slow", "It sorts keys", "It copies keys"],
      correctAnswer: "It spreads keys evenly",
      sourceTime: 80,
    },
  ]);
  await refreshCourseConcepts(db, course.id);
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
    expect(set.cards[0]!.intervals.good).toBeTruthy();
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
    expect(right.result).toMatchObject({ correct: true, credit: 1, feedback: null, correctAnswer: "A bucket number", sourceTime: 70 });
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
