import { visibleToSql } from "./course";
import type { DbClient } from "../client";
import { SECTION_AT_CARD_SQL } from "./mastery";
import { isoText as iso, queryRows, utcParam as utc } from "./run";

/** The FSRS scheduling columns of a Card row (ts-fsrs's Card in our spelling: services/cards/fsrs.ts). */
export type CardScheduleColumns = {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
};

/** A queue row: the times come as ISO text (see `iso`). */
export type ReviewQueueRow = Omit<CardScheduleColumns, "due" | "lastReview"> & {
  id: number;
  courseId: number;
  courseTitle: string;
  /** Whether the learner can still open the course (theirs, or still public). */
  courseAvailable: boolean;
  source: "quiz" | "note" | "transcript";
  front: string;
  back: string;
  timeSeconds: number | null;
  due: string;
  lastReview: string | null;
};

/** A ReviewQueueRow of card `c` (its course `co`) for learner $1. */
const QUEUE_COLUMNS = `
  c.id, c."courseId", co.title AS "courseTitle", ${visibleToSql("co", "$1")} AS "courseAvailable", c.source::text AS source, c.front, c.back, c."timeSeconds",
  ${iso(`c.due`)} AS due, c.stability, c.difficulty, c."elapsedDays", c."scheduledDays", c."learningSteps",
  c.reps, c.lapses, c.state::int AS state, ${iso(`c."lastReview"`)} AS "lastReview"`;

/** The learner's cards due at $2, oldest due first, at most $3: one range scan of ("userId", due). */
const REVIEW_QUEUE_SQL = `
  SELECT ${QUEUE_COLUMNS}
  FROM "Card" c JOIN "Course" co ON co.id = c."courseId"
  WHERE c."userId" = $1 AND c.due <= ${utc("$2")}
  ORDER BY c.due, c.id
  LIMIT $3`;

export function selectReviewQueue(db: DbClient, { userId, now, limit }: { userId: number; now: Date; limit: number }): Promise<ReviewQueueRow[]> {
  return queryRows<ReviewQueueRow>(db, REVIEW_QUEUE_SQL, [userId, now.toISOString(), limit], "review-queue");
}

/**
 * The learner's cards due at $2 on any of the concepts $4, oldest due first, at most $3: a card
 * made from a question, by the question's concepts; any other card at a moment, by the concepts its
 * course explains in the section of that moment (the rule of selectCardConcepts, queries/mastery.ts).
 */
const DUE_ON_CONCEPTS_SQL = `
  SELECT ${QUEUE_COLUMNS}
  FROM "Card" c JOIN "Course" co ON co.id = c."courseId"
  WHERE c."userId" = $1 AND c.due <= ${utc("$2")} AND (
    EXISTS (SELECT 1 FROM "QuestionConcept" qc WHERE qc."questionId" = c."questionId" AND qc."conceptId" = ANY($4::int[]))
    OR (c."questionId" IS NULL AND EXISTS (
      SELECT 1 FROM "CourseConcept" cc
      WHERE cc."courseId" = c."courseId" AND cc."conceptId" = ANY($4::int[])
        AND cc.moments @> jsonb_build_array(jsonb_build_object('sectionId', (${SECTION_AT_CARD_SQL})))
    ))
  )
  ORDER BY c.due, c.id
  LIMIT $3`;

export function selectDueCardsOnConcepts(
  db: DbClient,
  { userId, now, limit, conceptIds }: { userId: number; now: Date; limit: number; conceptIds: readonly number[] },
): Promise<ReviewQueueRow[]> {
  return queryRows<ReviewQueueRow>(db, DUE_ON_CONCEPTS_SQL, [userId, now.toISOString(), limit, [...conceptIds]], "due-on-concepts");
}

export type DueSummaryRow = { dueCount: number; nextDueAt: string | null; desiredRetention: number };

/**
 * How many of the learner's cards are due at $2 (of course $3, when given), the first due time
 * after $2, and the learner's desired retention: index-only scans of ("userId", due).
 */
const DUE_SUMMARY_SQL = `
  SELECT
    (SELECT count(*)::int FROM "Card" c WHERE c."userId" = $1 AND c.due <= ${utc("$2")} AND ($3::int IS NULL OR c."courseId" = $3::int)) AS "dueCount",
    (SELECT ${iso("min(c.due)")} FROM "Card" c WHERE c."userId" = $1 AND c.due > ${utc("$2")} AND ($3::int IS NULL OR c."courseId" = $3::int)) AS "nextDueAt",
    u."desiredRetention" AS "desiredRetention"
  FROM "User" u WHERE u.id = $1`;

export async function selectDueSummary(
  db: DbClient,
  { userId, now, courseId = null }: { userId: number; now: Date; courseId?: number | null },
): Promise<DueSummaryRow> {
  const [row] = await queryRows<DueSummaryRow>(db, DUE_SUMMARY_SQL, [userId, now.toISOString(), courseId], "due-summary");
  return row ?? { dueCount: 0, nextDueAt: null, desiredRetention: 0.9 };
}

/**
 * For the header on every page: how many of the learner's cards are due at $2 (of course $3, when
 * given) and the first due time after $2, when the count next grows: index-only scans of ("userId", due).
 */
const DUE_COUNT_SQL = `
  SELECT
    (SELECT count(*)::int FROM "Card" WHERE "userId" = $1 AND due <= ${utc("$2")} AND ($3::int IS NULL OR "courseId" = $3::int)) AS "dueCount",
    (SELECT ${iso("min(due)")} FROM "Card" WHERE "userId" = $1 AND due > ${utc("$2")} AND ($3::int IS NULL OR "courseId" = $3::int)) AS "nextDueAt"`;

export type DueCountRow = { dueCount: number; nextDueAt: string | null };

export async function countDueCards(
  db: DbClient,
  { userId, now, courseId = null }: { userId: number; now: Date; courseId?: number | null },
): Promise<DueCountRow> {
  const [row] = await queryRows<DueCountRow>(db, DUE_COUNT_SQL, [userId, now.toISOString(), courseId], "due-count");
  return row ?? { dueCount: 0, nextDueAt: null };
}

export type LockedCardRow = CardScheduleColumns & { id: number; desiredRetention: number; createdAt: Date; questionId: number | null };

/**
 * The learner's card, locked until the transaction ends: of two reviews sent at once, the second
 * waits here and then reads the schedule the first one wrote. No row: not the learner's card.
 */
export async function lockCardForReview(tx: DbClient, { cardId, userId }: { cardId: number; userId: number }): Promise<LockedCardRow | undefined> {
  const rows = await tx.$queryRaw<LockedCardRow[]>`
    SELECT c.id, c.due, c.stability, c.difficulty, c."elapsedDays", c."scheduledDays", c."learningSteps", c.reps, c.lapses,
      c.state::int AS state, c."lastReview", c."createdAt", c."questionId", u."desiredRetention"
    FROM "Card" c JOIN "User" u ON u.id = c."userId"
    WHERE c.id = ${cardId} AND c."userId" = ${userId}
    FOR UPDATE OF c`;
  return rows[0];
}
