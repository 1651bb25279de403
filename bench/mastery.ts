/**
 * Concepts and mastery in process on PostgreSQL:
 * - GET /api/mastery's service (getMastery) for a learner with 100 courses and 2,000 concepts
 *   (20 a course, a quarter of them shared between courses; two moments each; the map's links;
 *   evidence on three in four), beside 20 other learners with as much. Goal: p95 ≤ 50 ms.
 * - What recording evidence adds to the event that carries it: a quiz attempt (5 questions, each
 *   on 2 concepts) against the same attempt on a quiz whose questions test no concept.
 *   The same for a card review: a card at a moment of a section that explains 8 concepts against
 *   one without a moment. Goal: each p95 difference ≤ 5 ms.
 *
 *   npm run bench:mastery [-- --runs 200]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder.
 */
import pg from "pg";

import { createDbClient } from "~/server/db/client";
import { selectCardConcepts } from "~/server/db/queries/mastery";
import { reviewCard } from "~/server/services/cards/review-card";
import { getMastery } from "~/server/services/mastery/get-mastery";
import { submitQuizAttempt } from "~/server/services/quiz/submit-attempt";

import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { recordFigure } from "./lib/figures";

const RUNS = Number(arg("--runs") ?? 200);
const LEARNERS = 21;
const COURSES_EACH = 100;
const CONCEPTS_PER_COURSE = 20;
const MAP_TARGET_MS = 50;
const EVIDENCE_TARGET_MS = 5;
const BENCH = "mastery";

