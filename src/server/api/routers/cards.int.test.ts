/** cards.* and review.* through createTestCaller (and REST where the path is documented), on a real database. */
import { createEmptyCard, fsrs, Rating, type State } from "ts-fsrs";
import { describe, expect, test } from "vitest";

import { recordLearningEvent } from "~/server/services/gamification/record-event";
import { listActiveChallenges } from "~/server/services/gamification/challenges";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { addPlaylistVideos, createCourse, createUser } from "../../../../test/factories";
import { createQuiz, createQuizCourse } from "../../../../test/factories/quiz";
import { createCardRow } from "../../../../test/factories/study-rows";
import { restCall } from "../../../../test/http";
import { MAX_CARDS_PER_LEARNER } from "~/lib/rules/cards";

async function learner() {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user });
  return { user, caller };
}

/** A quiz course of `userId` with a quiz of three questions ("A1", "A2", "A3" right; times 0, 10, 20 s). */
async function quizFor(userId: number, overrides: Parameters<typeof createQuizCourse>[1] = {}) {
  const { course, sections } = await createQuizCourse(db, { userId, ...overrides });
  const quiz = await createQuiz(db, sections[0]!.id, [
    {
      questionText: "Which half is searched next?",
      options: ["A1", "B1", "C1", "D1"],
      correctAnswer: "A1",
      explanation: "The half that can hold it.",
      sourceTime: 65,
    },
    { options: ["A2", "B2", "C2", "D2"], correctAnswer: "A2", sourceTime: null },
    { options: ["A3", "B3", "C3", "D3"], correctAnswer: "A3" },
  ]);
  return { course, quiz };
}

/** Answers: the first `wrong` questions wrong ("B…"), the rest right. */
const answersOf = (quiz: Awaited<ReturnType<typeof quizFor>>["quiz"], wrong: number) =>
  quiz.questions.map((q, i) => ({ questionId: q.id, answer: i < wrong ? q.options[1]! : q.correctAnswer }));

const pastDue = (userId: number) => db.card.updateMany({ where: { userId }, data: { due: new Date(Date.now() - 1000) } });

