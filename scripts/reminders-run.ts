/**
 * `npm run reminders:run -- [--at 2026-12-07T18:00:00Z]`: one reminder pass as of that time (now
 * when not given), against the database `npm start` uses: DATABASE_URL, or the embedded one in
 * DATA_DIR when it is unset (stop `npm start` first: the embedded server has one owner). Signs the
 * unsubscribe links with NEXTAUTH_SECRET, or the secret `npm start` keeps in DATA_DIR; the links
 * point at NEXTAUTH_URL (else http://localhost:$PORT, as `npm start` does). Mail is queued in the
 * outbox, which the running app sends; pushes are sent from here.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

import pg from "pg";

const { values } = parseArgs({ options: { at: { type: "string" } } });

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const at = values.at ? new Date(values.at) : new Date();
if (Number.isNaN(at.getTime())) fail("--at must be an ISO time, such as 2026-12-07T18:00:00Z");

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR || ".data");
  if (!process.env.NEXTAUTH_SECRET) {
    const secret = (await readFile(path.join(dataDir, "nextauth-secret"), "utf8").catch(() => "")).trim();
    if (secret.length < 32) fail(`NEXTAUTH_SECRET is not set and ${path.join(dataDir, "nextauth-secret")} does not hold one: start the app once, or set it`);
    process.env.NEXTAUTH_SECRET = secret;
  }
  process.env.NEXTAUTH_URL ||= `http://localhost:${process.env.PORT || 3000}`;
  // src/env.ts reads the environment once, when first imported: after the lines above.
  const { startAppDatabase } = await import("../src/server/db/embedded");
  const { createDbClient } = await import("../src/server/db/client");
  const { runReminderPass } = await import("../src/server/services/reminders/run-pass");
  const embedded = process.env.DATABASE_URL ? null : await startAppDatabase(dataDir, () => undefined);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL || embedded?.url });
  pool.on("error", (error) => console.error(`idle database connection lost: ${error.message}`));
  const db = createDbClient(pool);
  try {
    const result = await runReminderPass(db, { now: at });
    console.log(
      `reminder pass as of ${at.toISOString()}: ${result.candidates} learners at their hour with something to say, ` +
        `${result.digests} digests (${result.mails} e-mails queued, ${result.pushes} pushed)`,
    );
  } finally {
    await db.$disconnect();
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
