/**
 * Web push end to end: a subscription made by a fake push service on loopback (allowed here only
 * by PUSH_ALLOW_PRIVATE_ENDPOINTS=1, set before the app loads), a reminder pass that pushes the
 * digest, which the fake decrypts (RFC 8291) and checks; a 410 deletes the subscription.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

const dataDir = vi.hoisted(() => {
  process.env.PUSH_ALLOW_PRIVATE_ENDPOINTS = "1";
  const dir = `${process.env.TMPDIR ?? "/tmp"}/coursecraft-push-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});

import { createTestCaller } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { startFakePushService, type FakePushService } from "../../../../test/fakes/push-service";
import { createCourse, createUser } from "../../../../test/factories";
import { createCardRow } from "../../../../test/factories/study-rows";
import { runReminderPass } from "~/server/services/reminders/run-pass";

let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(async () => {
  await push.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function pushLearner(hour = 18) {
  const user = await createUser(db, { timeZone: "UTC" });
  const course = await createCourse(db, { userId: user.id });
  await createCardRow(db, { userId: user.id, courseId: course.id, front: "Q", back: "A", due: new Date("2026-01-01T00:00:00Z") });
  const { caller } = await createTestCaller({ user });
  await caller.reminders.update({ email: false, push: true, hour, timeZone: "UTC", kinds: ["due-cards"] });
  return { user, caller };
}

describe("web push", () => {
  test("the VAPID public key is created once in DATA_DIR (0600) and served to anyone", async () => {
    const { caller } = await createTestCaller();
    const { publicKey } = await caller.push.vapidPublicKey();
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const file = path.join(dataDir, "vapid-keys.json");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ publicKey });
    expect((await caller.push.vapidPublicKey()).publicKey).toBe(publicKey);
  });

  test("processes creating the key pair at once end with one pair", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "vapid-race-"));
    const previous = process.env.DATA_DIR;
    process.env.DATA_DIR = dir;
    try {
      const loads = await Promise.all(
        Array.from({ length: 6 }, async () => {
          vi.resetModules();
          const { vapidKeys } = await import("~/server/services/reminders/vapid-keys");
          return vapidKeys();
        }),
      );
      expect(new Set(loads.map((keys) => keys.publicKey)).size).toBe(1);
      expect((JSON.parse(await readFile(path.join(dir, "vapid-keys.json"), "utf8")) as { publicKey: string }).publicKey).toBe(loads[0]!.publicKey);
    } finally {
      process.env.DATA_DIR = previous;
      vi.resetModules();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a pass pushes the digest, encrypted for the subscription, which the push service decrypts", async () => {
    const { user, caller } = await pushLearner();
    const subscription = push.subscribe();
    expect(await caller.push.subscribe(subscription)).toEqual({ endpoint: subscription.endpoint, subscribed: true });
    const result = await runReminderPass(db, { now: new Date("2026-05-04T18:15:00Z") });
    expect(result.pushes).toBeGreaterThanOrEqual(1);
    expect(push.errors).toEqual([]);
    const mine = push.received.filter((message) => message.endpoint === subscription.endpoint);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toEqual({ title: "Time to review", body: "1 card is due for review.", url: "/review" });
    expect(mine[0]!.vapidKey).toBe((await caller.push.vapidPublicKey()).publicKey);
    expect(Number(mine[0]!.ttl)).toBeGreaterThan(0);
    expect((await db.pushSubscription.findUniqueOrThrow({ where: { endpoint: subscription.endpoint } })).lastSuccessAt).not.toBeNull();
    // No e-mail: that channel is off.
    expect(await db.mailMessage.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.reminderDigest.findMany({ where: { userId: user.id } })).toMatchObject([{ summary: { channels: ["push"] } }]);
  });

  test("a 410 from the push service deletes the subscription; the learner's other browsers still get it", async () => {
    const { user, caller } = await pushLearner(19);
    const gone = push.subscribe();
    const kept = push.subscribe();
    await caller.push.subscribe(gone);
    await caller.push.subscribe(kept);
    push.gone(gone.endpoint);
    await runReminderPass(db, { now: new Date("2026-05-04T19:15:00Z") });
    expect((await db.pushSubscription.findMany({ where: { userId: user.id } })).map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(push.received.filter((message) => message.endpoint === kept.endpoint)).toHaveLength(1);
  });

  test("DELETE forgets the browser's subscription; another learner cannot delete it", async () => {
    const { user, caller } = await pushLearner();
    const other = await createTestCaller({ user: await createUser(db) });
    const subscription = push.subscribe();
    await caller.push.subscribe(subscription);
    expect(await other.caller.push.unsubscribe({ endpoint: subscription.endpoint })).toEqual({ endpoint: subscription.endpoint, subscribed: false });
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(1);
    await caller.push.unsubscribe({ endpoint: subscription.endpoint });
    await caller.push.unsubscribe({ endpoint: subscription.endpoint });
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);
  });
});