describe("cards from missed quiz questions", () => {
  test("every wrong answer makes one card, due now; a retake adds none for the same question", async () => {
    const { user, caller } = await learner();
    const { course, quiz } = await quizFor(user.id);
    const before = Date.now();
    await caller.quiz.submitAttempt({ id: quiz.id, answers: answersOf(quiz, 2) });
    const cards = await db.card.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({
      courseId: course.id,
      source: "quiz",
      questionId: quiz.questions[0]!.id,
      // A choice question keeps its options on the card: it can be answered without the quiz.
      front: "Which half is searched next?\n\nA. A1\nB. B1\nC. C1\nD. D1",
      back: "A1\n\nThe half that can hold it.\n\nRewatch at 1:05",
      timeSeconds: 65,
      state: 0,
      reps: 0,
      lastReview: null,
    });
    expect(cards[1]).toMatchObject({ questionId: quiz.questions[1]!.id, back: "A2\n\nBecause of reason 2.", timeSeconds: null });
    for (const card of cards) {
      expect(card.due.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(card.due.getTime()).toBeLessThanOrEqual(Date.now());
    }

    // A retake missing all three: only the third question is new.
    await caller.quiz.submitAttempt({ id: quiz.id, answers: answersOf(quiz, 3) });
    expect(await db.card.count({ where: { userId: user.id } })).toBe(3);
    // Right answers make nothing; another learner's misses are their own cards.
    const other = await learner();
    await db.course.update({ where: { id: course.id }, data: { isPublic: true } });
    await other.caller.quiz.submitAttempt({ id: quiz.id, answers: answersOf(quiz, 0) });
    expect(await db.card.count({ where: { userId: other.user.id } })).toBe(0);
    await other.caller.quiz.submitAttempt({ id: quiz.id, answers: answersOf(quiz, 1) });
    expect(await db.card.count({ where: { userId: other.user.id } })).toBe(1);
  });
});

describe("review.queue, cards.review, review.dueCount", () => {
  test("a card of a playlist course names its video's moment; a card without a moment has none", async () => {
    const { user, caller } = await learner();
    const course = await createCourse(db, { userId: user.id });
    await addPlaylistVideos(db, course.id, [600, 600]);
    const inSecond = await createCardRow(db, {
      userId: user.id,
      courseId: course.id,
      front: "Second video",
      back: "b",
      timeSeconds: 665,
      due: new Date(Date.now() - 60_000),
    });
    const noMoment = await createCardRow(db, { userId: user.id, courseId: course.id, front: "No moment", back: "b", timeSeconds: null });

    const { cards } = await caller.review.queue();
    expect(cards.find((c) => c.id === inSecond.id)).toMatchObject({ timeSeconds: 665, moment: "Video 2 · 1:05" });
    expect(cards.find((c) => c.id === noMoment.id)).toMatchObject({ timeSeconds: null, moment: null });
  });

  test("a card can be made anywhere on a playlist course's timeline, and not past its last video", async () => {
    const { user, caller } = await learner();
    const course = await createCourse(db, { userId: user.id });
    await addPlaylistVideos(db, course.id, [205, 300]);
    const made = await caller.cards.create({ id: course.id, source: "transcript", front: "In the second video", back: "b", timeSeconds: 480 });
    expect(made.timeSeconds).toBe(480);
    await expectTRPCError(
      caller.cards.create({ id: course.id, source: "transcript", front: "Past the end", back: "b", timeSeconds: 506 }),
      "UNPROCESSABLE_CONTENT",
      "timeSeconds is past the end of the video (8:25)",
    );
    expect(await db.card.count({ where: { userId: user.id } })).toBe(1);
  });

  test("the queue lists due cards oldest first with each rating's interval; a review moves the card by ts-fsrs's schedule", async () => {
    const { user, caller } = await learner();
    const { course, quiz } = await quizFor(user.id, { title: "Binary search, reviewed" });
    await caller.quiz.submitAttempt({ id: quiz.id, answers: answersOf(quiz, 3) });
    const stored = await db.card.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    // Make their order by due time the reverse of their ids.
    for (const [i, card] of stored.entries()) await db.card.update({ where: { id: card.id }, data: { due: new Date(Date.now() - (i + 1) * 60_000) } });

    const queue = await caller.review.queue();
    expect(queue.dueCount).toBe(3);
    expect(queue.nextDueAt).toBeNull();
    expect(queue.cards.map((c) => c.id)).toEqual(stored.map((c) => c.id).reverse());
    expect(queue.cards[2]).toEqual({
      id: stored[0]!.id,
      courseId: course.id,
      courseTitle: "Binary search, reviewed",
      source: "quiz",
      front: "Which half is searched next?\n\nA. A1\nB. B1\nC. C1\nD. D1",
      back: expect.stringContaining("Rewatch at 1:05") as string,
      timeSeconds: 65,
      due: expect.any(String) as string,
      state: 0,
      reps: 0,
      lapses: 0,
      lastReview: null,
      courseAvailable: true,
      moment: "1:05",
      intervals: {
        again: "1m",
        hard: expect.stringMatching(/^\d+m$/) as string,
        good: expect.stringMatching(/^\d+m$/) as string,
        easy: expect.stringMatching(/^\d+d$/) as string,
      },
      // A new card's ts-fsrs state, for a device that saves it for offline review (issue 45).
      fsrs: { stability: 0, difficulty: 0, elapsedDays: 0, scheduledDays: 0, learningSteps: 0 },
    });
    expect(await caller.review.dueCount()).toEqual({ dueCount: 3, nextDueAt: null });
    expect(await caller.review.dueCount({ courseId: course.id })).toEqual({ dueCount: 3, nextDueAt: null });
    expect(await caller.review.dueCount({ courseId: (await createCourse(db, { userId: user.id })).id })).toEqual({ dueCount: 0, nextDueAt: null });

    const first = stored[0]!;
    const { card } = await caller.cards.review({ id: first.id, rating: "good" });
    const reviewedAt = new Date(card.lastReview!);
    const expected = fsrs({ request_retention: 0.9 }).next(
      { ...createEmptyCard(first.due), due: new Date(Date.now() - 60_000), state: 0 as State },
      reviewedAt,
      Rating.Good,
    ).card;
    expect(card).toMatchObject({ id: first.id, state: expected.state, reps: 1, due: expected.due.toISOString() });
    expect(new Date(card.due).getTime()).toBeGreaterThan(reviewedAt.getTime());
    const row = await db.card.findUniqueOrThrow({ where: { id: first.id } });
    expect(row).toMatchObject({
      stability: expected.stability,
      difficulty: expected.difficulty,
      learningSteps: expected.learning_steps,
      scheduledDays: expected.scheduled_days,
    });
    const reviews = await db.cardReview.findMany({ where: { cardId: first.id } });
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ userId: user.id, rating: "good", state: 0 });
    // A learning event: streak and heatmap.
    expect(await db.activityEvent.count({ where: { userId: user.id, type: "card_reviewed" } })).toBe(1);
    expect(await caller.gamification.streak({ userId: user.id })).toMatchObject({ currentStreak: 1 });

    // Reviewed again at once: not due any more.
    await expectTRPCError(caller.cards.review({ id: first.id, rating: "easy" }), "CONFLICT", "This card is not due yet");
    expect(await db.cardReview.count({ where: { cardId: first.id } })).toBe(1);
    expect((await caller.review.queue()).dueCount).toBe(2);
    // The header's count learns when it next grows: when the reviewed card falls due again.
    expect(await caller.review.dueCount()).toEqual({ dueCount: 2, nextDueAt: card.due });
    expect(await caller.review.dueCount({ courseId: course.id })).toEqual({ dueCount: 2, nextDueAt: card.due });

    // Nothing due: the queue says when the next card is.
    for (const c of stored.slice(1)) await caller.cards.review({ id: c.id, rating: "easy" });
    const empty = await caller.review.queue();
    expect(empty).toEqual({ cards: [], dueCount: 0, nextDueAt: card.due });
    expect(await caller.review.dueCount()).toEqual({ dueCount: 0, nextDueAt: card.due });
  });

  test("no cards: an empty queue with no next due time", async () => {
    const { caller } = await learner();
    expect(await caller.review.queue()).toEqual({ cards: [], dueCount: 0, nextDueAt: null });
  });

  test("another learner's card is 404 to review and to delete; an unknown one too; nothing changes", async () => {
    const owner = await learner();
    const { quiz } = await quizFor(owner.user.id);
    await owner.caller.quiz.submitAttempt({ id: quiz.id, answers: answersOf(quiz, 1) });
    const card = await db.card.findFirstOrThrow({ where: { userId: owner.user.id } });
    const other = await learner();
    await expectTRPCError(other.caller.cards.review({ id: card.id, rating: "good" }), "NOT_FOUND", "Card not found");
    await expectTRPCError(other.caller.cards.delete({ id: card.id }), "NOT_FOUND", "Card not found");
    await expectTRPCError(owner.caller.cards.review({ id: 2_147_483_647, rating: "good" }), "NOT_FOUND", "Card not found");
    expect(await db.card.findUniqueOrThrow({ where: { id: card.id } })).toEqual(card);
    expect((await other.caller.review.queue()).cards).toEqual([]);
    await expectValidationError(owner.caller.cards.review({ id: card.id, rating: "perfect" as "good" }), /rating must be/);

    expect(await owner.caller.cards.delete({ id: card.id })).toEqual({ success: true });
    expect(await db.card.count({ where: { id: card.id } })).toBe(0);
    await expectTRPCError(owner.caller.cards.delete({ id: card.id }), "NOT_FOUND");
  });

  test("REST: the queue, a review and a delete answer with their documented shapes", async () => {
    const { user, caller } = await learner();
    const { quiz } = await quizFor(user.id);
    await caller.quiz.submitAttempt({ id: quiz.id, answers: answersOf(quiz, 2) });
    const token = await sessionTokenFor(user);
    const queue = await restCall<{ cards: { id: number }[]; dueCount: number }>("GET", "/api/review/queue?t=1", { sessionToken: token });
    expect(queue.status).toBe(200);
    expect(queue.json.dueCount).toBe(2);
    const [a, b] = queue.json.cards;
    const reviewed = await restCall<{ card: { id: number; due: string } }>("POST", `/api/cards/${a!.id}/review`, {
      sessionToken: token,
      json: { rating: "again" },
    });
    expect(reviewed.status).toBe(200);
    expect(new Date(reviewed.json.card.due).getTime()).toBeGreaterThan(Date.now());
    expect((await restCall("POST", `/api/cards/${a!.id}/review`, { sessionToken: token, json: { rating: "again" } })).status).toBe(409);
    expect((await restCall("POST", `/api/cards/${a!.id}/review`, { sessionToken: token, json: { rating: 3 } })).status).toBe(400);
    expect((await restCall("DELETE", `/api/cards/${b!.id}`, { sessionToken: token })).status).toBe(200);
    expect((await restCall("DELETE", `/api/cards/${b!.id}`, { sessionToken: token })).status).toBe(404);
  });
});

