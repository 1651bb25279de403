import { courseLengthSelect } from "./course";
import { visibleToSql } from "./course-visibility";
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

/** The learner's desired retention (0.7-0.99); a user that does not exist fails (Prisma's P2025). */
export function getDesiredRetention(db: DbClient, userId: number): Promise<{ desiredRetention: number }> {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { desiredRetention: true } });
}

/** Stores the learner's desired retention; the value stored. */
export function setDesiredRetention(
  db: DbClient,
  { userId, desiredRetention }: { userId: number; desiredRetention: number },
): Promise<{ desiredRetention: number }> {
  return db.user.update({ where: { id: userId }, data: { desiredRetention }, select: { desiredRetention: true } });
}

/** Deletes the learner's card (its reviews go with it); the rows deleted (0: not theirs, or unknown). */
export async function deleteUserCard(db: DbClient, { userId, cardId }: { userId: number; cardId: number }): Promise<number> {
  const { count } = await db.card.deleteMany({ where: { id: cardId, userId } });
  return count;
}

/** What a card's view is read with (CardView, services/cards/card-view.ts). */
const cardViewSelect = {
  id: true,
  courseId: true,
  source: true,
  front: true,
  back: true,
  timeSeconds: true,
  due: true,
  state: true,
  reps: true,
  lapses: true,
  lastReview: true,
  course: { select: { title: true } },
} as const;

export type CardViewRow = {
  id: number;
  courseId: number;
  source: "quiz" | "note" | "transcript";
  front: string;
  back: string;
  timeSeconds: number | null;
  due: Date;
  state: number;
  reps: number;
  lapses: number;
  lastReview: Date | null;
  course: { title: string };
};

/** The fronts of the learner's cards of the course that begin with any of `prefixes`: what a new card's front may clash with. */
export function selectCardFrontsStartingWith(
  db: DbClient,
  { userId, courseId, prefixes }: { userId: number; courseId: number; prefixes: readonly string[] },
): Promise<{ front: string }[]> {
  return db.card.findMany({ where: { userId, courseId, OR: prefixes.map((front) => ({ front: { startsWith: front } })) }, select: { front: true } });
}

export type NewCard = CardScheduleColumns & {
  userId: number;
  courseId: number;
  source: "quiz" | "note" | "transcript";
  questionId?: number;
  noteId?: number | null;
  front: string;
  back: string;
  timeSeconds: number | null;
  createdAt: Date;
};

/** Stores cards, each once: a card of a question the learner has one of already is skipped ((userId, questionId) is unique). How many were stored. */
export async function insertCardsOnce(db: DbClient, cards: NewCard[]): Promise<number> {
  const { count } = await db.card.createMany({ data: cards, skipDuplicates: true });
  return count;
}

/** Stores a card; its view. */
export function insertCard(tx: DbClient, card: NewCard): Promise<CardViewRow> {
  return tx.card.create({ data: card, select: cardViewSelect });
}

/** How many cards the learner keeps. */
export function countUserCards(tx: DbClient, userId: number): Promise<number> {
  return tx.card.count({ where: { userId } });
}

export type CardCourseRow = {
  id: number;
  userId: number;
  isPublic: boolean;
  status: string;
  /** The last video (courseLengthOf in services/course/get-course.ts reads it). */
  videos: { offsetSeconds: number; durationSeconds: number }[];
  chapters: { sections: { timeEnd: number | null }[] }[];
};

/** The course a card is made in: who may see it (canSeeCourse), and how long its video is; null: no such course. */
export function findCourseForCard(db: DbClient, courseId: number): Promise<CardCourseRow | null> {
  return db.course.findUnique({
    where: { id: courseId },
    select: {
      id: true,
      userId: true,
      isPublic: true,
      status: true,
      ...courseLengthSelect,
      chapters: { select: { sections: { select: { timeEnd: true } } } },
    },
  });
}

/** The learner's note in the course, that a card is made from; null: not theirs, not in the course, or unknown. */
export function findNoteForCard(
  db: DbClient,
  { noteId, userId, courseId }: { noteId: number; userId: number; courseId: number },
): Promise<{ id: number; timeSeconds: number } | null> {
  return db.note.findFirst({ where: { id: noteId, userId, courseId }, select: { id: true, timeSeconds: true } });
}

export type CardReviewLog = {
  cardId: number;
  userId: number;
  rating: "again" | "hard" | "good" | "easy";
  state: number;
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  reviewedAt: Date;
};

/** Logs a review of a card; its id. */
export async function insertCardReview(tx: DbClient, review: CardReviewLog): Promise<number> {
  const row = await tx.cardReview.create({ data: review, select: { id: true } });
  return row.id;
}

/** Stores the card's new schedule; its view. */
export function updateCardSchedule(tx: DbClient, { cardId, schedule }: { cardId: number; schedule: CardScheduleColumns }): Promise<CardViewRow> {
  return tx.card.update({ where: { id: cardId }, data: schedule, select: cardViewSelect });
}
