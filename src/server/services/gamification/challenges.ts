import type { ActivityType } from "~/generated/prisma/enums";
import type { ChallengeView, UserChallengeView } from "~/lib/schemas/gamification";
import type { DbClient } from "~/server/db/client";
import {
  type ChallengeRow,
  findBadgeIdByKey,
  findChallengeExpiry,
  insertMissingChallenges,
  joinChallengeOnce,
  listJoinedChallenges,
  listOpenChallenges,
  type UserChallengeRow,
} from "~/server/db/queries/gamification";
import { AppError } from "~/server/errors";

import { addDays, dateColumn } from "./local-date";

/** The challenges every day offers (UTC day; each expires at the day's end). */
const DAILY_CHALLENGES: { key: string; title: string; description: string; eventType: ActivityType; target: number }[] = [
  { key: "sections-3", title: "Section Sprint", description: "Complete 3 sections today", eventType: "section_completed", target: 3 },
  { key: "quizzes-2", title: "Quiz Streak", description: "Pass 2 quizzes today", eventType: "quiz_passed", target: 2 },
  { key: "tutor-1", title: "Curious Mind", description: "Ask the course tutor 1 question today", eventType: "chat_question", target: 1 },
  { key: "quiz-perfect-1", title: "Flawless", description: "Get every answer of a quiz right today", eventType: "quiz_perfect", target: 1 },
  { key: "cards-10", title: "Card Sharp", description: "Review 10 cards today", eventType: "card_reviewed", target: 10 },
];

/** Daily challenges award this badge when completed (the first completion earns it; it is kept once). */
const CHALLENGE_BADGE = "challenge-1";

const toChallengeView = (row: ChallengeRow): ChallengeView => ({
  ...row,
  expiryDate: row.expiryDate.toISOString(),
});

/** Creates the day's challenges if they are not there yet (every app instance may ask at once). */
async function ensureDailyChallenges(db: DbClient, now: Date): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  const badge = await findBadgeIdByKey(db, CHALLENGE_BADGE);
  await insertMissingChallenges(
    db,
    DAILY_CHALLENGES.map((c) => ({ ...c, day: dateColumn(day), expiryDate: dateColumn(addDays(day, 1)), badgeId: badge?.id ?? null })),
  );
}

/** GET /api/challenges/active: today's challenges, still open. */
export async function listActiveChallenges(db: DbClient, now = new Date()): Promise<ChallengeView[]> {
  await ensureDailyChallenges(db, now);
  const rows = await listOpenChallenges(db, now);
  return rows.map(toChallengeView);
}

const toUserChallengeView = (row: UserChallengeRow): UserChallengeView => ({
  ...row,
  joinedAt: row.joinedAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  challenge: toChallengeView(row.challenge),
});

/** GET /api/users/{userId}/challenges: the challenges the learner joined, newest first (the last 30 days). */
export async function listUserChallenges(db: DbClient, userId: number, now = new Date()): Promise<UserChallengeView[]> {
  const rows = await listJoinedChallenges(db, { userId, expiringAfter: new Date(now.getTime() - 30 * 86_400_000) });
  return rows.map(toUserChallengeView);
}

/**
 * POST /api/users/{userId}/challenges/{challengeId}: joins a challenge that is still open.
 * Joining twice is one join (the unique key; the second answers the first's entry). Progress
 * counts only learning done after joining.
 */
export async function joinChallenge(
  db: DbClient,
  { userId, challengeId, now = new Date() }: { userId: number; challengeId: number; now?: Date },
): Promise<UserChallengeView> {
  const challenge = await findChallengeExpiry(db, challengeId);
  if (!challenge) throw new AppError("NOT_FOUND", "Challenge not found.");
  if (challenge.expiryDate <= now) throw new AppError("CONFLICT", "This challenge has expired. Check back tomorrow for new challenges!");
  return toUserChallengeView(await joinChallengeOnce(db, { userId, challengeId, joinedAt: now }));
}
