import type { CardScheduleColumns } from "./cards";
import { isoText as iso, queryRows } from "./run";
import type { SqlClient } from "../sql-transaction";

/** A learner's card locked for a sync: its schedule, when it was made and the learner's desired retention. */
export type SyncCardRow = Omit<CardScheduleColumns, "due" | "lastReview"> & {
  id: number;
  due: string;
  lastReview: string | null;
  createdAt: string;
  desiredRetention: number;
};

/**
 * The learner's cards among $2, locked until the transaction ends, in id order (two syncs of
 * overlapping cards lock them in the same order: no deadlock). Ids that are not theirs: no row.
 */
const LOCK_SQL = `
  SELECT c.id, ${iso("c.due")} AS due, c.stability, c.difficulty, c."elapsedDays", c."scheduledDays", c."learningSteps", c.reps, c.lapses,
    c.state::int AS state, ${iso('c."lastReview"')} AS "lastReview", ${iso('c."createdAt"')} AS "createdAt", u."desiredRetention"
  FROM "Card" c JOIN "User" u ON u.id = c."userId"
  WHERE c."userId" = $1 AND c.id = ANY($2::int[])
  ORDER BY c.id
  FOR UPDATE OF c`;

export function lockCardsForSync(tx: SqlClient, { userId, cardIds }: { userId: number; cardIds: readonly number[] }): Promise<SyncCardRow[]> {
  return queryRows<SyncCardRow>(tx, LOCK_SQL, [userId, [...cardIds]], "sync-lock-cards");
}

/**
 * Which of the clientIds $2 the learner's reviews already carry: one index probe per id. (With
 * `"clientId" = ANY($2)` the prepared statement's generic plan read all the learner's reviews and
 * compared each with every id: 15 ms at 3,000 reviews, growing with the history.)
 */
const KNOWN_SQL = `
  SELECT r."clientId" FROM unnest($2::text[]) AS k(client_id)
  JOIN "CardReview" r ON r."userId" = $1 AND r."clientId" = k.client_id`;

export async function selectKnownClientIds(tx: SqlClient, { userId, clientIds }: { userId: number; clientIds: readonly string[] }): Promise<Set<string>> {
  const rows = await queryRows<{ clientId: string }>(tx, KNOWN_SQL, [userId, [...clientIds]], "sync-known-client-ids");
  return new Set(rows.map((row) => row.clientId));
}

export type StoredReviewRow = { id: number; cardId: number; rating: "again" | "hard" | "good" | "easy"; reviewedAt: string };

/** Every review of the cards $1, in time order (ties: the order they were stored): what a schedule is replayed from. */
const HISTORY_SQL = `
  SELECT id, "cardId", rating::text AS rating, ${iso('"reviewedAt"')} AS "reviewedAt"
  FROM "CardReview" WHERE "cardId" = ANY($1::int[])
  ORDER BY "cardId", "reviewedAt", id`;

export function selectReviewHistory(tx: SqlClient, cardIds: readonly number[]): Promise<StoredReviewRow[]> {
  return queryRows<StoredReviewRow>(tx, HISTORY_SQL, [[...cardIds]], "sync-review-history");
}

export type SyncedReviewLog = {
  cardId: number;
  clientId: string;
  rating: "again" | "hard" | "good" | "easy";
  /** The card's schedule before the review (ts-fsrs's ReviewLog). */
  state: number;
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  reviewedAt: Date;
};

/**
 * Stores the reviews in one statement; a clientId the learner's reviews already carry is skipped
 * ((userId, clientId) is unique). The ids and clientIds stored.
 */
const INSERT_SQL = `
  INSERT INTO "CardReview" ("cardId", "userId", "clientId", rating, state, due, stability, difficulty, "scheduledDays", "reviewedAt")
  SELECT r.card_id, $1, r.client_id, r.rating::"CardRating", r.state, r.due AT TIME ZONE 'UTC', r.stability, r.difficulty, r.scheduled_days, r.reviewed_at AT TIME ZONE 'UTC'
  FROM unnest($2::int[], $3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::float8[], $8::float8[], $9::int[], $10::timestamptz[])
    AS r(card_id, client_id, rating, state, due, stability, difficulty, scheduled_days, reviewed_at)
  ON CONFLICT ("userId", "clientId") DO NOTHING
  RETURNING id, "clientId"`;

export function insertSyncedReviews(
  tx: SqlClient,
  { userId, reviews }: { userId: number; reviews: readonly SyncedReviewLog[] },
): Promise<{ id: number; clientId: string }[]> {
  return queryRows<{ id: number; clientId: string }>(
    tx,
    INSERT_SQL,
    [
      userId,
      reviews.map((r) => r.cardId),
      reviews.map((r) => r.clientId),
      reviews.map((r) => r.rating),
      reviews.map((r) => r.state),
      reviews.map((r) => r.due.toISOString()),
      reviews.map((r) => r.stability),
      reviews.map((r) => r.difficulty),
      reviews.map((r) => r.scheduledDays),
      reviews.map((r) => r.reviewedAt.toISOString()),
    ],
    "sync-insert-reviews",
  );
}

export type CardScheduleUpdate = CardScheduleColumns & { id: number };

/** Stores the cards' new schedules in one statement. */
const UPDATE_SQL = `
  UPDATE "Card" c SET
    due = s.due AT TIME ZONE 'UTC', stability = s.stability, difficulty = s.difficulty, "elapsedDays" = s.elapsed_days,
    "scheduledDays" = s.scheduled_days, "learningSteps" = s.learning_steps, reps = s.reps, lapses = s.lapses, state = s.state,
    "lastReview" = s.last_review AT TIME ZONE 'UTC'
  FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::float8[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::timestamptz[])
    AS s(id, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review)
  WHERE c.id = s.id
  RETURNING c.id`;

export async function updateCardSchedules(tx: SqlClient, cards: readonly CardScheduleUpdate[]): Promise<void> {
  if (cards.length === 0) return;
  await queryRows(
    tx,
    UPDATE_SQL,
    [
      cards.map((c) => c.id),
      cards.map((c) => c.due.toISOString()),
      cards.map((c) => c.stability),
      cards.map((c) => c.difficulty),
      cards.map((c) => c.elapsedDays),
      cards.map((c) => c.scheduledDays),
      cards.map((c) => c.learningSteps),
      cards.map((c) => c.reps),
      cards.map((c) => c.lapses),
      cards.map((c) => c.state),
      cards.map((c) => c.lastReview?.toISOString() ?? null),
    ],
    "sync-update-schedules",
  );
}
