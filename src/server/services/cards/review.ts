import { momentLabel } from "~/lib/course-timeline";
import type { CardRatingName } from "~/lib/review";
import { REVIEW_QUEUE_PAGE, type CardView, type DueCount, type ReviewQueue, type ReviewQueueCard } from "~/lib/schemas/cards";
import { formatTimestamp } from "~/lib/timestamps";
import type { Db, DbClient } from "~/server/db";
import { countDueCards, lockCardForReview, type ReviewQueueRow, selectDueSummary, selectReviewQueue } from "~/server/db/queries/cards";
import { markAnswersSeen, selectCardConcepts, selectCardQuestionSeenAt } from "~/server/db/queries/mastery";
import { selectVideosOfCourses } from "~/server/db/queries/transcript";
import { AppError } from "~/server/errors";
import { recordLearningEvents } from "~/server/services/gamification/record-event";
import { recordEvidence } from "~/server/services/mastery/record-evidence";
import { answerSeenRecently, cardCredit } from "~/server/services/mastery/model";

import { CARD_NOT_FOUND, cardViewSelect, toCardView } from "./card-view";
import { fromFsrsCard, previewIntervals, scheduleReview } from "./fsrs";

const NOT_DUE_YET = "This card is not due yet";

/**
 * GET /api/review/queue: the learner's cards due now across all courses, oldest due first (one
 * page), each with the next interval of every rating as ts-fsrs previews it at the learner's
 * desired retention, and its moment as the course page shows it (with its video's number in a
 * playlist course); how many are due; and, when none is, when the next one will be.
 */
export async function getReviewQueue(db: DbClient, { userId, now = new Date() }: { userId: number; now?: Date }): Promise<ReviewQueue> {
  const [summary, rows] = await Promise.all([selectDueSummary(db, { userId, now }), selectReviewQueue(db, { userId, now, limit: REVIEW_QUEUE_PAGE })]);
  const cards = await toQueueCards(db, rows, now, summary.desiredRetention);
  return { cards, dueCount: summary.dueCount, nextDueAt: summary.dueCount > 0 ? null : summary.nextDueAt };
}

/** Cards as a review session shows them: each with its moment as the course page labels it and each rating's next interval. */
export async function toQueueCards(db: DbClient, rows: readonly ReviewQueueRow[], now: Date, desiredRetention: number): Promise<ReviewQueueCard[]> {
  const timelines = await selectVideosOfCourses(db, [...new Set(rows.flatMap((row) => (row.timeSeconds === null ? [] : [row.courseId])))]);
  return rows.map((row) => {
    const schedule = { ...row, due: new Date(row.due), lastReview: row.lastReview === null ? null : new Date(row.lastReview) };
    return {
      ...toCardView(row),
      courseAvailable: row.courseAvailable,
      moment: row.timeSeconds === null ? null : momentLabel(timelines.get(row.courseId) ?? [], row.timeSeconds, formatTimestamp),
      intervals: previewIntervals(schedule, now, desiredRetention),
    };
  });
}

/** review.dueCount: the learner's cards due now (of one course, when given), and when the next one falls due. */
export function getDueCount(db: DbClient, { userId, courseId, now = new Date() }: { userId: number; courseId?: number; now?: Date }): Promise<DueCount> {
  return countDueCards(db, { userId, courseId, now });
}

/**
 * POST /api/cards/{id}/review: schedules the card by ts-fsrs for the rating, logs the review
 * (CardReview) and records it as a learning event (streak, heatmap, challenges, badges). The
 * card row is locked for the read-schedule-write, so two reviews sent at once record one: the
 * second reads the new due time and is refused with 409, as is any card not due yet. The rating
 * is evidence on the card's concepts (its question's, or its moment's section's), recorded with it:
 * weak evidence within a day of the card's answer being shown.
 */
export async function reviewCard(
  db: Db,
  { userId, cardId, rating, now = new Date(), timeZone }: { userId: number; cardId: number; rating: CardRatingName; now?: Date; timeZone?: string | null },
): Promise<{ card: CardView }> {
  const { card, reviewId } = await db.$transaction(async (tx) => {
    const locked = await lockCardForReview(tx, { cardId, userId });
    if (!locked) throw new AppError("NOT_FOUND", CARD_NOT_FOUND);
    if (locked.due > now) throw new AppError("CONFLICT", NOT_DUE_YET);
    const { card: next, log } = scheduleReview(locked, rating, now, locked.desiredRetention);
    const review = await tx.cardReview.create({
      data: {
        cardId,
        userId,
        rating,
        state: log.state,
        due: log.due,
        stability: log.stability,
        difficulty: log.difficulty,
        scheduledDays: log.scheduled_days,
        reviewedAt: now,
      },
      select: { id: true },
    });
    const updated = await tx.card.update({ where: { id: cardId }, data: fromFsrsCard(next), select: cardViewSelect });
    // The answer was shown when the card was made (from a missed question, or written by the
    // learner), at its last review, and whenever its question's answer was: a review within a day
    // of that may be memory of the answer, weak evidence (docs/mastery.md).
    const questionSeenAt = await selectCardQuestionSeenAt(tx, { cardId, userId });
    const answerShownAt = [locked.lastReview, locked.createdAt, questionSeenAt].reduce<Date | null>(
      (latest, at) => (at && (!latest || at > latest) ? at : latest),
      null,
    );
    const evidence = { kind: "card" as const, credit: cardCredit(rating), at: now, answerSeen: answerSeenRecently(answerShownAt, now) };
    await recordEvidence(tx, userId, [{ conceptIds: await selectCardConcepts(tx, cardId), evidence }]);
    if (locked.questionId !== null) await markAnswersSeen(tx, { userId, questionIds: [locked.questionId], at: now });
    return { card: updated, reviewId: review.id };
  });
  // Each review is its own event (subject: the review), so ten reviews step 'Review 10 cards' ten times.
  await recordLearningEvents(db, [{ userId, type: "card_reviewed", subjectKey: `review:${reviewId}`, at: now, timeZone }]);
  return { card: toCardView(card) };
}
