/**
 * The large database of issue 4's scale test, in a few set-based statements: 10,000 users,
 * 50,000 courses (one chapter and one section each) and 1,000,000 progress rows (each user in
 * 100 courses).
 */
import pg from "pg";

export async function seedLargeDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`INSERT INTO "User" (username, "usernameKey", "updatedAt")
      SELECT 'seed_' || g, 'seed_' || g, now() FROM generate_series(1, 10000) AS g`);
    await client.query(`INSERT INTO "Course" ("userId", title, description, topic, complexity, status, engine, "isPublic", "updatedAt")
      SELECT u.id, 'Seeded course ' || g, 'A seeded course', 'seeded topic ' || (g % 500), (ARRAY['beginner','intermediate','advanced'])[1 + g % 3]::"Complexity", 'ready', 'offline', g % 4 = 0, now()
      FROM generate_series(1, 50000) AS g JOIN "User" u ON u."usernameKey" = 'seed_' || (1 + g % 10000)`);
    await client.query(`INSERT INTO "Chapter" ("courseId", title, "order") SELECT id, 'Chapter 1', 1 FROM "Course" WHERE topic LIKE 'seeded topic %'`);
    await client.query(`INSERT INTO "Section" ("chapterId", title, "order", content, "timeStart") SELECT ch.id, 'Section 1', 1, 'Seeded content', 0
      FROM "Chapter" ch JOIN "Course" c ON c.id = ch."courseId" WHERE c.topic LIKE 'seeded topic %'`);
    await client.query(`INSERT INTO "CourseProgress" ("userId", "courseId", "updatedAt")
      SELECT u.id, c.id, now()
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "User" WHERE "usernameKey" LIKE 'seed\\_%') u
      CROSS JOIN generate_series(0, 99) AS k
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM "Course" WHERE topic LIKE 'seeded topic %') c
        ON c.n = ((u.n - 1) * 5 + k) % 50000 + 1`);
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
}
