/**
 * One reminder pass (runReminderPass, what the scheduler runs every minute) over 100,000 learners
 * with reminder settings: hours spread over the day, time zones from six offsets (one with DST),
 * e-mail on and verified, three cards each (due for most), a three-day streak for some, so the
 * learners whose hour it is (about one in 24) each get a digest: claimed and queued in the outbox.
 * Goal: ≤ 10 s. The pass is then run again as of the same time, as another process would: it
 * finds nothing left to send.
 *
 *   npm run bench:reminders [-- --learners 100000]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder.
 */
import pg from "pg";

import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { recordFigure } from "./lib/figures";

const LEARNERS = Number(arg("--learners") ?? 100_000);
const TARGET_S = 10;
const BENCH = "reminders";
const AT = new Date("2026-12-07T18:20:00Z");
const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Asia/Tokyo", "America/Los_Angeles"];

async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "User" (username, "usernameKey", email, "emailVerifiedAt", "timeZone", "updatedAt")
       SELECT 'remind_' || g, 'remind_' || g, 'remind_' || g || '@example.test', now(), ($2::text[])[1 + g % 6], now()
       FROM generate_series(1, $1::int) AS g`,
      [LEARNERS, ZONES],
    );
    await client.query(
      `INSERT INTO "ReminderSettings" ("userId", email, push, hour, "updatedAt")
       SELECT id, true, false, (id * 7) % 24, now() FROM "User" WHERE "usernameKey" LIKE 'remind\\_%'`,
    );
    await client.query(
      `INSERT INTO "Course" ("userId", title, description, topic, complexity, status, engine, "updatedAt")
       SELECT min(id), 'Seeded course', 'seeded', 'seeded', 'beginner', 'ready', 'offline', now() FROM "User"`,
    );
    // Three cards a learner: nine in ten learners have one due at the pass's time.
    await client.query(
      `INSERT INTO "Card" ("userId", "courseId", source, front, back, due)
       SELECT u.id, (SELECT min(id) FROM "Course"), 'transcript', 'Front ' || k, 'Back ' || k,
              CASE WHEN u.id % 10 = 0 OR k > 1 THEN $1::timestamp + interval '3 days' ELSE $1::timestamp - interval '1 day' END
       FROM "User" u CROSS JOIN generate_series(1, 3) AS k WHERE u."usernameKey" LIKE 'remind\\_%'`,
      [AT.toISOString().replace("Z", "")],
    );
    // A streak up to yesterday for one learner in five.
    await client.query(
      `INSERT INTO "ActivityEvent" ("userId", type, "subjectKey", "localDate", "occurredAt")
       SELECT u.id, 'daily_visit', d::date::text, d::date, d
       FROM "User" u CROSS JOIN generate_series($1::timestamp - interval '3 days', $1::timestamp - interval '1 day', interval '1 day') AS d
       WHERE u."usernameKey" LIKE 'remind\\_%' AND u.id % 5 = 0`,
      [AT.toISOString().replace("Z", "")],
    );
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}

async function main() {
  const database = await openDatabase();
  process.env.NEXTAUTH_SECRET ||= "bench-secret-0123456789abcdefghijklmnopqrstuvwxyz";
  const { createDbClient } = await import("~/server/db/client");
  const { runReminderPass } = await import("~/server/services/reminders/run-pass");
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    const seedStarted = performance.now();
    await seed(database.url);
    console.log(`seeded ${LEARNERS} learners with settings in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const db = createDbClient(pool);
    const started = performance.now();
    const first = await runReminderPass(db, { now: AT });
    const seconds = (performance.now() - started) / 1000;
    const againStarted = performance.now();
    const again = await runReminderPass(db, { now: AT });
    const againSeconds = (performance.now() - againStarted) / 1000;
    const mails = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "MailMessage" WHERE kind = 'reminder-digest'`);
    const ok = seconds <= TARGET_S && again.digests === 0 && mails.rows[0]!.n === first.mails;
    console.log(
      `pass over ${LEARNERS} learners: ${first.candidates} at their hour with something to say, ${first.digests} digests, ${first.mails} mails queued ` +
        `in ${seconds.toFixed(2)} s (goal ≤ ${TARGET_S} s); the same pass again: ${again.digests} digests in ${againSeconds.toFixed(2)} s`,
    );
    recordFigure({
      bench: BENCH,
      name: `one reminder pass over ${LEARNERS} learners (${first.digests} digests)`,
      value: Math.round(seconds * 100) / 100,
      unit: "s",
      target: `≤ ${TARGET_S} s`,
      ok,
    });
    recordFigure({ bench: BENCH, name: `the same pass again (nothing left to send)`, value: Math.round(againSeconds * 100) / 100, unit: "s" });
    if (!ok) process.exitCode = 1;
    await db.$disconnect();
  } finally {
    await pool.end();
    await database.close();
  }
}

await main();
