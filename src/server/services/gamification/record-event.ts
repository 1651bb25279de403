import type { ActivityType } from "~/generated/prisma/enums";
import type { UserBadgeView } from "~/lib/schemas/gamification";
import type { Db, DbClient } from "~/server/db/client";
import {
  findBadgesByIds,
  getUserTimeZone,
  insertUserBadges,
  releaseLearningEventSavepoint,
  rollbackToLearningEventSavepoint,
  saveStreak,
  savepointLearningEvent,
  selectStreakInputs,
  setUserTimeZone,
  stepOpenChallenges,
  stepOpenChallengesInBulk,
  storeEvent,
  storeEvents,
} from "~/server/db/queries/gamification";
import { selectLearnerFacts } from "~/server/db/queries/learner-facts";
import { lockUser } from "~/server/db/queries/locks";
import { inSqlTransaction, type SqlClient } from "~/server/db/sql-transaction";
import { logger } from "~/server/logger";

import { earnedBadgeKeys } from "./badges";
import { dateColumn, isValidTimeZone } from "./local-date";
import { computeStreak } from "./streak-math";

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
 * Stores a learning event once, on the learner's local day, then brings everything that follows
 * from it up to date in one short transaction: the streak and totals, the progress of the
 * challenges joined before it, and the badges now earned (each awarded once: a unique key). A
 * per-user lock serialises that part, and it recomputes from the stored events, so events of one
 * learner arriving at once still end in the right totals.
 */
export async function recordLearningEvent(db: DbClient, { userId, type, subjectKey, at = new Date(), timeZone }: LearningEvent): Promise<RecordedEvent> {
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : null;
  const stored = await storeEvent(db, { userId, type, subjectKey: subjectKey.slice(0, 64), at, timeZone: zone });
  if (!stored) return { recorded: false, newBadges: [] };
  const newBadges = await withFollowUpRetry(db, { userId, type }, () =>
    inTransaction(db, async (tx) => {
      await lockUser(tx, "learning", userId);
      const challengeBadgeIds = await advanceChallenges(tx, userId, type, at);
      const stats = await refreshStreak(tx, userId, stored.localDate);
      return awardBadges(tx, { userId, keys: earnedBadgeKeys(stats), badgeIds: challengeBadgeIds });
    }),
  );
  return { recorded: true, newBadges };
}

/**
 * The event is stored; everything that follows from it is recomputed from the stored events, so
 * a follow-up that failed on its own transaction (a lock wait past Prisma's limit under load) is
 * simply run again. Inside a caller's transaction the caller's savepoint handles failure.
 */
async function withFollowUpRetry<T>(db: DbClient, context: { userId: number; type: ActivityType | ActivityType[] }, followUp: () => Promise<T>): Promise<T> {
  if (!hasOwnTransactions(db)) return followUp();
  try {
    return await followUp();
  } catch (error) {
    logger.warn("learning event follow-up retried", { ...context, error });
    return followUp();
  }
}

/** A learning event as stored now (not before): what its follow-up needs. */
export type StoredLearningEvent = { type: ActivityType; at: Date; localDate: string };

/**
 * Stores a learner's events in one statement (an event given twice, or stored before, once) and
 * answers those stored now, in the order given. On a caller's transaction (the reviews of a sync)
 * they are stored with its writes or not at all; followUpLearningEvents comes after it commits.
 */
export async function storeLearningEvents(
  db: SqlClient,
  { userId, timeZone, events }: { userId: number; timeZone?: string | null; events: readonly Omit<LearningEvent, "userId" | "timeZone">[] },
): Promise<StoredLearningEvent[]> {
  const distinct = new Map<string, { type: ActivityType; subjectKey: string; at: Date }>();
  const now = new Date();
  for (const { type, subjectKey, at = now } of events) {
    const key = subjectKey.slice(0, 64);
    if (!distinct.has(`${type}:${key}`)) distinct.set(`${type}:${key}`, { type, subjectKey: key, at });
  }
  if (distinct.size === 0) return [];
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : null;
  const rows = await storeEvents(db, { userId, timeZone: zone, events: [...distinct.values()] });
  const localDates = new Map(rows.map((row) => [`${row.type}:${row.subjectKey}`, row.localDate]));
  return [...distinct].flatMap(([key, { type, at }]) => {
    const localDate = localDates.get(key);
    return localDate === undefined ? [] : [{ type, at, localDate }];
  });
}

/**
 * What follows from a learner's events just stored, brought up to date in one short transaction,
 * exactly as recording them one by one in this order would leave it (the integration test
 * "record-event" compares both): one lock, the open challenges of their kinds stepped once
 * (each completed at the event that reached its target), then the streak as of the last one's
 * day and the badges once. Answers the new badges.
 */
