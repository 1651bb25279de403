import type { ActivityType } from "~/generated/prisma/enums";
import type { UserBadgeView } from "~/lib/schemas/gamification";
import type { Db, DbClient } from "~/server/db/client";
import {
  countCompletedChallenges,
  countPerfectQuizzes,
  findBadgesByIds,
  getUserTimeZone,
  insertUserBadges,
  releaseLearningEventSavepoint,
  rollbackToLearningEventSavepoint,
  saveStreak,
  savepointLearningEvent,
  selectActivityDays,
  setUserTimeZone,
  stepOpenChallenges,
  storeEvent,
} from "~/server/db/queries/gamification";
import { selectLearnerFacts } from "~/server/db/queries/learner-facts";
import { lockUser } from "~/server/db/queries/locks";
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
  const followUp = () =>
    inTransaction(db, async (tx) => {
      await lockUser(tx, "learning", userId);
      const challengeBadgeIds = await advanceChallenges(tx, userId, type, at);
      const stats = await refreshStreak(tx, userId, stored.localDate);
      return { recorded: true, newBadges: await awardBadges(tx, { userId, keys: earnedBadgeKeys(stats), badgeIds: challengeBadgeIds }) };
    });
  // The event is stored; everything that follows from it is recomputed from the stored events, so
  // a follow-up that failed on its own transaction (a lock wait past Prisma's limit under load)
  // is simply run again. Inside a caller's transaction the caller's savepoint handles failure.
  if (!hasOwnTransactions(db)) return followUp();
  try {
    return await followUp();
  } catch (error) {
    logger.warn("learning event follow-up retried", { userId, type, error });
    return followUp();
  }
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
      if (nested) await savepointLearningEvent(db);
      await recordLearningEvent(db, event);
      if (nested) await releaseLearningEventSavepoint(db);
    } catch (error) {
      if (nested) await rollbackToLearningEventSavepoint(db).catch(() => undefined);
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
async function refreshStreak(tx: DbClient, userId: number, today: string) {
  const [days, reviewDays, perfectQuizzes, challenges, facts] = await Promise.all([
    selectActivityDays(tx, userId),
    selectActivityDays(tx, userId, "card_reviewed"),
    countPerfectQuizzes(tx, userId),
    countCompletedChallenges(tx, userId),
    selectLearnerFacts(tx, userId),
  ]);
  const streak = computeStreak(
    days.map((row) => row.localDate),
    today,
  );
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
    challengesCompleted: challenges,
    longestReviewStreak: computeStreak(
      reviewDays.map((row) => row.localDate),
      today,
    ).longestStreak,
  };
}

/** Awards the badges (by key or id) the learner does not hold yet; answers the new ones. */
async function awardBadges(tx: DbClient, { userId, keys, badgeIds }: { userId: number; keys: string[]; badgeIds: number[] }): Promise<UserBadgeView[]> {
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
