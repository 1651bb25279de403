import type { DbClient } from "../client";
import type { SqlClient } from "../sql-transaction";
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
 * The concepts a card is about: its question's, for a card made from a question; otherwise those
 * its course explains in the section the card's moment falls in.
 */
export async function selectCardConcepts(db: SqlClient, cardId: number): Promise<number[]> {
  const rows = await queryRows<{ conceptId: number }>(
    db,
    `WITH card AS (SELECT "questionId", "courseId", "timeSeconds" FROM "Card" WHERE id = $1::int),
     section AS (
       SELECT s.id FROM card JOIN "Chapter" ch ON ch."courseId" = card."courseId" JOIN "Section" s ON s."chapterId" = ch.id
       WHERE card."questionId" IS NULL AND card."timeSeconds" IS NOT NULL AND s."timeStart" <= card."timeSeconds"
       ORDER BY s."timeStart" DESC, ch."order" DESC, s."order" DESC LIMIT 1
     )
     SELECT qc."conceptId" FROM card JOIN "QuestionConcept" qc ON qc."questionId" = card."questionId"
     UNION
     SELECT cc."conceptId" FROM card, section JOIN "CourseConcept" cc ON cc.moments @> jsonb_build_array(jsonb_build_object('sectionId', section.id))
     WHERE cc."courseId" = card."courseId"`,
    [cardId],
  );
  return rows.map((row) => row.conceptId);
}

/* ------------------------------------------------------------------------- the learner's map */

/** The courses whose concepts are the learner's: their own, and the public ones they study. */
const LEARNER_COURSES = `
  SELECT c.id FROM "Course" c WHERE c."userId" = $1::int AND c.status = 'ready'
  UNION
  SELECT c.id FROM "CourseProgress" p JOIN "Course" c ON c.id = p."courseId"
  WHERE p."userId" = $1::int AND c.status = 'ready' AND c."isPublic"`;

export type MasteryConceptRow = {
  id: number;
  label: string;
  language: string;
  pKnown: number | null;
  evidenceCount: number | null;
  lastEvidenceAt: string | null;
  courses: { courseId: number; moments: { sectionId: number; timeSeconds: number }[] }[];
};

/** The learner's concepts: those of their courses, and any they have evidence on, with where each course explains them. */
const MASTERY_CONCEPTS_SQL = `
  WITH mine AS (${LEARNER_COURSES}),
  placed AS (
    SELECT cc."conceptId", json_agg(json_build_object('courseId', cc."courseId", 'moments', cc.moments) ORDER BY cc."courseId") AS courses
    FROM "CourseConcept" cc JOIN mine ON mine.id = cc."courseId" GROUP BY cc."conceptId"
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
