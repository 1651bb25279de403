import type { ActivityType, BadgeType } from "~/generated/prisma/enums";
import type { RecentActivity } from "~/lib/schemas/gamification";

import type { DbClient } from "../client";
import type { SqlClient } from "../sql-transaction";
import { visibleToSql } from "./course-visibility";
import { execute, isoText, queryRows } from "./run";

export type RecentActivityRow = RecentActivity[number];

/**
 * The learner's latest learning: sections completed, quizzes passed, courses finished (each with
 * its section's or course's name, in a course they can still open) and badges earned, newest
 * first. One statement; events whose course has since become private to someone else drop out.
 */
const RECENT_ACTIVITY_SQL = `
  WITH events AS (
    SELECT e.type::text AS type, e."subjectKey", e."occurredAt" FROM "ActivityEvent" e
    WHERE e."userId" = $1 AND e.type IN ('section_completed', 'quiz_passed', 'course_completed')
    ORDER BY e."occurredAt" DESC, e.id DESC LIMIT 20
  ), items AS (
    SELECT 'section' AS kind, s.title, coalesce(ch."courseId", s."retiredCourseId") AS "courseId", s."timeStart", ev."occurredAt" AS at
    FROM events ev JOIN "Section" s ON ev.type = 'section_completed' AND s.id::text = ev."subjectKey" LEFT JOIN "Chapter" ch ON ch.id = s."chapterId"
    UNION ALL
    SELECT 'quiz', s.title, coalesce(ch."courseId", s."retiredCourseId"), s."timeStart", ev."occurredAt"
    FROM events ev JOIN "Quiz" q ON ev.type = 'quiz_passed' AND q.id::text = ev."subjectKey" JOIN "Section" s ON s.id = q."sectionId" LEFT JOIN "Chapter" ch ON ch.id = s."chapterId"
    UNION ALL
    SELECT 'course', c.title, c.id, NULL, ev."occurredAt"
    FROM events ev JOIN "Course" c ON ev.type = 'course_completed' AND c.id::text = ev."subjectKey"
  )
  SELECT kind, title, href, to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM (
    SELECT i.kind, i.title, '/course/' || i."courseId" || coalesce('?t=' || i."timeStart", '') AS href, i.at
    FROM items i JOIN "Course" c ON c.id = i."courseId"
    WHERE ${visibleToSql("c", "$1")}
    UNION ALL
    SELECT 'badge', b.name, '/gamification', ub."awardedAt"
    FROM "UserBadge" ub JOIN "Badge" b ON b.id = ub."badgeId" WHERE ub."userId" = $1
  ) AS activity
  ORDER BY activity.at DESC LIMIT $2`;

export function selectRecentActivity(db: DbClient, { userId, limit }: { userId: number; limit: number }): Promise<RecentActivityRow[]> {
  return queryRows<RecentActivityRow>(db, RECENT_ACTIVITY_SQL, [userId, limit]);
}

export type StoredEventRow = { localDate: string };

/**
 * Stores the event once, on the learner's local day (PostgreSQL's time zone rules, DST
 * included), and remembers the browser's time zone when it changed: one statement, so the
 * common case, an event already stored (a section completed again), costs one round trip.
 */
const STORE_EVENT_SQL = `
  WITH zone AS (
    UPDATE "User" SET "timeZone" = $5::text WHERE "id" = $1::int AND $5::text IS NOT NULL AND "timeZone" <> $5::text RETURNING "timeZone"
  ), learner AS (
    SELECT coalesce((SELECT "timeZone" FROM zone), u."timeZone") AS tz FROM "User" AS u WHERE u."id" = $1::int
  )
  INSERT INTO "ActivityEvent" ("userId", "type", "subjectKey", "localDate", "occurredAt")
  SELECT $1::int, $2::text::"ActivityType", $3::text, ($4::timestamptz AT TIME ZONE learner.tz)::date, $4::timestamptz AT TIME ZONE 'UTC' FROM learner
  ON CONFLICT ("userId", "type", "subjectKey") DO NOTHING
  RETURNING "localDate"::text AS "localDate"`;

/** No row: the event was stored before. `timeZone` null keeps the stored one. */
export async function storeEvent(
  db: DbClient,
  { userId, type, subjectKey, at, timeZone }: { userId: number; type: ActivityType; subjectKey: string; at: Date; timeZone: string | null },
): Promise<StoredEventRow | undefined> {
  const [row] = await queryRows<StoredEventRow>(db, STORE_EVENT_SQL, [userId, type, subjectKey, at.toISOString(), timeZone], "store-event");
  return row;
}

