import type { Prisma } from "~/generated/prisma/client";

import type { DbClient } from "../client";

export type LockedCourseRow = { id: number; userId: number; status: string; version: number; createdAt: Date };

/**
 * The course row, locked until the transaction ends: every edit of one course runs after the one
 * before it has committed, so each reads the version that edit left.
 */
export async function lockCourse(tx: DbClient, courseId: number): Promise<LockedCourseRow | undefined> {
  const [row] = await tx.$queryRaw<LockedCourseRow[]>`
    SELECT id, "userId", status::text AS status, version, "createdAt" FROM "Course" WHERE id = ${courseId} FOR UPDATE`;
  return row;
}

/**
 * Makes room in a chapter: the sections from `fromOrder` on move one place later (`by` 1) or
 * earlier (`by` -1). In two steps, so the unique (chapter, order) never sees two at once.
 */
export async function shiftSections(tx: DbClient, { chapterId, fromOrder, by }: { chapterId: number; fromOrder: number; by: 1 | -1 }): Promise<void> {
  await tx.$executeRaw`UPDATE "Section" SET "order" = -"order" WHERE "chapterId" = ${chapterId} AND "order" >= ${fromOrder}`;
  await tx.$executeRaw`UPDATE "Section" SET "order" = -"order" + ${by} WHERE "chapterId" = ${chapterId} AND "order" < 0`;
}

/** Gives section `to` a completion wherever section `from` has one (a split's second half). */
export async function copyCompletions(tx: DbClient, { from, to }: { from: number; to: number }): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "SectionCompletion" ("userId", "courseId", "sectionId", "completedAt")
    SELECT "userId", "courseId", ${to}, "completedAt" FROM "SectionCompletion" WHERE "sectionId" = ${from}
    ON CONFLICT ("userId", "sectionId") DO NOTHING`;
}

/** Gives section `to` a completion for every learner who completed both `first` and `second` (a merge), at the later time. */
export async function completeWhereBoth(tx: DbClient, { first, second, to }: { first: number; second: number; to: number }): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "SectionCompletion" ("userId", "courseId", "sectionId", "completedAt")
    SELECT a."userId", a."courseId", ${to}, greatest(a."completedAt", b."completedAt")
    FROM "SectionCompletion" a JOIN "SectionCompletion" b ON b."userId" = a."userId" AND b."sectionId" = ${second}
    WHERE a."sectionId" = ${first}
    ON CONFLICT ("userId", "sectionId") DO NOTHING`;
}

/**
 * Learners whose current section an edit took out of the outline continue at the section that now
 * holds its start (or the course's first).
 */
export async function moveCurrentSectionsIntoOutline(tx: DbClient, courseId: number): Promise<void> {
  // The outline is read once, and each section out of it is placed once, however many learners were on it.
  await tx.$executeRaw`
    WITH outline AS MATERIALIZED (
      SELECT s.id, s."timeStart", ch."order" AS "chapterOrder", s."order" FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id
      WHERE ch."courseId" = ${courseId}
    ), moved AS (
      SELECT old.id AS "oldId",
             (SELECT o.id FROM outline o
              ORDER BY (o."timeStart" <= old."timeStart") DESC, CASE WHEN o."timeStart" <= old."timeStart" THEN -o."timeStart" ELSE o."timeStart" END, o."chapterOrder", o."order"
              LIMIT 1) AS "newId"
      FROM "Section" old WHERE old."retiredCourseId" = ${courseId}
    )
    UPDATE "CourseProgress" p SET "currentSectionId" = m."newId"
    FROM moved m WHERE p."courseId" = ${courseId} AND p."currentSectionId" = m."oldId"`;
}

/**
 * Puts each of the course's concept moments in the section that now holds its time (the last
 * section starting at or before it, else the first), one moment per section and concept: after an
 * edit moved, split, merged or restored sections. The concept backfill then finds them again.
 */
