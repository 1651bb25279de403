/** review.sync (POST /api/reviews/sync) through createTestCaller and REST, on a real database. */
import { randomUUID } from "node:crypto";

import { createEmptyCard, fsrs, Rating } from "ts-fsrs";
import { describe, expect, test } from "vitest";

import { MAX_SYNC_REVIEWS, SYNC_MESSAGES } from "~/lib/rules/offline";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { createCourse, createUser, uniqueSuffix } from "../../../../test/factories";
import { createCardRow } from "../../../../test/factories/study-rows";
import { restCall } from "../../../../test/http";

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

async function learnerWithCards(count: number, createdAt = ago(3 * 24 * 60)) {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user });
  const course = await createCourse(db, { userId: user.id });
  const cards = [];
  for (let i = 0; i < count; i++) {
    const card = await createCardRow(db, { userId: user.id, courseId: course.id, front: `Q${i}`, back: `A${i}`, due: createdAt });
    cards.push(await db.card.update({ where: { id: card.id }, data: { createdAt } }));
  }
  return { user, caller, course, cards };
}

const review = (cardId: number, rating: "again" | "hard" | "good" | "easy", at: Date) => ({
  clientId: randomUUID(),
  cardId,
  rating,
  reviewedAt: at.toISOString(),
});

/** What ts-fsrs makes of a new card made at `createdAt` and these reviews in this order (retention 0.9, the default). */
function expected(createdAt: Date, reviews: { rating: "again" | "hard" | "good" | "easy"; at: Date }[]) {
  const grades = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy } as const;
  const scheduler = fsrs({ request_retention: 0.9 });
  let card = createEmptyCard(createdAt);
  for (const r of reviews) card = scheduler.next(card, r.at, grades[r.rating]).card;
  return card;
}

const snapshot = async (userId: number) => ({
  reviews: await db.cardReview.findMany({ where: { userId }, orderBy: { id: "asc" } }),
  cards: await db.card.findMany({ where: { userId }, orderBy: { id: "asc" } }),
  events: await db.activityEvent.count({ where: { userId } }),
});