export type StoredEventsRow = { type: ActivityType; subjectKey: string; localDate: string };

/**
 * storeEvent for many distinct events of one learner in one statement: answers those stored now
 * (the others were stored before). $2 is the browser's time zone or null, as for storeEvent.
 */
const STORE_EVENTS_SQL = `
  WITH zone AS (
    UPDATE "User" SET "timeZone" = $2::text WHERE "id" = $1::int AND $2::text IS NOT NULL AND "timeZone" <> $2::text RETURNING "timeZone"
  ), learner AS (
    SELECT coalesce((SELECT "timeZone" FROM zone), u."timeZone") AS tz FROM "User" AS u WHERE u."id" = $1::int
  )
  INSERT INTO "ActivityEvent" ("userId", "type", "subjectKey", "localDate", "occurredAt")
  SELECT $1::int, e.type::"ActivityType", e.subject_key, (e.at AT TIME ZONE learner.tz)::date, e.at AT TIME ZONE 'UTC'
  FROM unnest($3::text[], $4::text[], $5::timestamptz[]) AS e(type, subject_key, at), learner
  ON CONFLICT ("userId", "type", "subjectKey") DO NOTHING
  RETURNING "type"::text AS "type", "subjectKey", "localDate"::text AS "localDate"`;

export function storeEvents(
  db: SqlClient,
  { userId, timeZone, events }: { userId: number; timeZone: string | null; events: readonly { type: ActivityType; subjectKey: string; at: Date }[] },
): Promise<StoredEventsRow[]> {
  return queryRows<StoredEventsRow>(
    db,
    STORE_EVENTS_SQL,
    [userId, timeZone, events.map((e) => e.type), events.map((e) => e.subjectKey), events.map((e) => e.at.toISOString())],
    "store-events",
  );
}

/**
 * A savepoint for one learning event inside a caller's transaction, where a failed statement
 * would abort the whole transaction.
 */
export async function savepointLearningEvent(tx: DbClient): Promise<void> {
  await tx.$executeRawUnsafe("SAVEPOINT learning_event");
}

export async function releaseLearningEventSavepoint(tx: DbClient): Promise<void> {
  await tx.$executeRawUnsafe("RELEASE SAVEPOINT learning_event");
}

export async function rollbackToLearningEventSavepoint(tx: DbClient): Promise<void> {
  await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT learning_event");
}

export type AdvancedChallengeRow = { badgeId: number | null; completed: boolean };

/**
 * Brings every open challenge of the event's type that the learner joined before `at` up to date:
 * its progress is recounted from the stored events (those after the join, before the expiry), so
 * an event whose follow-up failed is still counted by the next one, and a retry changes nothing.
 */
export function stepOpenChallenges(tx: DbClient, { userId, type, at }: { userId: number; type: ActivityType; at: Date }): Promise<AdvancedChallengeRow[]> {
  // Timestamps are stored as UTC without a zone (as Prisma writes them).
  const when = at.toISOString();
  return tx.$queryRaw<AdvancedChallengeRow[]>`
    WITH counted AS (
      SELECT uc."id", c."badgeId", c."target",
        (SELECT count(*)::int FROM "ActivityEvent" AS e
          WHERE e."userId" = uc."userId" AND e."type" = c."eventType"
            AND e."occurredAt" >= uc."joinedAt" AND e."occurredAt" < c."expiryDate") AS "done"
      FROM "UserChallenge" AS uc JOIN "Challenge" AS c ON c."id" = uc."challengeId"
      WHERE uc."userId" = ${userId} AND NOT uc."completed"
        AND c."eventType" = ${type}::text::"ActivityType"
        AND c."expiryDate" > (${when}::timestamptz AT TIME ZONE 'UTC') AND uc."joinedAt" <= (${when}::timestamptz AT TIME ZONE 'UTC')
    )
    UPDATE "UserChallenge" AS uc
    SET "progress" = LEAST(counted."done", counted."target"),
        "completed" = counted."done" >= counted."target",
        "completedAt" = CASE WHEN counted."done" >= counted."target" THEN (${when}::timestamptz AT TIME ZONE 'UTC') ELSE NULL END
    FROM counted
    WHERE uc."id" = counted."id"
    RETURNING counted."badgeId", uc."completed"`;
}

/**
 * stepOpenChallenges for many new events (already stored) at once, with what stepping after each
 * of them in turn would leave: progress recounted from the stored events; a challenge completes
 * at the event that reached its target, the n-th of its window in the order given, n being what
 * was missing before these events (at least the first: a challenge already at its target whose
 * follow-up failed completes at the next event, as stepOpenChallenges does). $2, $3: the events'
 * types and instants, in order.
 */
