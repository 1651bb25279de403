/**
 * POST /api/reviews/sync's service (syncReviews) in process on PostgreSQL: a device sends 200
 * reviews made offline, one each of 200 of the learner's 2,000 cards (due, of every state), dated
 * over the last hour; each run a new batch (new client ids) on the next 200 cards, so every review
 * is applied: the cards locked, the reviews stored, the schedules written and each review
 * recorded as a learning event (streak, challenges). Goal: p95 ≤ 150 ms.
 *
 *   npm run bench:review-sync [-- --runs 60]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder.
 */
import { randomUUID } from "node:crypto";

import pg from "pg";

import { createDbClient } from "~/server/db/client";
import { syncReviews } from "~/server/services/cards/sync-reviews";

import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { recordFigure } from "./lib/figures";

const RUNS = Number(arg("--runs") ?? 60);
const BATCH = 200;
const CARDS = 2_000;
const P95_TARGET_MS = 150;
const RATINGS = ["again", "hard", "good", "easy"] as const;

async function seed(url: string): Promise<{ userId: number; cardIds: number[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const user = await client.query<{ id: number }>(
      `INSERT INTO "User" (username, "usernameKey", "updatedAt") VALUES ('sync_0', 'sync_0', now()) RETURNING id`,
    );
    const userId = user.rows[0]!.id;
    const course = await client.query<{ id: number }>(
      `INSERT INTO "Course" ("userId", title, description, topic, complexity, status, engine, "updatedAt")
       VALUES ($1, 'Seeded course', 'seeded', 'seeded', 'beginner', 'ready', 'offline', now()) RETURNING id`,
      [userId],
    );
    const cards = await client.query<{ id: number }>(
      `INSERT INTO "Card" ("userId", "courseId", source, front, back, due, stability, difficulty, "scheduledDays", reps, lapses, state, "lastReview", "createdAt")
       SELECT $1, $2, 'transcript', 'Front ' || g, 'Back ' || g, now() AT TIME ZONE 'UTC' - interval '2 days',
         CASE WHEN g % 4 = 0 THEN 0 ELSE 3 + random() * 10 END, CASE WHEN g % 4 = 0 THEN 0 ELSE 1 + random() * 8 END, g % 10, g % 4 * 2, 0, (g % 4)::smallint,
         CASE WHEN g % 4 = 0 THEN NULL ELSE now() AT TIME ZONE 'UTC' - interval '5 days' END, now() AT TIME ZONE 'UTC' - interval '20 days'
       FROM generate_series(1, ${CARDS}) AS g RETURNING id`,
      [userId, course.rows[0]!.id],
    );
    await client.query("VACUUM ANALYZE");
    return { userId, cardIds: cards.rows.map((row) => row.id) };
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const database = await openDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    const { userId, cardIds } = await seed(database.url);
    const db = createDbClient(pool);
    const times: number[] = [];
    for (let run = 0; run < RUNS + 5; run += 1) {
      if (process.env.BENCH_VERBOSE) console.log(`run ${run}`);
      const now = Date.now();
      const start = ((run * BATCH) % CARDS) + 0;
      const reviews = Array.from({ length: BATCH }, (_, i) => ({
        clientId: randomUUID(),
        cardId: cardIds[(start + i) % CARDS]!,
        rating: RATINGS[(run + i) % 4]!,
        reviewedAt: new Date(now - 3_600_000 + i * 1_000).toISOString(),
      }));
      const started = performance.now();
      const result = await syncReviews(db, { userId, reviews });
      const elapsed = performance.now() - started;
      if (result.applied.length !== BATCH) throw new Error(`applied ${result.applied.length} of ${BATCH}`);
      if (process.env.BENCH_VERBOSE) console.log(`${elapsed.toFixed(0)} ms`);
      if (run >= 5) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const ok = p95 <= P95_TARGET_MS;
    console.log(
      `review sync (${BATCH} reviews, ${RUNS} runs): p50 ${p50.toFixed(1)} ms · p95 ${p95.toFixed(1)} ms ${ok ? "" : `(above the ${P95_TARGET_MS} ms target)`}`,
    );
    recordFigure({
      bench: "review-sync",
      name: `sync of ${BATCH} reviews p95`,
      value: Math.round(p95 * 10) / 10,
      unit: "ms",
      target: `≤ ${P95_TARGET_MS} ms`,
      ok,
    });
    if (!ok) process.exitCode = 1;
  } finally {
    await pool.end();
    await database.close();
  }
}

await main();
