import type { DbClient } from "../client";

/** The ids of the questions these cards were made from (cards made otherwise have none), in no order. */
export async function selectQuestionIdsOfCards(db: DbClient, cardIds: number[]): Promise<number[]> {
  const cards = await db.card.findMany({ where: { id: { in: cardIds } }, select: { questionId: true } });
  return cards.flatMap((card) => (card.questionId === null ? [] : [card.questionId]));
}

/**
 * A question as practice grades it, with its course's visibility fields and language (no course
 * when its quiz or section is out of the outline); null for an unknown id.
 */
export function findQuestionToPractise(db: DbClient, questionId: number) {
  return db.quizQuestion.findUnique({
    where: { id: questionId },
    select: {
      id: true,
      kind: true,
      questionText: true,
      options: true,
      correctAnswer: true,
      keyIdeas: true,
      explanation: true,
      sourceTime: true,
      quiz: {
        select: {
          section: { select: { chapter: { select: { course: { select: { id: true, userId: true, isPublic: true, status: true, language: true } } } } } },
        },
      },
    },
  });
}
