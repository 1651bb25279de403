import type { CardRatingName } from "~/lib/review";
import { MAX_SYNC_REVIEWS } from "~/lib/rules/offline";
import type { ReviewsSyncResult } from "~/lib/schemas/offline";

import { scheduleOnDevice } from "./scheduler";
import { desiredRetentionOf, type OfflineDb, type QueuedAction, type SavedCard } from "./store";

/** The saved cards due at `now`, oldest due first. */
export function dueCards(db: OfflineDb, now = new Date()): Promise<SavedCard[]> {
  return db.cards.where("due").belowOrEqual(now.toISOString()).sortBy("due");
}

/** Rates a saved card offline: its new schedule on the device, and the review queued (with a client id and its time) for the server. */
export async function reviewOffline(
  db: OfflineDb,
  { cardId, rating, now = new Date() }: { cardId: number; rating: CardRatingName; now?: Date },
): Promise<SavedCard> {
  const retention = await desiredRetentionOf(db);
  return db.transaction("rw", db.cards, db.queue, async () => {
    const card = await db.cards.get(cardId);
    if (!card) throw new Error(`card ${cardId} is not saved`);
    const next = scheduleOnDevice(card, rating, now, retention);
    await db.cards.put(next);
    await db.queue.add({ clientId: crypto.randomUUID(), kind: "review", at: now.toISOString(), cardId, rating });
    return next;
  });
}

/** Marks a section of a saved course completed offline: kept on the device and queued for the progress path. */
export async function completeSectionOffline(db: OfflineDb, { courseId, sectionId, now = new Date() }: { courseId: number; sectionId: number; now?: Date }) {
  await db.transaction("rw", db.courses, db.queue, async () => {
    const course = await db.courses.get(courseId);
    if (course && !course.completedSections.includes(sectionId))
      await db.courses.update(courseId, { completedSections: [...course.completedSections, sectionId] });
    await db.queue.add({ clientId: crypto.randomUUID(), kind: "completion", at: now.toISOString(), courseId, sectionId });
  });
}

export const pendingCount = (db: OfflineDb) => db.queue.count();

/** How the queue reaches the server: `fetch` in the browser, anything alike in tests. */
export type Send = (path: string, body: unknown) => Promise<{ status: number; json: unknown }>;

export type SyncOutcome = { reviews: number; completions: number; failed: boolean };

/**
 * Sends the queue, oldest first: reviews through POST /api/reviews/sync in batches, completions
 * through the progress path one by one. What the server has taken (applied, applied before, or a
 * card no longer the learner's) leaves the queue and the server's schedule replaces the device's;
 * a failure (no connection, a 5xx) leaves the rest queued for next time. A 4xx on a review batch
 * would refuse it forever, so those reviews are dropped rather than retried.
 */
export async function syncQueue(db: OfflineDb, send: Send): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { reviews: 0, completions: 0, failed: false };
  const queued = await db.queue.orderBy("at").toArray();
  const reviews = queued.filter((a): a is Extract<QueuedAction, { kind: "review" }> => a.kind === "review");
  for (let start = 0; start < reviews.length; start += MAX_SYNC_REVIEWS) {
    const batch = reviews.slice(start, start + MAX_SYNC_REVIEWS);
    const answer = await send("/api/reviews/sync", {
      reviews: batch.map(({ clientId, cardId, rating, at }) => ({ clientId, cardId, rating, reviewedAt: at })),
    }).catch(() => null);
    if (!answer || answer.status >= 500 || answer.status === 401 || answer.status === 409 || answer.status === 429) return { ...outcome, failed: true };
    if (answer.status === 200) {
      const result = answer.json as ReviewsSyncResult;
      outcome.reviews += result.applied.length;
      await db.transaction("rw", db.cards, db.queue, async () => {
        for (const card of result.cards) {
          const saved = await db.cards.get(card.id);
          if (saved) await db.cards.put({ ...saved, due: card.due, state: card.state, reps: card.reps, lapses: card.lapses, lastReview: card.lastReview });
        }
        await db.queue.bulkDelete(batch.map((a) => a.clientId));
      });
    } else await db.queue.bulkDelete(batch.map((a) => a.clientId));
  }
  for (const action of queued) {
    if (action.kind !== "completion") continue;
    const answer = await send(`/api/courses/${action.courseId}/progress`, { completedSectionId: action.sectionId }).catch(() => null);
    if (!answer || answer.status >= 500 || answer.status === 401 || answer.status === 429) return { ...outcome, failed: true };
    if (answer.status === 200) outcome.completions += 1;
    await db.queue.delete(action.clientId);
  }
  return outcome;
}
