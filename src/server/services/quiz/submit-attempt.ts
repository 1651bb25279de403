import { ANSWER_ALL_MESSAGE, QUIZ_PASS_SCORE, type AttemptResult } from "~/lib/schemas/quiz";
import type { DbClient } from "~/server/db";
import { selectQuestionConcepts } from "~/server/db/queries/mastery";
import { insertQuizAttempt } from "~/server/db/queries/quiz";
import { inSqlTransaction } from "~/server/db/sql-transaction";
import { AppError } from "~/server/errors";
import { makeCardsFromMissedQuestions } from "~/server/services/cards/quiz-cards";
import { isVisibleTo } from "~/server/services/course/get-course";
import { type LearningEvent, recordLearningEvents } from "~/server/services/gamification/record-event";
import { type ConceptEvidence, recordEvidence } from "~/server/services/mastery/record-evidence";

import { QUIZ_NOT_FOUND } from "./get-quiz";

/**
 * Scores an attempt on the server and stores it for the caller. Every question must be answered
 * exactly once with one of its options. Retakes are new attempts; nothing is written unless the
 * whole attempt is valid. Every question answered wrong becomes a flashcard (once per question):
 * `cardsCreated` says how many this attempt made. Each answer is evidence on the concepts its
 * question tests, recorded with the attempt.
 */
export async function submitQuizAttempt(
  db: DbClient,
  {
    quizId,
    userId,
    answers,
    timeZone,
  }: { quizId: number; userId: number; answers: readonly { questionId: number; answer: string }[]; timeZone?: string | null },
): Promise<AttemptResult> {
  const quiz = await db.quiz.findUnique({
    where: { id: quizId },
    select: {
      id: true,
      section: { select: { chapter: { select: { course: { select: { id: true, userId: true, isPublic: true, status: true } } } } } },
      questions: {
        orderBy: { order: "asc" },
        select: { id: true, questionText: true, options: true, correctAnswer: true, explanation: true, sourceTime: true },
      },
    },
  });
  if (!quiz || !isVisibleTo(quiz.section.chapter.course, userId)) throw new AppError("NOT_FOUND", QUIZ_NOT_FOUND);

  const questions = new Map(quiz.questions.map((q, n) => [q.id, { ...q, number: n + 1 }]));
  const given = new Map<number, string>();
  for (const { questionId, answer } of answers) {
    const question = questions.get(questionId);
    if (!question) throw new AppError("BAD_REQUEST", `Question ${questionId} is not part of this quiz`);
    if (given.has(questionId)) throw new AppError("BAD_REQUEST", ANSWER_ALL_MESSAGE);
    if (!question.options.includes(answer)) throw new AppError("BAD_REQUEST", `The answer to question ${question.number} is not one of its options`);
    given.set(questionId, answer);
  }
  if (given.size !== questions.size) throw new AppError("BAD_REQUEST", ANSWER_ALL_MESSAGE);

  const results = quiz.questions.map((q) => {
    const answer = given.get(q.id)!;
    return {
      questionId: q.id,
      answer,
      correct: answer === q.correctAnswer,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      sourceTime: q.sourceTime,
    };
  });
  const right = results.filter((r) => r.correct).length;
  const score = results.length === 0 ? 0 : Math.round((100 * right) / results.length);
  const passed = score >= QUIZ_PASS_SCORE;
  // Cards first: making them is idempotent (one per question and learner), so if storing the
  // attempt then fails, the learner's retry neither loses nor doubles a card.
  const missed = quiz.questions.filter((q) => given.get(q.id) !== q.correctAnswer).map(({ id, ...q }) => ({ questionId: id, ...q }));
  const cardsCreated = await makeCardsFromMissedQuestions(db, { userId, courseId: quiz.section.chapter.course.id, missed });
  const at = new Date();
  const evidence = await answerEvidence(db, results, quiz.questions, at);
  const answersStored = results.map(({ questionId, answer, correct }) => ({ questionId, answer, correct }));
  const attemptId = await inSqlTransaction(db, async (tx) => {
    const id = await insertQuizAttempt(tx, { quizId: quiz.id, userId, score, passed, answers: answersStored, at });
    await recordEvidence(tx, userId, evidence);
    return id;
  });
  // A quiz counts once for streaks, challenges and badges, however often it is retaken.
  const learned = (type: LearningEvent["type"]): LearningEvent => ({ userId, type, subjectKey: String(quiz.id), timeZone });
  await recordLearningEvents(db, [learned("quiz_submitted"), ...(passed ? [learned("quiz_passed")] : []), ...(score === 100 ? [learned("quiz_perfect")] : [])]);
  return { attemptId, score, passed, results, cardsCreated };
}

/** Each answer as evidence on the concepts its question tests: right or wrong, guessed 1 in its options. */
async function answerEvidence(
  db: DbClient,
  results: readonly { questionId: number; correct: boolean }[],
  questions: readonly { id: number; options: readonly string[] }[],
  at: Date,
): Promise<ConceptEvidence[]> {
  const tags = await selectQuestionConcepts(
    db,
    results.map((r) => r.questionId),
  );
  const optionCount = new Map(questions.map((q) => [q.id, q.options.length]));
  return results.map((result) => ({
    conceptIds: tags.filter((tag) => tag.questionId === result.questionId).map((tag) => tag.conceptId),
    evidence: { kind: "choice", credit: result.correct ? 1 : 0, at, optionCount: optionCount.get(result.questionId) },
  }));
}
