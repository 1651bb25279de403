/**
 * The header search (course.search) over a large catalogue, in process on PostgreSQL: 20,000
 * courses by 2,000 learners (one in four public), each with 4 chapters of 5 sections (400,000
 * section titles), titled from a 3,000-word vocabulary so words are as rare or as common as in
 * real titles. Times searchCourses for a rare word, a common word, two words, a two-letter
 * start, a word with no match and a half-typed word, as a learner with ten courses of their own.
 * Goal: p95 ≤ 50 ms for every kind, so results keep up with typing.
 *
 *   npm run bench:search [-- --courses 20000 --runs 40]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder.
 */
import pg from "pg";

import { createDbClient } from "~/server/db/client";
import { searchCourses } from "~/server/services/course/search-courses";

import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { recordFigure } from "./lib/figures";

const COURSES = Number(arg("--courses") ?? 20_000);
const RUNS = Number(arg("--runs") ?? 40);
const P95_TARGET_MS = 50;
const BENCH = "search";

/** 3,000 pronounceable made-up words, the same every run. */
function vocabulary(): string[] {
  const onsets = ["b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr", "gl"];
  const vowels = ["a", "e", "i", "o", "u", "ai", "ou"];
  const codas = ["", "n", "r", "s", "x", "m", "th"];
  const words = new Set<string>();
  let seed = 20_261_122;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  while (words.size < 3_000) {
    const syllables = 2 + next(2);
    let word = "";
    for (let i = 0; i < syllables; i += 1) word += onsets[next(onsets.length)]! + vowels[next(vowels.length)]! + codas[next(codas.length)]!;
    words.add(word);
  }
  return [...words];
}

/**
 * Titles of three words: the first from a Zipf-like skew (a few words everywhere), the others
 * uniform. Word i of the vocabulary is used about 1/(i+1) as often as word 0 in first place.
 */
async function seed(url: string, words: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pick = (salt: number) =>
      `$1::text[])[1 + floor(power(random(), 3) * ${words.length})::int % ${words.length}] || ' ' || ($1::text[])[1 + ((g::bigint * ${salt}) % ${words.length})] || ' ' || ($1::text[])[1 + ((g::bigint * ${salt + 2}) % ${words.length})]`;
    await client.query(`SELECT setseed(0.42)`);
    await client.query(
      `INSERT INTO "User" (username, "usernameKey", "updatedAt") SELECT 'search_' || g, 'search_' || g, now() FROM generate_series(1, 2000) AS g`,
    );
    await client.query(
      `INSERT INTO "Course" ("userId", title, description, topic, complexity, status, engine, "isPublic", "updatedAt")
       SELECT u.id, (${pick(7_919)}, 'A seeded course', 'seeded', 'beginner', 'ready', 'offline', g % 4 = 0, now()
       FROM generate_series(1, ${COURSES}) AS g JOIN "User" u ON u."usernameKey" = 'search_' || (1 + g % 2000)`,
      [words],
    );
    await client.query(
      `INSERT INTO "Chapter" ("courseId", title, "order")
       SELECT c.id, (${pick(104_729)}, k FROM "Course" c CROSS JOIN generate_series(1, 4) AS k CROSS JOIN LATERAL (SELECT c.id * 4 + k AS g) AS n`,
      [words],
    );
    await client.query(
      `INSERT INTO "Section" ("chapterId", title, "order", content, "timeStart")
       SELECT ch.id, (${pick(1_299_709)}, k, 'Seeded content', k * 60 FROM "Chapter" ch CROSS JOIN generate_series(1, 5) AS k CROSS JOIN LATERAL (SELECT ch.id * 5 + k AS g) AS n`,
      [words],
    );
    // What autovacuum does in a live database: statistics, and the GIN indexes' pending lists merged.
    await client.query("VACUUM ANALYZE");
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM "User" WHERE "usernameKey" = 'search_1'`);
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const database = await openDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const words = vocabulary();
    const seedStarted = performance.now();
    const userId = await seed(database.url, words);
    const counts = await pool.query<{ courses: number; sections: number }>(
      `SELECT (SELECT count(*) FROM "Course")::int AS courses, (SELECT count(*) FROM "Section")::int AS sections`,
    );
    console.log(
      `seeded ${counts.rows[0]!.courses} courses, ${counts.rows[0]!.sections} sections in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const db = createDbClient(pool);
    const rare = words[2_900]!;
    const common = words[0]!;
    const queries: { kind: string; query: string }[] = [
      { kind: "rare word", query: rare },
      { kind: "common word", query: common },
      { kind: "two words", query: `${common} ${words[1]!}` },
      { kind: "two letters", query: common.slice(0, 2) },
      { kind: "no match", query: "qqzzxw" },
      { kind: "half a word", query: rare.slice(0, Math.ceil(rare.length / 2)) },
    ];
    let allMet = true;
    for (const { kind, query } of queries) {
      const found = (await searchCourses(db, { userId, query })).length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        await searchCourses(db, { userId, query });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      const ok = p95 <= P95_TARGET_MS;
      allMet &&= ok;
      console.log(
        `${kind.padEnd(12)} "${query}": ${found} results · p50 ${p50.toFixed(1)} ms · p95 ${p95.toFixed(1)} ms ${ok ? "" : `(above the ${P95_TARGET_MS} ms target)`}`,
      );
      recordFigure({
        bench: BENCH,
        name: `search p95, ${kind} (${COURSES} courses)`,
        value: Math.round(p95 * 10) / 10,
        unit: "ms",
        target: `≤ ${P95_TARGET_MS} ms`,
        ok,
      });
    }
    if (!allMet) process.exitCode = 1;
  } finally {
    await pool.end();
    await database.close();
  }
}

await main();
