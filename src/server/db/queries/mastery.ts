import type { DbClient } from "../client";
import type { SqlClient } from "../sql-transaction";
import { visibleToSql } from "./course-visibility";
import { execute, isoText, queryRows, utcParam } from "./run";

/* ------------------------------------------------------------------------- recording evidence */

export type MasteryRow = { conceptId: number; pKnown: number; evidenceCount: number; lastEvidenceAt: string };

/**
 * The learner's mastery rows of these concepts, locked until the transaction ends: one upsert that
 * creates a missing row (no evidence yet, at the prior) and locks an existing one, returning it as
 * it is. A row that does not exist cannot be locked, and two first pieces of evidence at once
 * would each write over the other; the upsert waits for the other transaction instead. Sorted ids,
 * so two transactions lock in one order. Call inside a transaction.
 */
export function lockMasteryRows(
  tx: SqlClient,
  { userId, conceptIds, prior, now }: { userId: number; conceptIds: readonly number[]; prior: number; now: Date },
): Promise<MasteryRow[]> {
  const ids = [...new Set(conceptIds)].sort((a, b) => a - b);
  return queryRows<MasteryRow>(
    tx,
    `INSERT INTO "ConceptMastery" AS m ("userId", "conceptId", "pKnown", "evidenceCount", "lastEvidenceAt")
     SELECT $1::int, c, $3::float8, 0, ${utcParam("$4")} FROM unnest($2::int[]) AS c ORDER BY c
     ON CONFLICT ("userId", "conceptId") DO UPDATE SET "evidenceCount" = m."evidenceCount"
     RETURNING "conceptId", "pKnown", "evidenceCount", ${isoText(`"lastEvidenceAt"`)} AS "lastEvidenceAt"`,
    [userId, ids, prior, now.toISOString()],
    "mastery-lock",
  );
}

/** Writes the rows lockMasteryRows locked, in one statement. */
export async function writeMasteryRows(tx: SqlClient, userId: number, rows: readonly MasteryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await execute(
    tx,
    `UPDATE "ConceptMastery" m SET "pKnown" = u.p, "evidenceCount" = u.n, "lastEvidenceAt" = ${utcParam("u.at")}
     FROM unnest($2::int[], $3::float8[], $4::int[], $5::text[]) AS u(c, p, n, at)
     WHERE m."userId" = $1::int AND m."conceptId" = u.c`,
    [userId, rows.map((r) => r.conceptId), rows.map((r) => r.pKnown), rows.map((r) => r.evidenceCount), rows.map((r) => r.lastEvidenceAt)],
  );
}

/** The concepts each question tests (QuestionConcept), as [questionId, conceptId] rows. */
export function selectQuestionConcepts(db: SqlClient, questionIds: readonly number[]): Promise<{ questionId: number; conceptId: number }[]> {
  return queryRows(db, `SELECT "questionId", "conceptId" FROM "QuestionConcept" WHERE "questionId" = ANY($1::int[])`, [[...questionIds]]);
}

/**
 * Records that the learner saw these questions' answers at `at`, and returns when each was last
 * seen before (absent: never), for docs/mastery.md's rules on answers already seen. Two
 * statements in the caller's transaction: the insert claims the questions never seen (of two
 * first answers at once, the second waits here and then finds the first's row), the update
 * reads and moves the others'.
 */
