import type { DbClient } from "../client";
import { outlineSectionIdsSql } from "./course";
import { visibleToSql } from "./course-visibility";
import { isoText as iso, queryRows } from "./run";

/** Below this credit a latest answer counts as missed (an open answer's "correct" line, OPEN_PASS_CREDIT). */
const MISSED_BELOW = 0.6;

const SECTIONS_TOTAL = (course: string) => `(SELECT count(*)::int FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = ${course})`;

export type AssignmentRow = {
  id: number;
  classId: number;
  className: string;
  courseId: number;
  title: string;
  thumbnailUrl: string | null;
  dueAt: string | null;
  note: string | null;
  createdAt: string;
  available: boolean;
  sectionsDone: number;
  sectionsTotal: number;
  quizAverage: number | null;
  lastCompletedAt: string | null;
};

/**
 * The assignments of the classes learner $1 is in ($2: one class, or null for all), with the
 * learner's own progress on each: sections done, the mean credit of their latest answers, their
 * last completion. Soonest due first; undated ones last, newest first.
 */
const ASSIGNMENTS_SQL = `
  SELECT a.id, a."classId", cl.name AS "className", a."courseId", co.title, co."thumbnailUrl",
         ${iso(`a."dueAt"`)} AS "dueAt", a.note, ${iso(`a."createdAt"`)} AS "createdAt",
         ${visibleToSql("co", "$1::int")} AS available,
         done.count AS "sectionsDone", ${SECTIONS_TOTAL("co.id")} AS "sectionsTotal",
         (SELECT (100 * avg(o.credit))::float8 FROM "QuestionOutcome" o WHERE o."userId" = $1::int AND o."courseId" = co.id) AS "quizAverage",
         ${iso("done.last")} AS "lastCompletedAt"
  FROM "ClassMember" m
  JOIN "Class" cl ON cl.id = m."classId"
  JOIN "Assignment" a ON a."classId" = m."classId"
  JOIN "Course" co ON co.id = a."courseId"
  CROSS JOIN LATERAL (SELECT count(*)::int AS count, max(sc."completedAt") AS last
                      FROM "SectionCompletion" sc
                      WHERE sc."userId" = $1::int AND sc."courseId" = co.id AND sc."sectionId" IN ${outlineSectionIdsSql("= co.id")}) done
  WHERE m."userId" = $1::int AND ($2::int IS NULL OR m."classId" = $2::int)
  ORDER BY a."dueAt" ASC NULLS LAST, a."createdAt" DESC, a.id DESC`;

export function selectAssignmentsOf(db: DbClient, { userId, classId }: { userId: number; classId: number | null }): Promise<AssignmentRow[]> {
  return queryRows<AssignmentRow>(db, ASSIGNMENTS_SQL, [userId, classId], "assignments-of-learner");
}

/* ------------------------------------------------------------------------------ the dashboard */

export type DashboardMemberRow = { userId: number; username: string };

export type DashboardAssignmentRow = {
  id: number;
  courseId: number;
  title: string;
  dueAt: string | null;
  note: string | null;
  sectionsTotal: number;
};

/** One member's standing on one assigned course (members × courses with any activity only). */
export type DashboardCellRow = {
  userId: number;
  courseId: number;
  sectionsDone: number;
  lastCompletedAt: string | null;
  quizAverage: number | null;
  lastActiveAt: string | null;
};

export type MissedQuestionRow = {
  courseId: number;
  questionId: number;
  questionText: string;
  sectionId: number;
  sourceTime: number | null;
  missedBy: number;
  answeredBy: number;
};

export type WeakConceptRow = { courseId: number; conceptId: number; label: string; mastery: number; learners: number };

/** The class's plain members (not its owner or teachers), by username. */
const DASHBOARD_MEMBERS_SQL = `
  SELECT m."userId", u.username FROM "ClassMember" m JOIN "User" u ON u.id = m."userId"
  WHERE m."classId" = $1 AND m.role = 'member'
  ORDER BY lower(u.username), m."userId"`;