describe("cards.create", () => {
  test("from a transcript line or one of the learner's notes, on an own or public course; due now", async () => {
    const { user, caller } = await learner();
    const course = await createCourse(db, { userId: user.id, sectionsPerChapter: 3 });
    const made = await caller.cards.create({
      id: course.id,
      source: "transcript",
      front: "  What is 🧪 the pivot?  ",
      back: "The middle ‮element",
      timeSeconds: 42.5,
    });
    expect(made).toMatchObject({
      courseId: course.id,
      courseTitle: course.title,
      source: "transcript",
      front: "What is 🧪 the pivot?",
      // The override is removed on the way in (learnerText, lib/schemas/common.ts).
      back: "The middle element",
      timeSeconds: 42.5,
      state: 0,
    });
    expect(new Date(made.due).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await caller.review.queue()).cards.map((c) => c.id)).toEqual([made.id]);

    const note = await db.note.create({ data: { userId: user.id, courseId: course.id, timeSeconds: 100, text: "pivot" } });
    const fromNote = await caller.cards.create({ id: course.id, source: "note", noteId: note.id, front: "Pivot?", back: "Middle" });
    expect(fromNote).toMatchObject({ source: "note", timeSeconds: 100 });
    expect(await db.card.findUniqueOrThrow({ where: { id: fromNote.id }, select: { noteId: true } })).toEqual({ noteId: note.id });

    // A public course of someone else's is fine; a private one is 404, as course.byId answers.
    const shared = await createCourse(db, { isPublic: true });
    const sharedCard = await caller.cards.create({ id: shared.id, source: "transcript", front: "F", back: "B" });
    expect(sharedCard).toMatchObject({ courseId: shared.id, timeSeconds: null });
    const availability = async () => Object.fromEntries((await caller.review.queue()).cards.map((c) => [c.id, c.courseAvailable]));
    expect(await availability()).toMatchObject({ [made.id]: true, [sharedCard.id]: true });
    // Its creator makes it private again: the learner keeps the card, but the moment can no longer be opened.
    await db.course.update({ where: { id: shared.id }, data: { isPublic: false } });
    expect(await availability()).toMatchObject({ [made.id]: true, [sharedCard.id]: false });
    const hidden = await createCourse(db);
    await expectTRPCError(caller.cards.create({ id: hidden.id, source: "transcript", front: "F", back: "B" }), "NOT_FOUND", "Course Not Found");
  });

  test("refusals: another learner's note or a note of another course (404), a moment past the video (422), bad text (400)", async () => {
    const { user, caller } = await learner();
    const course = await createCourse(db, { userId: user.id });
    const otherCourse = await createCourse(db, { userId: user.id });
    const other = await createUser(db);
    const theirNote = await db.note.create({ data: { userId: other.id, courseId: course.id, timeSeconds: 1, text: "theirs" } });
    const elsewhere = await db.note.create({ data: { userId: user.id, courseId: otherCourse.id, timeSeconds: 1, text: "elsewhere" } });
    for (const noteId of [theirNote.id, elsewhere.id, 2_147_483_647]) {
      await expectTRPCError(caller.cards.create({ id: course.id, source: "note", noteId, front: "F", back: "B" }), "NOT_FOUND", "Note not found");
    }
    await expectTRPCError(caller.cards.create({ id: course.id, source: "note", front: "F", back: "B" }), "UNPROCESSABLE_CONTENT", /noteId/);
    await expectTRPCError(caller.cards.create({ id: course.id, source: "transcript", noteId: elsewhere.id, front: "F", back: "B" }), "UNPROCESSABLE_CONTENT");
    // Two sections of 60 s: the video ends at 2:00.
    await expectTRPCError(
      caller.cards.create({ id: course.id, source: "transcript", front: "F", back: "B", timeSeconds: 121 }),
      "UNPROCESSABLE_CONTENT",
      /2:00/,
    );
    await expectValidationError(caller.cards.create({ id: course.id, source: "transcript", front: "F", back: "B", timeSeconds: -1 }), /negative/);
    await expectValidationError(caller.cards.create({ id: course.id, source: "transcript", front: " ", back: "B" }), /front of the card is empty/);
    await expectValidationError(caller.cards.create({ id: course.id, source: "transcript", front: "x".repeat(1001), back: "B" }), /at most 1000/);
    await expectValidationError(caller.cards.create({ id: course.id, source: "quiz" as "note", front: "F", back: "B" }), /source must be/);
    expect(await db.card.count({ where: { userId: user.id } })).toBe(0);
  });

  test(`at most ${MAX_CARDS_PER_LEARNER} cards per learner (422 beyond)`, async () => {
    const { user, caller } = await learner();
    const course = await createCourse(db, { userId: user.id });
    await db.$executeRawUnsafe(
      `INSERT INTO "Card" ("userId", "courseId", source, front, back, due)
       SELECT $1, $2, 'transcript', 'front ' || n, 'back', now() AT TIME ZONE 'UTC' FROM generate_series(1, $3) AS n`,
      user.id,
      course.id,
      MAX_CARDS_PER_LEARNER - 1,
    );
    await caller.cards.create({ id: course.id, source: "transcript", front: "the last one", back: "B" });
    await expectTRPCError(
      caller.cards.create({ id: course.id, source: "transcript", front: "one too many", back: "B" }),
      "UNPROCESSABLE_CONTENT",
      /at most 20,000/,
    );
    expect(await db.card.count({ where: { userId: user.id } })).toBe(MAX_CARDS_PER_LEARNER);
  });
});

