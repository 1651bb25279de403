/**
 * Streaks, badges and daily challenges on a real database: events from completed sections,
 * quizzes and tutor questions, stored once; days in the learner's time zone; a badge awarded once
 * under concurrent events; challenge joins idempotent and progress counted after joining;
 * another learner's ids refused; and the public achievements card, one link per learner until
 * sharing stops, readable by anyone and showing nothing private.
 */
import { describe, expect, test } from "vitest";

import { recordLearningEvent } from "~/server/services/gamification/record-event";
import { getStreak } from "~/server/services/gamification/get-streak";

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { createCourse, createProgress, createUser } from "../../../../test/factories";
import { createQuiz } from "../../../../test/factories/quiz";
import { restCall } from "../../../../test/http";
import { sessionTokenFor } from "../../../../test/caller";

const badgeKeys = async (userId: number) =>
  (await db.userBadge.findMany({ where: { userId }, select: { badge: { select: { key: true } } } })).map((b) => b.badge.key).sort();

async function learner(timeZone = "UTC") {
  const user = await createUser(db);
  await db.user.update({ where: { id: user.id }, data: { timeZone } });
  const { caller } = await createTestCaller({ user, headers: { "x-time-zone": timeZone } });
  return { user, caller };
}

describe("learning events", () => {
  test("completing sections counts each once; the last one completes the course and earns its badge", async () => {
    const { user, caller } = await learner();
    const course = await createCourse(db, { userId: user.id, chapters: 1, sectionsPerChapter: 2 });
    const sections = await db.section.findMany({ where: { chapter: { courseId: course.id } }, orderBy: { order: "asc" }, select: { id: true } });
    await caller.progress.update({ id: course.id, completedSectionId: sections[0]!.id });
    await caller.progress.update({ id: course.id, completedSectionId: sections[0]!.id });
    expect(await caller.gamification.streak({ userId: user.id })).toMatchObject({ totalSectionsCompleted: 1, totalCoursesCompleted: 0, currentStreak: 1 });
    await caller.progress.update({ id: course.id, completedSectionId: sections[1]!.id });
    const streak = await caller.gamification.streak({ userId: user.id });
    expect(streak).toMatchObject({ totalSectionsCompleted: 2, totalCoursesCompleted: 1, currentStreak: 1, longestStreak: 1, timeZone: "UTC" });
    expect(streak.lastActivityDate).toBe(new Date().toISOString().slice(0, 10));
    expect(await badgeKeys(user.id)).toEqual(["course-1"]);
    const [badge] = await caller.gamification.badges({ userId: user.id });
    expect(badge).toMatchObject({ badge: { key: "course-1", type: "completion", name: "Course Finisher" } });
  });

  test("days are the learner's own: a streak across local midnights (and DST) in their zone, ended by a missed day", async () => {
    const { user } = await learner("Europe/Paris");
    // 23:30 UTC is already the next day in Paris; Paris falls back to winter time on 2026-10-25.
    for (const at of ["2026-10-23T22:30:00Z", "2026-10-24T23:30:00Z", "2026-10-25T23:30:00Z"]) {
      await recordLearningEvent(db, { userId: user.id, type: "chat_question", subjectKey: at, at: new Date(at) });
    }
    expect(await getStreak(db, user.id, new Date("2026-10-26T12:00:00Z"))).toMatchObject({
      currentStreak: 3,
      longestStreak: 3,
      lastActivityDate: "2026-10-26",
    });
    expect(await getStreak(db, user.id, new Date("2026-10-27T12:00:00Z"))).toMatchObject({ currentStreak: 3 });
    expect(await getStreak(db, user.id, new Date("2026-10-28T12:00:00Z"))).toMatchObject({ currentStreak: 0, longestStreak: 3 });
    expect(await badgeKeys(user.id)).toEqual(["streak-3"]);
  });

  test("concurrent perfect quizzes: 'Perfect Score' and 'Quiz Master' are each awarded once", async () => {
    const { user } = await learner();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => recordLearningEvent(db, { userId: user.id, type: "quiz_perfect", subjectKey: `quiz-${i % 8}` })),
    );
    expect(results.filter((r) => r.recorded)).toHaveLength(8);
    const awarded = results.flatMap((r) => r.newBadges.map((b) => b.badge.key)).sort();
    expect(awarded).toEqual(["quiz-master", "quiz-perfect-1"]);
    expect(await badgeKeys(user.id)).toEqual(["quiz-master", "quiz-perfect-1"]);
  });

  test("the daily visit is recorded once a day and remembers the browser's time zone", async () => {
    const { user } = await learner();
    const { caller } = await createTestCaller({ user, headers: { "x-time-zone": "Asia/Tokyo" } });
    const first = await caller.gamification.recordVisit({ userId: user.id });
    await caller.gamification.recordVisit({ userId: user.id });
    expect(first.streak).toMatchObject({ currentStreak: 1, timeZone: "Asia/Tokyo" });
    expect(await db.activityEvent.count({ where: { userId: user.id, type: "daily_visit" } })).toBe(1);
    const { caller: bogus } = await createTestCaller({ user, headers: { "x-time-zone": "Mars/Olympus" } });
    expect((await bogus.gamification.recordVisit({ userId: user.id })).streak.timeZone).toBe("Asia/Tokyo");
  });

  test("the heatmap has 12 whole weeks ending today, with the day's events", async () => {
    const { user, caller } = await learner();
    await recordLearningEvent(db, { userId: user.id, type: "chat_question", subjectKey: "a" });
    await recordLearningEvent(db, { userId: user.id, type: "chat_question", subjectKey: "b" });
    const { days } = await caller.gamification.calendar({ weeks: 12 });
    expect(days).toHaveLength(84);
    expect(days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 2 });
    expect(days.slice(0, -1).every((d) => d.count === 0)).toBe(true);
  });
});

