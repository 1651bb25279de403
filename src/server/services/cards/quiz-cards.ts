import type { DbClient } from "~/server/db";
import { formatTimestamp } from "~/lib/timestamps";

import { newCardSchedule } from "./fsrs";

export type MissedQuestion = { questionId: number; questionText: string; correctAnswer: string; explanation: string; sourceTime: number | null };

/** The back of a card made from a missed question: the right answer, why, and the moment to rewatch. */
export function quizCardBack({ correctAnswer, explanation, sourceTime }: Pick<MissedQuestion, "correctAnswer" | "explanation" | "sourceTime">): string {
  return [correctAnswer, explanation.trim(), sourceTime === null ? "" : `Rewatch at ${formatTimestamp(sourceTime)}`].filter(Boolean).join("\n\n");
}

/**
 * A card for every question the learner missed, due now. Once per question and learner: the
 * unique key (userId, questionId) with ON CONFLICT DO NOTHING, so a retake or two attempts
 * submitted at once add no second card and never fail on the duplicate.
 */
export async function makeCardsFromMissedQuestions(
  db: DbClient,
  { userId, courseId, missed, now = new Date() }: { userId: number; courseId: number; missed: readonly MissedQuestion[]; now?: Date },
): Promise<number> {
  if (missed.length === 0) return 0;
  const schedule = newCardSchedule(now);
  const { count } = await db.card.createMany({
    data: missed.map((question) => ({
      userId,
      courseId,
      source: "quiz" as const,
      questionId: question.questionId,
      front: question.questionText,
      back: quizCardBack(question),
      timeSeconds: question.sourceTime,
      createdAt: now,
      ...schedule,
    })),
    skipDuplicates: true,
  });
  return count;
}