const DASHBOARD_ASSIGNMENTS_SQL = `
  SELECT a.id, a."courseId", co.title, ${iso(`a."dueAt"`)} AS "dueAt", a.note, ${SECTIONS_TOTAL("co.id")} AS "sectionsTotal"
  FROM "Assignment" a JOIN "Course" co ON co.id = a."courseId"
  WHERE a."classId" = $1
  ORDER BY a."dueAt" ASC NULLS LAST, a."createdAt" DESC, a.id DESC`;

/**
 * Members $1 × courses $2: sections done and the last completion, the mean credit of the latest
 * answers, and the last sign of activity (a completion, an answer, a move in the player). Each
 * source is read through its ("userId", "courseId") index.
 */
const DASHBOARD_CELLS_SQL = `
  SELECT "userId", "courseId", coalesce(d.count, 0) AS "sectionsDone", ${iso("d.last")} AS "lastCompletedAt",
         a.average AS "quizAverage", ${iso("greatest(d.last, a.last, mv.last)")} AS "lastActiveAt"
  FROM (SELECT sc."userId", sc."courseId", count(*)::int AS count, max(sc."completedAt") AS last
        FROM "SectionCompletion" sc
        WHERE sc."userId" = ANY($1::int[]) AND sc."courseId" = ANY($2::int[]) AND sc."sectionId" IN ${outlineSectionIdsSql("= ANY($2::int[])")}
        GROUP BY 1, 2) d
  FULL JOIN (SELECT o."userId", o."courseId", (100 * avg(o.credit))::float8 AS average, max(o."answeredAt") AS last
             FROM "QuestionOutcome" o WHERE o."userId" = ANY($1::int[]) AND o."courseId" = ANY($2::int[])
             GROUP BY 1, 2) a USING ("userId", "courseId")
  FULL JOIN (SELECT p."userId", p."courseId", p."updatedAt" AS last
             FROM "CourseProgress" p WHERE p."userId" = ANY($1::int[]) AND p."courseId" = ANY($2::int[])) mv USING ("userId", "courseId")`;

/** Per course $2, its $3 questions whose latest answers by members $1 were missed most (missed at least once). */
const MISSED_QUESTIONS_SQL = `
  SELECT ranked."courseId", ranked."questionId", q."questionText", z."sectionId", q."sourceTime", ranked."missedBy", ranked."answeredBy"
  FROM (
    SELECT counted.*, row_number() OVER (PARTITION BY counted."courseId" ORDER BY counted."missedBy" DESC, counted."questionId") AS rank
    FROM (
      SELECT o."courseId", o."questionId", count(*) FILTER (WHERE o.credit < ${MISSED_BELOW})::int AS "missedBy", count(*)::int AS "answeredBy"
      FROM "QuestionOutcome" o WHERE o."userId" = ANY($1::int[]) AND o."courseId" = ANY($2::int[])
        AND o."questionId" IN (SELECT q.id FROM "QuizQuestion" q JOIN "Quiz" z ON z.id = q."quizId" WHERE z."sectionId" IN ${outlineSectionIdsSql("= ANY($2::int[])")})
      GROUP BY 1, 2
    ) counted
    WHERE counted."missedBy" > 0
  ) ranked
  JOIN "QuizQuestion" q ON q.id = ranked."questionId"
  JOIN "Quiz" z ON z.id = q."quizId"
  WHERE ranked.rank <= $3
  ORDER BY ranked."courseId", ranked.rank`;

/**
 * Per course $2, its $3 concepts members $1 master least: the mean, over the members with
 * evidence on it, of their mastery aged to now ($4 prior, $5 half-life in days; model.ts masteryAt).
 * Only concepts whose mean is below strong ($6): a class that masters them all has no weakest.
 */
