/**
 * One number per fact (issue 43): a learner's courses started and completed, sections and
 * quizzes completed, and streak days are the same on every path that shows them: the dashboard's
 * tRPC procedure, GET /api/streaks/{userId}, the public achievements card, and the course players'
 * progress records (tRPC and GET /api/progress/user). Each test builds one situation the old
 * counts disagreed on and reads every path.
 */
import { describe, expect, test } from "vitest";

import { levelFor } from "~/lib/levels";
import type { ProgressRecord } from "~/lib/schemas/progress";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { createCourse, createUser, sectionsOf } from "../../../../test/factories";
import { createEditableCourse } from "../../../../test/factories/editing";
import { createQuiz } from "../../../../test/factories/quiz";
import { restCall } from "../../../../test/http";

import { recordLearningEvent } from "./record-event";

type Facts = {
  coursesStarted: number;
  coursesCompleted: number;
  sectionsCompleted: number;
  quizzesCompleted: number;
  currentStreak: number;
  longestStreak: number;
};

type Learner = Awaited<ReturnType<typeof learner>>;

async function learner(timeZone = "UTC") {
  const user = await createUser(db);
  await db.user.update({ where: { id: user.id }, data: { timeZone } });
  const { caller } = await createTestCaller({ user });
  const token = await sessionTokenFor(user);
  const { cardId } = await caller.gamification.shareAchievements();
  return { user, caller, token, cardId };
}

type StreakBody = {
  currentStreak: number;
  longestStreak: number;
  totalCoursesCompleted: number;
  totalSectionsCompleted: number;
  totalQuizzesCompleted: number;
  coursesStarted: number;
};

const fromStreak = (s: StreakBody): Facts => ({
  coursesStarted: s.coursesStarted,
  coursesCompleted: s.totalCoursesCompleted,
  sectionsCompleted: s.totalSectionsCompleted,
  quizzesCompleted: s.totalQuizzesCompleted,
  currentStreak: s.currentStreak,
  longestStreak: s.longestStreak,
});

/** What the course players show: a course at 100% is completed; their ticks, summed, are the sections. */
const fromProgress = (records: ProgressRecord[]): Partial<Facts> => ({
  coursesStarted: records.length,
  coursesCompleted: records.filter((r) => r.totalSections > 0 && r.completedSections.length === r.totalSections).length,
  sectionsCompleted: records.reduce((sum, r) => sum + r.completedSections.length, 0),
});

/** Every path's figures, by path. */
async function everyPath({ user, caller, token, cardId }: Learner): Promise<Record<string, Partial<Facts>>> {
  const anonymous = (await createTestCaller()).caller;
  const [trpcStreak, restStreak, card, trpcProgress, restProgress] = await Promise.all([
    caller.gamification.streak({ userId: user.id }),
    restCall<StreakBody>("GET", `/api/streaks/${user.id}`, { sessionToken: token }),
    anonymous.gamification.achievementCard({ cardId }),
    caller.progress.mine(),
    restCall<ProgressRecord[]>("GET", "/api/progress/user", { sessionToken: token }),
  ]);
  expect(restStreak.status).toBe(200);
  expect(restProgress.status).toBe(200);
  // The level on the card is the dashboard's, from the same courses started.
  expect(card.level).toBe(levelFor(trpcStreak.coursesStarted));
  return {
    "tRPC gamification.streak (the dashboard)": fromStreak(trpcStreak),
    "GET /api/streaks/{userId}": fromStreak(restStreak.json),
    "the public achievements card": {
      coursesStarted: card.coursesStarted,
      coursesCompleted: card.coursesCompleted,
      sectionsCompleted: card.totalSectionsCompleted,
      quizzesCompleted: card.totalQuizzesCompleted,
      currentStreak: card.currentStreak,
      longestStreak: card.longestStreak,
    },
    "tRPC progress.mine (the course players)": fromProgress(trpcProgress),
    "GET /api/progress/user": fromProgress(restProgress.json),
  };
}

