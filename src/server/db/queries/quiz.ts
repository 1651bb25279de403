import type { Prisma } from "~/generated/prisma/client";

import type { DbClient } from "../client";
import type { SqlClient } from "../sql-transaction";
import { queryRows, utcParam } from "./run";

export type NewQuizAttempt = {
  quizId: number;
  userId: number;
  score: number;
  passed: boolean;
  answers: readonly StoredAnswer[];
  at: Date;
};

/** An answer as an attempt stores it ("QuizAttempt".answers); `feedback` is an open answer's, absent in attempts stored before it was kept. */
export type StoredAnswer = { questionId: number; answer: string; correct: boolean; credit: number; feedback: string | null };

/** Stores a scored attempt (a row as Prisma would write it); its id. */
export async function insertQuizAttempt(db: SqlClient, attempt: NewQuizAttempt): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    `INSERT INTO "QuizAttempt" ("quizId", "userId", answers, score, passed, "createdAt")
     VALUES ($1::int, $2::int, $3::jsonb, $4::int, $5::boolean, ${utcParam("$6")}) RETURNING id`,
    [attempt.quizId, attempt.userId, JSON.stringify(attempt.answers), attempt.score, attempt.passed, attempt.at.toISOString()],
    "quiz-attempt-insert",
  );
  return rows[0]!.id;
}

/**
 * Each answer of an attempt becomes the learner's latest outcome on its question ("QuestionOutcome":
 * what a class's dashboard counts as missed). A retake overwrites; an older attempt stored late never does.
 */
export async function upsertQuestionOutcomes(
  db: SqlClient,
  { userId, courseId, at, outcomes }: { userId: number; courseId: number; at: Date; outcomes: readonly { questionId: number; credit: number }[] },
): Promise<void> {
  if (outcomes.length === 0) return;
  await queryRows(
    db,
    `INSERT INTO "QuestionOutcome" ("userId", "questionId", "courseId", credit, "answeredAt")
     SELECT $1::int, o.question, $2::int, o.credit, ${utcParam("$5")}
     FROM unnest($3::int[], $4::float8[]) AS o(question, credit)
     ON CONFLICT ("userId", "questionId") DO UPDATE SET credit = EXCLUDED.credit, "answeredAt" = EXCLUDED."answeredAt", "courseId" = EXCLUDED."courseId"
     WHERE "QuestionOutcome"."answeredAt" <= EXCLUDED."answeredAt"`,
    [userId, courseId, outcomes.map((o) => o.questionId), outcomes.map((o) => o.credit), at.toISOString()],
    "question-outcomes-upsert",
  );
}

/**
 * The learner's latest attempt at a quiz (the newest, the later stored first on a tie), its
 * answers read as stored today: an attempt from before credit was kept counts 1 or 0 by `correct`.
 */
export async function selectLastAttempt(
  db: DbClient,
  { quizId, userId }: { quizId: number; userId: number },
): Promise<{ id: number; score: number; passed: boolean; createdAt: Date; answers: StoredAnswer[] } | null> {
  const attempt = await db.quizAttempt.findFirst({
    where: { quizId, userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, score: true, passed: true, createdAt: true, answers: true },
  });
  if (!attempt) return null;
  return { ...attempt, answers: Array.isArray(attempt.answers) ? attempt.answers.flatMap(storedAnswer) : [] };
}

function storedAnswer(value: unknown): StoredAnswer[] {
  if (typeof value !== "object" || value === null) return [];
  const { questionId, answer, correct, credit, feedback } = value as Record<string, unknown>;
  if (typeof questionId !== "number" || typeof answer !== "string" || typeof correct !== "boolean") return [];
  return [
    {
      questionId,
      answer,
      correct,
      credit: typeof credit === "number" && Number.isFinite(credit) ? Math.min(1, Math.max(0, credit)) : correct ? 1 : 0,
      feedback: typeof feedback === "string" ? feedback : null,
    },
  ];
}

/** Who may see a course (canSeeCourse, services/course/get-course.ts). */
const courseVisibilitySelect = { id: true, userId: true, isPublic: true, status: true } as const;

const sectionWithCourseSelect = {
  id: true,
  title: true,
  timeStart: true,
  timeEnd: true,
  chapter: { select: { course: { select: { ...courseVisibilitySelect, title: true, videoId: true, language: true } } } },
} satisfies Prisma.SectionSelect;

export type SectionWithCourseRow = Prisma.SectionGetPayload<{ select: typeof sectionWithCourseSelect }>;

/** A section with its course (who may see it, its title, video and language); no chapter: an edit took it out of the outline. */
export function findSectionWithCourse(db: DbClient, sectionId: number): Promise<SectionWithCourseRow | null> {
  return db.section.findUnique({ where: { id: sectionId }, select: sectionWithCourseSelect });
}

/** What the browser may see of a quiz: no correct answers, no explanations. */
const publicQuizSelect = {
  id: true,
  engine: true,
  section: { select: { title: true, chapter: { select: { course: { select: { language: true } } } } } },
  questions: { orderBy: { order: "asc" }, select: { id: true, kind: true, questionText: true, options: true, sourceTime: true } },
} satisfies Prisma.QuizSelect;

export type PublicQuizRow = Prisma.QuizGetPayload<{ select: typeof publicQuizSelect }>;

/** The section's quiz as the browser may see it, if it has one. */
export function findPublicSectionQuiz(db: DbClient, sectionId: number): Promise<PublicQuizRow | null> {
  return db.quiz.findUnique({ where: { sectionId }, select: publicQuizSelect });
}

/**
 * Stores the section's quiz with these questions: creates it, or fills again the one it has (a quiz
 * whose questions were all deleted; it keeps its attempts). Two at once meet on a unique key (the
 * section, or (quiz, order)): P2002. Answers the quiz as the browser may see it.
 */
export function storeSectionQuiz(
  db: DbClient,
  {
    sectionId,
    fields,
    questions,
  }: { sectionId: number; fields: { title: string; description: string; engine: string }; questions: Prisma.QuizQuestionCreateWithoutQuizInput[] },
): Promise<PublicQuizRow> {
  const create = { create: questions };
  return db.quiz.upsert({
    where: { sectionId },
    create: { sectionId, ...fields, questions: create },
    update: { ...fields, questions: create },
    select: publicQuizSelect,
  });
}

/** The right answer, explanation and moment of each of the quiz's questions, in the quiz's order. */
export function selectQuizAnswerKey(
  db: DbClient,
  quizId: number,
): Promise<{ id: number; correctAnswer: string; explanation: string; sourceTime: number | null }[]> {
  return db.quizQuestion.findMany({
    where: { quizId },
    orderBy: { order: "asc" },
    select: { id: true, correctAnswer: true, explanation: true, sourceTime: true },
  });
}

const quizToGradeSelect = {
  id: true,
  section: { select: { chapter: { select: { course: { select: { ...courseVisibilitySelect, language: true } } } } } },
  questions: {
    orderBy: { order: "asc" },
    select: { id: true, kind: true, questionText: true, options: true, correctAnswer: true, keyIdeas: true, explanation: true, sourceTime: true },
  },
} satisfies Prisma.QuizSelect;

export type QuizToGradeRow = Prisma.QuizGetPayload<{ select: typeof quizToGradeSelect }>;

/** What grading an attempt needs: the quiz's course (who may see it, its language) and its questions with their answers, in order. */
export function findQuizToGrade(db: DbClient, quizId: number): Promise<QuizToGradeRow | null> {
  return db.quiz.findUnique({ where: { id: quizId }, select: quizToGradeSelect });
}
