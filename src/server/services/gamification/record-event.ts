import type { ActivityType } from "~/generated/prisma/enums";
import type { UserBadgeView } from "~/lib/schemas/gamification";
import type { Db, DbClient } from "~/server/db/client";
import { queryRows } from "~/server/db/sql";
import { logger } from "~/server/logger";

import { earnedBadgeKeys } from "./badges";
import { dateColumn, isValidTimeZone } from "./local-date";
import { computeStreak } from "./streak-math";

/** Namespace of the per-user advisory lock that serialises a learner's events (the other key is the user id). */
const LEARNING_LOCK = 7_302;

export type LearningEvent = {
  userId: number;
  type: ActivityType;
  /** What it is about (a section id, a quiz id, a day): the same event twice is stored once. */
  subjectKey: string;
  at?: Date;
  /** The browser's IANA time zone, when it sent one: stored on the user when it changed. */
  timeZone?: string | null;
};

export type RecordedEvent = { recorded: boolean; newBadges: UserBadgeView[] };

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

/**
 * Stores a learning event once, on the learner's local day, then brings everything that follows
 * from it up to date in one short transaction: the streak and totals, the progress of the
 * challenges joined before it, and the badges now earned (each awarded once: a unique key). A
 * per-user lock serialises that part, and it recomputes from the stored events, so events of one
 * learner arriving at once still end in the right totals.
 */
