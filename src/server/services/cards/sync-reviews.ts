import type { CardRatingName } from "~/lib/review";
import { MAX_SYNC_REVIEWS, SYNC_CLOCK_SKEW_MS, SYNC_MAX_AGE_DAYS, SYNC_MESSAGES } from "~/lib/rules/offline";
import type { ReviewsSyncResult, SyncedSchedule } from "~/lib/schemas/offline";
import type { Db } from "~/server/db";
import type { CardScheduleColumns } from "~/server/db/queries/cards";
import {
  type CardScheduleUpdate,
  insertSyncedReviews,
  lockCardsForSync,
  selectKnownClientIds,
  selectReviewHistory,
  type SyncCardRow,
  type SyncedReviewLog,
  updateCardSchedules,
} from "~/server/db/queries/review-sync";
import { inSqlTransaction } from "~/server/db/sql-transaction";
import { AppError } from "~/server/errors";
import { followUpLearningEvents, storeLearningEvents } from "~/server/services/gamification/record-event";

import { fromFsrsCard, newCardSchedule, scheduleReview } from "./fsrs";

const DAY = 86_400_000;

export type SyncedReview = { clientId: string; cardId: number; rating: CardRatingName; reviewedAt: string };

type Timed = { clientId: string | null; rating: CardRatingName; at: Date };

/** Earlier first; reviews at the same instant in clientId order, so every server replays a card alike. */
const byTime = (a: Timed, b: Timed) => a.at.getTime() - b.at.getTime() || (a.clientId ?? "").localeCompare(b.clientId ?? "");

/**
 * POST /api/reviews/sync: reviews a device made offline, applied in time order, each exactly once.
 * The learner's cards of the batch are locked (in id order) for the whole read-schedule-write, so
 * two syncs of the same batch at once apply it once: the second finds its clientIds stored. A
 * review of a card that is not the learner's (or was deleted since) is skipped, as is one whose
 * clientId is stored already. Reviews later than the card's last review are scheduled on top of
 * its schedule; when one is older (another device reviewed the card meanwhile), the card's
 * schedule is recomputed from a new card by replaying all its reviews, stored and new, in time
 * order. A synced review is not refused for being early: it was due on the device. Each applied
 * review is a learning event: stored in the same transaction, then the streak, challenges and
 * badges brought up to date once for the whole batch.
 */
