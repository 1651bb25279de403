import { momentLabel } from "~/lib/course-timeline";
import type { PracticeAnswer } from "~/lib/schemas/concepts";
import { formatTimestamp } from "~/lib/timestamps";
import type { DbClient } from "~/server/db";
import { canSeeCourse } from "~/server/db/queries/course-visibility";
import { findQuestionToPractise } from "~/server/db/queries/practice";
import { selectVideosOfCourses } from "~/server/db/queries/transcript";
import { inSqlTransaction } from "~/server/db/sql-transaction";
import { AppError } from "~/server/errors";
import { makeCardsFromMissedQuestions } from "~/server/services/cards/quiz-cards";
import { recordPracticeEvidence } from "~/server/services/mastery/answer-evidence";
import { shownMastery } from "~/server/services/mastery/model";
import { acceptedAnswer, defaultOpenGrader, gradeAnswers, type OpenAnswerGrader } from "~/server/services/quiz/grade-answers";

const QUESTION_NOT_FOUND = "Question not found";

/**
 * POST /api/practice/answers: one practice answer, scored at once (a choice must be one of its
 * options; an open answer is graded with credit and feedback), recorded as evidence on the
 * question's concepts (weak within a day of seeing its answer), and, when wrong, made a card like
 * a missed quiz question.
 */
export async function answerPracticeQuestion(
  db: DbClient,
  { userId, questionId, answer, now = new Date() }: { userId: number; questionId: number; answer: string; now?: Date },
  deps: { grader?: OpenAnswerGrader } = {},
): Promise<PracticeAnswer> {
  const question = await findQuestionToPractise(db, questionId);
  const course = question?.quiz?.section.chapter?.course;
  if (!question || !course || !(await canSeeCourse(db, course, userId))) throw new AppError("NOT_FOUND", QUESTION_NOT_FOUND);
  const given = acceptedAnswer(question, answer, 1);
  const [graded] = await gradeAnswers([{ question, answer: given }], course.language, deps.grader ?? defaultOpenGrader());
  const { correct, credit, feedback } = graded!;

  if (!correct) {
    const { id, quiz: _quiz, ...missed } = question;
    await makeCardsFromMissedQuestions(db, { userId, courseId: course.id, missed: [{ questionId: id, ...missed }], now });
  }
  const states = await inSqlTransaction(db, (tx) =>
    recordPracticeEvidence(tx, { userId, answer: { questionId: question.id, kind: question.kind, optionCount: question.options.length, credit }, at: now }),
  );
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
