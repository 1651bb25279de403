/** Reminders: settings (GET/PUT /api/user/reminders), the scheduler's pass, the digest mail and its one-click unsubscribe. */
import pg from "pg";
import { describe, expect, test } from "vitest";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectValidationError } from "../../../../test/expect";
import { createCourse, createUser } from "../../../../test/factories";
import { createAssignmentRow, createClassRow } from "../../../../test/factories/classes";
import { createCardRow } from "../../../../test/factories/study-rows";
import { restCall, routeCall } from "../../../../test/http";
import { REMINDER_KINDS, REMINDER_MESSAGES } from "~/lib/rules/reminders";
import { createDbClient } from "~/server/db/client";
import { recordLearningEvent } from "~/server/services/gamification/record-event";
import { runReminderPass } from "~/server/services/reminders/run-pass";
import { unsubscribeToken } from "~/server/services/reminders/unsubscribe-token";

type Settings = { email?: boolean; push?: boolean; hour?: number; timeZone?: string; kinds?: string[] };

/** A learner with a verified address, reminder settings and `dueCards` cards due at 2026-01-01. */
async function learner({ timeZone = "UTC", verified = true, dueCards = 1, ...settings }: Settings & { verified?: boolean; dueCards?: number } = {}) {
  const user = await createUser(db, { timeZone, emailVerifiedAt: verified ? new Date("2025-12-01T00:00:00Z") : null });
  await db.reminderSettings.create({
    data: {
      userId: user.id,
      email: settings.email ?? true,
      push: settings.push ?? false,
      hour: settings.hour ?? 18,
      kinds: settings.kinds ?? [...REMINDER_KINDS],
    },
  });
  if (dueCards) {
    const course = await createCourse(db, { userId: user.id });
    for (let i = 0; i < dueCards; i++)
      await createCardRow(db, { userId: user.id, courseId: course.id, front: `Q${i}`, back: "A", due: new Date("2026-01-01T00:00:00Z") });
  }
  return user;
}

const digestsOf = (userId: number) => db.reminderDigest.findMany({ where: { userId } });
const mailsOf = (userId: number) => db.mailMessage.findMany({ where: { userId, kind: "reminder-digest" } });

describe("GET and PUT /api/user/reminders", () => {
  test("a learner without settings gets the defaults; PUT stores them and the time zone", async () => {
    const user = await createUser(db, { timeZone: "Europe/Paris" });
    const { caller } = await createTestCaller({ user });
    expect(await caller.reminders.settings()).toEqual({
      email: false,
      push: false,
      hour: 18,
      timeZone: "Europe/Paris",
      kinds: ["due-cards", "streak", "assignments"],
    });
    const saved = await caller.reminders.update({ email: true, push: false, hour: 7, timeZone: "America/New_York", kinds: ["streak", "due-cards"] });
    expect(saved).toEqual({ email: true, push: false, hour: 7, timeZone: "America/New_York", kinds: ["due-cards", "streak"] });
    expect(await caller.reminders.settings()).toEqual(saved);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).timeZone).toBe("America/New_York");
  });

  test("through REST: PUT then GET", async () => {
    const user = await createUser(db);
    const sessionToken = await sessionTokenFor(user);
    const body = { email: false, push: true, hour: 0, timeZone: "Asia/Kolkata", kinds: ["assignments"] };
    const put = await restCall("PUT", "/api/user/reminders", { json: body, sessionToken });
    expect(put.status).toBe(200);
    const get = await restCall("GET", "/api/user/reminders", { sessionToken });
    expect(get.json).toEqual(body);
  });

  test("an unknown time zone, hour 24 or an unknown kind is a 400 and stores nothing", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    const good = { email: true, push: false, hour: 8, timeZone: "UTC", kinds: ["due-cards" as const] };
    await expectValidationError(caller.reminders.update({ ...good, timeZone: "Mars/Olympus_Mons" }), REMINDER_MESSAGES.unknownTimeZone);
    await expectValidationError(caller.reminders.update({ ...good, hour: 24 }), REMINDER_MESSAGES.hour);
    await expectValidationError(caller.reminders.update({ ...good, hour: 7.5 }), REMINDER_MESSAGES.hour);
    await expectValidationError(caller.reminders.update({ ...good, kinds: ["nagging"] as never }), REMINDER_MESSAGES.unknownKind);
    const sessionToken = await sessionTokenFor(user);
    expect((await restCall("PUT", "/api/user/reminders", { json: { ...good, hour: 24 }, sessionToken })).status).toBe(400);
    expect(await db.reminderSettings.count({ where: { userId: user.id } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).timeZone).toBe("UTC");
  });
});