const WEAK_CONCEPTS_SQL = `
  SELECT ranked."courseId", ranked."conceptId", k.label, ranked.mastery, ranked.learners
  FROM (
    SELECT counted.*, row_number() OVER (PARTITION BY counted."courseId" ORDER BY counted.mastery, counted."conceptId") AS rank
    FROM (
      SELECT cc."courseId", cc."conceptId", count(*)::int AS learners,
             avg($4::float8 + (cm."pKnown" - $4::float8)
                 * power(2::float8, -greatest(0::float8, date_part('epoch', (now() AT TIME ZONE 'UTC') - cm."lastEvidenceAt")) / 86400 / $5::float8))::float8 AS mastery
      FROM "CourseConcept" cc
      JOIN "ConceptMastery" cm ON cm."conceptId" = cc."conceptId" AND cm."userId" = ANY($1::int[])
      WHERE cc."courseId" = ANY($2::int[]) AND cm."evidenceCount" > 0
      GROUP BY cc."courseId", cc."conceptId"
    ) counted
    WHERE counted.mastery < $6::float8
  ) ranked
  JOIN "Concept" k ON k.id = ranked."conceptId"
  WHERE ranked.rank <= $3
  ORDER BY ranked."courseId", ranked.mastery, ranked."conceptId"`;

export async function selectDashboard(
  db: DbClient,
  {
    classId,
    topMissed,
    topConcepts,
    prior,
    halfLifeDays,
    strongFrom,
  }: { classId: number; topMissed: number; topConcepts: number; prior: number; halfLifeDays: number; strongFrom: number },
) {
  const [members, assignments] = await Promise.all([
    queryRows<DashboardMemberRow>(db, DASHBOARD_MEMBERS_SQL, [classId], "dashboard-members"),
    queryRows<DashboardAssignmentRow>(db, DASHBOARD_ASSIGNMENTS_SQL, [classId], "dashboard-assignments"),
  ]);
  const userIds = members.map((member) => member.userId);
  const courseIds = assignments.map((assignment) => assignment.courseId);
  if (userIds.length === 0 || courseIds.length === 0) return { members, assignments, cells: [], missed: [], weakConcepts: [] };
  // Unnamed on purpose: a prepared statement's generic plan takes the member array for a few ids and
  // probes the indexes per member and course (10,000 probes for 500 × 20); planned for the real
  // array it scans by member and aggregates in memory. Planning costs well under a millisecond.
  const [cells, missed, weakConcepts] = await Promise.all([
    queryRows<DashboardCellRow>(db, DASHBOARD_CELLS_SQL, [userIds, courseIds]),
    queryRows<MissedQuestionRow>(db, MISSED_QUESTIONS_SQL, [userIds, courseIds, topMissed]),
    queryRows<WeakConceptRow>(db, WEAK_CONCEPTS_SQL, [userIds, courseIds, topConcepts, prior, halfLifeDays, strongFrom]),
  ]);
  return { members, assignments, cells, missed, weakConcepts };
}

/** The id of the class's assignment of this course; null when the course is not assigned to it. */
export function findAssignmentOfCourse(db: DbClient, { classId, courseId }: { classId: number; courseId: number }) {
  return db.assignment.findUnique({ where: { classId_courseId: { classId, courseId } }, select: { id: true } });
}

/** Whether the course is assigned to the class (one statement on the pool: every launch of an LMS link asks). */
export async function hasAssignmentOfCourse(db: DbClient, { classId, courseId }: { classId: number; courseId: number }): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    `SELECT 1 AS one FROM "Assignment" WHERE "classId" = $1 AND "courseId" = $2`,
    [classId, courseId],
    "assignment_of_course",
  );
  return rows.length > 0;
}

/** How many assignments the class has. */
export function countAssignments(db: DbClient, classId: number): Promise<number> {
  return db.assignment.count({ where: { classId } });
}

/** Assigns a course to a class; answers the assignment's id. */
export async function insertAssignment(
  tx: DbClient,
  { classId, courseId, assignedById, dueAt, note }: { classId: number; courseId: number; assignedById: number; dueAt: Date | null; note: string | null },
): Promise<number> {
  const created = await tx.assignment.create({ data: { classId, courseId, assignedById, dueAt, note }, select: { id: true } });
  return created.id;
}

/** The class of an assignment; null for an unknown id. */
export function findAssignmentClass(db: DbClient, assignmentId: number) {
  return db.assignment.findUnique({ where: { id: assignmentId }, select: { classId: true } });
}

/** Deletes an assignment (nothing when it is gone already). */
export async function deleteAssignmentRow(tx: DbClient, assignmentId: number): Promise<void> {
  await tx.assignment.deleteMany({ where: { id: assignmentId } });
}