describe("desired retention", () => {
  test("read and updated (0.7-0.99); reviews are scheduled for it", async () => {
    const { user, caller } = await learner();
    expect(await caller.review.settings()).toEqual({ desiredRetention: 0.9 });
    expect(await caller.review.updateSettings({ desiredRetention: 0.8 })).toEqual({ desiredRetention: 0.8 });
    expect(await caller.review.settings()).toEqual({ desiredRetention: 0.8 });
    for (const bad of [0.69, 0.995, 1, Number.NaN]) await expectValidationError(caller.review.updateSettings({ desiredRetention: bad }), /desiredRetention/);
    expect(await caller.review.settings()).toEqual({ desiredRetention: 0.8 });

    const course = await createCourse(db, { userId: user.id });
    const made = await caller.cards.create({ id: course.id, source: "transcript", front: "F", back: "B" });
    const { card } = await caller.cards.review({ id: made.id, rating: "easy" });
    const expected = fsrs({ request_retention: 0.8 }).next(createEmptyCard(new Date(made.due)), new Date(card.lastReview!), Rating.Easy).card;
    expect(card.due).toBe(expected.due.toISOString());
  });
});

describe("gamification", () => {
  test("'Review 10 cards' completes with ten reviews; 7 days of reviews in a row earn the review streak badge", async () => {
    const { user, caller } = await learner();
    const challenge = (await listActiveChallenges(db)).find((c) => c.title === "Card Sharp");
    expect(challenge).toMatchObject({ description: "Review 10 cards today", target: 10 });
    await caller.gamification.joinChallenge({ userId: user.id, challengeId: challenge!.id });

    // Six earlier days of reviews.
    for (let days = 6; days >= 1; days--) {
      await recordLearningEvent(db, { userId: user.id, type: "card_reviewed", subjectKey: `past-${days}`, at: new Date(Date.now() - days * 86_400_000) });
    }
    expect(await db.userBadge.count({ where: { userId: user.id, badge: { key: "review-streak-7" } } })).toBe(0);

    const course = await createCourse(db, { userId: user.id });
    for (let i = 0; i < 10; i++) await caller.cards.create({ id: course.id, source: "transcript", front: `Card ${i}`, back: "B" });
    await pastDue(user.id);
    const due = (await caller.review.queue()).cards;
    expect(due).toHaveLength(10);
    for (const [i, card] of due.entries()) {
      await caller.cards.review({ id: card.id, rating: "good" });
      const [mine] = await caller.gamification.myChallenges({ userId: user.id });
      expect(mine).toMatchObject({ progress: i + 1, completed: i === 9 });
    }
    expect(await db.cardReview.count({ where: { userId: user.id } })).toBe(10);
    const badges = await caller.gamification.badges({ userId: user.id });
    expect(badges.map((b) => b.badge.key)).toEqual(expect.arrayContaining(["review-streak-7", "streak-7", "challenge-1"]));
  });
});
