/**
 * recordLearningEvents stores a learner's events in one statement and follows them up once (one
 * lock, the challenges of each kind stepped once, the streak and badges once). Everything it leaves
 * must be what recording the same events one by one (recordLearningEvent, the reference) leaves:
 * two learners in the same situation, one per path, compared field by field.
 */
import { describe, expect, test } from "vitest";

import type { ActivityType } from "~/generated/prisma/enums";

import { db } from "../../../../test/db";
import { createUser, uniqueSuffix } from "../../../../test/factories";

import { dateColumn } from "./local-date";
import { type LearningEvent, recordLearningEvent, recordLearningEvents, storeLearningEvents } from "./record-event";

const ZONE = "America/New_York";
const at = (iso: string) => new Date(iso);

/** Challenges shared by both learners (a day's challenges are global), each joined by both at the same instant. */
async function challenges() {
  const badge = async (key: string) => (await db.badge.findUniqueOrThrow({ where: { key } })).id;
  const make = async (name: string, eventType: ActivityType, target: number, expiry: string, badgeId: number | null = null) =>
    db.challenge.create({
      data: {
        day: dateColumn("2026-03-01"),
        key: `${name}-${uniqueSuffix()}`.slice(0, 64),
        title: name,
        description: name,
        eventType,
        target,
        expiryDate: at(expiry),
        badgeId,
      },
    });
  return {
    // Completed mid-batch: one event counted before, nine more needed.
    ten: { challenge: await make("ten", "card_reviewed", 10, "2026-03-20T00:00:00Z", await badge("course-5")), joinedAt: at("2026-03-05T00:00:00Z") },
    // Not reached.
    many: { challenge: await make("many", "card_reviewed", 100, "2026-03-20T00:00:00Z"), joinedAt: at("2026-03-01T00:00:00Z") },
    // Only the reviews of one UTC day count: joined at its start, expired at its end.
    window: { challenge: await make("window", "card_reviewed", 30, "2026-03-09T00:00:00Z"), joinedAt: at("2026-03-08T00:00:00Z") },
    // At its target before the batch (its follow-up failed): completes at the batch's first review.
    stalled: { challenge: await make("stalled", "card_reviewed", 2, "2026-03-20T00:00:00Z"), joinedAt: at("2026-03-01T00:00:00Z") },
    // Another kind in the same batch.
    quiz: { challenge: await make("quiz", "quiz_passed", 1, "2026-03-20T00:00:00Z", await badge("quiz-master")), joinedAt: at("2026-03-01T00:00:00Z") },
  };
}

type Situation = Awaited<ReturnType<typeof challenges>>;

/** A learner with five days of visits, two reviews stored without their follow-up, and every challenge joined. */
async function learner(situation: Situation) {
  const user = await createUser(db);
  for (const day of ["01", "02", "03", "04", "05"]) {
    await recordLearningEvent(db, { userId: user.id, type: "daily_visit", subjectKey: `2026-03-${day}`, at: at(`2026-03-${day}T16:00:00Z`), timeZone: ZONE });
  }
  for (const { challenge, joinedAt } of Object.values(situation)) {
    await db.userChallenge.create({ data: { userId: user.id, challengeId: challenge.id, joinedAt } });
  }
  await storeLearningEvents(db, {
    userId: user.id,
    timeZone: ZONE,
    events: [
      { type: "card_reviewed", subjectKey: "before-1", at: at("2026-03-04T15:00:00Z") },
      { type: "card_reviewed", subjectKey: "before-2", at: at("2026-03-05T15:00:00Z") },
    ],
  });
  return user.id;
}

/**
 * The batch, not in time order (recordLearningEvents keeps the order it is given): reviews over
 * five local days across the change to summer time (8 March in New York), one of them given
 * twice, one stored before, and a passed and a perfect quiz.
 */
