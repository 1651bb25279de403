/**
 * An owner editing a course in place, with versions (services/editing), on a 3-hour course of
 * 60 sections. The issue's budgets: an edit answers in ≤ 50 ms at p95, restoring a version of
 * such a course in ≤ 200 ms at p95.
 *
 * Each call is a real Request handed to the route table (serveApiRoute, what the Next route file
 * and the production fast path, direct.ts, both call), as bench/class-dashboard.ts does: the
 * session cookie, the guards, the REST adapter, the procedure, its input and output validation and
 * the JSON body; not Node's HTTP socket. The app's modules run in this process on the bench
 * database (DATABASE_URL is set before they load; "server-only", which only Next resolves, is
 * stubbed by a module hook). Measured, one request at a time, a fixed number of samples after a
 * warm-up, each case bounded in time (--case-seconds):
 *   PATCH /api/sections/{id} (a new title; a new content; a start moved by 10 s, then back),
 *   POST /api/sections/{id}/split at the middle of the section, then POST …/merge-next on the
 *   same section (which joins the halves again, so the course keeps its 60 sections),
 *   DELETE /api/questions/{id}?version=, PATCH /api/courses/{id} (a new title),
 *   POST /api/courses/{id}/versions/{version}/restore, alternating between version 1 (the generated
 *   outline) and the last version before the restores, so that every restore changes the outline
 *   (titles, contents, starts, the split and merged sections and the deleted questions), and
 *   GET /api/courses/{id}/versions, first right after the history (31 versions), again at the end
 *   (~1,550: every request of the run saved one).
 * Before each case the editing tables are vacuumed and analysed, as autovacuum leaves them between
 * bursts of edits (a server may run without autovacuum: the CI server does, and ~1,500 edits
 * without it bloat "Section" and "QuizQuestion" enough to change plans). The load average is
 * printed at the start and the end: on a busy machine every figure moves.
 *
 * Seeded with set-based SQL: one course on one 10,800-second video (its CourseVideo row), 8
 * chapters of 7–8 sections of 180 s, each section's content in the offline engine's layout
 * (Key points with [h:mm:ss] lines, then transcript paragraphs: 1,500–3,000 characters); a quiz
 * of 5 questions (one open) on 52 of the 60 sections, at moments spread over the section (a split
 * at the middle moves three of them to the new section's quiz); 300 learners through a share of
 * the course each (their completions and CourseProgress rows, so a split and a merge copy real
 * completions); beside them 100 other courses and 5,000 other learners with ~200,000
 * completions, so each statement has to pick the course's rows out of others'. Then 30 versions
 * of history, made through the real services (renames, content edits, a chapter renamed, a split
 * and its merge, a question deleted).
 *
 *   npm run bench:course-editing [-- --runs 200 --restores 50 --list-runs 100 --learners 300 --background-learners 5000 --case-seconds 120 --explain]
 *
 * `--explain`: afterwards, runs each operation again a few times with every statement the app
 * sends recorded as the client sees it (round trips, time, parameter bytes), then once more with
 * an EXPLAIN (ANALYZE, BUFFERS) of each statement of the edit's transaction, run in place just
 * before it inside a savepoint that is rolled back (so it sees the same rows). It prints, per
 * operation, the statements that cost the most with their plan's top and slowest node.
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder. Exits 1 only on a crash (a wrong status or shape): a
 * missed budget is a FAIL line (and a figure for bench/report.ts) and exits 1 as well.
 */
import { randomBytes } from "node:crypto";
import { register } from "node:module";
import os from "node:os";

import pg from "pg";

import { layoutSectionContent } from "~/lib/section-content";
import { seededRandom } from "~/lib/seeded-random";

import { describePlanNode, type Explained, slowestNode } from "./lib/plans";
import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { ADD_COURSE_VIDEO_ROWS_SQL } from "./lib/course-videos";
import { recordFigure } from "./lib/figures";

const RUNS = Number(arg("--runs") ?? 200);
const RESTORES = Number(arg("--restores") ?? 50);
const LIST_RUNS = Number(arg("--list-runs") ?? 100);
const LEARNERS = Number(arg("--learners") ?? 300);
const BACKGROUND_LEARNERS = Number(arg("--background-learners") ?? 5_000);
const CASE_SECONDS = Number(arg("--case-seconds") ?? 120);
const EXPLAIN = process.argv.includes("--explain");
const WARMUP = 10;
const RESTORE_WARMUP = 4;
/** Requests per operation recorded statement by statement with --explain (one more carries the plans). */
const RECORDED = 5;
const HISTORY = 30;
const VIDEO_SECONDS = 10_800;
/** 60 sections over 8 chapters. */
const CHAPTER_SIZES = [8, 8, 7, 8, 7, 8, 7, 7];
const SECTION_COUNT = CHAPTER_SIZES.reduce((sum, size) => sum + size, 0);
const SECTION_SECONDS = VIDEO_SECONDS / SECTION_COUNT;
/** Every seventh section has no quiz. */
const QUIZ_EVERY_BUT = 7;
const QUESTIONS_PER_QUIZ = 5;
const OTHER_COURSES = 100;
const EDIT_TARGET_MS = 50;
const RESTORE_TARGET_MS = 200;
const BENCH = "course-editing";
const ORIGIN = "http://127.0.0.1";
const VIDEO_ID = "benchLecture3h";
const COURSE_TITLE = "Distributed systems, from first principles";
const CORRECTION = "Correction: in the recording I say two round trips here; it is one when the leader already holds a valid lease.";

