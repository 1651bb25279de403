import type { LastAttempt, QuizView } from "~/lib/schemas/quiz";
import type { DbClient } from "~/server/db";
import {
  findPublicSectionQuiz,
  findSectionWithCourse,
  type PublicQuizRow,
  type SectionWithCourseRow,
  selectLastAttempt,
  selectQuizAnswerKey,
} from "~/server/db/queries/quiz";
import { AppError } from "~/server/errors";
import { canSeeCourse } from "~/server/db/queries/course-visibility";

import { quizHeading } from "./quiz-heading";

/**
 * The course rule (get-course.ts) applied to a section: visible to the course's creator, or to
 * any signed-in learner once the course is public — and only when it is ready. Anything else is
 * the same NOT_FOUND, so section ids reveal nothing.
 */
const SECTION_NOT_FOUND = "Section not found";
export const QUIZ_NOT_FOUND = "Quiz not found";

/** A section in its course's outline (an edit may have taken it out: then it has no chapter). */
export type VisibleSection = Omit<SectionWithCourseRow, "chapter"> & { chapter: NonNullable<SectionWithCourseRow["chapter"]> };

export async function getVisibleSectionOrThrow(db: DbClient, { sectionId, userId }: { sectionId: number; userId: number }): Promise<VisibleSection> {
  const section = await findSectionWithCourse(db, sectionId);
  const course = section?.chapter?.course;
  if (!section || !course || !(await canSeeCourse(db, course, userId))) throw new AppError("NOT_FOUND", SECTION_NOT_FOUND);
  return { ...section, chapter: { course } };
}

/**
 * A quiz as the learner `userId` sees it: its heading worded now (`quizHeading`), its questions,
 * and the learner's last attempt.
 */
export async function toQuizView(db: DbClient, quiz: PublicQuizRow, userId: number): Promise<QuizView> {
  const { questions, section, id, engine } = quiz;
  return {
    quiz: { id, engine, ...quizHeading(section.chapter?.course.language ?? "en", section.title, questions.length) },
    questions,
    lastAttempt: await findLastAttempt(db, { quizId: id, userId }),
  };
}

/** The section's quiz for `userId`; null before it is generated, and once its owner deleted every question (it is made again). */
export async function findSectionQuiz(db: DbClient, { sectionId, userId }: { sectionId: number; userId: number }): Promise<QuizView | null> {
  const quiz = await findPublicSectionQuiz(db, sectionId);
  return quiz && quiz.questions.length > 0 ? toQuizView(db, quiz, userId) : null;
}

/** The section's quiz for a learner who may see the section; null before it is generated. */
export async function findVisibleSectionQuiz(db: DbClient, { sectionId, userId }: { sectionId: number; userId: number }): Promise<QuizView | null> {
  await getVisibleSectionOrThrow(db, { sectionId, userId });
  return findSectionQuiz(db, { sectionId, userId });
}

/** findVisibleSectionQuiz, with NOT_FOUND "Quiz not found" before it is generated. */
export async function getSectionQuizOrThrow(db: DbClient, where: { sectionId: number; userId: number }): Promise<QuizView> {
  const quiz = await findVisibleSectionQuiz(db, where);
  if (!quiz) throw new AppError("NOT_FOUND", QUIZ_NOT_FOUND);
  return quiz;
}

/**
 * The learner's latest attempt at the quiz, as it was scored: its score, and a result for each of
 * its answers whose question is still in the quiz (in the quiz's order), with the question's
 * right answer and explanation as the attempt answer gave them. Null when the learner has none,
 * or when no question it answered is in the quiz any more (the quiz was written again).
 */
export async function findLastAttempt(db: DbClient, { quizId, userId }: { quizId: number; userId: number }): Promise<LastAttempt | null> {
  const attempt = await selectLastAttempt(db, { quizId, userId });
  if (!attempt) return null;
  const questions = await selectQuizAnswerKey(db, quizId);
  const answers = new Map(attempt.answers.map((answer) => [answer.questionId, answer]));
  const results = questions.flatMap((question) => {
    const answer = answers.get(question.id);
    if (!answer) return [];
    return [
      {
        questionId: question.id,
        answer: answer.answer,
        correct: answer.correct,
        credit: answer.credit,
        feedback: answer.feedback,
        correctAnswer: question.correctAnswer,
        explanation: question.explanation,
        sourceTime: question.sourceTime,
      },
    ];
  });
  if (results.length === 0) return null;
  return { attemptId: attempt.id, score: attempt.score, passed: attempt.passed, submittedAt: attempt.createdAt.toISOString(), results };
}
