import type { Prisma } from "~/generated/prisma/client";

import type { DbClient } from "../client";
import { queryRows } from "./run";

/**
 * Ready courses whose concepts are not found yet (the partial index Course_concepts_pending_idx),
 * at most $1, none of $2, in random order: processes backfilling side by side rarely pick the same.
 */
export async function selectCoursesWithoutConcepts(db: DbClient, { limit, skip }: { limit: number; skip: readonly number[] }): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    `SELECT id FROM "Course" WHERE status = 'ready' AND "conceptsAt" IS NULL AND NOT (id = ANY($2::int[])) ORDER BY random() LIMIT $1`,
    [limit, [...skip]],
  );
  return rows.map((row) => row.id);
}

/** The course's chapters in order, each with its sections in order: their times and the concepts a model named for them. */
export function selectSectionsWithNamedConcepts(db: DbClient, courseId: number) {
  return db.chapter.findMany({
    where: { courseId },
    orderBy: { order: "asc" },
    select: { sections: { orderBy: { order: "asc" }, select: { id: true, timeStart: true, timeEnd: true, modelConcepts: true } } },
  });
}

/** A course's language and status; null for an unknown id. */
export function findCourseLanguage(db: DbClient, courseId: number) {
  return db.course.findUnique({ where: { id: courseId }, select: { id: true, language: true, status: true } });
}

/**
 * Marks a ready course's concepts as found now, locking its row until the transaction ends;
 * `onlyIfPending`: only when they were not found yet. False when nothing was marked.
 */
export async function claimConceptRefresh(
  tx: DbClient,
  { courseId, onlyIfPending, at }: { courseId: number; onlyIfPending: boolean; at: Date },
): Promise<boolean> {
  const claimed = await tx.course.updateMany({
    where: { id: courseId, status: "ready", ...(onlyIfPending ? { conceptsAt: null } : {}) },
    data: { conceptsAt: at },
  });
  return claimed.count > 0;
}

/** The shared Concept rows of these keys in a language, made for the keys that have none: answers the id of each key. */
export async function storeConceptKeys(
  tx: DbClient,
  { language, concepts }: { language: string; concepts: readonly { key: string; label: string }[] },
): Promise<{ id: number; key: string }[]> {
  await tx.concept.createMany({ data: concepts.map((c) => ({ language, key: c.key, label: c.label })), skipDuplicates: true });
  return tx.concept.findMany({ where: { language, key: { in: concepts.map((c) => c.key) } }, select: { id: true, key: true } });
}

/** Replaces what the course says of its concepts and the links between them. */
export async function replaceCourseConcepts(
  tx: DbClient,
  {
    courseId,
    concepts,
    edges,
  }: {
    courseId: number;
    concepts: Omit<Prisma.CourseConceptCreateManyInput, "courseId">[];
    edges: Omit<Prisma.ConceptEdgeCreateManyInput, "courseId">[];
  },
): Promise<void> {
  await tx.courseConcept.deleteMany({ where: { courseId } });
  await tx.conceptEdge.deleteMany({ where: { courseId } });
  await tx.courseConcept.createMany({ data: concepts.map((concept) => ({ courseId, ...concept })) });
  await tx.conceptEdge.createMany({ data: edges.map((edge) => ({ courseId, ...edge })), skipDuplicates: true });
}

/** The questions of the course's quizzes with what tagging reads of them, and the concepts a model tagged each with. */
export function selectCourseQuestionsToTag(tx: DbClient, courseId: number) {
  return tx.quizQuestion.findMany({
    where: { quiz: { section: { chapter: { courseId } } } },
    select: {
      id: true,
      questionText: true,
      correctAnswer: true,
      sourceTime: true,
      quiz: { select: { sectionId: true } },
      concepts: { where: { byModel: true }, select: { conceptId: true } },
    },
  });
}

/** Replaces the concept tags of these questions with `tags`. */
export async function replaceQuestionTags(
  tx: DbClient,
  { questionIds, tags }: { questionIds: number[]; tags: Prisma.QuestionConceptCreateManyInput[] },
): Promise<void> {
  await tx.questionConcept.deleteMany({ where: { questionId: { in: questionIds } } });
  await tx.questionConcept.createMany({ data: tags, skipDuplicates: true });
}

/** Adds concept tags to questions (a tag they have already stays as it is). */
export async function insertQuestionTags(db: DbClient, tags: Prisma.QuestionConceptCreateManyInput[]): Promise<void> {
  await db.questionConcept.createMany({ data: tags, skipDuplicates: true });
}

/** The course's concepts, strongest first, with their keys, labels and moments: what tagging reads. */
export function selectConceptsToTagWith(db: DbClient, courseId: number) {
  return db.courseConcept.findMany({
    where: { courseId },
    orderBy: { rank: "asc" },
    select: { conceptId: true, moments: true, concept: { select: { key: true, label: true } } },
  });
}

/** A quiz with its questions and its course's id and language (none when its section is out of the outline); null for an unknown id. */
export function findQuizToTag(db: DbClient, quizId: number) {
  return db.quiz.findUnique({
    where: { id: quizId },
    select: {
      sectionId: true,
      section: { select: { chapter: { select: { course: { select: { id: true, language: true } } } } } },
      questions: { select: { id: true, order: true, questionText: true, correctAnswer: true, sourceTime: true } },
    },
  });
}

/** The course's concepts, strongest first, as the course page lists them: label, definition and moments. */
export function selectCourseConceptList(db: DbClient, courseId: number) {
  return db.courseConcept.findMany({
    where: { courseId },
    orderBy: { rank: "asc" },
    select: { conceptId: true, definition: true, moments: true, concept: { select: { label: true } } },
  });
}