const STEP_CHALLENGES_SQL = `
  WITH batch AS (
    SELECT b.type::"ActivityType" AS type, b.at AT TIME ZONE 'UTC' AS at, b.ord
    FROM unnest($2::text[], $3::timestamptz[]) WITH ORDINALITY AS b(type, at, ord)
  ), open AS (
    SELECT uc."id", uc."joinedAt", c."badgeId", c."target", c."eventType", c."expiryDate"
    FROM "UserChallenge" AS uc JOIN "Challenge" AS c ON c."id" = uc."challengeId"
    WHERE uc."userId" = $1 AND NOT uc."completed" AND c."eventType" IN (SELECT type FROM batch)
  ), counted AS (
    SELECT o."id", o."badgeId", o."target", o."joinedAt", o."eventType", o."expiryDate",
      (SELECT count(*)::int FROM "ActivityEvent" AS e
        WHERE e."userId" = $1 AND e."type" = o."eventType" AND e."occurredAt" >= o."joinedAt" AND e."occurredAt" < o."expiryDate") AS "done",
      (SELECT count(*)::int FROM batch AS b WHERE b.type = o."eventType" AND b.at >= o."joinedAt" AND b.at < o."expiryDate") AS "fresh"
    FROM open AS o
  ), stepped AS (
    SELECT k."id", k."badgeId", k."target", k."done",
      (SELECT b.at FROM batch AS b
        WHERE b.type = k."eventType" AND b.at >= k."joinedAt" AND b.at < k."expiryDate"
        ORDER BY b.ord OFFSET GREATEST(k."target" - (k."done" - k."fresh"), 1) - 1 LIMIT 1) AS "reachedAt"
    FROM counted AS k WHERE k."fresh" > 0
  )
  UPDATE "UserChallenge" AS uc
  SET "progress" = LEAST(s."done", s."target"),
      "completed" = s."done" >= s."target",
      "completedAt" = CASE WHEN s."done" >= s."target" THEN s."reachedAt" ELSE NULL END
  FROM stepped AS s
  WHERE uc."id" = s."id"
  RETURNING s."badgeId", uc."completed"`;

export function stepOpenChallengesInBulk(
  tx: SqlClient,
  { userId, events }: { userId: number; events: readonly { type: ActivityType; at: Date }[] },
): Promise<AdvancedChallengeRow[]> {
  return queryRows<AdvancedChallengeRow>(tx, STEP_CHALLENGES_SQL, [userId, events.map((e) => e.type), events.map((e) => e.at.toISOString())]);
}

export type ActivityDayRow = { localDate: string };

/** The learner's days with any event, or with an event of `type` ("YYYY-MM-DD"), oldest first. */
export function selectActivityDays(tx: DbClient, userId: number, type: ActivityType | null = null): Promise<ActivityDayRow[]> {
  return tx.$queryRaw<ActivityDayRow[]>`
    SELECT DISTINCT "localDate"::text AS "localDate" FROM "ActivityEvent"
    WHERE "userId" = ${userId} AND (${type}::text IS NULL OR type = ${type}::text::"ActivityType") ORDER BY 1`;
}

export type AwardedBadgeRow = { id: number; awardedAt: Date; badgeId: number };

const INSERT_USER_BADGES_SQL = `
  INSERT INTO "UserBadge" ("userId", "badgeId")
  SELECT $1, b."id" FROM "Badge" AS b WHERE b."key" = ANY($2::text[]) OR b."id" = ANY($3::int[])
  ON CONFLICT ("userId", "badgeId") DO NOTHING
  RETURNING "id", ${isoText('"awardedAt"')} AS "awardedAt", "badgeId"`;

/** Awards the badges (by key or id) the learner does not hold yet; answers the new awards. */
export async function insertUserBadges(
  tx: SqlClient,
  { userId, keys, badgeIds }: { userId: number; keys: string[]; badgeIds: number[] },
): Promise<AwardedBadgeRow[]> {
  const rows = await queryRows<{ id: number; awardedAt: string; badgeId: number }>(tx, INSERT_USER_BADGES_SQL, [userId, keys, badgeIds], "insert-user-badges");
  return rows.map((row) => ({ ...row, awardedAt: new Date(row.awardedAt) }));
}

export type AchievementCardRow = { cardId: string };

/**
 * Sets the user's achievements card slug to `cardId` unless they have one, and answers the one
 * they have now; no row: no such user. Concurrent calls queue on the row lock, so the later one
 * reads the slug the first one set.
 */