export async function placeConceptMoments(tx: DbClient, courseId: number): Promise<void> {
  await tx.$executeRaw`
    UPDATE "CourseConcept" cc SET moments = placed.moments
    FROM (
      SELECT c."conceptId", jsonb_agg(p.moment ORDER BY p.ord) AS moments
      FROM "CourseConcept" c
      CROSS JOIN LATERAL (
        SELECT DISTINCT ON (sec.id) m.value || jsonb_build_object('sectionId', sec.id) AS moment, m.ord
        FROM jsonb_array_elements(c.moments) WITH ORDINALITY AS m(value, ord)
        CROSS JOIN LATERAL (
          SELECT s.id FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id
          WHERE ch."courseId" = c."courseId"
          ORDER BY (s."timeStart" <= coalesce((m.value->>'timeSeconds')::float8, 0)) DESC,
                   CASE WHEN s."timeStart" <= coalesce((m.value->>'timeSeconds')::float8, 0) THEN -s."timeStart" ELSE s."timeStart" END, ch."order", s."order"
          LIMIT 1) sec
        ORDER BY sec.id, m.ord
      ) p
      WHERE c."courseId" = ${courseId}
      GROUP BY c."conceptId"
    ) placed
    WHERE cc."courseId" = ${courseId} AND cc."conceptId" = placed."conceptId"`;
}

export type RestoredSectionRow = { id: number; chapterId: number; order: number; title: string; content: string; timeStart: number; timeEnd: number | null };

/**
 * Puts a version's sections back as they were: every section of the course not among `sections`
 * leaves the outline; each of `sections` (the course's own, in or out of the outline) takes its
 * chapter, place, title, content and times. False when one of them is not the course's.
 */
export async function restoreSections(tx: DbClient, courseId: number, sections: readonly RestoredSectionRow[]): Promise<boolean> {
  const ids = sections.map((section) => section.id);
  const [owned] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM "Section" s LEFT JOIN "Chapter" ch ON ch.id = s."chapterId"
    WHERE s.id = ANY(${ids}::int[]) AND coalesce(ch."courseId", s."retiredCourseId") = ${courseId}`;
  const chapterIds = [...new Set(sections.map((section) => section.chapterId))];
  const [chapters] = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM "Chapter" WHERE id = ANY(${chapterIds}::int[]) AND "courseId" = ${courseId}`;
  if (owned?.count !== ids.length || chapters?.count !== chapterIds.length) return false;
  await tx.$executeRaw`
    UPDATE "Section" s SET "chapterId" = NULL, "retiredCourseId" = ${courseId}
    FROM "Chapter" ch WHERE ch.id = s."chapterId" AND ch."courseId" = ${courseId} AND NOT (s.id = ANY(${ids}::int[]))`;
  const rows = JSON.stringify(sections.map((section, k) => ({ ...section, rank: k + 1 })));
  await tx.$executeRaw`
    UPDATE "Section" s SET "chapterId" = r."chapterId", "retiredCourseId" = NULL, "order" = -r.rank
    FROM jsonb_to_recordset(${rows}::jsonb) AS r(id int, "chapterId" int, rank int) WHERE s.id = r.id`;
  await tx.$executeRaw`
    UPDATE "Section" s SET "order" = r."order", title = r.title, content = r.content, "timeStart" = r."timeStart", "timeEnd" = r."timeEnd"
    FROM jsonb_to_recordset(${rows}::jsonb) AS r(id int, "order" int, title text, content text, "timeStart" int, "timeEnd" int) WHERE s.id = r.id`;
  return true;
}

/**
 * Puts a version's questions back: each listed section's quiz holds exactly its listed questions,
 * in that order (a question another edit moved or deleted comes back); the others of those quizzes
 * are set aside. Sections absent from `quizzes` keep their quiz as it is. False when a listed
 * question or quiz is not the course's.
 */