describe("review.sync", () => {
  test("applies a batch in time order, whatever order it came in, each review once: a replayed batch changes nothing", async () => {
    const { user, caller, cards } = await learnerWithCards(2);
    const [a, b] = cards as [(typeof cards)[0], (typeof cards)[0]];
    const batch = [review(a.id, "good", ago(30)), review(a.id, "again", ago(90)), review(b.id, "easy", ago(10)), review(a.id, "hard", ago(60))];
    const result = await caller.review.sync({ reviews: batch });
    expect(result.applied.sort()).toEqual(batch.map((r) => r.clientId).sort());
    expect(result.alreadyApplied).toEqual([]);
    expect(result.skipped).toEqual([]);

    const ofA = expected(a.createdAt, [
      { rating: "again", at: ago(90) },
      { rating: "hard", at: ago(60) },
      { rating: "good", at: ago(30) },
    ]);
    const stored = await db.card.findUniqueOrThrow({ where: { id: a.id } });
    expect(stored.reps).toBe(3);
    expect(stored.lapses).toBe(ofA.lapses);
    expect(stored.state).toBe(ofA.state);
    expect(Math.abs(stored.due.getTime() - ofA.due.getTime())).toBeLessThan(1000);
    expect(result.cards.find((c) => c.id === a.id)).toMatchObject({ reps: 3, due: stored.due.toISOString() });
    const logs = await db.cardReview.findMany({ where: { cardId: a.id }, orderBy: { reviewedAt: "asc" } });
    expect(logs.map((l) => l.rating)).toEqual(["again", "hard", "good"]);
    // Each review is a learning event (streak, challenges).
    expect(await db.activityEvent.count({ where: { userId: user.id, type: "card_reviewed" } })).toBe(4);

    const before = await snapshot(user.id);
    const again = await caller.review.sync({ reviews: [...batch].reverse() });
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied.sort()).toEqual(batch.map((r) => r.clientId).sort());
    expect(await snapshot(user.id)).toEqual(before);
  });

  test("a batch leaves the streak, badges, challenge progress and events that syncing its reviews one at a time leaves", async () => {
    const DAY = 24 * 60;
    const challenge = await db.challenge.create({
      data: {
        day: new Date(ago(DAY).toISOString().slice(0, 10)),
        key: `sync-${uniqueSuffix()}`.slice(0, 64),
        title: "Review 25 cards",
        description: "Review 25 cards",
        eventType: "card_reviewed",
        target: 25,
        expiryDate: new Date(Date.now() + DAY * MINUTE),
      },
    });
    const [bulk, oneByOne] = [await learnerWithCards(20, ago(10 * DAY)), await learnerWithCards(20, ago(10 * DAY))];
    for (const { user } of [bulk, oneByOne]) await db.userChallenge.create({ data: { userId: user.id, challengeId: challenge.id, joinedAt: ago(9 * DAY) } });
    const ratings = ["again", "hard", "good", "easy"] as const;
    // 60 reviews over eight days, three of each card, sent out of time order.
    const plan = Array.from({ length: 60 }, (_, i) => ({
      card: i % 20,
      rating: ratings[(i * 7) % 4]!,
      at: ago(8 * DAY - ((i * 37) % 60) * 3 * 60 - (i % 3) * 60),
    }));
    const reviewsOf = (cards: { id: number }[]) => plan.map((p) => review(cards[p.card]!.id, p.rating, p.at));

    const sent = reviewsOf(bulk.cards);
    expect((await bulk.caller.review.sync({ reviews: sent })).applied).toHaveLength(60);
    for (const r of reviewsOf(oneByOne.cards).sort((a, b) => a.reviewedAt.localeCompare(b.reviewedAt))) await oneByOne.caller.review.sync({ reviews: [r] });

    const state = async ({ user, cards }: Awaited<ReturnType<typeof learnerWithCards>>) => ({
      streak: await db.streak.findUniqueOrThrow({ where: { userId: user.id }, omit: { userId: true, updatedAt: true } }),
      badges: (await db.userBadge.findMany({ where: { userId: user.id }, select: { badge: { select: { key: true } } } })).map((b) => b.badge.key).sort(),
      challenge: await db.userChallenge.findUniqueOrThrow({
        where: { userId_challengeId: { userId: user.id, challengeId: challenge.id } },
        select: { progress: true, completed: true, completedAt: true },
      }),
      events: await db.activityEvent.findMany({
        where: { userId: user.id },
        select: { type: true, localDate: true, occurredAt: true },
        orderBy: { occurredAt: "asc" },
      }),
      cards: await Promise.all(
        cards.map(({ id }) =>
          db.card.findUniqueOrThrow({
            where: { id },
            select: { due: true, stability: true, difficulty: true, reps: true, lapses: true, state: true, lastReview: true },
          }),
        ),
      ),
    });
    const got = await state(bulk);
    expect(got).toEqual(await state(oneByOne));
    expect(got.events).toHaveLength(60);
    expect(got.streak.longestStreak).toBeGreaterThanOrEqual(7);
    expect(got.badges).toEqual(expect.arrayContaining(["challenge-1", "review-streak-7", "streak-7"]));
    expect(got.challenge).toMatchObject({ progress: 25, completed: true });

    // The same batch again (a retry after a lost answer) counts nothing twice.
    expect((await bulk.caller.review.sync({ reviews: [...sent].reverse() })).alreadyApplied).toHaveLength(60);
    expect(await state(bulk)).toEqual(got);
  });

  test("two identical batches at once: each review is stored once", async () => {
    const { user, caller, cards } = await learnerWithCards(3);
    const batch = cards.flatMap((card, i) => [review(card.id, "good", ago(20 + i)), review(card.id, "hard", ago(10 + i))]);
    const results = await Promise.all([caller.review.sync({ reviews: batch }), caller.review.sync({ reviews: batch })]);
    const applied = results.flatMap((r) => r.applied);
    expect(applied.sort()).toEqual(batch.map((r) => r.clientId).sort());
    expect(await db.cardReview.count({ where: { userId: user.id } })).toBe(batch.length);
    for (const card of await db.card.findMany({ where: { userId: user.id } })) expect(card.reps).toBe(2);
  });

  test("two devices' reviews of one card both count, in time order, even when the older arrives last", async () => {
    const { user, caller, cards } = await learnerWithCards(1);
    const card = cards[0]!;
    // The phone reviewed the card an hour ago, offline; the laptop reviewed it online 10 minutes ago
    // (the same learner on another device); the phone syncs after.
    const laptop = await caller.review.sync({ reviews: [review(card.id, "good", ago(10))] });
    expect(laptop.applied).toHaveLength(1);
    const phone = await caller.review.sync({ reviews: [review(card.id, "again", ago(60))] });
    expect(phone.applied).toHaveLength(1);

    const want = expected(card.createdAt, [
      { rating: "again", at: ago(60) },
      { rating: "good", at: ago(10) },
    ]);
    const stored = await db.card.findUniqueOrThrow({ where: { id: card.id } });
    expect(stored.reps).toBe(2);
    expect(stored.lapses).toBe(want.lapses);
    expect(stored.state).toBe(want.state);
    expect(Math.abs(stored.due.getTime() - want.due.getTime())).toBeLessThan(1000);
    expect(Math.abs(stored.lastReview!.getTime() - ago(10).getTime())).toBeLessThan(5000);
    expect(await db.cardReview.count({ where: { userId: user.id } })).toBe(2);
  });

  test("a card reviewed online (POST /cards/{id}/review) and then offline earlier: replayed with the online review", async () => {
    const { caller, cards } = await learnerWithCards(1);
    const card = cards[0]!;
    await caller.cards.review({ id: card.id, rating: "easy" });
    const result = await caller.review.sync({ reviews: [review(card.id, "hard", ago(5))] });
    expect(result.applied).toHaveLength(1);
    const stored = await db.card.findUniqueOrThrow({ where: { id: card.id } });
    expect(stored.reps).toBe(2);
    const logs = await db.cardReview.findMany({ where: { cardId: card.id }, orderBy: { reviewedAt: "asc" } });
    expect(logs.map((l) => l.rating)).toEqual(["hard", "easy"]);
  });

  test("another learner's card is skipped: nothing of theirs changes", async () => {
    const owner = await learnerWithCards(1);
    const other = await learnerWithCards(1);
    const before = await snapshot(owner.user.id);
    const mine = review(other.cards[0]!.id, "good", ago(5));
    const theirs = review(owner.cards[0]!.id, "again", ago(5));
    const result = await other.caller.review.sync({ reviews: [theirs, mine] });
    expect(result.applied).toEqual([mine.clientId]);
    expect(result.skipped).toEqual([theirs.clientId]);
    expect(result.cards.map((c) => c.id)).toEqual([other.cards[0]!.id]);
    expect(await snapshot(owner.user.id)).toEqual(before);
    // An unknown card is skipped alike (deleted on another device).
    const gone = review(2_000_000_000, "good", ago(1));
    expect((await other.caller.review.sync({ reviews: [gone] })).skipped).toEqual([gone.clientId]);
  });

  test("bad input is refused with a clear 4xx and stores nothing", async () => {
    const { user, caller, cards } = await learnerWithCards(1);
    const id = cards[0]!.id;
    const before = await snapshot(user.id);
    const cases: [unknown, "BAD_REQUEST" | "UNPROCESSABLE_CONTENT", string | RegExp][] = [
      [{ reviews: [{ ...review(id, "good", ago(1)), rating: "perfect" }] }, "BAD_REQUEST", /rating must be/],
      [{ reviews: [review(id, "good", new Date(Date.now() + 60 * MINUTE))] }, "UNPROCESSABLE_CONTENT", SYNC_MESSAGES.inFuture],
      [{ reviews: [review(id, "good", ago(31 * 24 * 60))] }, "UNPROCESSABLE_CONTENT", SYNC_MESSAGES.tooOld],
      [{ reviews: Array.from({ length: MAX_SYNC_REVIEWS + 1 }, () => review(id, "good", ago(1))) }, "BAD_REQUEST", SYNC_MESSAGES.tooMany],
      [{ reviews: [] }, "BAD_REQUEST", SYNC_MESSAGES.empty],
      [{ reviews: [{ ...review(id, "good", ago(1)), clientId: "x" }] }, "BAD_REQUEST", SYNC_MESSAGES.badClientId],
      [{ reviews: [{ ...review(id, "good", ago(1)), reviewedAt: "yesterday" }] }, "BAD_REQUEST", /ISO 8601/],
      [{ reviews: [{ ...review(id, "good", ago(1)), extra: 1 }] }, "BAD_REQUEST", /./],
    ];
    const dup = review(id, "good", ago(2));
    cases.push([{ reviews: [dup, { ...dup, rating: "easy" }] }, "BAD_REQUEST", SYNC_MESSAGES.duplicateClientId]);
    // One bad review refuses the whole batch: the good one is not stored either.
    cases.push([
      { reviews: [review(id, "good", ago(1)), review(id, "good", new Date(Date.now() + 24 * 60 * MINUTE))] },
      "UNPROCESSABLE_CONTENT",
      SYNC_MESSAGES.inFuture,
    ]);
    for (const [input, code, message] of cases) {
      if (code === "BAD_REQUEST") await expectValidationError(caller.review.sync(input as never), message);
      else await expectTRPCError(caller.review.sync(input as never), code, message);
    }
    expect(await snapshot(user.id)).toEqual(before);
  });

  test("POST /api/reviews/sync answers what was applied and the new schedules", async () => {
    const { user, cards } = await learnerWithCards(1);
    const token = await sessionTokenFor(user);
    const r = review(cards[0]!.id, "good", ago(1));
    const res = await restCall<{ applied: string[]; cards: { id: number; due: string; reps: number }[] }>("POST", "/api/reviews/sync", {
      sessionToken: token,
      json: { reviews: [r] },
    });
    expect(res.status).toBe(200);
    expect(res.json.applied).toEqual([r.clientId]);
    expect(res.json.cards[0]).toMatchObject({ id: cards[0]!.id, reps: 1 });
    const future = await restCall("POST", "/api/reviews/sync", {
      sessionToken: token,
      json: { reviews: [review(cards[0]!.id, "good", new Date(Date.now() + 3_600_000))] },
    });
    expect(future.status).toBe(422);
  });
});
