import { momentLabel } from "~/lib/course-timeline";
import { formatTimestamp } from "~/lib/timestamps";
import { selectVideosOfCourses } from "~/server/db/queries/transcript";
/**
 * Practice on concepts (/mastery): a short set mixing the learner's due cards on them and
 * questions on them from the quizzes of every course that explains them, each answer scored at
 * once and recorded as evidence. Cards are reviewed through the review path, which records its
 * own evidence.
 */
import { PRACTICE_MAX_CARDS, PRACTICE_MAX_QUESTIONS, type PracticeAnswer, type PracticeSet } from "~/lib/schemas/concepts";
import type { DbClient } from "~/server/db";
import { selectDueCardsOnConcepts } from "~/server/db/queries/cards";
import { markAnswersSeen, selectPracticeQuestions, selectQuestionConcepts, selectUnquizzedSections, selectVisibleConcepts } from "~/server/db/queries/mastery";
import { inSqlTransaction } from "~/server/db/sql-transaction";
import { AppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { makeCardsFromMissedQuestions } from "~/server/services/cards/quiz-cards";
import { toQueueCards } from "~/server/services/cards/review";
import { getReviewSettings } from "~/server/services/cards/settings";
import { canSeeCourse } from "~/server/services/course/get-course";
import { generateSectionQuiz } from "~/server/services/quiz/generate-quiz";
import { acceptedAnswer, defaultOpenGrader, gradeAnswers, type OpenAnswerGrader } from "~/server/services/quiz/grade-answers";

import { answerSeenRecently, type Evidence, shownMastery } from "./model";
import { recordEvidence } from "./record-evidence";

const CONCEPT_NOT_FOUND = "Concept not found";
const QUESTION_NOT_FOUND = "Question not found";
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
  const cardQuestions = (await db.card.findMany({ where: { id: { in: rows.map((row) => row.id) } }, select: { questionId: true } })).flatMap((card) =>
    card.questionId === null ? [] : [card.questionId],
  );
  const query = { userId, conceptIds: wanted, skipQuestionIds: cardQuestions, limit: PRACTICE_MAX_QUESTIONS };
  let questions = await selectPracticeQuestions(db, query);
  if (questions.length < PRACTICE_MAX_QUESTIONS / 2 && (await makeQuizzes(db, userId, wanted)) > 0) questions = await selectPracticeQuestions(db, query);

  const practised = new Set(wanted);
  return {
    concepts,
    cards,
    questions: questions.map((q) => ({ ...q, conceptIds: q.conceptIds.filter((id) => practised.has(id)) })),
  };
}

/** Makes the quizzes of a few sections that explain the concepts; how many it made. */
async function makeQuizzes(db: DbClient, userId: number, conceptIds: readonly number[]): Promise<number> {
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

/**
 * One practice answer: scored at once (a choice must be one of its options; an open answer is
 * graded with credit and feedback), recorded as evidence on the question's concepts (weak within
 * a day of seeing its answer), and, when wrong, made a card like a missed quiz question.
 */
export async function answerPracticeQuestion(
  db: DbClient,
  { userId, questionId, answer, now = new Date() }: { userId: number; questionId: number; answer: string; now?: Date },
  deps: { grader?: OpenAnswerGrader } = {},
): Promise<PracticeAnswer> {
  const question = await db.quizQuestion.findUnique({
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
  const course = question?.quiz?.section.chapter?.course;
  if (!question || !course || !(await canSeeCourse(db, course, userId))) throw new AppError("NOT_FOUND", QUESTION_NOT_FOUND);
  const given = acceptedAnswer(question, answer, 1);
  const [graded] = await gradeAnswers([{ question, answer: given }], course.language, deps.grader ?? defaultOpenGrader());
  const { correct, credit, feedback } = graded!;

  const conceptIds = (await selectQuestionConcepts(db, [question.id])).map((tag) => tag.conceptId);
  if (!correct) {
    const { id, quiz: _quiz, ...missed } = question;
    await makeCardsFromMissedQuestions(db, { userId, courseId: course.id, missed: [{ questionId: id, ...missed }], now });
  }
  const states = await inSqlTransaction(db, async (tx) => {
    // A question whose answer the learner saw within a day (its quiz's results, an earlier
    // practice, its card) is weak evidence: the answer may only be remembered (docs/mastery.md).
    const seenAt = (await markAnswersSeen(tx, { userId, questionIds: [question.id], at: now })).get(question.id);
    const answerSeen = answerSeenRecently(seenAt, now);
    const evidence: Evidence =
      question.kind === "open"
        ? { kind: "open", credit, at: now, answerSeen }
        : { kind: "choice", credit, at: now, optionCount: question.options.length, answerSeen };
    return recordEvidence(tx, userId, [{ conceptIds, evidence }]);
  });
  const moment =
    question.sourceTime === null
      ? null
      : momentLabel((await selectVideosOfCourses(db, [course.id])).get(course.id) ?? [], question.sourceTime, formatTimestamp);
  return {
    questionId: question.id,
    answer: given,
    correct,
    credit,
    feedback,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    sourceTime: question.sourceTime,
    moment,
    courseId: course.id,
    mastery: [...states].map(([conceptId, state]) => ({ conceptId, mastery: shownMastery(state, now) })),
  };
}