export async function markAnswersSeen(
  tx: SqlClient,
  { userId, questionIds, at }: { userId: number; questionIds: readonly number[]; at: Date },
): Promise<Map<number, Date>> {
  const ids = [...new Set(questionIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const claimed = await queryRows<{ questionId: number }>(
    tx,
    `INSERT INTO "QuestionAnswerSeen" ("userId", "questionId", "seenAt")
     SELECT $1::int, q, ${utcParam("$3")} FROM unnest($2::int[]) AS q ORDER BY q
     ON CONFLICT ("userId", "questionId") DO NOTHING RETURNING "questionId"`,
    [userId, ids, at.toISOString()],
  );
  const fresh = new Set(claimed.map((row) => row.questionId));
  const seenBefore = ids.filter((id) => !fresh.has(id));
  if (seenBefore.length === 0) return new Map();
  const previous = await queryRows<{ questionId: number; seenAt: string }>(
    tx,
    `UPDATE "QuestionAnswerSeen" s SET "seenAt" = greatest(s."seenAt", ${utcParam("$3")})
     FROM (SELECT "questionId", "seenAt" FROM "QuestionAnswerSeen" WHERE "userId" = $1::int AND "questionId" = ANY($2::int[]) FOR UPDATE) old
     WHERE s."userId" = $1::int AND s."questionId" = old."questionId"
     RETURNING s."questionId", ${isoText(`old."seenAt"`)} AS "seenAt"`,
    [userId, seenBefore, at.toISOString()],
  );
  return new Map(previous.map((row) => [row.questionId, new Date(row.seenAt)]));
}

/** When the learner last saw the answer of the card's question (null: a hand-made card, or not recorded). */
export async function selectCardQuestionSeenAt(db: SqlClient, { cardId, userId }: { cardId: number; userId: number }): Promise<Date | null> {
  const [row] = await queryRows<{ seenAt: string }>(
    db,
    `SELECT ${isoText(`s."seenAt"`)} AS "seenAt" FROM "Card" c JOIN "QuestionAnswerSeen" s ON s."questionId" = c."questionId" AND s."userId" = c."userId"
     WHERE c.id = $1::int AND c."userId" = $2::int`,
    [cardId, userId],
  );
  return row ? new Date(row.seenAt) : null;
}

/**
 * The section of card `c`'s moment: the last of its course's sections that starts at or before it
 * (null for a card without a moment). A subquery, for the statements that place a card.
 */
export const SECTION_AT_CARD_SQL = `
  SELECT s.id FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id
  WHERE ch."courseId" = c."courseId" AND c."timeSeconds" IS NOT NULL AND s."timeStart" <= c."timeSeconds"
  ORDER BY s."timeStart" DESC, ch."order" DESC, s."order" DESC LIMIT 1`;

/**
 * The concepts a card is about: its question's, for a card made from a question; otherwise those
 * its course explains in the section its moment falls in.
 */
export async function selectCardConcepts(db: SqlClient, cardId: number): Promise<number[]> {
  const rows = await queryRows<{ conceptId: number }>(
    db,
    `SELECT qc."conceptId" FROM "Card" c JOIN "QuestionConcept" qc ON qc."questionId" = c."questionId" WHERE c.id = $1::int
     UNION
     SELECT cc."conceptId" FROM "Card" c JOIN "CourseConcept" cc ON cc."courseId" = c."courseId"
     WHERE c.id = $1::int AND c."questionId" IS NULL
       AND cc.moments @> jsonb_build_array(jsonb_build_object('sectionId', (${SECTION_AT_CARD_SQL})))`,
    [cardId],
  );
  return rows.map((row) => row.conceptId);
}

/* ------------------------------------------------------------------------- the learner's map */

/** The courses whose concepts are the learner's: their own, and the others they study (public ones, or assigned to their class). */
const LEARNER_COURSES = `
  SELECT c.id FROM "Course" c WHERE c."userId" = $1::int AND c.status = 'ready'
  UNION
  SELECT c.id FROM "CourseProgress" p JOIN "Course" c ON c.id = p."courseId"
  WHERE p."userId" = $1::int AND ${visibleToSql("c", "$1::int")}`;

export type MasteryConceptRow = {
  id: number;
  label: string;
  language: string;
  pKnown: number | null;
  evidenceCount: number | null;
  lastEvidenceAt: string | null;
  courses: { courseId: number; title: string; moments: { sectionId: number; timeSeconds: number }[] }[];
};

/** The learner's concepts: those of their courses, and any they have evidence on, with where each course explains them. */
const MASTERY_CONCEPTS_SQL = `
  WITH mine AS (${LEARNER_COURSES}),
  placed AS (
    SELECT cc."conceptId", json_agg(json_build_object('courseId', cc."courseId", 'title', c.title, 'moments', cc.moments) ORDER BY cc."courseId") AS courses
    FROM "CourseConcept" cc JOIN mine ON mine.id = cc."courseId" JOIN "Course" c ON c.id = cc."courseId" GROUP BY cc."conceptId"
  ),
  known AS (SELECT "conceptId", "pKnown", "evidenceCount", "lastEvidenceAt" FROM "ConceptMastery" WHERE "userId" = $1::int AND "evidenceCount" > 0),
  ids AS (SELECT "conceptId" FROM placed UNION SELECT "conceptId" FROM known)
  SELECT k.id, k.label, k.language, known."pKnown", known."evidenceCount", ${isoText(`known."lastEvidenceAt"`)} AS "lastEvidenceAt",
    coalesce(placed.courses, '[]'::json) AS courses
  FROM ids JOIN "Concept" k ON k.id = ids."conceptId"
  LEFT JOIN placed ON placed."conceptId" = k.id
  LEFT JOIN known ON known."conceptId" = k.id
  ORDER BY k.id`;

export function selectMasteryConcepts(db: DbClient, userId: number): Promise<MasteryConceptRow[]> {
  return queryRows<MasteryConceptRow>(db, MASTERY_CONCEPTS_SQL, [userId], "mastery-concepts");
}

export type ConceptEdgeRow = { from: number; to: number; kind: "before" | "with" };

/** The map's links that the learner's courses make, each once. */
const MASTERY_EDGES_SQL = `
  WITH mine AS (${LEARNER_COURSES})
  SELECT DISTINCT e."fromId" AS "from", e."toId" AS "to", e.kind::text AS kind
  FROM "ConceptEdge" e JOIN mine ON mine.id = e."courseId"
  ORDER BY 1, 2, 3`;

export function selectMasteryEdges(db: DbClient, userId: number): Promise<ConceptEdgeRow[]> {
  return queryRows<ConceptEdgeRow>(db, MASTERY_EDGES_SQL, [userId], "mastery-edges");
}

export type MasteryTimelineRow = { courseId: number; videos: { videoId: string; offsetSeconds: number; durationSeconds: number }[] };

/**
 * The videos on the timeline of each of the learner's courses that explains a concept (those the
 * concepts' `courses` name), in order: a playlist course's moments read as their video's.
 */
const MASTERY_TIMELINES_SQL = `
  WITH mine AS (${LEARNER_COURSES})
  SELECT mine.id AS "courseId",
    coalesce(json_agg(json_build_object('videoId', v."videoId", 'offsetSeconds', v."offsetSeconds", 'durationSeconds', v."durationSeconds")
                      ORDER BY v.position) FILTER (WHERE v."courseId" IS NOT NULL), '[]'::json) AS videos
  FROM mine LEFT JOIN "CourseVideo" v ON v."courseId" = mine.id
  WHERE EXISTS (SELECT 1 FROM "CourseConcept" cc WHERE cc."courseId" = mine.id)
  GROUP BY mine.id
  ORDER BY mine.id`;

export function selectMasteryTimelines(db: DbClient, userId: number): Promise<MasteryTimelineRow[]> {
  return queryRows<MasteryTimelineRow>(db, MASTERY_TIMELINES_SQL, [userId], "mastery-timelines");
}

/* ------------------------------------------------------------------------- practice */

/**
 * Of these concepts, those the learner may practise, with their labels: explained by a course they
 * can see (their own, or a public one), or already carrying their evidence.
 */
export function selectVisibleConcepts(
  db: DbClient,
  { userId, conceptIds }: { userId: number; conceptIds: readonly number[] },
): Promise<{ id: number; label: string }[]> {
  return queryRows(
    db,
    `SELECT k.id, k.label FROM "Concept" k
     WHERE k.id = ANY($2::int[]) AND (
       EXISTS (SELECT 1 FROM "CourseConcept" cc JOIN "Course" c ON c.id = cc."courseId" WHERE cc."conceptId" = k.id AND ${visibleToSql("c", "$1::int")})
       OR EXISTS (SELECT 1 FROM "ConceptMastery" m WHERE m."userId" = $1::int AND m."conceptId" = k.id AND m."evidenceCount" > 0)
     )
     ORDER BY k.id`,
    [userId, [...conceptIds]],
  );
}

export type PracticeQuestionRow = {
  id: number;
  kind: "choice" | "open";
  questionText: string;
  options: string[];
  sourceTime: number | null;
  quizId: number;
  courseId: number;
  courseTitle: string;
  conceptIds: number[];
};

/**
 * Questions on these concepts from the quizzes of every course the learner can see, those of quizzes
 * they have never taken first, in random order; none whose card is in `skipQuestionIds`.
 */
export function selectPracticeQuestions(
  db: DbClient,
  { userId, conceptIds, skipQuestionIds, limit }: { userId: number; conceptIds: readonly number[]; skipQuestionIds: readonly number[]; limit: number },
): Promise<PracticeQuestionRow[]> {
  return queryRows<PracticeQuestionRow>(
    db,
    `SELECT q.id, q.kind::text AS kind, q."questionText", q.options, q."sourceTime", q."quizId", c.id AS "courseId", c.title AS "courseTitle",
       array_agg(DISTINCT qc."conceptId" ORDER BY qc."conceptId") AS "conceptIds"
     FROM "QuestionConcept" qc
     JOIN "QuizQuestion" q ON q.id = qc."questionId"
     JOIN "Quiz" z ON z.id = q."quizId" JOIN "Section" s ON s.id = z."sectionId" JOIN "Chapter" ch ON ch.id = s."chapterId"
     JOIN "Course" c ON c.id = ch."courseId"
     WHERE qc."conceptId" = ANY($2::int[]) AND ${visibleToSql("c", "$1::int")} AND NOT (q.id = ANY($3::int[]))
     GROUP BY q.id, c.id
     ORDER BY bool_or(NOT EXISTS (SELECT 1 FROM "QuizAttempt" a WHERE a."quizId" = q."quizId" AND a."userId" = $1::int)) DESC, random()
     LIMIT $4`,
    [userId, [...conceptIds], [...skipQuestionIds], limit],
  );
}

/**
 * Sections that explain these concepts in courses the learner can see and have no quiz yet, those
 * of the learner's own or studied courses first: where practice can make fresh questions.
 */
export async function selectUnquizzedSections(
  db: DbClient,
  { userId, conceptIds, limit }: { userId: number; conceptIds: readonly number[]; limit: number },
): Promise<number[]> {
  const rows = await queryRows<{ sectionId: number }>(
    db,
    `SELECT s.id AS "sectionId"
     FROM "CourseConcept" cc JOIN "Course" c ON c.id = cc."courseId"
     CROSS JOIN LATERAL jsonb_array_elements(cc.moments) AS m
     JOIN "Section" s ON s.id = (m->>'sectionId')::int AND s."chapterId" IS NOT NULL
     WHERE cc."conceptId" = ANY($2::int[]) AND ${visibleToSql("c", "$1::int")}
       AND NOT EXISTS (SELECT 1 FROM "Quiz" z WHERE z."sectionId" = s.id)
     GROUP BY s.id
     ORDER BY bool_or(c."userId" = $1::int OR EXISTS (SELECT 1 FROM "CourseProgress" p WHERE p."userId" = $1::int AND p."courseId" = c.id)) DESC, s.id
     LIMIT $3`,
    [userId, [...conceptIds], limit],
  );
  return rows.map((row) => row.sectionId);
}
