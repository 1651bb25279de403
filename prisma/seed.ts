/**
 * `npm run db:seed`: a demo learner with a sample course, for trying the app locally.
 * Uses DATABASE_URL, or the embedded database in ./.data when it is unset. Safe to run twice.
 */
import path from "node:path";

import pg from "pg";

import { createDbClient } from "../src/server/db/client";
import { startAppDatabase } from "../src/server/db/embedded";
import { createCourse, createUser } from "../test/factories";

const DEMO = { username: "demo", password: "demo-password" };

async function main() {
  const embedded = process.env.DATABASE_URL ? null : await startAppDatabase(path.resolve(process.env.DATA_DIR ?? ".data"), console.log);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL || embedded?.url });
  // An idle connection the server drops (a restart, a shutdown) must not crash the script; the pool replaces it.
  pool.on("error", (error) => console.error(`idle database connection lost: ${error.message}`));
  const db = createDbClient(pool);
  try {
    const existing = await db.user.findUnique({ where: { usernameKey: DEMO.username } });
    if (existing) {
      console.log(`user '${DEMO.username}' already exists; nothing to do`);
      return;
    }
    const user = await createUser(db, { username: DEMO.username, password: DEMO.password, email: "demo@example.com", displayName: "Demo Learner" });
    await createCourse(db, { userId: user.id, title: "Sample: How Neural Networks Learn", complexity: "beginner", chapters: 2, sectionsPerChapter: 3 });
    console.log(`seeded user '${DEMO.username}' (password '${DEMO.password}') with a sample course`);
  } finally {
    await db.$disconnect();
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
