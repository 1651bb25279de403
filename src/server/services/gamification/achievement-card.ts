import { randomBytes } from "node:crypto";

import { levelFor } from "~/lib/levels";
import type { AchievementCardView } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";
import { clearAchievementCardId, findAchievementCardOwner, setAchievementCardIdOnce } from "~/server/db/queries/gamification";
import { AppError } from "~/server/errors";

import { getStreak } from "./get-streak";
import { listUserBadges } from "./list-user-badges";

/** 16 random bytes (128 bits) as base64url: 22 characters nobody can guess or enumerate. */
const newCardId = () => randomBytes(16).toString("base64url");

/**
 * Shares the learner's achievements card and answers its slug. The slug is made once: one
 * UPDATE keeps an existing slug (COALESCE), and concurrent calls queue on the row lock, so the
 * later one reads the slug the first one set and every caller gets the same link.
 */
export async function shareAchievementCard(db: DbClient, userId: number): Promise<{ cardId: string }> {
  const row = await setAchievementCardIdOnce(db, { userId, cardId: newCardId() });
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return row;
}

/** Stops sharing: the old link answers 404 from now on, and sharing again makes a new one. */
export async function stopSharingAchievementCard(db: DbClient, userId: number): Promise<void> {
  await clearAchievementCardId(db, userId);
}

/**
 * The public card behind a shared slug, for anyone with the link. Unknown and revoked slugs are
 * the same 404, so a link never tells whether it was ever valid. Every figure is the dashboard's
 * own (getStreak: the learner's counts and the live streak, 0 once a day was missed), and the
 * level is counted from the same courses started.
 */
export async function getAchievementCard(db: DbClient, cardId: string, now = new Date()): Promise<AchievementCardView> {
  const owner = await findAchievementCardOwner(db, cardId);
  if (!owner) throw new AppError("NOT_FOUND", "This achievements card is not shared.");
  const [streak, badges] = await Promise.all([getStreak(db, owner.id, now), listUserBadges(db, owner.id)]);
  return {
    // As the header's user menu names people: a blank display name falls back to the username.
    name: owner.displayName?.trim() || owner.username,
    memberSince: owner.createdAt.toISOString(),
    coursesStarted: streak.coursesStarted,
    coursesCompleted: streak.totalCoursesCompleted,
    level: levelFor(streak.coursesStarted),
    currentStreak: streak.currentStreak,
    longestStreak: streak.longestStreak,
    totalSectionsCompleted: streak.totalSectionsCompleted,
    totalQuizzesCompleted: streak.totalQuizzesCompleted,
    badges: badges.map(({ awardedAt, badge }) => ({ key: badge.key, name: badge.name, description: badge.description, type: badge.type, awardedAt })),
  };
}