export async function setAchievementCardIdOnce(db: DbClient, { userId, cardId }: { userId: number; cardId: string }): Promise<AchievementCardRow | undefined> {
  const rows = await db.$queryRaw<AchievementCardRow[]>`
    UPDATE "User" SET "achievementCardId" = COALESCE("achievementCardId", ${cardId})
    WHERE id = ${userId} RETURNING "achievementCardId" AS "cardId"`;
  return rows[0];
}

/** The learner's stored time zone (an IANA name); a user that does not exist fails (Prisma's P2025). */
export function getUserTimeZone(db: DbClient, userId: number): Promise<{ timeZone: string }> {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } });
}

/** Remembers the learner's time zone. */
export async function setUserTimeZone(db: DbClient, { userId, timeZone }: { userId: number; timeZone: string }): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { timeZone }, select: { id: true } });
}

/** How many learning events the learner has on each local day from `from` (a date column value) on; days without any are absent. */
export async function countEventsPerDay(db: DbClient, { userId, from }: { userId: number; from: Date }): Promise<{ localDate: Date; count: number }[]> {
  const rows = await db.activityEvent.groupBy({ by: ["localDate"], where: { userId, localDate: { gte: from } }, _count: { _all: true } });
  return rows.map((row) => ({ localDate: row.localDate, count: row._count._all }));
}

export type StreakInputsRow = {
  /** The learner's days with any event, and with a card reviewed ("YYYY-MM-DD"), oldest first. */
  days: string[];
  reviewDays: string[];
  /** How many quizzes the learner got entirely right (their quiz_perfect events). */
  perfectQuizzes: number;
  /** How many challenges the learner completed. */
  challengesCompleted: number;
};

/** What a learner's streak and badges are computed from, in one statement. */
const STREAK_INPUTS_SQL = `
  SELECT
    ARRAY(SELECT DISTINCT "localDate"::text FROM "ActivityEvent" WHERE "userId" = $1 ORDER BY 1) AS "days",
    ARRAY(SELECT DISTINCT "localDate"::text FROM "ActivityEvent" WHERE "userId" = $1 AND type = 'card_reviewed' ORDER BY 1) AS "reviewDays",
    (SELECT count(*)::int FROM "ActivityEvent" WHERE "userId" = $1 AND type = 'quiz_perfect') AS "perfectQuizzes",
    (SELECT count(*)::int FROM "UserChallenge" WHERE "userId" = $1 AND completed) AS "challengesCompleted"`;

export async function selectStreakInputs(tx: SqlClient, userId: number): Promise<StreakInputsRow> {
  const [row] = await queryRows<StreakInputsRow>(tx, STREAK_INPUTS_SQL, [userId], "streak-inputs");
  return row!;
}

export type StreakFields = {
  totalCoursesCompleted: number;
  totalSectionsCompleted: number;
  totalQuizzesCompleted: number;
  currentStreak: number;
  longestStreak: number;
  /** A date column value (local-date.ts dateColumn), or null before any learning. */
  lastActivityDate: Date | null;
};

const SAVE_STREAK_SQL = `
  INSERT INTO "Streak" ("userId", "currentStreak", "longestStreak", "lastActivityDate", "totalCoursesCompleted", "totalSectionsCompleted", "totalQuizzesCompleted", "updatedAt")
  VALUES ($1, $2, $3, $4::date, $5, $6, $7, now() AT TIME ZONE 'UTC')
  ON CONFLICT ("userId") DO UPDATE SET
    "currentStreak" = EXCLUDED."currentStreak", "longestStreak" = EXCLUDED."longestStreak", "lastActivityDate" = EXCLUDED."lastActivityDate",
    "totalCoursesCompleted" = EXCLUDED."totalCoursesCompleted", "totalSectionsCompleted" = EXCLUDED."totalSectionsCompleted",
    "totalQuizzesCompleted" = EXCLUDED."totalQuizzesCompleted", "updatedAt" = EXCLUDED."updatedAt"`;

/** Stores the learner's streak and counts snapshot (one row a learner). */
export async function saveStreak(tx: SqlClient, { userId, fields }: { userId: number; fields: StreakFields }): Promise<void> {
  await execute(tx, SAVE_STREAK_SQL, [
    userId,
    fields.currentStreak,
    fields.longestStreak,
    fields.lastActivityDate?.toISOString().slice(0, 10) ?? null,
    fields.totalCoursesCompleted,
    fields.totalSectionsCompleted,
    fields.totalQuizzesCompleted,
  ]);
}