const CHAPTER_TITLES = [
  "Why distribute at all",
  "Time, clocks and ordering",
  "Replication",
  "Consensus",
  "Transactions across machines",
  "Partitioning",
  "Failure detection and recovery",
  "Putting it together",
];
const SECTION_TOPICS = [
  "Latency and throughput",
  "The eight fallacies",
  "Failure models",
  "Lamport clocks",
  "Vector clocks",
  "Physical clocks and drift",
  "Leader and followers",
  "Synchronous replication",
  "Asynchronous replication",
  "Read-your-writes",
  "Quorums",
  "Leader election",
  "Log replication",
  "Safety and liveness",
  "Membership changes",
  "Two-phase commit",
  "Sagas",
  "Snapshot isolation",
  "Hash partitioning",
  "Range partitioning",
  "Rebalancing",
  "Heartbeats and timeouts",
  "Split brain",
  "Fencing tokens",
  "Idempotent requests",
  "Exactly-once delivery",
  "Backpressure",
  "A key-value store, end to end",
  "Observability",
  "What to read next",
];

/* ──────────────────────────────────────────────────────────────── seeded text of a lecture */

const OPENERS = ["", "", "", "So ", "Now ", "Notice that ", "In practice ", "Remember that ", "Here is the subtle part: "];
const SUBJECTS = [
  "the leader",
  "a follower",
  "each replica",
  "the client library",
  "the coordinator",
  "a quorum of nodes",
  "the write-ahead log",
  "the load balancer",
  "every partition",
  "the consensus module",
  "the failure detector",
  "a stale node",
];
const VERBS = ["sends", "acknowledges", "replicates", "retries", "persists", "orders", "rejects", "batches", "compacts", "forwards", "waits for", "checks"];
const OBJECTS = [
  "the heartbeat",
  "every append entry",
  "the pending writes",
  "a snapshot of its state",
  "the commit index",
  "the vote request",
  "its lease",
  "a monotonic timestamp",
  "the membership change",
  "the read request",
  "the fencing token",
  "the last log term",
];
const TAILS = [
  "before the election timeout fires",
  "so that one slow machine cannot stall the whole cluster",
  "once a majority has answered",
  "and this is exactly where most implementations get it wrong",
  "which keeps the log consistent after a crash",
  "even when the network drops half of the messages",
  "because the clocks of two machines always drift apart",
  "to keep a read under a millisecond on the same rack",
  "and we will prove in a minute why that is safe",
  "unless the operator has already moved the partition",
  "which is the whole point of this design",
  "as the diagram on the slide shows",
];

function sentence(random: () => number): string {
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  const opener = pick(OPENERS);
  const subject = pick(SUBJECTS);
  const start = opener ? `${opener}${subject}` : `${subject.charAt(0).toUpperCase()}${subject.slice(1)}`;
  return `${start} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)}.`;
}

/**
 * A section's content as the offline engine lays it out: 3–5 key points at moments spread over the
 * section, then the transcript in paragraphs of four sentences, 1,500–3,000 characters in all.
 */
function sectionContent(random: () => number, start: number, end: number): string {
  const target = 1_500 + Math.floor(random() * 1_350);
  const count = 3 + Math.floor(random() * 3);
  const points = Array.from({ length: count }, (_, k) => ({
    seconds: start + Math.floor(((k + 0.2 + random() * 0.6) * (end - start)) / count),
    text: sentence(random),
  }));
  const paragraphs: string[][] = [];
  let content = layoutSectionContent(points, []);
  while (content.length < target) {
    if (paragraphs.length === 0 || paragraphs.at(-1)!.length === 4) paragraphs.push([]);
    paragraphs.at(-1)!.push(sentence(random));
    content = layoutSectionContent(
      points,
      paragraphs.map((paragraph) => paragraph.join(" ")),
    );
  }
  return content;
}

const sectionTitle = (n: number) => `${SECTION_TOPICS[n % SECTION_TOPICS.length]!}${n >= SECTION_TOPICS.length ? ", continued" : ""}`;

/* ──────────────────────────────────────────────────────────────────────────────────── seed */

type Seeded = { courseId: number; ownerId: number; counts: [string, number][]; courseCompletions: number };