export async function syncReviews(
  db: Db,
  { userId, reviews, now = new Date(), timeZone }: { userId: number; reviews: readonly SyncedReview[]; now?: Date; timeZone?: string | null },
): Promise<ReviewsSyncResult> {
  if (reviews.length > MAX_SYNC_REVIEWS) throw new AppError("BAD_REQUEST", SYNC_MESSAGES.tooMany);
  const timed = reviews.map((review) => ({ ...review, at: new Date(review.reviewedAt) }));
  for (const review of timed) {
    if (review.at.getTime() > now.getTime() + SYNC_CLOCK_SKEW_MS) throw new AppError("UNPROCESSABLE", SYNC_MESSAGES.inFuture);
    if (review.at.getTime() < now.getTime() - SYNC_MAX_AGE_DAYS * DAY) throw new AppError("UNPROCESSABLE", SYNC_MESSAGES.tooOld);
  }
  const outcome = await inSqlTransaction(db, async (tx) => {
    const cards = new Map((await lockCardsForSync(tx, { userId, cardIds: [...new Set(timed.map((r) => r.cardId))] })).map((card) => [card.id, card]));
    const known = await selectKnownClientIds(tx, { userId, clientIds: timed.map((r) => r.clientId) });
    const alreadyApplied: string[] = [];
    const skipped: string[] = [];
    const fresh = new Map<number, (Timed & { clientId: string })[]>();
    for (const review of timed) {
      if (known.has(review.clientId)) alreadyApplied.push(review.clientId);
      else if (!cards.has(review.cardId)) skipped.push(review.clientId);
      else fresh.set(review.cardId, [...(fresh.get(review.cardId) ?? []), review]);
    }
    const replayed = [...fresh].filter(([cardId, list]) => {
      const lastReview = cards.get(cardId)!.lastReview;
      return lastReview !== null && list.some((review) => review.at < new Date(lastReview));
    });
    const history =
      replayed.length > 0
        ? await selectReviewHistory(
            tx,
            replayed.map(([cardId]) => cardId),
          )
        : [];
    const logs: SyncedReviewLog[] = [];
    const schedules: CardScheduleUpdate[] = [];
    for (const [cardId, list] of fresh) {
      const card = cards.get(cardId)!;
      const stored = replayed.some(([id]) => id === cardId)
        ? history.filter((row) => row.cardId === cardId).map((row) => ({ clientId: null, rating: row.rating, at: new Date(row.reviewedAt) }))
        : null;
      const { schedule, applied } = replay(card, stored, list);
      logs.push(...applied);
      schedules.push({ id: cardId, ...schedule });
    }
    const inserted = logs.length > 0 ? await insertSyncedReviews(tx, { userId, reviews: logs }) : [];
    // Another sync stored one of these clientIds on a card this one did not lock: try again.
    if (inserted.length !== logs.length) throw new AppError("CONFLICT", "These reviews are being synced by another request; try again");
    await updateCardSchedules(tx, schedules);
    // Each review is a learning event, stored with it (a sync that rolls back leaves none), in time order.
    const reviewIdOf = new Map(inserted.map((row) => [row.clientId, row.id]));
    const events = await storeLearningEvents(tx, {
      userId,
      timeZone,
      events: timed
        .filter((review) => reviewIdOf.has(review.clientId))
        .sort(byTime)
        .map((review) => ({ type: "card_reviewed" as const, subjectKey: `review:${reviewIdOf.get(review.clientId)}`, at: review.at })),
    });
    return { alreadyApplied, skipped, inserted, schedules, events };
  });
  await followUpLearningEvents(db, { userId, events: outcome.events });
  const applied = new Set(outcome.inserted.map((row) => row.clientId));
  return {
    applied: timed.filter((review) => applied.has(review.clientId)).map((review) => review.clientId),
    alreadyApplied: outcome.alreadyApplied,
    skipped: outcome.skipped,
    cards: outcome.schedules.map(toSyncedSchedule),
  };
}

/**
 * The card's schedule after the new reviews: on top of its schedule (`stored` null), or from a new
 * card made when it was, through `stored` and the new ones merged in time order. With the logs of the new ones.
 */
function replay(
  card: SyncCardRow,
  stored: Timed[] | null,
  fresh: (Timed & { clientId: string })[],
): { schedule: CardScheduleColumns; applied: SyncedReviewLog[] } {
  const createdAt = new Date(card.createdAt);
  let schedule: CardScheduleColumns = stored
    ? newCardSchedule(createdAt)
    : { ...card, due: new Date(card.due), lastReview: card.lastReview === null ? null : new Date(card.lastReview) };
  const applied: SyncedReviewLog[] = [];
  for (const review of [...(stored ?? []), ...fresh].sort(byTime)) {
    // ts-fsrs counts days since the last review: never schedule before the card existed or was last reviewed.
    const floor = Math.max(createdAt.getTime(), schedule.lastReview?.getTime() ?? 0);
    const at = new Date(Math.max(review.at.getTime(), floor));
    const { card: next, log } = scheduleReview(schedule, review.rating, at, card.desiredRetention);
    if (review.clientId !== null && fresh.includes(review as Timed & { clientId: string })) {
      applied.push({
        cardId: card.id,
        clientId: review.clientId,
        rating: review.rating,
        state: log.state,
        due: log.due,
        stability: log.stability,
        difficulty: log.difficulty,
        scheduledDays: log.scheduled_days,
        reviewedAt: review.at,
      });
    }
    schedule = fromFsrsCard(next);
  }
  return { schedule, applied };
}

const toSyncedSchedule = (card: CardScheduleUpdate): SyncedSchedule => ({
  id: card.id,
  due: card.due.toISOString(),
  state: card.state,
  reps: card.reps,
  lapses: card.lapses,
  lastReview: card.lastReview?.toISOString() ?? null,
});
