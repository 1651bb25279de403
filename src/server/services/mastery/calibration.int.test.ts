/**
 * Mastery that means what it says (issue 43), through the tRPC caller on a real database: poor
 * attempts are not strong, a miss shows weak, a retake adds no evidence, a card or a practice
 * answer right after seeing its answer is weak evidence, and a question on two concepts shares
 * its evidence between them.
 */
import { describe, expect, test } from "vitest";

import { masteryBand, STRONG_FROM, WEAK_BELOW } from "~/lib/mastery-bands";
import { MASTERY_PARAMETERS } from "~/server/services/mastery/model";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { createUser } from "../../../../test/factories";
import { createCourseConcept } from "../../../../test/factories/concepts";
import { createQuiz, createQuizCourse } from "../../../../test/factories/quiz";
import { uniqueSuffix } from "../../../../test/factories/user";

const DAY_MS = 86_400_000;

/** A learner's own course with a quiz of `questions` choice questions (answer "A<n>") in its first section, all on one concept. */
async function quizOnOneConcept(questions: number) {
  const learner = await createUser(db);
  const { course, sections } = await createQuizCourse(db, { userId: learner.id });
  const quiz = await createQuiz(
    db,
    sections[0]!.id,
    Array.from({ length: questions }, (_, k) => ({ options: [`A${k}`, `B${k}`, `C${k}`, `D${k}`], correctAnswer: `A${k}` })),
  );
  const concept = await createCourseConcept(db, {
    courseId: course.id,
    sectionId: sections[0]!.id,
    key: `neural networks ${uniqueSuffix()}`,
    label: "Neural networks",
  });
  await db.questionConcept.createMany({ data: quiz.questions.map((q) => ({ questionId: q.id, conceptId: concept.id })) });
  const { caller } = await createTestCaller({ user: learner });
  /** Submits the quiz with the first `right` questions answered right and the rest wrong. */
  const attempt = (right: number) =>
    caller.quiz.submitAttempt({
      id: quiz.id,
      answers: quiz.questions.map((q, k) => ({ questionId: q.id, answer: k < right ? q.correctAnswer : q.options[1]! })),
    });
  const shown = async () => (await caller.mastery.map()).concepts.find((c) => c.id === concept.id)!;
  return { learner, course, sections, quiz, concept, caller, attempt, shown };
}