/** The database in set-based statements (the course's sections in one INSERT from JSON). */
async function seed(url: string): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = (sql: string, values: unknown[] = []) => client.query(sql, values);
  const utcNow = `(now() AT TIME ZONE 'UTC')`;
  try {
    await run(`SELECT setseed(0.41)`);
    await run(`INSERT INTO "User" (username, "usernameKey", "updatedAt") VALUES ('bench_owner', 'bench_owner', now())`);
    const ownerId = (await client.query<{ id: number }>(`SELECT id FROM "User" WHERE "usernameKey" = 'bench_owner'`)).rows[0]!.id;
    await run(
      `INSERT INTO "User" (username, "usernameKey", "updatedAt", "createdAt")
       SELECT 'learner_' || g, 'learner_' || g, now(), now() - g * interval '1 hour' FROM generate_series(1, $1::int) AS g`,
      [LEARNERS],
    );

    // The video (three hours, one track) and the course on it, with its CourseVideo row.
    await run(`INSERT INTO "Video" (id, source, title, "durationSeconds", "channelTitle") VALUES ($1, 'youtube', $2, $3, 'Bench University')`, [
      VIDEO_ID,
      "Distributed systems: the whole lecture",
      VIDEO_SECONDS,
    ]);
    await run(`INSERT INTO "Transcript" ("videoId", language, source) VALUES ($1, 'en', 'youtube')`, [VIDEO_ID]);
    const made = await client.query<{ id: number }>(
      `INSERT INTO "Course" ("userId", "videoId", title, description, topic, complexity, status, engine, "isPublic", "updatedAt", "conceptsAt")
       VALUES ($1, $2, $3, $4, 'distributed systems', 'intermediate', 'ready', 'offline', true, now(), now()) RETURNING id`,
      [ownerId, VIDEO_ID, COURSE_TITLE, "Three hours of lecture on how machines agree, replicate and fail, structured into a course."],
    );
    const courseId = made.rows[0]!.id;
    await run(ADD_COURSE_VIDEO_ROWS_SQL);
    await run(`INSERT INTO "Chapter" ("courseId", title, "order") SELECT $1, t.title, t.n FROM unnest($2::text[]) WITH ORDINALITY AS t(title, n)`, [
      courseId,
      CHAPTER_TITLES,
    ]);
    const random = seededRandom(41);
    const sections: { chapter: number; order: number; title: string; content: string; timeStart: number; timeEnd: number }[] = [];
    for (const [c, size] of CHAPTER_SIZES.entries()) {
      for (let k = 1; k <= size; k += 1) {
        const n = sections.length;
        const [start, end] = [n * SECTION_SECONDS, (n + 1) * SECTION_SECONDS];
        sections.push({ chapter: c + 1, order: k, title: sectionTitle(n), content: sectionContent(random, start, end), timeStart: start, timeEnd: end });
      }
    }
    await run(
      `INSERT INTO "Section" ("chapterId", title, "order", content, "timeStart", "timeEnd")
       SELECT ch.id, r.title, r."order", r.content, r."timeStart", r."timeEnd"
       FROM jsonb_to_recordset($2::jsonb) AS r(chapter int, "order" int, title text, content text, "timeStart" int, "timeEnd" int)
       JOIN "Chapter" ch ON ch."courseId" = $1 AND ch."order" = r.chapter
       ORDER BY r.chapter, r."order"`,
      [courseId, JSON.stringify(sections)],
    );
    // Every section's rank in the course (1…60), for the quizzes and the learners below.
    await run(
      `CREATE UNLOGGED TABLE bench_section AS
       SELECT s.id AS "sectionId", s.title, s."timeStart", row_number() OVER (ORDER BY ch."order", s."order")::int AS n
       FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" WHERE ch."courseId" = ${courseId}`,
    );
    await run(
      `INSERT INTO "Quiz" ("sectionId", title, engine) SELECT "sectionId", 'Quiz: ' || title, 'offline' FROM bench_section WHERE n % ${QUIZ_EVERY_BUT} <> 0`,
    );
    // Five questions a quiz (the fifth open) at moments 18, 54, 90, 126 and 162 s into the section.
    await run(
      `INSERT INTO "QuizQuestion" ("quizId", "order", kind, "questionText", options, "correctAnswer", "keyIdeas", explanation, "sourceTime")
       SELECT z.id, q, CASE WHEN q = ${QUESTIONS_PER_QUIZ} THEN 'open'::"QuestionKind" ELSE 'choice'::"QuestionKind" END,
              'Question ' || q || ' on ' || b.title || ': what does the lecture say happens at this point, and why does it matter?',
              CASE WHEN q = ${QUESTIONS_PER_QUIZ} THEN ARRAY[]::text[] ELSE ARRAY['The leader steps down', 'The write is retried', 'The quorum shrinks', 'Nothing changes'] END,
              CASE WHEN q = ${QUESTIONS_PER_QUIZ} THEN 'The write waits until a majority has stored it, so a crash cannot lose it.' ELSE 'The write is retried' END,
              CASE WHEN q = ${QUESTIONS_PER_QUIZ} THEN ARRAY['majority', 'crash'] ELSE ARRAY[]::text[] END,
              'The lecture explains it right after this moment.', b."timeStart" + ${SECTION_SECONDS / QUESTIONS_PER_QUIZ} * q - ${SECTION_SECONDS / QUESTIONS_PER_QUIZ / 2}
       FROM "Quiz" z JOIN bench_section b ON b."sectionId" = z."sectionId", generate_series(1, ${QUESTIONS_PER_QUIZ}) AS q`,
    );

    // The course's learners, each through its first `done` sections (fewer get far), on the section after them.
    await run(
      `CREATE UNLOGGED TABLE bench_learner AS
       SELECT id AS "userId", floor(power(random(), 1.4) * ${SECTION_COUNT + 1})::int AS done, ${utcNow} - random() * interval '30 days' AS at
       FROM "User" WHERE "usernameKey" LIKE 'learner\\_%'`,
    );
    await run(
      `INSERT INTO "CourseProgress" ("userId", "courseId", "currentSectionId", "createdAt", "updatedAt")
       SELECT l."userId", ${courseId}, b."sectionId", l.at - interval '20 days', l.at FROM bench_learner l JOIN bench_section b ON b.n = least(l.done + 1, ${SECTION_COUNT})`,
    );
    await run(
      `INSERT INTO "SectionCompletion" ("userId", "sectionId", "courseId", "completedAt")
       SELECT l."userId", b."sectionId", ${courseId}, l.at - (l.done - b.n) * interval '2 hours' FROM bench_learner l JOIN bench_section b ON b.n <= l.done`,
    );

    // Everyone else: other learners on ~8 of 100 other courses (2 chapters × 5 sections), through a random share of each.
    if (BACKGROUND_LEARNERS > 0) {
      await run(
        `INSERT INTO "User" (username, "usernameKey", "updatedAt", "createdAt")
         SELECT 'other_' || g, 'other_' || g, now(), now() - g * interval '1 minute' FROM generate_series(1, $1::int) AS g`,
        [BACKGROUND_LEARNERS],
      );
      await run(
        `INSERT INTO "Course" ("userId", title, description, topic, complexity, status, engine, "isPublic", "updatedAt", "conceptsAt")
         SELECT (SELECT min(id) FROM "User" WHERE "usernameKey" LIKE 'other\\_%') + (g * 37) % $1, 'Other course ' || g, 'seeded', 'other', 'beginner', 'ready', 'offline', true, now(), now()
         FROM generate_series(1, ${OTHER_COURSES}) AS g`,
        [BACKGROUND_LEARNERS],
      );
      await run(
        `INSERT INTO "Chapter" ("courseId", title, "order") SELECT c.id, 'Chapter ' || k, k FROM "Course" c, generate_series(1, 2) AS k WHERE c.topic = 'other'`,
      );
      await run(
        `INSERT INTO "Section" ("chapterId", title, "order", content, "timeStart", "timeEnd")
         SELECT ch.id, 'Section ' || ch."order" || '.' || s, s, 'Seeded content of a section of another course.', ((ch."order" - 1) * 5 + s - 1) * 120, ((ch."order" - 1) * 5 + s) * 120
         FROM "Chapter" ch JOIN "Course" c ON c.id = ch."courseId" AND c.topic = 'other', generate_series(1, 5) AS s`,
      );
      await run(
        `CREATE UNLOGGED TABLE bench_other AS
         SELECT ch."courseId", s.id AS "sectionId", row_number() OVER (PARTITION BY ch."courseId" ORDER BY ch."order", s."order")::int AS n
         FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" JOIN "Course" c ON c.id = ch."courseId" WHERE c.topic = 'other'`,
      );
      await run(
        `CREATE UNLOGGED TABLE bench_activity AS
         SELECT u.id AS "userId", c.id AS "courseId", floor(random() * 11)::int AS done, ${utcNow} - random() * interval '60 days' AS at
         FROM "User" u, "Course" c WHERE u."usernameKey" LIKE 'other\\_%' AND c.topic = 'other' AND random() < 0.08`,
      );
      await run(
        `INSERT INTO "CourseProgress" ("userId", "courseId", "currentSectionId", "createdAt", "updatedAt")
         SELECT a."userId", a."courseId", b."sectionId", a.at - interval '10 days', a.at
         FROM bench_activity a JOIN bench_other b ON b."courseId" = a."courseId" AND b.n = least(a.done + 1, 10)`,
      );
      await run(
        `INSERT INTO "SectionCompletion" ("userId", "sectionId", "courseId", "completedAt")
         SELECT a."userId", b."sectionId", a."courseId", a.at - (a.done - b.n) * interval '7 hours'
         FROM bench_activity a JOIN bench_other b ON b."courseId" = a."courseId" AND b.n <= a.done`,
      );
      await run(`DROP TABLE bench_other, bench_activity`);
    }
    await run(`DROP TABLE bench_section, bench_learner`);
    await run("VACUUM ANALYZE");

    const counts: [string, number][] = [];
    for (const table of ["User", "Course", "Section", "QuizQuestion", "CourseProgress", "SectionCompletion"]) {
      counts.push([table, (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0]!.n]);
    }
    const courseCompletions = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "SectionCompletion" WHERE "courseId" = $1`, [courseId]))
      .rows[0]!.n;
    return { courseId, ownerId, counts, courseCompletions };
  } finally {
    await client.end();
  }
}

/* ─────────────────────────────────────────────────────────────────────── figures and output */

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" / ");
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

/** One measured operation: its samples, in ms, and the budget its p95 is judged by (none for the list). */
type Operation = { name: string; target: number | null; planned: number; times: number[]; stopped: boolean };

const operation = (name: string, target: number | null, planned: number): Operation => ({ name, target, planned, times: [], stopped: false });

/** One request of a case: which operation it counts for, and the request itself (prepared, untimed, before). */
type Step = { op: Operation; run: () => Promise<void> };

/**
 * `warmup + runs` rounds, one request at a time: `prepare(i)` reads what the round needs (untimed),
 * then each of its steps is timed. Stops at the case's time bound, whatever was measured by then.
 */
async function measure(ops: Operation[], warmup: number, runs: number, prepare: (round: number) => Promise<Step[]> | Step[]): Promise<void> {
  const deadline = performance.now() + CASE_SECONDS * 1000;
  for (let round = 0; round < warmup + runs; round += 1) {
    if (performance.now() > deadline) {
      for (const op of ops) op.stopped = true;
      break;
    }
    for (const step of await prepare(round)) {
      const started = performance.now();
      await step.run();
      if (round >= warmup) step.op.times.push(performance.now() - started);
    }
  }
}

function summary(op: Operation) {
  const sorted = [...op.times].sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error(`${op.name}: no sample within ${CASE_SECONDS} s`);
  const p95 = percentile(sorted, 95);
  return { p50: percentile(sorted, 50), p95, max: sorted.at(-1)!, ok: op.target === null ? null : p95 <= op.target };
}

function printTable(ops: Operation[]) {
  const lines = ["| operation (request through the route table) | samples | p50 | p95 | max | target (p95) | |", "|---|---|---|---|---|---|---|"];
  for (const op of ops) {
    const { p50, p95, max, ok } = summary(op);
    const samples = op.stopped ? `${op.times.length} of ${op.planned} (time bound)` : String(op.times.length);
    lines.push(
      `| ${op.name} | ${samples} | ${ms(p50)} | ${ms(p95)} | ${ms(max)} | ${op.target === null ? "—" : `≤ ${op.target} ms`} | ${ok === null ? "" : verdict(ok)} |`,
    );
    // As every bench here (bench/README.md): a missed budget is an exit code too.
    if (ok === false) process.exitCode = 1;
  }
  console.log(`\n${lines.join("\n")}\n`);
}

/* ────────────────────────────────────────────────────── statements, as the app sends them */

type Recorded = { text: string; values: unknown[]; ms: number; rows: number; inTransaction: boolean; plan?: Explained };

/** What the query hook does: nothing, record each statement, or also EXPLAIN each one of a transaction in place. */
const recorder: { statements: Recorded[] | null; explain: boolean } = { statements: null, explain: false };

type RawQuery = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Wraps pg.Client#query (the app's pool, Prisma's adapter and its transactions all end there) to
 * record each statement's text, parameters, rows and time to its answer. With `explain`, a
 * statement inside a transaction is first run under EXPLAIN (ANALYZE, BUFFERS) in a savepoint
 * that is rolled back, so its plan is read on the very rows it then changes.
 */
function installStatementHook() {
  const original = Reflect.get(pg.Client.prototype, "query") as RawQuery;
  const inTransaction = new WeakSet<pg.Client>();
  const explainInPlace = async (client: pg.Client, text: string, values: unknown[]): Promise<Explained> => {
    await original.call(client, "SAVEPOINT bench_explain");
    try {
      const result = (await original.call(client, { text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values })) as pg.QueryResult<{
        "QUERY PLAN": Explained[];
      }>;
      return result.rows[0]!["QUERY PLAN"][0]!;
    } finally {
      await original.call(client, "ROLLBACK TO SAVEPOINT bench_explain");
    }
  };
  (pg.Client.prototype as unknown as { query: RawQuery }).query = function (this: pg.Client, ...args: unknown[]) {
    const statements = recorder.statements;
    const [first, second] = args;
    const text = typeof first === "string" ? first : typeof first === "object" && first !== null && "text" in first ? String(first.text) : null;
    if (!statements || text === null) return original.apply(this, args);
    const values = (Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? [])) as unknown[];
    if (text === "BEGIN") inTransaction.add(this);
    const entry: Recorded = { text, values, ms: 0, rows: 0, inTransaction: inTransaction.has(this) };
    if (text === "COMMIT" || text === "ROLLBACK") inTransaction.delete(this);
    statements.push(entry);
    const last = args.at(-1);
    if (typeof last === "function") {
      // pg-pool's form: the answer comes to a callback.
      const started = performance.now();
      args[args.length - 1] = (error: unknown, result?: pg.QueryResult) => {
        entry.ms = performance.now() - started;
        entry.rows = result?.rowCount ?? 0;
        (last as (error: unknown, result?: pg.QueryResult) => void)(error, result);
      };
      return original.apply(this, args);
    }
    return (async () => {
      if (recorder.explain && entry.inTransaction && /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(text))
        entry.plan = await explainInPlace(this, text, values);
      const started = performance.now();
      const result = (await original.apply(this, args)) as pg.QueryResult;
      entry.ms = performance.now() - started;
      entry.rows = result.rowCount ?? 0;
      return result;
    })();
  };
}

/** A statement's text on one line, its parameter lists folded, so that one shape is one key across requests. */
const statementKey = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/\$\d+(?:\s*,\s*\$\d+)+/g, "$…")
    .trim();

const parameterBytes = (values: unknown[]) => values.reduce<number>((sum, value) => sum + (typeof value === "string" ? Buffer.byteLength(value) : 8), 0);

function planLine(plan: Explained): string {
  const { node, self } = slowestNode(plan.Plan);
  const triggers = (plan.Triggers ?? [])
    .filter((trigger) => trigger.Time >= 0.05)
    .map((trigger) => `trigger ${trigger["Trigger Name"]} ${ms(trigger.Time)} × ${trigger.Calls}`);
  return (
    `EXPLAIN ${ms(plan["Execution Time"])} (planning ${ms(plan["Planning Time"])}): ${describePlanNode(plan.Plan)}; slowest node ${describePlanNode(node)} ${ms(self)} itself ` +
    `(${node["Actual Rows"]} rows × ${node["Actual Loops"]} loops${node["Rows Removed by Filter"] ? `, ${node["Rows Removed by Filter"].toLocaleString("en")} removed by its filter` : ""}); ` +
    `buffers hit ${plan.Plan["Shared Hit Blocks"]}, read ${plan.Plan["Shared Read Blocks"]}${triggers.length ? `; ${triggers.join(", ")}` : ""}`
  );
}

/** Per operation: its requests' wall times and each request's statements. */
type Recording = { walls: number[]; requests: Recorded[][] };

function printRecording(op: Operation, recording: Recording) {
  const requests = recording.requests;
  const keys = [...new Set(requests.flat().map((statement) => statementKey(statement.text)))];
  const rows = keys.map((key) => {
    const per = requests.map((statements) => statements.filter((statement) => statementKey(statement.text) === key));
    const planned = requests.flat().filter((statement) => statementKey(statement.text) === key && statement.plan);
    const slowestPlan = planned.sort((a, b) => b.plan!["Execution Time"] - a.plan!["Execution Time"])[0]?.plan;
    return {
      key,
      ms: median(per.map((statements) => statements.reduce((sum, statement) => sum + statement.ms, 0))),
      count: median(per.map((statements) => statements.length)),
      bytes: median(per.map((statements) => statements.reduce((sum, statement) => sum + parameterBytes(statement.values), 0))),
      rows: median(per.map((statements) => statements.reduce((sum, statement) => sum + statement.rows, 0))),
      inTransaction: per.some((statements) => statements.some((statement) => statement.inTransaction)),
      plan: slowestPlan,
    };
  });
  rows.sort((a, b) => b.ms - a.ms);
  const roundTrips = median(requests.map((statements) => statements.length));
  const inStatements = median(requests.map((statements) => statements.reduce((sum, statement) => sum + statement.ms, 0)));
  console.log(
    `\n${op.name}: ${requests.length} recorded requests, median ${ms(median(recording.walls))} (without the EXPLAINs), ${roundTrips} statements (round trips) a request, ` +
      `${ms(inStatements)} of it waiting on them; by statement (median per request; "×" how many times a request sends it; kB of parameters sent):`,
  );
  const shown = rows.filter((row, k) => k < 8 || row.ms >= 0.5);
  for (const row of shown) {
    const size = row.bytes >= 1024 ? `${(row.bytes / 1024).toFixed(0)} kB` : `${row.bytes} B`;
    console.log(
      `  ${ms(row.ms).padStart(9)} ${`${row.count}×`.padStart(4)} ${size.padStart(7)}  ${row.inTransaction ? "" : "(outside the transaction) "}${row.key.slice(0, 170)}`,
    );
    if (row.plan && row.ms >= 0.3) console.log(`${" ".repeat(26)}↳ ${planLine(row.plan)}`);
  }
  const rest = rows.slice(shown.length);
  if (rest.length) console.log(`  ${ms(rest.reduce((sum, row) => sum + row.ms, 0)).padStart(9)} in ${rest.length} other statements`);
}

/* ──────────────────────────────────────────────────────────────────────────────────── main */

type OutlineSection = { id: number; chapterId: number; timeStart: number; timeEnd: number | null; title: string };
type Json = Record<string, unknown>;

async function main() {
  const database = await openDatabase();
  try {
    console.log(`load average ${loadAverage()} at the start (${os.cpus().length} cores)`);
    const seedStarted = performance.now();
    const seeded = await seed(database.url);
    console.log(
      `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${seeded.counts.map(([table, n]) => `${table} ${n.toLocaleString("en")}`).join(", ")}; ` +
        `${LEARNERS} learners on the course with ${seeded.courseCompletions.toLocaleString("en")} completions`,
    );

    // The app's modules, on the bench database. "server-only" (src/server/db.ts) resolves only inside Next.
    register(
      `data:text/javascript,${encodeURIComponent(
        `export async function resolve(specifier, context, next) { return specifier === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(specifier, context); }`,
      )}`,
    );
    const secret = randomBytes(32).toString("hex");
    Object.assign(process.env, { DATABASE_URL: database.url, NEXTAUTH_SECRET: secret, NODE_ENV: "production", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
    const { serveApiRoute } = await import("~/server/api/routes");
    const { encodeSessionToken, sessionCookieName } = await import("~/server/auth/session");
    const { db, getPool } = await import("~/server/db");
    const { deleteQuestion } = await import("~/server/services/editing/delete-question");
    const { editChapter } = await import("~/server/services/editing/edit-chapter");
    const { editSection } = await import("~/server/services/editing/edit-section");
    const { mergeNextSection } = await import("~/server/services/editing/merge-next-section");
    const { splitSection } = await import("~/server/services/editing/split-section");
    const probe = new pg.Client({ connectionString: database.url });
    await probe.connect();

    try {
      const { courseId, ownerId: userId } = seeded;
      const cookie = `${sessionCookieName()}=${await encodeSessionToken({ userId, sessionVersion: 0 })}`;
      let version = 1;

      // What a round needs, read beside the app (untimed): the outline now, a section's content, a question to delete.
      const outlineNow = async () =>
        (
          await probe.query<OutlineSection>(
            `SELECT s.id, s."chapterId", s."timeStart", s."timeEnd", s.title FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId"
             WHERE ch."courseId" = $1 ORDER BY ch."order", s."order"`,
            [courseId],
          )
        ).rows;
      const contentOf = async (sectionId: number) =>
        (await probe.query<{ content: string }>(`SELECT content FROM "Section" WHERE id = $1`, [sectionId])).rows[0]!.content;
      const questionToDelete = async (turn: number) =>
        (
          await probe.query<{ id: number }>(
            `SELECT q.id FROM "QuizQuestion" q JOIN "Quiz" z ON z.id = q."quizId" JOIN "Section" s ON s.id = z."sectionId" JOIN "Chapter" ch ON ch.id = s."chapterId"
             WHERE ch."courseId" = $1
             ORDER BY count(*) OVER (PARTITION BY z.id) DESC, md5(z.id || ':' || $2::int), q."order" LIMIT 1`,
            [courseId, turn],
          )
        ).rows[0]?.id;
      const retitled = (title: string, n: number) => `${title.replace(/ \(rev \d+\)$/, "")} (rev ${n})`;
      const corrected = (content: string) => (content.includes(CORRECTION) ? content.replace(`\n\n${CORRECTION}`, "") : `${content}\n\n${CORRECTION}`);
      const middleOf = (sections: OutlineSection[], k: number) => {
        const section = sections[k]!;
        return Math.floor((section.timeStart + (section.timeEnd ?? sections[k + 1]?.timeStart ?? VIDEO_SECONDS)) / 2);
      };

      // History: 30 versions through the services (the first edit also keeps the generated outline, as version 1).
      const historyStarted = performance.now();
      for (let i = 0; i < HISTORY; i += 1) {
        const sections = await outlineNow();
        const k = (i * 7) % (sections.length - 1);
        const section = sections[k]!;
        let done: { version: number };
        switch (i % 6) {
          case 0:
            done = await editSection(db, { userId, id: section.id, title: retitled(section.title, i), version });
            break;
          case 1:
            done = await editSection(db, { userId, id: section.id, content: corrected(await contentOf(section.id)), version });
            break;
          case 2: {
            const chapter = (await probe.query<{ title: string }>(`SELECT title FROM "Chapter" WHERE id = $1`, [section.chapterId])).rows[0]!;
            done = await editChapter(db, { userId, id: section.chapterId, title: retitled(chapter.title, i), version });
            break;
          }
          case 3:
            done = await splitSection(db, { userId, id: section.id, atSeconds: middleOf(sections, k), version });
            break;
          case 4: {
            // The section split the round before, joined again.
            const split = sections[((i - 1) * 7) % (sections.length - 2)]!;
            done = await mergeNextSection(db, { userId, id: split.id, version });
            break;
          }
          default: {
            const question = await questionToDelete(i);
            if (question === undefined) throw new Error("no question left to delete");
            done = await deleteQuestion(db, { userId, id: question, version });
          }
        }
        if (done.version !== version + 1) throw new Error(`history edit ${i} answered version ${done.version} after ${version}`);
        version = done.version;
      }
      await probe.query(`ANALYZE`);
      const stored = (
        await probe.query<{ n: number; stored: number; text: number }>(
          `SELECT count(*)::int AS n, avg(pg_column_size(outline))::int AS stored, avg(length(outline::text))::int AS text FROM "CourseVersion" WHERE "courseId" = $1`,
          [courseId],
        )
      ).rows[0]!;
      const lengths = (
        await probe.query<{ min: number; avg: number; max: number; sections: number; questions: number }>(
          `SELECT min(length(s.content))::int AS min, avg(length(s.content))::int AS avg, max(length(s.content))::int AS max, count(DISTINCT s.id)::int AS sections, count(q.id)::int AS questions
           FROM "Section" s JOIN "Chapter" ch ON ch.id = s."chapterId" LEFT JOIN "Quiz" z ON z."sectionId" = s.id LEFT JOIN "QuizQuestion" q ON q."quizId" = z.id WHERE ch."courseId" = $1`,
          [courseId],
        )
      ).rows[0]!;
      console.log(
        `history: ${HISTORY} edits through the services in ${((performance.now() - historyStarted) / 1000).toFixed(1)} s, now version ${version} (${stored.n} CourseVersion rows, ` +
          `each outline ${(stored.text / 1024).toFixed(0)} kB of JSON, ${(stored.stored / 1024).toFixed(0)} kB stored); the course: ${lengths.sections} sections of ${lengths.min}–${lengths.max} characters ` +
          `(mean ${lengths.avg}), ${lengths.questions} questions in quizzes`,
      );
      const { autovacuum } = (await probe.query<{ autovacuum: string }>(`SHOW autovacuum`)).rows[0]!;
      console.log(
        `autovacuum is ${autovacuum} on this server; the editing tables are vacuumed before each case, as autovacuum leaves them between bursts of edits`,
      );

      // Every request as the route table serves it.
      const request = async (method: string, path: string, json?: Json): Promise<Json> => {
        const response = await serveApiRoute(
          new Request(`${ORIGIN}${path}`, {
            method,
            headers: { cookie, "x-forwarded-for": "10.1.2.3", ...(json === undefined ? {} : { "content-type": "application/json" }) },
            body: json === undefined ? undefined : JSON.stringify(json),
          }),
        );
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${body.slice(0, 300)}`);
        return JSON.parse(body) as Json;
      };
      /** An edit: it must answer the next version. */
      const edit = async (method: string, path: string, json?: Json): Promise<Json> => {
        const answer = await request(method, path, json);
        if (answer.version !== version + 1) throw new Error(`${method} ${path} answered version ${String(answer.version)} after ${version}`);
        version = answer.version;
        return answer;
      };

      const renameSection = operation("rename a section (PATCH /api/sections/{id} title)", EDIT_TARGET_MS, RUNS);
      const editContent = operation("edit a section's content (PATCH /api/sections/{id} content)", EDIT_TARGET_MS, RUNS);
      const moveStart = operation("move a section's start (PATCH /api/sections/{id} timeStart)", EDIT_TARGET_MS, RUNS);
      const split = operation("split a section (POST /api/sections/{id}/split)", EDIT_TARGET_MS, RUNS);
      const merge = operation("merge a section with the next (POST /api/sections/{id}/merge-next)", EDIT_TARGET_MS, RUNS);
      const removeQuestion = operation("delete a question (DELETE /api/questions/{id})", EDIT_TARGET_MS, RUNS);
      const renameCourse = operation("rename the course (PATCH /api/courses/{id} title)", EDIT_TARGET_MS, RUNS);
      const restore = operation("restore a version (POST /api/courses/{id}/versions/{v}/restore)", RESTORE_TARGET_MS, RESTORES);
      const listFirst = operation(`list versions, ${HISTORY + 1} saved (GET /api/courses/{id}/versions)`, null, LIST_RUNS);
      const listLast = operation("list versions, the newest 100 after the run (GET /api/courses/{id}/versions)", null, LIST_RUNS);

      let turn = 0;
      let moved: { id: number; from: number } | null = null;
      let recent = 0;
      let restores = 0;
      type Case = { ops: Operation[]; warmup: number; runs: number; prepare: (round: number) => Promise<Step[]> | Step[] };
      /** GET …/versions, checked against the version the course is at: the newest 100 listed (all, while there are fewer), and their total. */
      const listing = (op: Operation): Case => ({
        ops: [op],
        warmup: WARMUP,
        runs: LIST_RUNS,
        prepare: () => [
          {
            op,
            run: async () => {
              const answer = await request("GET", `/api/courses/${courseId}/versions`);
              const listed = Math.min(version, 100);
              if (answer.version !== version || answer.total !== version || !Array.isArray(answer.versions) || answer.versions.length !== listed) {
                throw new Error(
                  `the versions list: version ${String(answer.version)}, ${Array.isArray(answer.versions) ? answer.versions.length : "no"} versions, after ${version}`,
                );
              }
            },
          },
        ],
      });
      const cases: Case[] = [
        listing(listFirst),
        {
          ops: [renameSection],
          warmup: WARMUP,
          runs: RUNS,
          prepare: async () => {
            const sections = await outlineNow();
            const section = sections[(turn += 7) % sections.length]!;
            return [
              {
                op: renameSection,
                run: async () => void (await edit("PATCH", `/api/sections/${section.id}`, { title: retitled(section.title, turn), version })),
              },
            ];
          },
        },
        {
          ops: [editContent],
          warmup: WARMUP,
          runs: RUNS,
          prepare: async () => {
            const sections = await outlineNow();
            const section = sections[(turn += 7) % sections.length]!;
            const content = corrected(await contentOf(section.id));
            return [{ op: editContent, run: async () => void (await edit("PATCH", `/api/sections/${section.id}`, { content, version })) }];
          },
        },
        {
          // A start 10 s later (the previous section's end moves with it), then back where it was.
          ops: [moveStart],
          warmup: WARMUP,
          runs: RUNS,
          prepare: async () => {
            if (moved) {
              const back = moved;
              moved = null;
              return [{ op: moveStart, run: async () => void (await edit("PATCH", `/api/sections/${back.id}`, { timeStart: back.from, version })) }];
            }
            const sections = await outlineNow();
            const section = sections[1 + ((turn += 7) % (sections.length - 1))]!;
            moved = { id: section.id, from: section.timeStart };
            return [
              { op: moveStart, run: async () => void (await edit("PATCH", `/api/sections/${section.id}`, { timeStart: section.timeStart + 10, version })) },
            ];
          },
        },
        {
          // Split at the middle, then merge the section with its second half: one new section each time, the course stays at 60.
          ops: [split, merge],
          warmup: WARMUP,
          runs: RUNS,
          prepare: async () => {
            const sections = await outlineNow();
            const k = (turn += 7) % sections.length;
            const section = sections[k]!;
            const at = middleOf(sections, k);
            return [
              {
                op: split,
                run: async () => {
                  const answer = await edit("POST", `/api/sections/${section.id}/split`, { atSeconds: at, version });
                  if (typeof answer.newSectionId !== "number") throw new Error(`the split answered ${JSON.stringify(answer)}`);
                },
              },
              { op: merge, run: async () => void (await edit("POST", `/api/sections/${section.id}/merge-next`, { version })) },
            ];
          },
        },
        {
          // A question of the fullest quiz, a different quiz each time; when none is left, the generated outline comes back (untimed).
          ops: [removeQuestion],
          warmup: WARMUP,
          runs: RUNS,
          prepare: async () => {
            let question = await questionToDelete((turn += 1));
            if (question === undefined) {
              await edit("POST", `/api/courses/${courseId}/versions/1/restore`, { baseVersion: version });
              question = await questionToDelete(turn);
              if (question === undefined) throw new Error("no question to delete after a restore");
            }
            const id = question;
            return [{ op: removeQuestion, run: async () => void (await edit("DELETE", `/api/questions/${id}?version=${version}`)) }];
          },
        },
        {
          ops: [renameCourse],
          warmup: WARMUP,
          runs: RUNS,
          prepare: () => {
            const title = retitled(COURSE_TITLE, (turn += 1));
            return [{ op: renameCourse, run: async () => void (await edit("PATCH", `/api/courses/${courseId}`, { title, version })) }];
          },
        },
        {
          // Version 1 (generated) and the last version before the restores, in turn: each restore changes most of the outline.
          ops: [restore],
          warmup: RESTORE_WARMUP,
          runs: RESTORES,
          prepare: () => {
            if (recent === 0) recent = version;
            const from = (restores += 1) % 2 === 1 ? 1 : recent;
            return [{ op: restore, run: async () => void (await edit("POST", `/api/courses/${courseId}/versions/${from}/restore`, { baseVersion: version })) }];
          },
        },
        listing(listLast),
      ];

      // Each case starts on vacuumed tables, as autovacuum leaves them between bursts of edits (a server may run without it: CI's does).
      const vacuum = () =>
        probe.query(`VACUUM (ANALYZE) "Course", "Chapter", "Section", "Quiz", "QuizQuestion", "SectionCompletion", "CourseProgress", "CourseVersion"`);
      for (const { ops, warmup, runs, prepare } of cases) {
        await vacuum();
        if (ops.includes(listLast)) listLast.name = listLast.name.replace("after the run", `${version.toLocaleString("en")} saved`);
        const started = performance.now();
        await measure(ops, warmup, runs, prepare);
        const line = ops.map((op) => `${op.name.replace(/ \(.*$/, "")} p95 ${ms(summary(op).p95)}`).join(", ");
        console.log(
          `${line} — ${ops.reduce((sum, op) => sum + op.times.length, 0)} samples in ${((performance.now() - started) / 1000).toFixed(1)} s${ops.some((op) => op.stopped) ? " (stopped at the time bound)" : ""}`,
        );
      }

      const ops = cases.flatMap((c) => c.ops);
      const { n: versionRows } = (await probe.query<{ n: number }>(`SELECT count(*)::int AS n FROM "CourseVersion" WHERE "courseId" = $1`, [courseId]))
        .rows[0]!;
      const { n: completions } = (await probe.query<{ n: number }>(`SELECT count(*)::int AS n FROM "SectionCompletion"`)).rows[0]!;
      printTable(ops);
      console.log(
        `(the course ended at version ${version} with ${versionRows} CourseVersion rows. SectionCompletion grew to ${completions.toLocaleString("en")} rows: ` +
          `each split copies the section's completions and each merge adds those of the learners who had both halves. Load average ${loadAverage()} at the end.)`,
      );
      for (const op of ops) {
        const { p95, ok } = summary(op);
        recordFigure({
          bench: BENCH,
          name: `${op.name.replace(/ \(.*$/, "")} p95 (3-hour course, ${SECTION_COUNT} sections, ${LEARNERS} learners)`,
          value: Math.round(p95 * 10) / 10,
          unit: "ms",
          ...(op.target === null ? {} : { target: `≤ ${op.target} ms`, ok: ok ?? undefined }),
        });
      }

      if (EXPLAIN) {
        // Each case a few more rounds, every statement recorded; the last round also EXPLAINs each statement of the transaction in place.
        installStatementHook();
        await vacuum();
        // The first listing is the last one's statements at another length: recorded once, at the end.
        for (const { ops: caseOps, prepare } of cases.filter((c) => !c.ops.includes(listFirst))) {
          const recordings = new Map<Operation, Recording>(caseOps.map((op) => [op, { walls: [], requests: [] }]));
          for (let round = 0; round <= RECORDED; round += 1) {
            for (const step of await prepare(round)) {
              recorder.statements = [];
              recorder.explain = round === RECORDED;
              const started = performance.now();
              await step.run();
              const wall = performance.now() - started;
              const recording = recordings.get(step.op)!;
              recording.requests.push(recorder.statements);
              if (!recorder.explain) recording.walls.push(wall);
              recorder.statements = null;
              recorder.explain = false;
            }
          }
          for (const [op, recording] of recordings) printRecording(op, recording);
        }
      }
    } finally {
      await probe.end();
      await getPool().end();
    }
  } finally {
    await database.close();
  }
}

await main();