export async function recordLearningEvent(db: DbClient, { userId, type, subjectKey, at = new Date(), timeZone }: LearningEvent): Promise<RecordedEvent> {
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : null;
  const [stored] = await queryRows<{ localDate: string }>(db, STORE_EVENT_SQL, [userId, type, subjectKey.slice(0, 64), at.toISOString(), zone]);
  if (!stored) return { recorded: false, newBadges: [] };
  return inTransaction(db, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(${LEARNING_LOCK}::int, ${userId}::int)`;
    const challengeBadgeIds = await advanceChallenges(tx, userId, type, at);
    const stats = await refreshStreak(tx, userId, stored.localDate);
    return { recorded: true, newBadges: await awardBadges(tx, userId, earnedBadgeKeys(stats), challengeBadgeIds) };
  });
}

/**
 * recordLearningEvent for an action that has already succeeded (a completed section, a quiz, a
 * question): a failure here is logged, never turned into a failure of the action.
 */
export async function recordLearningEvents(db: DbClient, events: LearningEvent[]): Promise<void> {
  // Inside a caller's transaction a failed statement would abort it: a savepoint keeps it usable.
  const nested = !hasOwnTransactions(db);
  for (const event of events) {
    try {
      if (nested) await db.$executeRawUnsafe("SAVEPOINT learning_event");
      await recordLearningEvent(db, event);
      if (nested) await db.$executeRawUnsafe("RELEASE SAVEPOINT learning_event");
    } catch (error) {
      if (nested) await db.$executeRawUnsafe("ROLLBACK TO SAVEPOINT learning_event").catch(() => undefined);
      logger.error("learning event not recorded", { userId: event.userId, type: event.type, error });
    }
  }
}

/** Runs `work` in a transaction: a new one, or the one `db` already is (a caller's transaction client). */
function inTransaction<T>(db: DbClient, work: (tx: DbClient) => Promise<T>): Promise<T> {
  return hasOwnTransactions(db) ? db.$transaction(work) : work(db);
}

function hasOwnTransactions(db: DbClient): db is DbClient & Pick<Db, "$transaction"> {
  return typeof (db as Partial<Pick<Db, "$transaction">>).$transaction === "function";
}

/** The learner's time zone: the browser's, when valid (and then remembered), else the stored one. */
export async function learnerTimeZone(db: DbClient, userId: number, candidate?: string | null): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true } });
  if (!candidate || candidate === user.timeZone || !isValidTimeZone(candidate)) return user.timeZone;
  await db.user.update({ where: { id: userId }, data: { timeZone: candidate }, select: { id: true } });
  return candidate;
}

/** One step on every open challenge the learner joined before this event; answers the badges of those it completed. */
async function advanceChallenges(tx: DbClient, userId: number, type: ActivityType, at: Date): Promise<number[]> {
  // Timestamps are stored as UTC without a zone (as Prisma writes them).
  const when = at.toISOString();
  const advanced = await tx.$queryRaw<{ badgeId: number | null; completed: boolean }[]>`
    UPDATE "UserChallenge" AS uc
    SET "progress" = uc."progress" + 1,
        "completed" = uc."progress" + 1 >= c."target",
        "completedAt" = CASE WHEN uc."progress" + 1 >= c."target" THEN (${when}::timestamptz AT TIME ZONE 'UTC') ELSE NULL END
    FROM "Challenge" AS c
    WHERE uc."challengeId" = c."id" AND uc."userId" = ${userId} AND NOT uc."completed"
      AND c."eventType" = ${type}::text::"ActivityType"
      AND c."expiryDate" > (${when}::timestamptz AT TIME ZONE 'UTC') AND uc."joinedAt" <= (${when}::timestamptz AT TIME ZONE 'UTC')
    RETURNING c."badgeId", uc."completed"`;
  return advanced.flatMap((row) => (row.completed && row.badgeId !== null ? [row.badgeId] : []));
}

/** Recomputes the streak and totals from the stored events (so the same answer however events arrive). */
async function refreshStreak(tx: DbClient, userId: number, today: string) {
  const [days, counts, challenges] = await Promise.all([
    tx.$queryRaw<{ localDate: string }[]>`SELECT DISTINCT "localDate"::text AS "localDate" FROM "ActivityEvent" WHERE "userId" = ${userId} ORDER BY 1`,
    tx.activityEvent.groupBy({ by: ["type"], where: { userId }, _count: { _all: true } }),
    tx.userChallenge.count({ where: { userId, completed: true } }),
  ]);
  const count = (type: ActivityType) => counts.find((row) => row.type === type)?._count._all ?? 0;
  const streak = computeStreak(
    days.map((row) => row.localDate),
    today,
  );
  const totals = { totalCoursesCompleted: count("course_completed"), totalSectionsCompleted: count("section_completed"), totalQuizzesCompleted: count("quiz_submitted") };
  const data = { ...totals, currentStreak: streak.currentStreak, longestStreak: streak.longestStreak, lastActivityDate: streak.lastActivityDate ? dateColumn(streak.lastActivityDate) : null };
  await tx.streak.upsert({ where: { userId }, create: { userId, ...data }, update: data, select: { userId: true } });
  return { longestStreak: streak.longestStreak, coursesCompleted: totals.totalCoursesCompleted, perfectQuizzes: count("quiz_perfect"), challengesCompleted: challenges };
}

/** Awards the badges (by key or id) the learner does not hold yet; answers the new ones. */
async function awardBadges(tx: DbClient, userId: number, keys: string[], badgeIds: number[]): Promise<UserBadgeView[]> {
  if (keys.length === 0 && badgeIds.length === 0) return [];
  const awarded = await tx.$queryRaw<{ id: number; awardedAt: Date; badgeId: number }[]>`
    INSERT INTO "UserBadge" ("userId", "badgeId")
    SELECT ${userId}, b."id" FROM "Badge" AS b WHERE b."key" = ANY(${keys}::text[]) OR b."id" = ANY(${badgeIds}::int[])
    ON CONFLICT ("userId", "badgeId") DO NOTHING
    RETURNING "id", "awardedAt", "badgeId"`;
  if (awarded.length === 0) return [];
  const badges = await tx.badge.findMany({ where: { id: { in: awarded.map((row) => row.badgeId) } }, select: { id: true, key: true, type: true, name: true, description: true } });
  return awarded.flatMap((row) => {
    const badge = badges.find((b) => b.id === row.badgeId);
    return badge ? [{ id: row.id, awardedAt: row.awardedAt.toISOString(), badge }] : [];
  });
}
