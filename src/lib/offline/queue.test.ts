import "fake-indexeddb/auto";

import { createEmptyCard, fsrs, Rating } from "ts-fsrs";
import { afterEach, describe, expect, test } from "vitest";

import { completeSectionOffline, dueCards, reviewOffline, type Send, syncQueue } from "./queue";
import { claimStore, openOfflineDb, type OfflineDb, type SavedCard } from "./store";

let db: OfflineDb;
let dbs = 0;
afterEach(async () => db?.delete());

function fresh() {
  db = openOfflineDb(`test-offline-${++dbs}`);
  return db;
}

const card = (id: number, due: Date, fields: Partial<SavedCard> = {}): SavedCard => ({
  id,
  courseId: 1,
  courseTitle: "Binary search",
  front: `Q${id}`,
  back: `A${id}`,
  moment: null,
  due: due.toISOString(),
  stability: 0,
  difficulty: 0,
  elapsedDays: 0,
  scheduledDays: 0,
  learningSteps: 0,
  reps: 0,
  lapses: 0,
  state: 0,
  lastReview: null,
  ...fields,
});

describe("offline reviews on the device", () => {
  test("a review schedules the card with ts-fsrs as the server does, at the learner's retention, and queues it with a client id and its time", async () => {
    fresh();
    const start = new Date("2026-12-01T10:00:00Z");
    await db.settings.put({ key: "desiredRetention", value: 0.8 });
    await db.cards.bulkPut([card(1, start), card(2, new Date("2026-12-30T00:00:00Z"))]);
    expect((await dueCards(db, start)).map((c) => c.id)).toEqual([1]);

    const at = new Date("2026-12-01T10:05:00Z");
    const next = await reviewOffline(db, { cardId: 1, rating: "good", now: at });
    const want = fsrs({ request_retention: 0.8 }).next(createEmptyCard(start), at, Rating.Good).card;
    expect(next).toMatchObject({ due: want.due.toISOString(), reps: 1, state: want.state, lastReview: at.toISOString() });
    expect(next.stability).toBeCloseTo(want.stability);
    const queued = await db.queue.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: "review", at: at.toISOString(), cardId: 1, rating: "good" });
    expect(queued[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    // Reviewed, it is no longer due on the device.
    expect(await dueCards(db, at)).toEqual([]);
  });

  test("sync sends reviews oldest first in one batch and completions through the progress path; what the server took leaves the queue", async () => {
    fresh();
    await db.cards.bulkPut([card(1, new Date(0)), card(2, new Date(0))]);
    await db.courses.put({ id: 1, title: "T", savedAt: "", detail: {} as never, transcript: [], notes: [], completedSections: [] });
    await reviewOffline(db, { cardId: 2, rating: "again", now: new Date("2026-12-01T10:00:00Z") });
    await reviewOffline(db, { cardId: 1, rating: "easy", now: new Date("2026-12-01T09:00:00Z") });
    await completeSectionOffline(db, { courseId: 1, sectionId: 7, now: new Date("2026-12-01T09:30:00Z") });
    expect((await db.courses.get(1))!.completedSections).toEqual([7]);

    const sent: { path: string; body: unknown }[] = [];
    const send: Send = (path, body) => {
      sent.push({ path, body });
      if (path === "/api/reviews/sync") {
        const reviews = (body as { reviews: { clientId: string; cardId: number }[] }).reviews;
        return Promise.resolve({
          status: 200,
          json: {
            applied: reviews.map((r) => r.clientId),
            alreadyApplied: [],
            skipped: [],
            cards: [{ id: 1, due: "2027-01-01T00:00:00.000Z", state: 2, reps: 5, lapses: 0, lastReview: "2026-12-01T09:00:00.000Z" }],
          },
        });
      }
      return Promise.resolve({ status: 200, json: {} });
    };
    expect(await syncQueue(db, send)).toEqual({ reviews: 2, completions: 1, failed: false });
    expect(sent.map((s) => s.path)).toEqual(["/api/reviews/sync", "/api/courses/1/progress"]);
    const batch = (sent[0]!.body as { reviews: { cardId: number; rating: string; reviewedAt: string }[] }).reviews;
    expect(batch.map((r) => [r.cardId, r.rating, r.reviewedAt])).toEqual([
      [1, "easy", "2026-12-01T09:00:00.000Z"],
      [2, "again", "2026-12-01T10:00:00.000Z"],
    ]);
    expect(sent[1]!.body).toEqual({ completedSectionId: 7 });
    expect(await db.queue.count()).toBe(0);
    // The server's schedule replaces the device's.
    expect(await db.cards.get(1)).toMatchObject({ due: "2027-01-01T00:00:00.000Z", reps: 5 });
  });

  test("without a connection, or on a 5xx, the queue stays for next time; the same client ids are sent again", async () => {
    fresh();
    await db.cards.put(card(1, new Date(0)));
    await reviewOffline(db, { cardId: 1, rating: "hard" });
    const ids: string[] = [];
    const offline: Send = (_path, body) => {
      ids.push(...(body as { reviews: { clientId: string }[] }).reviews.map((r) => r.clientId));
      return Promise.reject(new TypeError("Failed to fetch"));
    };
    expect((await syncQueue(db, offline)).failed).toBe(true);
    expect((await syncQueue(db, () => Promise.resolve({ status: 503, json: {} }))).failed).toBe(true);
    expect(await db.queue.count()).toBe(1);
    expect((await syncQueue(db, offline)).failed).toBe(true);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  test("another learner signing in on the device starts from an empty store", async () => {
    fresh();
    await claimStore(db, 1);
    await db.cards.put(card(1, new Date(0)));
    await reviewOffline(db, { cardId: 1, rating: "good" });
    await claimStore(db, 1);
    expect(await db.cards.count()).toBe(1);
    await claimStore(db, 2);
    expect([await db.cards.count(), await db.queue.count()]).toEqual([0, 0]);
  });
});