describe("daily challenges", () => {
  test("joining twice is one join; progress counts only after joining; completing marks it and awards its badge", async () => {
    const { user, caller } = await learner();
    const active = await caller.gamification.activeChallenges();
    expect(active.map((c) => c.title)).toEqual(expect.arrayContaining(["Section Sprint", "Quiz Streak", "Curious Mind"]));
    const tutor = active.find((c) => c.title === "Curious Mind")!;
    expect(tutor).toMatchObject({ target: 1, badgeId: expect.any(Number) as number });

    // A question before joining does not count.
    await recordLearningEvent(db, { userId: user.id, type: "chat_question", subjectKey: "before" });
    const [joined, again] = await Promise.all([
      caller.gamification.joinChallenge({ userId: user.id, challengeId: tutor.id }),
      caller.gamification.joinChallenge({ userId: user.id, challengeId: tutor.id }),
    ]);
    expect(joined).toMatchObject({ challengeId: tutor.id, progress: 0, completed: false });
    expect(again.joinedAt).toBe(joined.joinedAt);
    expect(await db.userChallenge.count({ where: { userId: user.id } })).toBe(1);

    const after = await recordLearningEvent(db, { userId: user.id, type: "chat_question", subjectKey: "after", at: new Date(Date.now() + 1000) });
    expect(after.newBadges.map((b) => b.badge.key)).toEqual(["challenge-1"]);
    const [mine] = await caller.gamification.myChallenges({ userId: user.id });
    expect(mine).toMatchObject({ challengeId: tutor.id, progress: 1, completed: true, completedAt: expect.any(String) as string });
  });

  test("progress is recounted from the stored events: an event whose follow-up never ran is counted by the next one", async () => {
    const { user, caller } = await learner();
    const sprint = (await caller.gamification.activeChallenges()).find((c) => c.title === "Section Sprint")!;
    await caller.gamification.joinChallenge({ userId: user.id, challengeId: sprint.id });
    const soon = (ms: number) => new Date(Date.now() + ms);

    // Stored, but its follow-up transaction failed (as a lock wait past Prisma's limit does).
    await db.activityEvent.create({ data: { userId: user.id, type: "section_completed", subjectKey: "lost", localDate: new Date(), occurredAt: soon(500) } });
    await recordLearningEvent(db, { userId: user.id, type: "section_completed", subjectKey: "next", at: soon(1000) });
    expect((await caller.gamification.myChallenges({ userId: user.id }))[0]).toMatchObject({ progress: 2, completed: false });

    // Recording an event again changes nothing; the third completes the sprint, at its target.
    await recordLearningEvent(db, { userId: user.id, type: "section_completed", subjectKey: "next", at: soon(1500) });
    await recordLearningEvent(db, { userId: user.id, type: "section_completed", subjectKey: "third", at: soon(2000) });
    expect((await caller.gamification.myChallenges({ userId: user.id }))[0]).toMatchObject({ progress: sprint.target, completed: true });
  });
  test("an expired challenge cannot be joined (409); an unknown one is 404", async () => {
    const { user, caller } = await learner();
    const old = await db.challenge.create({
      data: {
        day: new Date("2020-01-01"),
        key: "sections-3",
        title: "Old",
        description: "Old",
        eventType: "section_completed",
        target: 3,
        expiryDate: new Date("2020-01-02"),
      },
    });
    await expectTRPCError(caller.gamification.joinChallenge({ userId: user.id, challengeId: old.id }), "CONFLICT", /expired/);
    await expectTRPCError(caller.gamification.joinChallenge({ userId: user.id, challengeId: 2_000_000_000 }), "NOT_FOUND");
  });
});