export type BadgeRow = { id: number; key: string; type: BadgeType; name: string; description: string };
const badgeSelect = { id: true, key: true, type: true, name: true, description: true } as const;

/** The badges with these ids (in no particular order). */
export function findBadgesByIds(tx: SqlClient, ids: number[]): Promise<BadgeRow[]> {
  return queryRows<BadgeRow>(tx, `SELECT id, key, type::text AS type, name, description FROM "Badge" WHERE id = ANY($1::int[])`, [ids], "badges-by-ids");
}

export type UserBadgeRow = { id: number; awardedAt: Date; badge: BadgeRow };

/** The badges the learner earned, newest first. */
export function listUserBadgeRows(db: DbClient, userId: number): Promise<UserBadgeRow[]> {
  return db.userBadge.findMany({
    where: { userId },
    orderBy: [{ awardedAt: "desc" }, { id: "desc" }],
    select: { id: true, awardedAt: true, badge: { select: badgeSelect } },
  });
}

/** The id of the badge with this key, if it exists. */
export function findBadgeIdByKey(db: DbClient, key: string): Promise<{ id: number } | null> {
  return db.badge.findUnique({ where: { key }, select: { id: true } });
}

export type NewChallenge = {
  key: string;
  title: string;
  description: string;
  eventType: ActivityType;
  target: number;
  /** Date column values (local-date.ts dateColumn). */
  day: Date;
  expiryDate: Date;
  badgeId: number | null;
};

/** Creates the challenges not there yet (a day's challenge is unique by its day and key): concurrent callers create each once. */
export async function insertMissingChallenges(db: DbClient, challenges: NewChallenge[]): Promise<void> {
  await db.challenge.createMany({ data: challenges, skipDuplicates: true });
}

export type ChallengeRow = { id: number; title: string; description: string; target: number; expiryDate: Date; badgeId: number | null };
const challengeSelect = { id: true, title: true, description: true, target: true, expiryDate: true, badgeId: true } as const;

/** The challenges that expire after `now`, soonest first. */
export function listOpenChallenges(db: DbClient, now: Date): Promise<ChallengeRow[]> {
  return db.challenge.findMany({ where: { expiryDate: { gt: now } }, orderBy: [{ expiryDate: "asc" }, { id: "asc" }], select: challengeSelect });
}

/** When a challenge expires; null: no such challenge. */
export function findChallengeExpiry(db: DbClient, challengeId: number): Promise<{ expiryDate: Date } | null> {
  return db.challenge.findUnique({ where: { id: challengeId }, select: { expiryDate: true } });
}

export type UserChallengeRow = {
  challengeId: number;
  progress: number;
  completed: boolean;
  joinedAt: Date;
  completedAt: Date | null;
  challenge: ChallengeRow;
};

const userChallengeSelect = {
  challengeId: true,
  progress: true,
  completed: true,
  joinedAt: true,
  completedAt: true,
  challenge: { select: challengeSelect },
} as const;

/** The challenges the learner joined that expire after `expiringAfter`, the latest joined first. */
export function listJoinedChallenges(db: DbClient, { userId, expiringAfter }: { userId: number; expiringAfter: Date }): Promise<UserChallengeRow[]> {
  return db.userChallenge.findMany({
    where: { userId, challenge: { expiryDate: { gt: expiringAfter } } },
    orderBy: [{ joinedAt: "desc" }, { id: "desc" }],
    select: userChallengeSelect,
  });
}

/**
 * Joins the learner to a challenge unless they joined it already (the unique key: a second join,
 * even a concurrent one, changes nothing), and answers their entry as it is now.
 */
export async function joinChallengeOnce(
  db: DbClient,
  { userId, challengeId, joinedAt }: { userId: number; challengeId: number; joinedAt: Date },
): Promise<UserChallengeRow> {
  await db.userChallenge.createMany({ data: [{ userId, challengeId, joinedAt }], skipDuplicates: true });
  return db.userChallenge.findUniqueOrThrow({ where: { userId_challengeId: { userId, challengeId } }, select: userChallengeSelect });
}

/** Stops sharing the user's achievements card: its slug is forgotten. */
export async function clearAchievementCardId(db: DbClient, userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { achievementCardId: null }, select: { id: true } });
}

export type AchievementCardOwnerRow = { id: number; username: string; displayName: string | null; createdAt: Date };

/** The user sharing their achievements card under the slug `cardId`, if any. */
export function findAchievementCardOwner(db: DbClient, cardId: string): Promise<AchievementCardOwnerRow | null> {
  return db.user.findUnique({ where: { achievementCardId: cardId }, select: { id: true, username: true, displayName: true, createdAt: true } });
}