async function followUpEvents(db: DbClient, { userId, events }: { userId: number; events: readonly StoredLearningEvent[] }): Promise<UserBadgeView[]> {
  const last = events.at(-1);
  if (!last) return [];
  return withFollowUpRetry(db, { userId, type: [...new Set(events.map((event) => event.type))] }, () =>
    inSqlTransaction(db, async (tx) => {
      await lockUser(tx, "learning", userId);
      const advanced = await stepOpenChallengesInBulk(tx, { userId, events });
      const challengeBadgeIds = advanced.flatMap((row) => (row.completed && row.badgeId !== null ? [row.badgeId] : []));
      const stats = await refreshStreak(tx, userId, last.localDate);
      return awardBadges(tx, { userId, keys: earnedBadgeKeys(stats), badgeIds: challengeBadgeIds });
    }),
  );
}

/** followUpEvents after the action that stored the events has committed: a failure is logged, never the action's. */
export async function followUpLearningEvents(db: DbClient, { userId, events }: { userId: number; events: readonly StoredLearningEvent[] }): Promise<void> {
  try {
    await followUpEvents(db, { userId, events });
  } catch (error) {
    logger.error("learning events not followed up", { userId, count: events.length, error });
  }
}

/**
 * Records learning events that follow an action that has already succeeded (a completed section,
 * a quiz, a question, synced reviews): each learner's events in one statement and one follow-up.
 * A failure here is logged, never turned into a failure of the action.
 */
export async function recordLearningEvents(db: DbClient, events: readonly LearningEvent[]): Promise<void> {
  // Inside a caller's transaction a failed statement would abort it: a savepoint keeps it usable.
  const nested = !hasOwnTransactions(db);
  for (const run of runsOfOneLearner(events)) {
    const { userId, timeZone } = run[0]!;
    try {
      if (nested) await savepointLearningEvent(db);
      await followUpEvents(db, { userId, events: await storeLearningEvents(db, { userId, timeZone, events: run }) });
      if (nested) await releaseLearningEventSavepoint(db);
    } catch (error) {
      if (nested) await rollbackToLearningEventSavepoint(db).catch(() => undefined);
      logger.error("learning events not recorded", { userId, types: [...new Set(run.map((event) => event.type))], error });
    }
  }
}

/** The events split where the learner or the time zone changes (callers give one learner's events). */
function runsOfOneLearner(events: readonly LearningEvent[]): LearningEvent[][] {
  const runs: LearningEvent[][] = [];
  for (const event of events) {
    const run = runs.at(-1);
    const head = run?.[0];
    if (run && head && head.userId === event.userId && (head.timeZone ?? null) === (event.timeZone ?? null)) run.push(event);
    else runs.push([event]);
  }
  return runs;
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
  const user = await getUserTimeZone(db, userId);
  if (!candidate || candidate === user.timeZone || !isValidTimeZone(candidate)) return user.timeZone;
  await setUserTimeZone(db, { userId, timeZone: candidate });
  return candidate;
}

/** Brings the open challenges the learner joined before this event up to date; answers the badges of those it completed. */
async function advanceChallenges(tx: DbClient, userId: number, type: ActivityType, at: Date): Promise<number[]> {
  const advanced = await stepOpenChallenges(tx, { userId, type, at });
  return advanced.flatMap((row) => (row.completed && row.badgeId !== null ? [row.badgeId] : []));
}

/**
 * Recomputes the streak from the stored events and stores it with the learner's counts as they
 * are now (a snapshot; pages read them live), and answers what badges are earned by. A course
 * badge follows the learner's courses completed at this moment (selectLearnerFacts), never the
 * course_completed events: a badge records a completion that was true when it was awarded.
 */
async function refreshStreak(tx: SqlClient, userId: number, today: string) {
  const { days, reviewDays, perfectQuizzes, challengesCompleted } = await selectStreakInputs(tx, userId);
  const facts = await selectLearnerFacts(tx, userId);
  const streak = computeStreak(days, today);
  const fields = {
    totalCoursesCompleted: facts.coursesCompleted,
    totalSectionsCompleted: facts.sectionsCompleted,
    totalQuizzesCompleted: facts.quizzesCompleted,
    currentStreak: streak.currentStreak,
    longestStreak: streak.longestStreak,
    lastActivityDate: streak.lastActivityDate ? dateColumn(streak.lastActivityDate) : null,
  };
  await saveStreak(tx, { userId, fields });
  return {
    longestStreak: streak.longestStreak,
    coursesCompleted: facts.coursesCompleted,
    perfectQuizzes,
    challengesCompleted,
    longestReviewStreak: computeStreak(reviewDays, today).longestStreak,
  };
}

/** Awards the badges (by key or id) the learner does not hold yet; answers the new ones. */
async function awardBadges(tx: SqlClient, { userId, keys, badgeIds }: { userId: number; keys: string[]; badgeIds: number[] }): Promise<UserBadgeView[]> {
  if (keys.length === 0 && badgeIds.length === 0) return [];
  const awarded = await insertUserBadges(tx, { userId, keys, badgeIds });
  if (awarded.length === 0) return [];
  const badges = await findBadgesByIds(
    tx,
    awarded.map((row) => row.badgeId),
  );
  return awarded.flatMap((row) => {
    const badge = badges.find((b) => b.id === row.badgeId);
    return badge ? [{ id: row.id, awardedAt: row.awardedAt.toISOString(), badge }] : [];
  });
}
