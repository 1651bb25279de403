/**
 * The data invariants of docs/reliability.md that must hold after any test run: each query returns
 * no rows. test/setup-db.ts runs them at the end of every integration file, before dropping its
 * database, so a test (or a factory) that leaves impossible data fails loudly.
 * "A free user with more than one course in a month" is checked on generated courses (factories
 * insert courses directly, outside the plan logic). Not checkable here: "a row whose user is not
 * the one who made it" (needs the request log).
 */
import pg from "pg";

const INVARIANTS: Record<string, string> = {
  "coupon used more than its maximum": `
    SELECT c.id, c.code, c."maxRedemptions", c."redemptionCount", count(r.id) AS redemptions
    FROM "Coupon" c LEFT JOIN "CouponRedemption" r ON r."couponId" = c.id
    GROUP BY c.id HAVING count(r.id) > c."maxRedemptions" OR c."redemptionCount" > c."maxRedemptions"`,
  "course marked ready with no sections": `
    SELECT c.id, c.title FROM "Course" c
    WHERE c.status = 'ready'
      AND NOT EXISTS (SELECT 1 FROM "Chapter" ch JOIN "Section" s ON s."chapterId" = ch.id WHERE ch."courseId" = c.id)`,
  "course on a video without its CourseVideo rows": `
    SELECT c.id, c."videoId" FROM "Course" c
    WHERE c."videoId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "CourseVideo" cv WHERE cv."courseId" = c.id)`,
  // A course's timeline is its videos one after another (CourseVideo).
  "section time outside its videos or out of order": `
    WITH ordered AS (
      SELECT s.id, s."timeStart", s."timeEnd",
             (SELECT max(cv."offsetSeconds" + cv."durationSeconds") FROM "CourseVideo" cv WHERE cv."courseId" = c.id) AS "durationSeconds",
             lag(s."timeStart") OVER (PARTITION BY ch."courseId" ORDER BY ch."order", s."order") AS previous_start
      FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" JOIN "Course" c ON c.id = ch."courseId")
    SELECT * FROM ordered
    WHERE "timeStart" < 0 OR ("timeEnd" IS NOT NULL AND "timeEnd" < "timeStart")
       OR ("durationSeconds" IS NOT NULL AND "timeStart" > "durationSeconds")
       OR (previous_start IS NOT NULL AND "timeStart" < previous_start)`,
  "free user with more than one generated course in a calendar month": `
    SELECT c."userId", to_char(j."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS courses
    FROM "Course" c JOIN "GenerationJob" j ON j."courseId" = c.id JOIN "User" u ON u.id = c."userId"
    WHERE u."couponPremiumUntil" IS NULL AND NOT EXISTS (SELECT 1 FROM "Subscription" s WHERE s."userId" = u.id)
    GROUP BY 1, 2 HAVING count(*) > 1`,
  "generation job stuck running": `
    SELECT id, stage, "heartbeatAt" FROM "GenerationJob"
    WHERE status = 'running' AND coalesce("heartbeatAt", "startedAt", "createdAt") < now() - interval '30 minutes'`,
  "section completion filed under another course": `
    SELECT sc.id, sc."sectionId", sc."courseId", ch."courseId" AS real_course
    FROM "SectionCompletion" sc JOIN "Section" s ON s.id = sc."sectionId" JOIN "Chapter" ch ON ch.id = s."chapterId"
    WHERE ch."courseId" <> sc."courseId"`,
  "current section outside its course": `
    SELECT p.id, p."currentSectionId", p."courseId" FROM "CourseProgress" p
    JOIN "Section" s ON s.id = p."currentSectionId" JOIN "Chapter" ch ON ch.id = s."chapterId"
    WHERE ch."courseId" <> p."courseId"`,
  "concept moment in a section of another course": `
    SELECT cc."courseId", cc."conceptId", m->>'sectionId' AS "sectionId"
    FROM "CourseConcept" cc CROSS JOIN LATERAL jsonb_array_elements(cc.moments) AS m
    WHERE NOT EXISTS (
      SELECT 1 FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId"
      WHERE s.id = (m->>'sectionId')::int AND ch."courseId" = cc."courseId")`,
  "question tagged with a concept its course does not explain": `
    SELECT qc."questionId", qc."conceptId" FROM "QuestionConcept" qc
    JOIN "QuizQuestion" q ON q.id = qc."questionId" JOIN "Quiz" z ON z.id = q."quizId"
    JOIN "Section" s ON s.id = z."sectionId" JOIN "Chapter" ch ON ch.id = s."chapterId"
    WHERE NOT EXISTS (SELECT 1 FROM "CourseConcept" cc WHERE cc."courseId" = ch."courseId" AND cc."conceptId" = qc."conceptId")`,
  "mastery outside a probability, or with negative evidence": `
    SELECT "userId", "conceptId", "pKnown", "evidenceCount" FROM "ConceptMastery"
    WHERE NOT ("pKnown" >= 0 AND "pKnown" <= 1) OR "evidenceCount" < 0`,
  "class without exactly one owner member, its ownerId": `
    SELECT c.id, c."ownerId", count(m.id) FILTER (WHERE m.role = 'owner') AS owners
    FROM "Class" c LEFT JOIN "ClassMember" m ON m."classId" = c.id
    GROUP BY c.id
    HAVING count(m.id) FILTER (WHERE m.role = 'owner') <> 1 OR NOT coalesce(bool_or(m.role = 'owner' AND m."userId" = c."ownerId"), false)`,
  "class over 1,000 members": `
    SELECT "classId", count(*) AS members FROM "ClassMember" GROUP BY "classId" HAVING count(*) > 1000`,
  "learner owning more than 50 classes": `
    SELECT "ownerId", count(*) AS classes FROM "Class" GROUP BY "ownerId" HAVING count(*) > 50`,
};

/** Runs every invariant query; throws listing the ones that returned rows. */
export async function assertInvariants(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const violations: string[] = [];
    for (const [name, sql] of Object.entries(INVARIANTS)) {
      const { rows } = await client.query(sql);
      if (rows.length) violations.push(`${name}: ${JSON.stringify(rows.slice(0, 5))}`);
    }
    if (violations.length) throw new Error(`Data invariants violated:\n- ${violations.join("\n- ")}`);
  } finally {
    await client.end();
  }
}