/** Every learner's courses, concepts, links and evidence, each in one INSERT … SELECT. */
async function seed(url: string): Promise<{ userId: number; tagged: number; untagged: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = (sql: string) => client.query(sql);
  try {
    await run(`SELECT setseed(0.32)`);
    await run(
      `INSERT INTO "User" (username, "usernameKey", "updatedAt") SELECT 'mastery_' || g, 'mastery_' || g, now() FROM generate_series(0, ${LEARNERS - 1}) AS g`,
    );
    await run(
      `INSERT INTO "Course" ("userId", title, description, topic, complexity, status, engine, "updatedAt", "conceptsAt")
       SELECT u.id, 'Course ' || g, 'seeded', 'seeded', 'beginner', 'ready', 'offline', now(), now()
       FROM "User" u CROSS JOIN generate_series(1, ${COURSES_EACH}) AS g WHERE u."usernameKey" LIKE 'mastery_%'`,
    );
    await run(`INSERT INTO "Chapter" ("courseId", title, "order") SELECT id, 'Chapter', 1 FROM "Course"`);
    await run(
      `INSERT INTO "Section" ("chapterId", title, "order", content, "timeStart", "timeEnd")
       SELECT ch.id, 'Section ' || s, s, 'content', (s - 1) * 120, s * 120 FROM "Chapter" ch CROSS JOIN generate_series(1, 5) AS s`,
    );
    // Each learner's courses hold 1,500 concepts of their own and share 500 among them.
    const perLearner = COURSES_EACH * CONCEPTS_PER_COURSE;
    await run(
      `INSERT INTO "Concept" (language, key, label) SELECT 'en', 'concept ' || g, 'Concept number ' || g FROM generate_series(0, ${LEARNERS * perLearner - 1}) AS g`,
    );
    await run(
      `WITH numbered AS (
         SELECT c.id, c."userId", row_number() OVER (PARTITION BY c."userId" ORDER BY c.id) - 1 AS n,
           dense_rank() OVER (ORDER BY c."userId") - 1 AS learner FROM "Course" c
       ), slots AS (
         SELECT numbered.*, k, CASE WHEN k < 15 THEN n * 15 + k ELSE 1500 + (n * 7 + k) % 500 END AS local FROM numbered CROSS JOIN generate_series(0, ${CONCEPTS_PER_COURSE - 1}) AS k
       )
       INSERT INTO "CourseConcept" ("courseId", "conceptId", rank, definition, moments)
       SELECT DISTINCT ON (s.id, k2.id) s.id, k2.id, s.k, 'A definition said in the video, of a readable length.',
         jsonb_build_array(
           jsonb_build_object('sectionId', (SELECT min(se.id) FROM "Section" se JOIN "Chapter" ch ON ch.id = se."chapterId" WHERE ch."courseId" = s.id) + s.k % 5, 'timeSeconds', (s.k % 5) * 120 + 7),
           jsonb_build_object('sectionId', (SELECT min(se.id) FROM "Section" se JOIN "Chapter" ch ON ch.id = se."chapterId" WHERE ch."courseId" = s.id) + (s.k + 2) % 5, 'timeSeconds', ((s.k + 2) % 5) * 120 + 31))
       FROM slots s JOIN "Concept" k2 ON k2.key = 'concept ' || (s.learner * ${perLearner} + s.local)`,
    );
    await run(
      `INSERT INTO "ConceptEdge" ("courseId", "fromId", "toId", kind)
       SELECT a."courseId", a."conceptId", b."conceptId", CASE WHEN a.rank % 2 = 0 THEN 'before'::"ConceptEdgeKind" ELSE 'with'::"ConceptEdgeKind" END
       FROM "CourseConcept" a JOIN "CourseConcept" b ON b."courseId" = a."courseId" AND b.rank = a.rank + 1
       ON CONFLICT DO NOTHING`,
    );
    await run(
      `INSERT INTO "ConceptMastery" ("userId", "conceptId", "pKnown", "evidenceCount", "lastEvidenceAt")
       SELECT DISTINCT ON (c."userId", cc."conceptId") c."userId", cc."conceptId", random(), 1 + (random() * 9)::int, now() AT TIME ZONE 'UTC' - random() * interval '90 days'
       FROM "CourseConcept" cc JOIN "Course" c ON c.id = cc."courseId" WHERE cc."conceptId" % 4 <> 0`,
    );
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM "User" WHERE "usernameKey" = 'mastery_0'`);
    const userId = rows[0]!.id;
    // Two quizzes on the learner's first course: one whose questions test two concepts each, one whose test none.
    const quiz = async (sectionOffset: number) => {
      const { rows: made } = await client.query<{ id: number }>(
        `INSERT INTO "Quiz" ("sectionId", title) SELECT min(se.id) + $2, 'Bench quiz' FROM "Section" se JOIN "Chapter" ch ON ch.id = se."chapterId"
         WHERE ch."courseId" = (SELECT min(id) FROM "Course" WHERE "userId" = $1) RETURNING id`,
        [userId, sectionOffset],
      );
      const quizId = made[0]!.id;
      await client.query(
        `INSERT INTO "QuizQuestion" ("quizId", "order", "questionText", options, "correctAnswer", explanation)
         SELECT $1, q, 'Question ' || q || '?', ARRAY['A' || q, 'B' || q, 'C' || q, 'D' || q], 'A' || q, 'Because.' FROM generate_series(1, 5) AS q`,
        [quizId],
      );
      return quizId;
    };
    const tagged = await quiz(0);
    const untagged = await quiz(1);
    await client.query(
      `INSERT INTO "QuestionConcept" ("questionId", "conceptId")
       SELECT q.id, cc."conceptId" FROM "QuizQuestion" q
       JOIN "CourseConcept" cc ON cc."courseId" = (SELECT min(id) FROM "Course" WHERE "userId" = $2) AND cc.rank IN (q."order" * 2, q."order" * 2 + 1)
       WHERE q."quizId" = $1`,
      [tagged, userId],
    );
    // Due cards for the review timings, alternately at a moment of the first course's first section (its concepts) and without one (none).
    await client.query(
      `INSERT INTO "Card" ("userId", "courseId", source, front, back, "timeSeconds", due)
       SELECT $1, (SELECT min(id) FROM "Course" WHERE "userId" = $1), 'note', 'Card ' || g, 'Back', CASE WHEN g % 2 = 0 THEN 7 END,
         now() AT TIME ZONE 'UTC' - interval '1 day'
       FROM generate_series(1, $2) AS g`,
      [userId, 2 * (RUNS + 10)],
    );
    await run("VACUUM ANALYZE");
    return { userId, tagged, untagged };
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Timing = { p50: number; p95: number };

/** p50 and p95 of each call over `runs`, the calls taking turns so that drift (autovacuum, caches) weighs on each alike. */
async function time<const Calls extends readonly (() => Promise<unknown>)[]>(runs: number, ...calls: Calls): Promise<{ [K in keyof Calls]: Timing }> {
  for (let i = 0; i < 10; i += 1) for (const call of calls) await call();
  const times = calls.map(() => [] as number[]);
  for (let i = 0; i < runs; i += 1) {
    for (const [k, call] of calls.entries()) {
      const started = performance.now();
      await call();
      times[k]!.push(performance.now() - started);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p95: percentile(list, 95) };
  }) as { [K in keyof Calls]: Timing };
}

async function main() {
  const database = await openDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    const seedStarted = performance.now();
    const { userId, tagged, untagged } = await seed(database.url);
    const db = createDbClient(pool);
    const map = await getMastery(db, { userId });
    const bytes = Buffer.byteLength(JSON.stringify(map));
    console.log(
      `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; the learner's map: ${map.concepts.length} concepts, ${map.edges.length} links, ${(bytes / 1024).toFixed(0)} kB of JSON`,
    );

    const [mapTime] = await time(RUNS, () => getMastery(db, { userId }));
    const mapOk = mapTime.p95 <= MAP_TARGET_MS;
    console.log(`GET /api/mastery (${map.concepts.length} concepts): p50 ${mapTime.p50.toFixed(2)} ms · p95 ${mapTime.p95.toFixed(2)} ms`);
    recordFigure({
      bench: BENCH,
      name: `mastery map p95 (${map.concepts.length} concepts, ${COURSES_EACH} courses)`,
      value: round(mapTime.p95),
      unit: "ms",
      target: `≤ ${MAP_TARGET_MS} ms`,
      ok: mapOk,
    });

    const attempt = async (quizId: number) => {
      const questions = await db.quizQuestion.findMany({ where: { quizId }, select: { id: true, correctAnswer: true } });
      const answers = questions.map((q) => ({ questionId: q.id, answer: q.correctAnswer }));
      return () => submitQuizAttempt(db, { quizId, userId, answers });
    };
    const [withEvidence, without] = await time(RUNS, await attempt(tagged), await attempt(untagged));
    const added = withEvidence.p95 - without.p95;
    const evidenceOk = added <= EVIDENCE_TARGET_MS;
    console.log(
      `quiz attempt, 5 answers on 10 concepts: p50 ${withEvidence.p50.toFixed(2)} ms · p95 ${withEvidence.p95.toFixed(2)} ms; on none: p50 ${without.p50.toFixed(2)} ms · p95 ${without.p95.toFixed(2)} ms; evidence adds ${added.toFixed(2)} ms at p95`,
    );
    recordFigure({
      bench: BENCH,
      name: "evidence added to a quiz attempt, p95",
      value: round(added),
      unit: "ms",
      target: `≤ ${EVIDENCE_TARGET_MS} ms`,
      ok: evidenceOk,
    });

    const cards = await db.card.findMany({ where: { userId }, select: { id: true, timeSeconds: true }, orderBy: { id: "asc" } });
    const queues = { on: cards.filter((c) => c.timeSeconds !== null).map((c) => c.id), off: cards.filter((c) => c.timeSeconds === null).map((c) => c.id) };
    const conceptsOfCard = (await selectCardConcepts(db, queues.on[0]!)).length;
    const review = (queue: number[]) => () => reviewCard(db, { userId, cardId: queue.shift()!, rating: "good" });
    const [reviewWith, reviewWithout] = await time(RUNS, review(queues.on), review(queues.off));
    const reviewAdded = reviewWith.p95 - reviewWithout.p95;
    const reviewOk = reviewAdded <= EVIDENCE_TARGET_MS;
    console.log(
      `card review on ${conceptsOfCard} concepts: p50 ${reviewWith.p50.toFixed(2)} ms · p95 ${reviewWith.p95.toFixed(2)} ms; on none: p50 ${reviewWithout.p50.toFixed(2)} ms · p95 ${reviewWithout.p95.toFixed(2)} ms; evidence adds ${reviewAdded.toFixed(2)} ms at p95`,
    );
    recordFigure({
      bench: BENCH,
      name: "evidence added to a card review, p95",
      value: round(reviewAdded),
      unit: "ms",
      target: `≤ ${EVIDENCE_TARGET_MS} ms`,
      ok: reviewOk,
    });
    if (!mapOk || !evidenceOk || !reviewOk) process.exitCode = 1;
  } finally {
    await pool.end();
    await database.close();
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

await main();
