import { z } from "zod";

import { countSchema, idParam } from "./common";

/** A calendar day in the learner's time zone, "2026-11-22". */
const localDateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/streaks/{userId} */
export const streakOutput = z.object({
  userId: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  /** The local day of the last learning event; null = never. */
  lastActivityDate: localDateString.nullable(),
  totalCoursesCompleted: z.number().int(),
  totalSectionsCompleted: z.number().int(),
  totalQuizzesCompleted: z.number().int(),
  /** Courses with a progress record: the level is counted from it. */
  coursesStarted: z.number().int(),
  /** The IANA time zone the days are counted in. */
  timeZone: z.string(),
});
export type StreakView = z.infer<typeof streakOutput>;

const BADGE_TYPES = ["streak", "completion", "quiz", "challenge"] as const;

/** GET /api/users/{userId}/badges: one earned badge. */
export const userBadgeOutput = z.object({
  id: z.number().int(),
  awardedAt: z.string(),
  badge: z.object({ id: z.number().int(), key: z.string(), type: z.enum(BADGE_TYPES), name: z.string(), description: z.string() }),
});
export type UserBadgeView = z.infer<typeof userBadgeOutput>;

/** POST /api/streaks/{userId}/activity: the day's visit is recorded once; badges it earned are listed. */
export const activityOutput = z.object({ streak: streakOutput, newBadges: z.array(userBadgeOutput) });

export const challengeOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  target: z.number().int(),
  /** The end of the challenge's day (ISO 8601). */
  expiryDate: z.string(),
  badgeId: z.number().int().nullable(),
});
export type ChallengeView = z.infer<typeof challengeOutput>;

export const userChallengeOutput = z.object({
  challengeId: z.number().int(),
  progress: z.number().int(),
  completed: z.boolean(),
  joinedAt: z.string(),
  completedAt: z.string().nullable(),
  challenge: challengeOutput,
});
export type UserChallengeView = z.infer<typeof userChallengeOutput>;

/** The calendar heatmap: learning events per local day, oldest first, for the last `weeks` weeks. */
export const activityCalendarOutput = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ date: localDateString, count: z.number().int() })),
});

export const userPathInput = z.object({ userId: idParam }).strict();
export const joinChallengeInput = z.object({ userId: idParam, challengeId: idParam }).strict();
export const calendarInput = z.object({ weeks: countSchema("weeks", 1, 53).default(12) }).strict();

/** The sidebar's "Recent Activity": what the learner did lately, newest first. */
export const recentActivityOutput = z.array(
  z.object({
    kind: z.enum(["section", "quiz", "course", "badge"]),
    /** The section's, course's or badge's name. */
    title: z.string(),
    /** Where it happened (a course at its section), or null for a badge (the dashboard). */
    href: z.string(),
    at: z.string(),
  }),
);
export type RecentActivity = z.infer<typeof recentActivityOutput>;

/** The slug of a public achievements card (a random base64url string; the server makes 22 characters). */
const achievementCardIdSchema = z
  .string({ error: "cardId must be text" })
  .min(1, "cardId must not be empty")
  .max(32, "cardId is too long")
  .regex(/^[A-Za-z0-9_-]+$/, "cardId is not a valid card id");

export const achievementCardInput = z.object({ cardId: achievementCardIdSchema }).strict();
export const shareAchievementsOutput = z.object({ cardId: achievementCardIdSchema });

/**
 * The public achievements card (/achievements/{cardId}): what the learner chose to show anyone
 * with the link, and nothing else (no e-mail, user id or course titles).
 */
export const achievementCardOutput = z.object({
  /** The display name, or the username when it is blank. */
  name: z.string(),
  /** When the account was created (ISO 8601). */
  memberSince: z.string(),
  coursesStarted: z.number().int(),
  coursesCompleted: z.number().int(),
  level: z.number().int(),
  /** As of today in the learner's time zone: 0 once a day was missed. */
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  totalSectionsCompleted: z.number().int(),
  totalQuizzesCompleted: z.number().int(),
  /** Newest first. */
  badges: z.array(z.object({ key: z.string(), name: z.string(), description: z.string(), type: z.enum(BADGE_TYPES), awardedAt: z.string() })),
});
export type AchievementCardView = z.infer<typeof achievementCardOutput>;