describe("a reminder pass", () => {
  test("reaches the learners whose local hour it is, in their time zone, once per local day", async () => {
    // 2026-01-15T17:30Z is 18:30 in London (UTC+0 in winter), 12:30 in New York, 02:30 the next day in Tokyo.
    const at = new Date("2026-01-15T18:30:00Z");
    const london = await learner({ timeZone: "Europe/London", hour: 18 });
    const newYork = await learner({ timeZone: "America/New_York", hour: 13 });
    const tokyo = await learner({ timeZone: "Asia/Tokyo", hour: 3 });
    const otherHour = await learner({ timeZone: "Europe/London", hour: 19 });
    const unverified = await learner({ timeZone: "Europe/London", verified: false });
    const emailOff = await learner({ timeZone: "Europe/London", email: false });
    await runReminderPass(db, { now: at });
    for (const user of [london, newYork, tokyo]) expect(await digestsOf(user.id), user.timeZone).toHaveLength(1);
    for (const user of [otherHour, unverified, emailOff]) expect(await digestsOf(user.id)).toHaveLength(0);
    expect(await digestsOf(tokyo.id)).toMatchObject([{ localDay: "2026-01-16" }]);
    // Later that hour: nothing new.
    await runReminderPass(db, { now: new Date("2026-01-15T18:59:00Z") });
    expect(await mailsOf(london.id)).toHaveLength(1);
    // The next local day: another digest.
    await runReminderPass(db, { now: new Date("2026-01-16T18:05:00Z") });
    expect(await mailsOf(london.id)).toHaveLength(2);
  });

  test("follows daylight saving time: 18:00 in Berlin is 17:00Z in winter and 16:00Z in summer", async () => {
    const berlin = await learner({ timeZone: "Europe/Berlin", hour: 18 });
    await runReminderPass(db, { now: new Date("2026-03-28T16:10:00Z") }); // 17:10 local (CET)
    expect(await digestsOf(berlin.id)).toHaveLength(0);
    await runReminderPass(db, { now: new Date("2026-03-28T17:10:00Z") }); // 18:10 local
    expect(await digestsOf(berlin.id)).toMatchObject([{ localDay: "2026-03-28" }]);
    await runReminderPass(db, { now: new Date("2026-03-29T17:10:00Z") }); // 19:10 local (CEST since 02:00)
    expect(await digestsOf(berlin.id)).toHaveLength(1);
    await runReminderPass(db, { now: new Date("2026-03-29T16:10:00Z") }); // 18:10 local
    expect((await digestsOf(berlin.id)).map((d) => d.localDay).sort()).toEqual(["2026-03-28", "2026-03-29"]);
  });

  test("nothing to say, nothing sent: no cards due, kinds off", async () => {
    const at = new Date("2026-01-20T18:00:00Z");
    const nothingDue = await learner({ dueCards: 0 });
    const notDueYet = await learner({ dueCards: 0 });
    const course = await createCourse(db, { userId: notDueYet.id });
    await createCardRow(db, { userId: notDueYet.id, courseId: course.id, front: "Q", back: "A", due: new Date("2026-01-21T00:00:00Z") });
    const kindOff = await learner({ kinds: ["streak"] });
    await runReminderPass(db, { now: at });
    for (const user of [nothingDue, notDueYet, kindOff]) {
      expect(await digestsOf(user.id)).toHaveLength(0);
      expect(await mailsOf(user.id)).toHaveLength(0);
    }
  });

  test("a streak nudge only when the learner has not studied that local day", async () => {
    const at = new Date("2026-02-10T18:20:00Z");
    const studiedToday = await learner({ dueCards: 0, kinds: ["streak"] });
    const notYet = await learner({ dueCards: 0, kinds: ["streak"] });
    for (const user of [studiedToday, notYet]) {
      for (const day of ["2026-02-07", "2026-02-08", "2026-02-09"]) {
        await recordLearningEvent(db, { userId: user.id, type: "daily_visit", subjectKey: day, at: new Date(`${day}T12:00:00Z`) });
      }
    }
    await recordLearningEvent(db, { userId: studiedToday.id, type: "daily_visit", subjectKey: "2026-02-10", at: new Date("2026-02-10T09:00:00Z") });
    await runReminderPass(db, { now: at });
    expect(await digestsOf(studiedToday.id)).toHaveLength(0);
    const [mail] = await mailsOf(notYet.id);
    expect(mail?.text).toContain("Your 3-day streak ends tonight");
  });

  test("assignments due within 48 hours are mentioned; later ones are not", async () => {
    const at = new Date("2026-02-12T18:00:00Z");
    const teacher = await createUser(db);
    const soon = await learner({ dueCards: 0, kinds: ["assignments"] });
    const later = await learner({ dueCards: 0, kinds: ["assignments"] });
    const course = await createCourse(db, { userId: teacher.id, isPublic: true });
    const near = await createClassRow(db, { ownerId: teacher.id, name: "Near", members: [{ userId: soon.id }] });
    const far = await createClassRow(db, { ownerId: teacher.id, name: "Far", members: [{ userId: later.id }] });
    await createAssignmentRow(db, { classId: near.id, courseId: course.id, dueAt: new Date("2026-02-14T12:00:00Z") });
    await createAssignmentRow(db, { classId: far.id, courseId: course.id, dueAt: new Date("2026-02-15T12:00:00Z") });
    await runReminderPass(db, { now: at });
    expect((await mailsOf(soon.id))[0]?.text).toContain("1 assignment is due within 48 hours.");
    expect(await mailsOf(later.id)).toHaveLength(0);
  });

  test("two passes at once on two database clients send one digest per learner", async () => {
    const at = new Date("2026-03-02T18:40:00Z");
    const users = await Promise.all(Array.from({ length: 12 }, () => learner({ dueCards: 2 })));
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }));
    const clients = pools.map((pool) => createDbClient(pool));
    const before = await db.reminderDigest.count();
    try {
      const results = await Promise.all([...clients, ...clients].map((client) => runReminderPass(client, { now: at })));
      // Every digest claimed by one pass only (learners of earlier tests are at their hour too).
      expect(results.reduce((sum, r) => sum + r.digests, 0)).toBe((await db.reminderDigest.count()) - before);
    } finally {
      await Promise.all(clients.map((client) => client.$disconnect()));
      await Promise.all(pools.map((pool) => pool.end()));
    }
    for (const user of users) {
      expect(await digestsOf(user.id)).toHaveLength(1);
      expect(await mailsOf(user.id)).toHaveLength(1);
    }
  });
});