export async function restoreQuestions(
  tx: DbClient,
  courseId: number,
  quizzes: readonly { sectionId: number; questionIds: readonly number[] }[],
): Promise<boolean> {
  if (quizzes.length === 0) return true;
  const sectionIds = quizzes.map((quiz) => quiz.sectionId);
  const found = await tx.$queryRaw<{ id: number; sectionId: number }[]>`
    SELECT z.id, z."sectionId" FROM "Quiz" z WHERE z."sectionId" = ANY(${sectionIds}::int[])`;
  const quizOf = new Map(found.map((quiz) => [quiz.sectionId, quiz.id]));
  const rows = quizzes.flatMap((quiz) => quiz.questionIds.map((id, k) => ({ id, quizId: quizOf.get(quiz.sectionId), order: k + 1 })));
  if (rows.some((row) => row.quizId === undefined)) return false;
  const questionIds = rows.map((row) => row.id);
  // The listed questions are read first (by their ids), then their quizzes: one probe each.
  const [owned] = await tx.$queryRaw<{ count: number }[]>`
    WITH listed AS MATERIALIZED (
      SELECT coalesce("quizId", "retiredQuizId") AS "quizId" FROM "QuizQuestion" WHERE id = ANY(${questionIds}::int[])
    )
    SELECT count(*)::int AS count FROM listed l
    JOIN "Quiz" z ON z.id = l."quizId" JOIN "Section" s ON s.id = z."sectionId" LEFT JOIN "Chapter" ch ON ch.id = s."chapterId"
    WHERE coalesce(ch."courseId", s."retiredCourseId") = ${courseId}`;
  if (owned?.count !== questionIds.length) return false;
  const quizIds = [...quizOf.values()];
  await tx.$executeRaw`
    UPDATE "QuizQuestion" SET "retiredQuizId" = "quizId", "quizId" = NULL
    WHERE "quizId" = ANY(${quizIds}::int[]) AND NOT (id = ANY(${questionIds}::int[]))`;
  const json = JSON.stringify(rows.map((row, k) => ({ ...row, rank: k + 1 })));
  await tx.$executeRaw`
    UPDATE "QuizQuestion" q SET "quizId" = r."quizId", "retiredQuizId" = NULL, "order" = -r.rank
    FROM jsonb_to_recordset(${json}::jsonb) AS r(id int, "quizId" int, rank int) WHERE q.id = r.id`;
  await tx.$executeRaw`
    UPDATE "QuizQuestion" q SET "order" = r."order" FROM jsonb_to_recordset(${json}::jsonb) AS r(id int, "order" int) WHERE q.id = r.id`;
  return true;
}

/** Sets the titles of the course's chapters (a restore), in one statement. */
export async function setChapterTitles(tx: DbClient, courseId: number, chapters: readonly { id: number; title: string }[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Chapter" ch SET title = r.title
    FROM jsonb_to_recordset(${JSON.stringify(chapters)}::jsonb) AS r(id int, title text)
    WHERE ch.id = r.id AND ch."courseId" = ${courseId} AND ch.title IS DISTINCT FROM r.title`;
}

/** Puts questions into a quiz (a new one, empty), numbered 1… in the order given, in one statement. */
export async function moveQuestions(tx: DbClient, { quizId, questionIds }: { quizId: number; questionIds: readonly number[] }): Promise<void> {
  await tx.$executeRaw`
    UPDATE "QuizQuestion" q SET "quizId" = ${quizId}, "order" = r.ord
    FROM unnest(${[...questionIds]}::int[]) WITH ORDINALITY AS r(id, ord) WHERE q.id = r.id`;
}

/**
 * The course's outline as a version keeps it (services/editing/outline.ts's StoredOutline), built
 * in the database: titles, description, each chapter's sections in order with their times and
 * contents, and each section's quiz's question ids in order (null: no quiz).
 */
const OUTLINE_SQL = (course: string) => `(
  SELECT jsonb_build_object('title', c.title, 'description', c.description, 'chapters', coalesce((
    SELECT jsonb_agg(jsonb_build_object('id', ch.id, 'title', ch.title, 'sections', coalesce((
      SELECT jsonb_agg(jsonb_build_object('id', s.id, 'title', s.title, 'content', s.content, 'timeStart', s."timeStart", 'timeEnd', s."timeEnd",
               'questionIds', CASE WHEN z.id IS NULL THEN NULL
                                   ELSE coalesce((SELECT jsonb_agg(q.id ORDER BY q."order") FROM "QuizQuestion" q WHERE q."quizId" = z.id), '[]'::jsonb) END)
             ORDER BY s."order")
      FROM "Section" s LEFT JOIN "Quiz" z ON z."sectionId" = s.id WHERE s."chapterId" = ch.id), '[]'::jsonb)) ORDER BY ch."order")
    FROM "Chapter" ch WHERE ch."courseId" = c.id), '[]'::jsonb))
  FROM "Course" c WHERE c.id = ${course})`;

export async function selectOutline(tx: DbClient, courseId: number): Promise<Prisma.JsonValue> {
  const [row] = await tx.$queryRawUnsafe<{ outline: Prisma.JsonValue }[]>(`SELECT ${OUTLINE_SQL("$1")} AS outline`, courseId);
  return row?.outline ?? null;
}

/**
 * Stores the course's outline as it is now as its version `version`, with who saved it, what it
 * changed and when (now, unless given): built and written by the database, never sent through Node.
 */
export async function insertVersion(
  tx: DbClient,
  { courseId, version, userId, change, createdAt }: { courseId: number; version: number; userId: number; change: unknown; createdAt?: Date },
): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO "CourseVersion" ("courseId", version, "userId", "createdAt", change, outline)
     VALUES ($1, $2, $3, coalesce($4::timestamp(3), now() AT TIME ZONE 'UTC'), $5::jsonb, ${OUTLINE_SQL("$1")})`,
    courseId,
    version,
    userId,
    createdAt?.toISOString() ?? null,
    JSON.stringify(change),
  );
}