/** Every path agrees with `expected` on each figure it shows. */
async function expectEverywhere(who: Learner, expected: Partial<Facts>) {
  const paths = await everyPath(who);
  for (const [path, figures] of Object.entries(paths)) {
    const shown = Object.fromEntries(Object.entries(expected).filter(([key]) => key in figures));
    expect({ path, ...figures }, path).toMatchObject({ path, ...shown });
  }
}

const badgeKeys = async (userId: number) =>
  (await db.userBadge.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { badge: { select: { key: true } } } })).map((b) => b.badge.key);

describe("courses completed", () => {
  test("a course begun (one section of two) is started, not completed, on every path; no 'Course Finisher'", async () => {
    const who = await learner();
    const course = await createCourse(db, { userId: who.user.id, sectionsPerChapter: 2 });
    await who.caller.progress.update({ id: course.id, completedSectionId: sectionsOf(course)[0]!.id });
    await expectEverywhere(who, { coursesStarted: 1, coursesCompleted: 0, sectionsCompleted: 1, currentStreak: 1 });
    expect(await badgeKeys(who.user.id)).not.toContain("course-1");
  });

  test("a course finished is completed on every path, with its badge", async () => {
    const who = await learner();
    const course = await createCourse(db, { userId: who.user.id, sectionsPerChapter: 2 });
    for (const section of sectionsOf(course)) await who.caller.progress.update({ id: course.id, completedSectionId: section.id });
    await expectEverywhere(who, { coursesStarted: 1, coursesCompleted: 1, sectionsCompleted: 2 });
    expect(await badgeKeys(who.user.id)).toEqual(["course-1"]);
  });

  test("sections back in the outline after finishing (a version restored) reopen the course everywhere; the badge earned stays", async () => {
    const who = await learner();
    const course = await createEditableCourse(db, { userId: who.user.id }, 3);
    const [first, second, third] = course.sectionIds;
    const { sectionId: merged } = await who.caller.editing.mergeNext({ id: second!, version: course.version });
    for (const id of [first!, merged]) await who.caller.progress.update({ id: course.id, completedSectionId: id });
    await expectEverywhere(who, { coursesStarted: 1, coursesCompleted: 1, sectionsCompleted: 2 });
    expect(await badgeKeys(who.user.id)).toEqual(["course-1"]);
    const { awardedAt } = await db.userBadge.findFirstOrThrow({ where: { userId: who.user.id }, select: { awardedAt: true } });

    // The merge undone: the merged section leaves the outline, its two parts (never completed) come back.
    await who.caller.editing.restore({ id: course.id, version: 1 });
    await expectEverywhere(who, { coursesStarted: 1, coursesCompleted: 0, sectionsCompleted: 1 });
    // The badge was true when it was awarded, and stays: it records that moment, the counts show now.
    expect(await badgeKeys(who.user.id)).toEqual(["course-1"]);

    for (const id of [second!, third!]) await who.caller.progress.update({ id: course.id, completedSectionId: id });
    await expectEverywhere(who, { coursesStarted: 1, coursesCompleted: 1, sectionsCompleted: 3 });
    expect(await badgeKeys(who.user.id)).toEqual(["course-1"]);
    expect((await db.userBadge.findFirstOrThrow({ where: { userId: who.user.id }, select: { awardedAt: true } })).awardedAt).toEqual(awardedAt);
  });

  test("a course_completed event for a course never finished claims nothing: 0 everywhere, no badge on the public card", async () => {
    const who = await learner();
    const course = await createCourse(db, { userId: who.user.id, sectionsPerChapter: 3 });
    await who.caller.progress.update({ id: course.id, completedSectionId: sectionsOf(course)[0]!.id });
    // An event that says otherwise (stored by an older version, or by hand).
    expect((await recordLearningEvent(db, { userId: who.user.id, type: "course_completed", subjectKey: String(course.id) })).recorded).toBe(true);
    await expectEverywhere(who, { coursesStarted: 1, coursesCompleted: 0, sectionsCompleted: 1 });
    const card = await (await createTestCaller()).caller.gamification.achievementCard({ cardId: who.cardId });
    expect(card.badges.map((badge) => badge.key)).not.toContain("course-1");
    expect(await badgeKeys(who.user.id)).toEqual([]);
  });

  test("a section un-completed, a quiz retaken, a quiz whose section left the outline: counted as they are now", async () => {
    const who = await learner();
    const course = await createEditableCourse(db, { userId: who.user.id }, 3);
    const [first, second, third] = course.sectionIds;
    const quiz = await db.quiz.findUniqueOrThrow({ where: { sectionId: first! }, include: { questions: true } });
    const answers = quiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer }));
    await who.caller.quiz.submitAttempt({ id: quiz.id, answers });
    await who.caller.quiz.submitAttempt({ id: quiz.id, answers });
    const thirdQuiz = await createQuiz(db, third!);
    await who.caller.quiz.submitAttempt({ id: thirdQuiz.id, answers: thirdQuiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer })) });
    await expectEverywhere(who, { quizzesCompleted: 2 });

    for (const id of [first!, second!]) await who.caller.progress.update({ id: course.id, completedSectionId: id });
    await who.caller.progress.update({ id: course.id, completedSectionId: second!, isCompleted: false });
    await expectEverywhere(who, { coursesStarted: 1, coursesCompleted: 0, sectionsCompleted: 1, quizzesCompleted: 2 });

    // Merging the first two takes both out of the outline: the first's completion and quiz no longer count.
    await who.caller.editing.mergeNext({ id: first!, version: course.version });
    await expectEverywhere(who, { coursesStarted: 1, coursesCompleted: 0, sectionsCompleted: 0, quizzesCompleted: 1 });
  });
});