describe("access", () => {
  test("another learner's ids are refused (403), anonymous calls are 401; the owner is served", async () => {
    const [{ user: me, caller }, { user: other }] = [await learner(), await learner()];
    await expectTRPCError(caller.gamification.streak({ userId: other.id }), "FORBIDDEN");
    await expectTRPCError(caller.gamification.recordVisit({ userId: other.id }), "FORBIDDEN");
    await expectTRPCError(caller.gamification.badges({ userId: other.id }), "FORBIDDEN");
    await expectTRPCError(caller.gamification.myChallenges({ userId: other.id }), "FORBIDDEN");
    const [challenge] = await caller.gamification.activeChallenges();
    await expectTRPCError(caller.gamification.joinChallenge({ userId: other.id, challengeId: challenge!.id }), "FORBIDDEN");
    expect(await db.userChallenge.count({ where: { userId: { in: [me.id, other.id] } } })).toBe(0);
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.gamification.activeChallenges(), "UNAUTHORIZED");
    await expectTRPCError(anonymous.gamification.streak({ userId: me.id }), "UNAUTHORIZED");
    expect(await caller.gamification.streak({ userId: me.id })).toMatchObject({ userId: me.id, currentStreak: 0, lastActivityDate: null });
  });

  test("the documented REST paths answer with their shapes", async () => {
    const { user } = await learner();
    const token = await sessionTokenFor(user);
    const streak = await restCall<Record<string, unknown>>("GET", `/api/streaks/${user.id}`, { sessionToken: token });
    expect(streak.status).toBe(200);
    expect(Object.keys(streak.json)).toEqual(
      expect.arrayContaining([
        "currentStreak",
        "longestStreak",
        "lastActivityDate",
        "totalCoursesCompleted",
        "totalSectionsCompleted",
        "totalQuizzesCompleted",
      ]),
    );
    expect((await restCall("POST", `/api/streaks/${user.id}/activity`, { sessionToken: token })).status).toBe(200);
    expect((await restCall("GET", `/api/users/${user.id}/badges`, { sessionToken: token })).status).toBe(200);
    const active = await restCall<{ id: number }[]>("GET", "/api/challenges/active", { sessionToken: token });
    expect(active.status).toBe(200);
    const joined = await restCall("POST", `/api/users/${user.id}/challenges/${active.json[0]!.id}`, { sessionToken: token });
    expect(joined.status).toBe(200);
    expect((await restCall<unknown[]>("GET", `/api/users/${user.id}/challenges`, { sessionToken: token })).json).toHaveLength(1);
    expect((await restCall("GET", `/api/streaks/${user.id + 1}`, { sessionToken: token })).status).toBe(403);
  });
});

