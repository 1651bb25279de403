import { ANSWER_ALL_MESSAGE, QUIZ_PASS_SCORE, type AttemptResult } from "~/lib/schemas/quiz";
import type { DbClient } from "~/server/db";
import { findQuizToGrade, insertQuizAttempt, upsertQuestionOutcomes } from "~/server/db/queries/quiz";
import { inSqlTransaction } from "~/server/db/sql-transaction";
import { AppError } from "~/server/errors";
import { queueLtiScores, wakeScoreSender } from "~/server/lti/grades";
import { makeCardsFromMissedQuestions } from "~/server/services/cards/quiz-cards";
import { canSeeCourse } from "~/server/db/queries/course-visibility";
import { type LearningEvent, recordLearningEvents } from "~/server/services/gamification/record-event";
import { recordAttemptEvidence } from "~/server/services/mastery/answer-evidence";

import { QUIZ_NOT_FOUND } from "./get-quiz";
import { acceptedAnswer, defaultOpenGrader, gradeAnswers, type OpenAnswerGrader } from "./grade-answers";

/** An open question the attempt left out: answered with nothing, for no credit. */
const UNANSWERED = { answer: "", correct: false, credit: 0, feedback: null };

/**
 * Scores an attempt on the server and stores it for the caller. Every choice question must be
 * answered exactly once with one of its options; an open question is answered at most once, with
 * some visible text of the learner's own (graded with credit and feedback), or left out (no
 * credit, no evidence, no card). The score is the credit over all the quiz's questions as a
 * percent. Retakes are new attempts; nothing is written unless the whole attempt is valid. Every
 * question answered wrong (an open one below OPEN_PASS_CREDIT) becomes a flashcard (once per
 * question): `cardsCreated` says how many this attempt made. Each answer is evidence on the
 * concepts its question tests, and the learner's latest outcome on its question (a class's
 * dashboard), both recorded with the attempt; only a learner's first answer to a question is evidence.
 * A learner launched from an LMS owes its gradebook a score with each attempt (server/lti/grades.ts).
 */
export async function submitQuizAttempt(
  db: DbClient,
  {
    quizId,
    userId,
    answers,
    timeZone,
  }: { quizId: number; userId: number; answers: readonly { questionId: number; answer: string }[]; timeZone?: string | null },
  deps: { grader?: OpenAnswerGrader } = {},
): Promise<AttemptResult> {
  const quiz = await findQuizToGrade(db, quizId);
  const course = quiz?.section.chapter?.course;
  if (!quiz || !course || !(await canSeeCourse(db, course, userId))) throw new AppError("NOT_FOUND", QUIZ_NOT_FOUND);

  const questions = new Map(quiz.questions.map((q, n) => [q.id, { ...q, number: n + 1 }]));
  const given = new Map<number, string>();
  for (const { questionId, answer } of answers) {
    const question = questions.get(questionId);
    if (!question) throw new AppError("BAD_REQUEST", `Question ${questionId} is not part of this quiz`);
    if (given.has(questionId)) throw new AppError("BAD_REQUEST", ANSWER_ALL_MESSAGE);
    given.set(questionId, acceptedAnswer(question, answer, question.number));
  }
  // Every choice question is answered; an open one may be left out (a client that knows only
  // multiple choice): it is unanswered, with no credit.
  if (quiz.questions.some((q) => q.kind !== "open" && !given.has(q.id))) throw new AppError("BAD_REQUEST", ANSWER_ALL_MESSAGE);

  const answered = quiz.questions.filter((q) => given.has(q.id));
  const graded = await gradeAnswers(
    answered.map((question) => ({ question, answer: given.get(question.id)! })),
    course.language,
    deps.grader ?? defaultOpenGrader(),
  );
  const gradeOf = new Map(answered.map((q, k) => [q.id, graded[k]!]));
  const results = quiz.questions.map((q) => ({
    questionId: q.id,
    ...(gradeOf.get(q.id) ?? UNANSWERED),
    correctAnswer: q.correctAnswer,
    explanation: q.explanation,
    sourceTime: q.sourceTime,
  }));
  const credit = results.reduce((sum, r) => sum + r.credit, 0);
  const score = results.length === 0 ? 0 : Math.round((100 * credit) / results.length);
  const passed = score >= QUIZ_PASS_SCORE;
  // Cards first: making them is idempotent (one per question and learner), so if storing the
  // attempt then fails, the learner's retry neither loses nor doubles a card.
  // An omitted open question is no evidence: no card, no outcome, nothing on its concepts.
  const answeredResults = results.filter((r) => given.has(r.questionId));
  const missed = answered.filter((q) => !gradeOf.get(q.id)!.correct).map(({ id, ...q }) => ({ questionId: id, ...q }));
  const cardsCreated = await makeCardsFromMissedQuestions(db, { userId, courseId: course.id, missed });
  const at = new Date();
  const evidence = answered.map((q) => ({ questionId: q.id, kind: q.kind, optionCount: q.options.length, credit: gradeOf.get(q.id)!.credit }));
  const answersStored = results.map(({ questionId, answer, correct, credit, feedback }) => ({ questionId, answer, correct, credit, feedback }));
  const attempt = await inSqlTransaction(db, async (tx) => {
    const id = await insertQuizAttempt(tx, { quizId: quiz.id, userId, score, passed, answers: answersStored, at });
    await upsertQuestionOutcomes(tx, { userId, courseId: course.id, at, outcomes: answeredResults });
    await recordAttemptEvidence(tx, { userId, shown: results.map((r) => r.questionId), answers: evidence, at });
    // The LMS gradebook's score, owed with the attempt and posted later by the score sender.
    const scoresQueued = await queueLtiScores(tx, { userId, courseId: course.id, at });
    return { id, scoresQueued };
  });
  if (attempt.scoresQueued > 0) wakeScoreSender();
  // A quiz counts once for streaks, challenges and badges, however often it is retaken.
  const learned = (type: LearningEvent["type"]): LearningEvent => ({ userId, type, subjectKey: String(quiz.id), timeZone });
  await recordLearningEvents(db, [learned("quiz_submitted"), ...(passed ? [learned("quiz_passed")] : []), ...(score === 100 ? [learned("quiz_perfect")] : [])]);
  return { attemptId: attempt.id, score, passed, results, cardsCreated };
}