describe("streak days", () => {
  const DAY_MS = 86_400_000;
  const localDay = (instant: Date, timeZone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

  test.each(["Pacific/Auckland", "America/Los_Angeles", "Asia/Kolkata"])("three days in a row in %s: the same streak on every path", async (timeZone) => {
    const who = await learner(timeZone);
    const now = Date.now();
    const instants = [2, 1, 0].map((daysAgo) => new Date(now - daysAgo * DAY_MS));
    const days = instants.map((instant) => localDay(instant, timeZone));
    expect(new Set(days).size).toBe(3);
    for (const at of instants) await recordLearningEvent(db, { userId: who.user.id, type: "chat_question", subjectKey: at.toISOString(), at });
    await expectEverywhere(who, { currentStreak: 3, longestStreak: 3 });
    expect((await who.caller.gamification.streak({ userId: who.user.id })).lastActivityDate).toBe(days[2]);
    expect(await badgeKeys(who.user.id)).toEqual(["streak-3"]);
  });

  test("days learned in a zone ahead still count after the learner moves west: 3 everywhere, as the badge says", async () => {
    const who = await learner("Pacific/Kiritimati");
    const now = Date.now();
    const instants = [2, 1, 0].map((daysAgo) => new Date(now - daysAgo * DAY_MS));
    for (const at of instants) await recordLearningEvent(db, { userId: who.user.id, type: "chat_question", subjectKey: at.toISOString(), at });
    const lastDay = localDay(instants[2]!, "Pacific/Kiritimati");
    // 25 hours west: here "today" is a day or two before the last day learned over there.
    await recordLearningEvent(db, { userId: who.user.id, type: "chat_question", subjectKey: "moved", at: new Date(now), timeZone: "Pacific/Pago_Pago" });
    expect(localDay(new Date(now), "Pacific/Pago_Pago") < lastDay).toBe(true);
    await expectEverywhere(who, { currentStreak: 3, longestStreak: 3 });
    const streak = await who.caller.gamification.streak({ userId: who.user.id });
    expect(streak).toMatchObject({ lastActivityDate: lastDay, timeZone: "Pacific/Pago_Pago" });
    expect(await badgeKeys(who.user.id)).toEqual(["streak-3"]);
  });
});
