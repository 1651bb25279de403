/**
 * Practice on concepts (/mastery): a short set mixing the learner's due cards on them and
 * questions on them from the quizzes of every course that explains them, each answer scored at
 * once and recorded as evidence (answer-practice-question.ts). Cards are reviewed through the
 * review path, which records its own evidence.
 */
import { type PracticeSet } from "~/lib/schemas/concepts";
import type { DbClient } from "~/server/db";
import { selectDueCardsOnConcepts } from "~/server/db/queries/cards";
import { selectPracticeQuestions, selectUnquizzedSections, selectVisibleConcepts } from "~/server/db/queries/mastery";
import { selectQuestionIdsOfCards } from "~/server/db/queries/practice";
import { AppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { toQueueCards } from "~/server/services/cards/queue-cards";
import { getReviewSettings } from "~/server/services/cards/settings";
import { generateSectionQuiz } from "~/server/services/quiz/generate-quiz";
import { PRACTICE_MAX_CARDS, PRACTICE_MAX_QUESTIONS } from "~/lib/rules/practice";

const CONCEPT_NOT_FOUND = "Concept not found";
/** Quizzes practice may make, per set, for sections that explain the concepts and have none yet. */
const QUIZZES_MADE_PER_SET = 2;

/**
 * POST /api/practice: due cards on the concepts (oldest due first) and questions on them, those of
 * quizzes the learner never took first. When there are few questions, the quizzes of up to two
 * sections that explain the concepts are made first (once per section, as the course page makes
 * them); a section whose quiz cannot be made now is left for later.
 */
export async function getPracticeSet(
  db: DbClient,
  { userId, conceptIds, now = new Date() }: { userId: number; conceptIds: readonly number[]; now?: Date },
): Promise<PracticeSet> {
  const wanted = [...new Set(conceptIds)];
  const concepts = await selectVisibleConcepts(db, { userId, conceptIds: wanted });
  if (concepts.length < wanted.length) throw new AppError("NOT_FOUND", CONCEPT_NOT_FOUND);

  const [rows, { desiredRetention }] = await Promise.all([
    selectDueCardsOnConcepts(db, { userId, now, limit: PRACTICE_MAX_CARDS, conceptIds: wanted }),
    getReviewSettings(db, userId),
  ]);
  const cards = await toQueueCards(db, rows, now, desiredRetention);
  const cardQuestions = await selectQuestionIdsOfCards(
    db,
    rows.map((row) => row.id),
  );
  const query = { userId, conceptIds: wanted, skipQuestionIds: cardQuestions, limit: PRACTICE_MAX_QUESTIONS };
  let questions = await selectPracticeQuestions(db, query);
  if (questions.length < PRACTICE_MAX_QUESTIONS / 2 && (await makeQuizzes(db, { userId, conceptIds: wanted })) > 0)
    questions = await selectPracticeQuestions(db, query);

  const practised = new Set(wanted);
  return {
    concepts,
    cards,
    questions: questions.map((q) => ({ ...q, conceptIds: q.conceptIds.filter((id) => practised.has(id)) })),
  };
}

/** Makes the quizzes of a few sections that explain the concepts; how many it made. */
async function makeQuizzes(db: DbClient, { userId, conceptIds }: { userId: number; conceptIds: readonly number[] }): Promise<number> {
  let made = 0;
  for (const sectionId of await selectUnquizzedSections(db, { userId, conceptIds, limit: QUIZZES_MADE_PER_SET })) {
    try {
      await generateSectionQuiz(db, { sectionId, userId });
      made += 1;
    } catch (error) {
      logger.info("practice could not make a section's quiz", { sectionId, error: String(error) });
    }
  }
  return made;
}