describe("recent activity", () => {
  test("sections completed, quizzes passed, courses finished and badges, newest first, linking where they happened", async () => {
    const { user, caller } = await learner();
    expect(await caller.gamification.recentActivity()).toEqual([]);
    const course = await createCourse(db, { userId: user.id, chapters: 1, sectionsPerChapter: 2 });
    const sections = await db.section.findMany({
      where: { chapter: { courseId: course.id } },
      orderBy: { order: "asc" },
      select: { id: true, title: true, timeStart: true },
    });
    await caller.progress.update({ id: course.id, completedSectionId: sections[0]!.id });
    await caller.progress.update({ id: course.id, completedSectionId: sections[1]!.id });
    const activity = await caller.gamification.recentActivity();
    expect(activity.map((a) => a.kind).sort()).toEqual(["badge", "course", "section", "section"]);
    expect(activity.find((a) => a.kind === "course")).toMatchObject({ title: course.title, href: `/course/${course.id}` });
    expect(activity.find((a) => a.kind === "badge")).toMatchObject({ title: "Course Finisher", href: "/gamification" });
    expect(activity).toContainEqual({
      kind: "section",
      title: sections[0]!.title,
      href: `/course/${course.id}?t=${sections[0]!.timeStart}`,
      at: expect.stringMatching(/Z$/) as string,
    });
    const times = activity.map((a) => Date.parse(a.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test("a public course made private by its creator drops out of another learner's activity", async () => {
    const [{ user: owner }, { caller }] = [await learner(), await learner()];
    const course = await createCourse(db, { userId: owner.id, isPublic: true, chapters: 1, sectionsPerChapter: 2 });
    const section = await db.section.findFirstOrThrow({ where: { chapter: { courseId: course.id } }, select: { id: true } });
    await caller.progress.update({ id: course.id, completedSectionId: section.id });
    expect(await caller.gamification.recentActivity()).toHaveLength(1);
    await db.course.update({ where: { id: course.id }, data: { isPublic: false } });
    expect(await caller.gamification.recentActivity()).toEqual([]);
  });
});

describe("the public achievements card", () => {
  const sectionsOf = (courseId: number) => db.section.findMany({ where: { chapter: { courseId } }, orderBy: { order: "asc" }, select: { id: true } });
  const anonymousCaller = async () => (await createTestCaller()).caller;

  test("sharing twice answers the same unguessable id; concurrent first shares agree on one", async () => {
    const { user, caller } = await learner();
    const first = await caller.gamification.shareAchievements();
    expect(first.cardId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await caller.gamification.shareAchievements()).toEqual(first);

    const { user: racer, caller: racing } = await learner();
    const answers = await Promise.all(Array.from({ length: 10 }, () => racing.gamification.shareAchievements()));
    const ids = new Set(answers.map((answer) => answer.cardId));
    expect(ids.size).toBe(1);
    const stored = await db.user.findMany({ where: { id: { in: [user.id, racer.id] } }, orderBy: { id: "asc" }, select: { achievementCardId: true } });
    expect(stored.map((row) => row.achievementCardId)).toEqual([first.cardId, [...ids][0]]);
  });

  test("the card shows the learner's figures as the dashboard counts them, badges newest first, and nothing private", async () => {
    const { user, caller } = await learner();
    await db.user.update({ where: { id: user.id }, data: { displayName: "Ada Lovelace" } });
    // Finished (both sections), begun (one section), opened only (a current section, nothing completed).
    const [finished, begun, opened] = [
      await createCourse(db, { userId: user.id }),
      await createCourse(db, { userId: user.id }),
      await createCourse(db, { userId: user.id }),
    ];
    for (const section of await sectionsOf(finished.id)) await caller.progress.update({ id: finished.id, completedSectionId: section.id });
    await caller.progress.update({ id: begun.id, completedSectionId: (await sectionsOf(begun.id))[0]!.id });
    await createProgress(db, { userId: user.id, courseId: opened.id, currentSectionId: (await sectionsOf(opened.id))[0]!.id });
    const quiz = await createQuiz(db, (await sectionsOf(begun.id))[0]!.id);
    const answers = quiz.questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer }));
    expect((await caller.quiz.submitAttempt({ id: quiz.id, answers })).score).toBe(100);

    const { cardId } = await caller.gamification.shareAchievements();
    const card = await (await anonymousCaller()).gamification.achievementCard({ cardId });
    const streak = await caller.gamification.streak({ userId: user.id });
    // Only the finished course is completed: a course begun is started, not completed.
    expect(streak).toMatchObject({ coursesStarted: 3, totalCoursesCompleted: 1, totalSectionsCompleted: 3, totalQuizzesCompleted: 1 });
    expect(card).toEqual({
      name: "Ada Lovelace",
      memberSince: user.createdAt.toISOString(),
      coursesStarted: 3,
      coursesCompleted: 1,
      level: 2,
      currentStreak: streak.currentStreak,
      longestStreak: streak.longestStreak,
      totalSectionsCompleted: 3,
      totalQuizzesCompleted: 1,
      badges: [
        {
          key: "quiz-perfect-1",
          name: "Perfect Score",
          description: "Answered every question of a quiz correctly",
          type: "quiz",
          awardedAt: expect.stringMatching(/Z$/) as string,
        },
        {
          key: "course-1",
          name: "Course Finisher",
          description: "Completed your first course",
          type: "completion",
          awardedAt: expect.stringMatching(/Z$/) as string,
        },
      ],
    });
    expect(streak.currentStreak).toBe(1);
    // Only the keys above (no id, userId or email), and no private text inside them either.
    const text = JSON.stringify(card);
    for (const secret of [user.email!, user.username, finished.title, begun.title, opened.title, cardId]) expect(text).not.toContain(secret);
  });

  test("the streak is the live one (0 once a day was missed); a blank display name shows the username", async () => {
    const user = await createUser(db, { displayName: "   " });
    for (const at of ["2020-03-01T12:00:00Z", "2020-03-02T12:00:00Z", "2020-03-03T12:00:00Z"]) {
      await recordLearningEvent(db, { userId: user.id, type: "chat_question", subjectKey: at, at: new Date(at) });
    }
    const { caller } = await createTestCaller({ user });
    const { cardId } = await caller.gamification.shareAchievements();
    expect(await (await anonymousCaller()).gamification.achievementCard({ cardId })).toMatchObject({
      name: user.username,
      currentStreak: 0,
      longestStreak: 3,
      coursesStarted: 0,
      coursesCompleted: 0,
      level: 1,
      badges: [{ key: "streak-3" }],
    });
  });

  test("signed in or not, anyone with the link reads it; unknown and revoked ids are 404, and sharing again makes a new link", async () => {
    const { caller } = await learner();
    const { caller: someoneElse } = await learner();
    const anonymous = await anonymousCaller();
    const { cardId } = await caller.gamification.shareAchievements();
    expect((await someoneElse.gamification.achievementCard({ cardId })).level).toBe(1);
    expect((await anonymous.gamification.achievementCard({ cardId })).level).toBe(1);

    await expectTRPCError(anonymous.gamification.achievementCard({ cardId: "AAAAAAAAAAAAAAAAAAAAAA" }), "NOT_FOUND");
    expect(await caller.gamification.stopSharingAchievements()).toEqual({ success: true });
    await expectTRPCError(anonymous.gamification.achievementCard({ cardId }), "NOT_FOUND");
    await expectTRPCError(caller.gamification.achievementCard({ cardId }), "NOT_FOUND");
    expect(await caller.gamification.stopSharingAchievements()).toEqual({ success: true });

    const again = await caller.gamification.shareAchievements();
    expect(again.cardId).not.toBe(cardId);
    expect((await anonymous.gamification.achievementCard(again)).level).toBe(1);
    await expectTRPCError(anonymous.gamification.achievementCard({ cardId }), "NOT_FOUND");
  });

  test("a malformed id is a 400, never a lookup", async () => {
    const anonymous = await anonymousCaller();
    await expectValidationError(anonymous.gamification.achievementCard({ cardId: "" }), "cardId must not be empty");
    await expectValidationError(anonymous.gamification.achievementCard({ cardId: "a".repeat(33) }), "cardId is too long");
    for (const cardId of ["../etc", "has space", "ünïcode", "nul\u0000", "<script>", "a%2Fb"]) {
      await expectValidationError(anonymous.gamification.achievementCard({ cardId }), "cardId is not a valid card id");
    }
    await expectTRPCError(anonymous.gamification.achievementCard({ cardId: 42 } as never), "BAD_REQUEST");
    await expectValidationError(anonymous.gamification.achievementCard({ cardId: "abc", userId: 1 } as never), /unrecognized/i);
    await expectTRPCError(anonymous.gamification.achievementCard(undefined as never), "BAD_REQUEST");
  });

  test("one learner's stopping does not touch another's card; anonymous callers cannot share or stop (401)", async () => {
    const [a, b] = [await learner(), await learner()];
    const [cardA, cardB] = [await a.caller.gamification.shareAchievements(), await b.caller.gamification.shareAchievements()];
    expect(cardA.cardId).not.toBe(cardB.cardId);
    await a.caller.gamification.stopSharingAchievements();
    const anonymous = await anonymousCaller();
    await expectTRPCError(anonymous.gamification.achievementCard(cardA), "NOT_FOUND");
    expect((await anonymous.gamification.achievementCard(cardB)).name).toBe(b.user.displayName);
    expect(await b.caller.gamification.shareAchievements()).toEqual(cardB);

    await expectTRPCError(anonymous.gamification.shareAchievements(), "UNAUTHORIZED");
    await expectTRPCError(anonymous.gamification.stopSharingAchievements(), "UNAUTHORIZED");
    expect(await db.user.findUniqueOrThrow({ where: { id: b.user.id }, select: { achievementCardId: true } })).toEqual({ achievementCardId: cardB.cardId });
  });
});
