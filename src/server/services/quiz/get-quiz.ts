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

type SelectedSection = Prisma.SectionGetPayload<{ select: typeof sectionSelect }>;
/** A section in its course's outline (an edit may have taken it out: then it has no chapter). */
export type VisibleSection = Omit<SelectedSection, "chapter"> & { chapter: NonNullable<SelectedSection["chapter"]> };

export async function getVisibleSectionOrThrow(db: DbClient, { sectionId, userId }: { sectionId: number; userId: number }): Promise<VisibleSection> {
  const section = await db.section.findUnique({ where: { id: sectionId }, select: sectionSelect });
  const course = section?.chapter?.course;
  if (!section || !course || !(await canSeeCourse(db, course, userId))) throw new AppError("NOT_FOUND", SECTION_NOT_FOUND);
  return { ...section, chapter: { course } };
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

/** The section's quiz; null before it is generated, and once its owner deleted every question (it is made again). */
export async function findSectionQuiz(db: DbClient, sectionId: number): Promise<QuizView | null> {
  const quiz = await db.quiz.findUnique({ where: { sectionId }, select: publicQuizSelect });
  return quiz && quiz.questions.length > 0 ? toQuizView(quiz) : null;
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
