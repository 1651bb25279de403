import type { CardRatingName } from "~/lib/review";
import type { CardView } from "~/lib/schemas/cards";
import type { Db } from "~/server/db";
import { insertCardReview, lockCardForReview, updateCardSchedule } from "~/server/db/queries/cards";
import { markAnswersSeen, selectCardConcepts, selectCardQuestionSeenAt } from "~/server/db/queries/mastery";
import { AppError } from "~/server/errors";
import { recordLearningEvents } from "~/server/services/gamification/record-event";
import { answerSeenRecently, cardCredit } from "~/server/services/mastery/model";
import { recordEvidence } from "~/server/services/mastery/record-evidence";

import { CARD_NOT_FOUND, toCardView } from "./card-view";
import { fromFsrsCard, scheduleReview } from "./fsrs";

const NOT_DUE_YET = "This card is not due yet";

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
    const reviewId = await insertCardReview(tx, {
      cardId,
      userId,
      rating,
      state: log.state,
      due: log.due,
      stability: log.stability,
      difficulty: log.difficulty,
      scheduledDays: log.scheduled_days,
      reviewedAt: now,
    });
    const updated = await updateCardSchedule(tx, { cardId, schedule: fromFsrsCard(next) });
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
    return { card: updated, reviewId };
  });
  // Each review is its own event (subject: the review), so ten reviews step 'Review 10 cards' ten times.
  await recordLearningEvents(db, [{ userId, type: "card_reviewed", subjectKey: `review:${reviewId}`, at: now, timeZone }]);
  return { card: toCardView(card) };
}
