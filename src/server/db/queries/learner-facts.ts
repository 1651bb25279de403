import type { SqlClient } from "../sql-transaction";
import { queryRows } from "./run";

/**
 * A learner's counts, as every page, REST path and the public achievements card show them. Each
 * count is defined here and nowhere else (docs/features/learner-facts.md):
 * - coursesStarted: the courses with a progress record (a current section or any completion),
 *   the records GET /api/progress/user lists;
 * - coursesCompleted: the courses where every section of the current outline is completed, the
 *   course player's 100%: a section added after finishing reopens the course, a section taken out
 *   no longer counts;
 * - sectionsCompleted: the completed sections that are in their course's outline now, the ticks
 *   the course players show, summed;
 * - quizzesCompleted: the quizzes of outline sections with at least one submitted attempt (a
 *   retake is the same quiz).
 * Courses later hidden from the learner still count: the learning was theirs, and the counts name
 * no course.
 */
export type LearnerFactsRow = { coursesStarted: number; coursesCompleted: number; sectionsCompleted: number; quizzesCompleted: number };

const LEARNER_FACTS_SQL = `
  WITH started AS (
    SELECT "courseId" FROM "CourseProgress" WHERE "userId" = $1
    UNION
    SELECT "courseId" FROM "SectionCompletion" WHERE "userId" = $1
  ), done AS (
    SELECT sc."courseId", count(*)::int AS sections
    FROM "SectionCompletion" sc
    JOIN "Section" s ON s.id = sc."sectionId"
    JOIN "Chapter" ch ON ch.id = s."chapterId" AND ch."courseId" = sc."courseId"
    WHERE sc."userId" = $1
    GROUP BY sc."courseId"
  )
  SELECT (SELECT count(*)::int FROM started) AS "coursesStarted",
         (SELECT count(*)::int FROM done d
          WHERE d.sections = (SELECT count(*) FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id WHERE ch."courseId" = d."courseId")) AS "coursesCompleted",
         (SELECT coalesce(sum(d.sections), 0)::int FROM done d) AS "sectionsCompleted",
         (SELECT count(DISTINCT a."quizId")::int FROM "QuizAttempt" a
          JOIN "Quiz" q ON q.id = a."quizId" JOIN "Section" s ON s.id = q."sectionId"
          WHERE a."userId" = $1 AND s."chapterId" IS NOT NULL) AS "quizzesCompleted"`;

export async function selectLearnerFacts(db: SqlClient, userId: number): Promise<LearnerFactsRow> {
  const [row] = await queryRows<LearnerFactsRow>(db, LEARNER_FACTS_SQL, [userId], "learner-facts");
  return row ?? { coursesStarted: 0, coursesCompleted: 0, sectionsCompleted: 0, quizzesCompleted: 0 };
}