/** The owner, status, version and creation time of a course; null for an unknown id. */
export function findCourseForVersions(db: DbClient, courseId: number) {
  return db.course.findUnique({ where: { id: courseId }, select: { userId: true, status: true, version: true, createdAt: true } });
}

/** The course's saved versions, newest first, at most `limit`, with who saved each and what it changed. */
export function selectVersions(db: DbClient, { courseId, limit }: { courseId: number; limit: number }) {
  return db.courseVersion.findMany({
    where: { courseId },
    orderBy: { version: "desc" },
    take: limit,
    select: { version: true, createdAt: true, change: true, user: { select: { username: true } } },
  });
}

/** One saved version of a course: when, what it changed and the outline it left; null when not stored. */
export function findVersion(db: DbClient, { courseId, version }: { courseId: number; version: number }) {
  return db.courseVersion.findUnique({ where: { courseId_version: { courseId, version } }, select: { createdAt: true, change: true, outline: true } });
}

/** The outline a saved version left; null when not stored. */
export function findVersionOutline(tx: DbClient, { courseId, version }: { courseId: number; version: number }) {
  return tx.courseVersion.findUnique({ where: { courseId_version: { courseId, version } }, select: { outline: true } });
}

/** Sets a course's version; `reshaped` also marks its concepts to be found again. */
export async function setCourseVersion(tx: DbClient, { courseId, version, reshaped }: { courseId: number; version: number; reshaped: boolean }): Promise<void> {
  await tx.course.update({ where: { id: courseId }, data: { version, ...(reshaped ? { conceptsAt: null } : {}) } });
}

/** Sets a course's title and description (an undefined field stays as it is; null clears the description). */
export async function updateCourseText(
  tx: DbClient,
  { courseId, title, description }: { courseId: number; title?: string; description?: string | null },
): Promise<void> {
  await tx.course.update({ where: { id: courseId }, data: { title, description } });
}

/** The course of a chapter; null for an unknown id. */
export function findChapterCourse(db: DbClient, chapterId: number) {
  return db.chapter.findUnique({ where: { id: chapterId }, select: { courseId: true } });
}

/** Sets a chapter's title. */
export async function updateChapterTitle(tx: DbClient, { chapterId, title }: { chapterId: number; title: string }): Promise<void> {
  await tx.chapter.update({ where: { id: chapterId }, data: { title } });
}

/** A section's course, through its chapter or, taken out of the outline, the course it was retired from. */
export function findSectionCourse(db: DbClient, sectionId: number) {
  return db.section.findUnique({ where: { id: sectionId }, select: { retiredCourseId: true, chapter: { select: { courseId: true } } } });
}

/** The course's sections in outline order (chapter, then section) with their times and contents. */
export function selectOutlineSections(tx: DbClient, courseId: number) {
  return tx.section.findMany({
    where: { chapter: { courseId } },
    orderBy: [{ chapter: { order: "asc" } }, { order: "asc" }],
    select: { id: true, chapterId: true, order: true, title: true, content: true, timeStart: true, timeEnd: true },
  });
}