describe("calibrated mastery", () => {
  test("two poor attempts (1 of 7, then 3 of 7) and the missed cards reviewed right away do not make the concept strong", async () => {
    const { learner, caller, attempt, shown } = await quizOnOneConcept(7);
    expect((await attempt(1)).score).toBe(14);
    expect((await attempt(3)).score).toBe(43);
    const cards = await db.card.findMany({ where: { userId: learner.id }, select: { id: true } });
    expect(cards).toHaveLength(6);
    for (const card of cards) await caller.cards.review({ id: card.id, rating: "good" });

    const concept = await shown();
    expect(concept.evidenceCount).toBe(7 + 6);
    expect(concept.mastery).toBeLessThan(STRONG_FROM);
    expect(masteryBand(concept)).not.toBe("strong");
  });

  test("a learner who misses a quiz's question on a concept sees that concept weak, also after reviewing its card right away", async () => {
    const { learner, caller, attempt, shown } = await quizOnOneConcept(1);
    await attempt(0);
    expect(masteryBand(await shown())).toBe("weak");
    const card = await db.card.findFirstOrThrow({ where: { userId: learner.id }, select: { id: true } });
    await caller.cards.review({ id: card.id, rating: "good" });
    const after = await shown();
    expect(after.evidenceCount).toBe(2);
    expect(after.mastery).toBeLessThan(WEAK_BELOW);
  });

  test("a retake adds no evidence: the first attempt is the evidence, the retake only an attempt", async () => {
    const { learner, quiz, attempt, shown } = await quizOnOneConcept(3);
    await attempt(0);
    const before = await db.conceptMastery.findFirstOrThrow({ where: { userId: learner.id } });
    expect(before.evidenceCount).toBe(3);
    const retake = await attempt(3);
    expect(retake.score).toBe(100);
    const after = await db.conceptMastery.findFirstOrThrow({ where: { userId: learner.id } });
    expect(after).toEqual(before);
    expect((await shown()).evidenceCount).toBe(3);
    expect(await db.quizAttempt.count({ where: { quizId: quiz.id, userId: learner.id } })).toBe(2);
  });

  test("two first attempts sent at once: one of them is the evidence", async () => {
    const { learner, attempt } = await quizOnOneConcept(3);
    await Promise.all([attempt(3), attempt(3)]);
    const stored = await db.conceptMastery.findFirstOrThrow({ where: { userId: learner.id } });
    expect(stored.evidenceCount).toBe(3);
  });

  test("a card reviewed within a day of seeing its answer is weak evidence; the same review two days later is not", async () => {
    const gain = async (daysLater: number) => {
      const { learner, caller, attempt } = await quizOnOneConcept(1);
      await attempt(0);
      const card = await db.card.findFirstOrThrow({ where: { userId: learner.id }, select: { id: true } });
      if (daysLater > 0) {
        // Time passes: the card and the attempt's answers were shown `daysLater` days ago.
        const shownAt = new Date(Date.now() - daysLater * DAY_MS);
        await db.card.update({ where: { id: card.id }, data: { createdAt: shownAt, due: shownAt } });
        await db.questionAnswerSeen.updateMany({ where: { userId: learner.id }, data: { seenAt: shownAt } });
        await db.conceptMastery.updateMany({ where: { userId: learner.id }, data: { lastEvidenceAt: shownAt } });
      }
      const before = await db.conceptMastery.findFirstOrThrow({ where: { userId: learner.id } });
      const beforeNow = (await caller.mastery.map()).concepts[0]!.mastery;
      await caller.cards.review({ id: card.id, rating: "good" });
      const after = await db.conceptMastery.findFirstOrThrow({ where: { userId: learner.id } });
      expect(after.evidenceCount).toBe(before.evidenceCount + 1);
      return after.pKnown - beforeNow;
    };
    const quick = await gain(0);
    const spaced = await gain(2);
    expect(quick).toBeGreaterThan(0);
    expect(quick).toBeLessThan(spaced / 2);
  });

  test("a practice answer to a question whose answer was shown within a day is weak evidence; a question never seen is full", async () => {
    const { quiz, caller, shown } = await quizOnOneConcept(2);
    const [seen, fresh] = quiz.questions;
    // The quiz's first question answered (wrong) in practice: its answer is now shown.
    await caller.mastery.practiceAnswer({ questionId: seen!.id, answer: seen!.options[1]! });
    const start = (await shown()).mastery;
    await caller.mastery.practiceAnswer({ questionId: seen!.id, answer: seen!.correctAnswer });
    const afterSeen = (await shown()).mastery;
    await caller.mastery.practiceAnswer({ questionId: fresh!.id, answer: fresh!.correctAnswer });
    const afterFresh = (await shown()).mastery;
    expect(afterSeen - start).toBeGreaterThan(0);
    expect(afterSeen - start).toBeLessThan(afterFresh - afterSeen);
    expect((await shown()).evidenceCount).toBe(3);
  });

  test("a question tagged with two concepts gives each half of its evidence", async () => {
    const learner = await createUser(db);
    const { course, sections } = await createQuizCourse(db, { userId: learner.id });
    const quiz = await createQuiz(db, sections[0]!.id, [
      { options: ["A0", "B0", "C0", "D0"], correctAnswer: "A0" },
      { options: ["A1", "B1", "C1", "D1"], correctAnswer: "A1" },
    ]);
    const conceptIn = (label: string) => createCourseConcept(db, { courseId: course.id, sectionId: sections[0]!.id, key: `${label} ${uniqueSuffix()}`, label });
    const [alone, shared, other] = [await conceptIn("Pixels"), await conceptIn("Images"), await conceptIn("Colour")];
    await db.questionConcept.createMany({
      data: [
        { questionId: quiz.questions[0]!.id, conceptId: alone.id },
        { questionId: quiz.questions[1]!.id, conceptId: shared.id },
        { questionId: quiz.questions[1]!.id, conceptId: other.id },
      ],
    });
    const { caller } = await createTestCaller({ user: learner });
    await caller.quiz.submitAttempt({ id: quiz.id, answers: quiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer })) });
    const map = await caller.mastery.map();
    const of = (id: number) => map.concepts.find((c) => c.id === id)!;
    expect(of(shared.id).mastery).toBe(of(other.id).mastery);
    expect(of(shared.id).mastery).toBeLessThan(of(alone.id).mastery);
    expect(of(shared.id).mastery).toBeGreaterThan(MASTERY_PARAMETERS.prior);
    expect(of(shared.id).evidenceCount).toBe(1);
  });
});