const reviewTimes = [
  "2026-03-06T14:00:00Z",
  "2026-03-08T03:30:00Z", // 7 March in New York, 8 March in UTC: the window's
  "2026-03-07T14:00:00Z",
  "2026-03-08T14:00:00Z",
  "2026-03-08T15:00:00Z",
  "2026-03-06T15:00:00Z",
  "2026-03-09T02:00:00Z", // 8 March in New York, past the window's end
  "2026-03-09T14:00:00Z",
  "2026-03-10T14:00:00Z", // the ninth in the window of "ten": completes it
  "2026-03-10T03:59:00Z", // 9 March in New York (UTC−4 since the 8th)
  "2026-03-10T15:00:00Z",
];

function batch(userId: number): LearningEvent[] {
  const reviews = reviewTimes.map((time, i) => ({ userId, type: "card_reviewed" as const, subjectKey: `review-${i}`, at: at(time), timeZone: ZONE }));
  return [
    ...reviews.slice(0, 4),
    { userId, type: "quiz_passed", subjectKey: "quiz-1", at: at("2026-03-08T12:00:00Z"), timeZone: ZONE },
    { ...reviews[2]! },
    { userId, type: "card_reviewed", subjectKey: "before-2", at: at("2026-03-09T12:00:00Z"), timeZone: ZONE },
    ...reviews.slice(4),
    { userId, type: "quiz_perfect", subjectKey: "quiz-1", at: at("2026-03-08T12:00:00Z"), timeZone: ZONE },
  ];
}

/** Everything the events lead to, without ids and the instants the database set. */
async function state(userId: number) {
  const [user, events, streak, badges, joined] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } }),
    db.activityEvent.findMany({
      where: { userId },
      select: { type: true, subjectKey: true, localDate: true, occurredAt: true },
      orderBy: [{ type: "asc" }, { subjectKey: "asc" }],
    }),
    db.streak.findUniqueOrThrow({ where: { userId }, omit: { userId: true, updatedAt: true } }),
    db.userBadge.findMany({ where: { userId }, select: { badge: { select: { key: true } } } }),
    db.userChallenge.findMany({
      where: { userId },
      select: { challenge: { select: { title: true } }, progress: true, completed: true, completedAt: true },
      orderBy: { challengeId: "asc" },
    }),
  ]);
  return {
    timeZone: user.timeZone,
    events,
    streak,
    badges: badges.map((b) => b.badge.key).sort(),
    challenges: Object.fromEntries(joined.map(({ challenge, ...rest }) => [challenge.title, rest])),
  };
}

describe("recordLearningEvents (in bulk) against recordLearningEvent one by one", () => {
  test("the same events leave the same streak, badges, challenge progress and completions, and the same stored events", async () => {
    const situation = await challenges();
    const [bulk, oneByOne] = [await learner(situation), await learner(situation)];

    await recordLearningEvents(db, batch(bulk));
    for (const event of batch(oneByOne)) await recordLearningEvent(db, event);

    const got = await state(bulk);
    expect(got).toEqual(await state(oneByOne));

    // What both hold, so that the comparison is not between two empty states.
    expect(got.events.filter((e) => e.type === "card_reviewed")).toHaveLength(2 + reviewTimes.length);
    expect(got.streak).toMatchObject({ currentStreak: 10, longestStreak: 10, lastActivityDate: dateColumn("2026-03-10") });
    expect(got.badges).toEqual(["challenge-1", "course-5", "quiz-master", "quiz-perfect-1", "review-streak-7", "streak-3", "streak-7"]);
    // "ten": one review before the batch, the ninth of the batch in its order is reviewTimes[8].
    expect(got.challenges).toEqual({
      ten: { progress: 10, completed: true, completedAt: at(reviewTimes[8]!) },
      many: { progress: 13, completed: false, completedAt: null },
      window: { progress: 3, completed: false, completedAt: null },
      stalled: { progress: 2, completed: true, completedAt: at(reviewTimes[0]!) },
      quiz: { progress: 1, completed: true, completedAt: at("2026-03-08T12:00:00Z") },
    });
    expect(got.events.find((e) => e.subjectKey === "review-9")?.localDate).toEqual(dateColumn("2026-03-09"));
  });

  test("recording the same events again changes nothing", async () => {
    const situation = await challenges();
    const userId = await learner(situation);
    await recordLearningEvents(db, batch(userId));
    const before = await state(userId);
    await recordLearningEvents(db, batch(userId));
    expect(await state(userId)).toEqual(before);
  });
});