/** Where each of the course's videos starts on its timeline and how long it is, in order. */
export function selectVideoSpans(tx: DbClient, courseId: number) {
  return tx.courseVideo.findMany({ where: { courseId }, orderBy: { position: "asc" }, select: { offsetSeconds: true, durationSeconds: true } });
}

/** Sets fields of a section (an undefined field stays as it is). */
export async function updateSection(
  tx: DbClient,
  { sectionId, ...data }: { sectionId: number; title?: string; content?: string; timeStart?: number; timeEnd?: number | null },
): Promise<void> {
  await tx.section.update({ where: { id: sectionId }, data });
}

type NewSection = { chapterId: number | null; order: number; title: string; content: string; timeStart: number; timeEnd: number | null };

/** A new section in a chapter; answers its id. */
export async function insertSection(tx: DbClient, section: NewSection): Promise<number> {
  const created = await tx.section.create({ data: section, select: { id: true } });
  return created.id;
}

/** Takes sections out of the outline, kept whole with the course they were retired from. */
export async function retireSections(tx: DbClient, { sectionIds, courseId }: { sectionIds: number[]; courseId: number }): Promise<void> {
  await tx.section.updateMany({ where: { id: { in: sectionIds } }, data: { chapterId: null, retiredCourseId: courseId } });
}

/** A section's quiz with its questions' ids and times in order; null when it has none. */
export function findQuizWithQuestionTimes(tx: DbClient, sectionId: number) {
  return tx.quiz.findUnique({
    where: { sectionId },
    select: { title: true, description: true, engine: true, questions: { orderBy: { order: "asc" }, select: { id: true, sourceTime: true } } },
  });
}

/** The quizzes of the sections, each with its questions' ids in order (in no order among themselves). */
export function selectQuizzesOfSections(tx: DbClient, sectionIds: number[]) {
  return tx.quiz.findMany({
    where: { sectionId: { in: sectionIds } },
    select: { sectionId: true, title: true, description: true, engine: true, questions: { orderBy: { order: "asc" }, select: { id: true } } },
  });
}

type QuizFields = { title: string; description: string; engine: string | null };

/** A new, empty quiz of a section; answers its id. */
export async function insertQuiz(tx: DbClient, { sectionId, title, description, engine }: { sectionId: number } & QuizFields): Promise<number> {
  const created = await tx.quiz.create({ data: { sectionId, title, description, engine }, select: { id: true } });
  return created.id;
}

/**
 * Gives a section the quiz `fields` describe with these questions, numbered as given: its quiz
 * takes the fields (or is made), and the questions it had leave it, kept for a restore. Answers
 * the quiz's id.
 */
export async function replaceSectionQuiz(
  tx: DbClient,
  { sectionId, fields, questions }: { sectionId: number; fields: QuizFields; questions: Omit<Prisma.QuizQuestionCreateManyInput, "quizId">[] },
): Promise<number> {
  const stored = await tx.quiz.upsert({ where: { sectionId }, create: { sectionId, ...fields }, update: fields, select: { id: true } });
  await tx.quizQuestion.updateMany({ where: { quizId: stored.id }, data: { quizId: null, retiredQuizId: stored.id } });
  await tx.quizQuestion.createMany({ data: questions.map((row) => ({ ...row, quizId: stored.id })) });
  return stored.id;
}

/** A question's quiz, with the quiz's section and the section's course (none when out of the outline); null for an unknown id. */
export function findQuestionPlace(db: DbClient, questionId: number) {
  return db.quizQuestion.findUnique({
    where: { id: questionId },
    select: { quiz: { select: { id: true, section: { select: { id: true, title: true, chapter: { select: { courseId: true } } } } } } },
  });
}

/** Takes a question out of its quiz, kept for a restore; false when it is no longer in that quiz. */
export async function retireQuestion(tx: DbClient, { questionId, quizId }: { questionId: number; quizId: number }): Promise<boolean> {
  const { count } = await tx.quizQuestion.updateMany({ where: { id: questionId, quizId }, data: { quizId: null, retiredQuizId: quizId } });
  return count > 0;
}

/** What a regeneration writes with: a course's title, level and language; null for an unknown id. */
export function findCourseForWriting(db: DbClient, courseId: number) {
  return db.course.findUnique({ where: { id: courseId }, select: { id: true, title: true, complexity: true, language: true } });
}