describe("the digest mail and its unsubscribe link", () => {
  async function digestOf(user: { id: number }) {
    await runReminderPass(db, { now: new Date("2026-04-01T18:00:00Z") });
    const [mail] = await mailsOf(user.id);
    expect(mail).toBeDefined();
    return mail!;
  }

  test("carries List-Unsubscribe with a signed link and List-Unsubscribe-Post, a text and an HTML part", async () => {
    const user = await learner({ dueCards: 3 });
    const mail = await digestOf(user);
    const headers = mail.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/api\/reminders\/unsubscribe\?token=[^>]+>$/);
    expect(mail.toAddress).toBe(user.email);
    expect(mail.text).toContain("3 cards are due for review.");
    expect(mail.text).toContain("/api/reminders/unsubscribe?token=");
    expect(mail.html).toContain("/api/reminders/unsubscribe?token=");
    expect(mail.subject).toBe("Time to review");
  });

  test("GET shows a confirmation page and changes nothing; the one-click POST turns e-mail off, again and again", async () => {
    const user = await learner({ push: true });
    const mail = await digestOf(user);
    const link = new URL((mail.headers as Record<string, string>)["List-Unsubscribe"]!.slice(1, -1));
    const path = `${link.pathname}${link.search}`;
    const page = await routeCall("GET", path, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect(await db.reminderSettings.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ email: true });
    for (let i = 0; i < 2; i++) {
      const post = await routeCall("POST", path, {
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.test" },
      });
      expect(post.status).toBe(200);
      expect(post.json).toEqual({ unsubscribed: true, channel: "email" });
    }
    expect(await db.reminderSettings.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ email: false, push: true });
  });

  test("a forged, altered or missing token is a 400 and changes nothing", async () => {
    const user = await learner();
    const victim = await learner();
    const real = unsubscribeToken(user.id, "email");
    const forged = [
      `${victim.id}.email.${real.split(".")[2]}`,
      `${user.id}.push.${real.split(".")[2]}`,
      `${victim.id}.email.${"A".repeat(43)}`,
      "not-a-token",
      "",
    ];
    for (const token of forged) {
      const post = await routeCall("POST", `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, { body: "List-Unsubscribe=One-Click" });
      expect(post.status, token).toBe(400);
      expect((await routeCall("GET", `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(400);
    }
    expect((await routeCall("POST", "/api/reminders/unsubscribe")).status).toBe(400);
    expect(await db.reminderSettings.findMany({ where: { userId: { in: [user.id, victim.id] } }, select: { email: true } })).toEqual([
      { email: true },
      { email: true },
    ]);
  });
});
