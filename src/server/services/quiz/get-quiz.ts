import type { Prisma } from "~/generated/prisma/client";
import type { QuizView } from "~/lib/schemas/quiz";
import type { DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { canSeeCourse } from "~/server/services/course/get-course";

/**
 * The course rule (get-course.ts) applied to a section: visible to the course's creator, or to
 * any signed-in learner once the course is public — and only when it is ready. Anything else is
 * the same NOT_FOUND, so section ids reveal nothing.
 */
export const SECTION_NOT_FOUND = "Section not found";
export const QUIZ_NOT_FOUND = "Quiz not found";

const courseVisibility = { select: { id: true, userId: true, isPublic: true, status: true } } as const;

const sectionSelect = {
  id: true,
  title: true,
  timeStart: true,
  timeEnd: true,
  chapter: { select: { course: { select: { ...courseVisibility.select, title: true, videoId: true, language: true } } } },
} satisfies Prisma.SectionSelect;

export type VisibleSection = Prisma.SectionGetPayload<{ select: typeof sectionSelect }>;

export async function getVisibleSectionOrThrow(db: DbClient, { sectionId, userId }: { sectionId: number; userId: number }): Promise<VisibleSection> {
  const section = await db.section.findUnique({ where: { id: sectionId }, select: sectionSelect });
  if (!section || !(await canSeeCourse(db, section.chapter.course, userId))) throw new AppError("NOT_FOUND", SECTION_NOT_FOUND);
  return section;
}

/** What the browser may see of a quiz: no correct answers, no explanations. */
export const publicQuizSelect = {
  id: true,
  title: true,
  description: true,
  engine: true,
  questions: { orderBy: { order: "asc" }, select: { id: true, kind: true, questionText: true, options: true, sourceTime: true } },
} satisfies Prisma.QuizSelect;

export function toQuizView(quiz: Prisma.QuizGetPayload<{ select: typeof publicQuizSelect }>): QuizView {
  const { questions, ...fields } = quiz;
  return { quiz: fields, questions };
}

export async function findSectionQuiz(db: DbClient, sectionId: number): Promise<QuizView | null> {
  const quiz = await db.quiz.findUnique({ where: { sectionId }, select: publicQuizSelect });
  return quiz ? toQuizView(quiz) : null;
}

/** The section's quiz for a learner who may see the section; null before it is generated. */
export async function findVisibleSectionQuiz(db: DbClient, { sectionId, userId }: { sectionId: number; userId: number }): Promise<QuizView | null> {
  await getVisibleSectionOrThrow(db, { sectionId, userId });
  return findSectionQuiz(db, sectionId);
}

/** findVisibleSectionQuiz, with NOT_FOUND "Quiz not found" before it is generated. */
export async function getSectionQuizOrThrow(db: DbClient, where: { sectionId: number; userId: number }): Promise<QuizView> {
  const quiz = await findVisibleSectionQuiz(db, where);
  if (!quiz) throw new AppError("NOT_FOUND", QUIZ_NOT_FOUND);
  return quiz;
}
