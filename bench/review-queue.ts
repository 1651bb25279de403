/**
 * The review queue (GET /api/review/queue's service, getReviewQueue) in process on PostgreSQL,
 * for a learner with 20,000 cards across 20 courses: three in five due (new, learning, review
 * and relearning cards, overdue by up to 60 days), the rest due over the next year; other
 * learners' cards beside them. Each call reads the first page of due cards oldest first, counts
 * the due ones, and previews the four ratings of every card on the page with ts-fsrs.
 * Goal: p95 ≤ 20 ms.
 *
 *   npm run bench:review-queue [-- --cards 20000 --runs 200]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder.
 */
import pg from "pg";

import { createDbClient } from "~/server/db/client";
import { getDueCount } from "~/server/services/cards/get-due-count";
import { getReviewQueue } from "~/server/services/cards/get-review-queue";

import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { recordFigure } from "./lib/figures";

const CARDS = Number(arg("--cards") ?? 20_000);
const RUNS = Number(arg("--runs") ?? 200);
const P95_TARGET_MS = 20;
const BENCH = "review-queue";

/** One learner's cards (and 20,000 of 200 other learners), each seeded in one INSERT … SELECT generate_series. */
async function seed(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SELECT setseed(0.18)`);
    await client.query(
      `INSERT INTO "User" (username, "usernameKey", "updatedAt") SELECT 'review_' || g, 'review_' || g, now() FROM generate_series(0, 200) AS g`,
    );
    await client.query(
      `INSERT INTO "Course" ("userId", title, description, topic, complexity, status, engine, "updatedAt")
       SELECT u.id, 'Seeded course ' || g, 'seeded', 'seeded', 'beginner', 'ready', 'offline', now()
       FROM generate_series(1, 20) AS g CROSS JOIN "User" u WHERE u."usernameKey" = 'review_0'`,
    );
    const card = (who: string, count: number) => `
      INSERT INTO "Card" ("userId", "courseId", source, front, back, "timeSeconds", due, stability, difficulty, "scheduledDays",
        "learningSteps", reps, lapses, state, "lastReview")
      SELECT u.id, c.id, 'transcript', 'Front of card ' || g || ': what does the section explain?', 'The back of card ' || g, g % 3600,
        CASE WHEN g % 5 < 3 THEN now() AT TIME ZONE 'UTC' - random() * interval '60 days' ELSE now() AT TIME ZONE 'UTC' + random() * interval '365 days' END,
        s.state * 3.5 + random() * 20, 1 + random() * 9, (random() * 30)::int, 0, s.state * 2, (random() * 2)::int, s.state,
        CASE WHEN s.state = 0 THEN NULL ELSE now() AT TIME ZONE 'UTC' - interval '70 days' END
      FROM generate_series(1, ${count}) AS g
      CROSS JOIN LATERAL (SELECT (g % 4)::smallint AS state) AS s
      JOIN "User" u ON u."usernameKey" = ${who}
      JOIN LATERAL (SELECT id FROM "Course" WHERE "userId" = (SELECT id FROM "User" WHERE "usernameKey" = 'review_0') ORDER BY id OFFSET g % 20 LIMIT 1) AS c ON true`;
    await client.query(card(`'review_0'`, CARDS));
    await client.query(card(`'review_' || (1 + g % 200)`, 20_000));
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM "User" WHERE "usernameKey" = 'review_0'`);
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(runs: number, call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i += 1) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const database = await openDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const seedStarted = performance.now();
    const userId = await seed(database.url);
    const counts = await pool.query<{ mine: number; all: number }>(
      `SELECT (SELECT count(*) FROM "Card" WHERE "userId" = $1)::int AS mine, (SELECT count(*) FROM "Card")::int AS all`,
      [userId],
    );
    console.log(
      `seeded ${counts.rows[0]!.mine} cards of the learner (${counts.rows[0]!.all} in all) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const db = createDbClient(pool);
    const queue = await getReviewQueue(db, { userId });
    console.log(`queue: ${queue.cards.length} cards on the page, ${queue.dueCount} due; first intervals ${JSON.stringify(queue.cards[0]?.intervals)}`);

    let allMet = true;
    for (const [name, call, target] of [
      ["review queue", () => getReviewQueue(db, { userId }), P95_TARGET_MS],
      ["due count", () => getDueCount(db, { userId }), null],
    ] as const) {
      const { p50, p95 } = await time(RUNS, call);
      const ok = target === null ? undefined : p95 <= target;
      if (ok === false) allMet = false;
      console.log(
        `${name.padEnd(12)} (${CARDS} cards): p50 ${p50.toFixed(2)} ms · p95 ${p95.toFixed(2)} ms ${ok === false ? `(above the ${target} ms target)` : ""}`,
      );
      recordFigure({
        bench: BENCH,
        name: `${name} p95 (${CARDS} cards of one learner)`,
        value: Math.round(p95 * 100) / 100,
        unit: "ms",
        ...(target === null ? {} : { target: `≤ ${target} ms`, ok }),
      });
    }
    if (!allMet) process.exitCode = 1;
  } finally {
    await pool.end();
    await database.close();
  }
}

await main();
