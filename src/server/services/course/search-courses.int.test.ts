/**
 * The header search on a real database: the learner's own and public courses, by course, chapter
 * and section titles, every word matching; never someone's private course.
 */
import { describe, expect, test } from "vitest";

import { createTestCaller } from "../../../../test/caller";
import { db, getPool } from "../../../../test/db";
import { createCourse, createUser, uniqueSuffix } from "../../../../test/factories";

import { searchable, searchPatterns } from "~/server/db/queries/course";

import { searchCourses } from "./search-courses";

describe("course.search", () => {
  test("finds sections by title and links to their moment; own courses first; private ones of others never", async () => {
    const [me, other] = [await createUser(db), await createUser(db)];
    const tag = `zq${uniqueSuffix()}`.slice(0, 12);
    const mine = await createCourse(db, { userId: me.id, title: `My ${tag} course` });
    const theirsPublic = await createCourse(db, { userId: other.id, isPublic: true, title: `Public ${tag} course` });
    const theirsPrivate = await createCourse(db, { userId: other.id, title: `Private ${tag} course` });
    const section = await db.section.findFirstOrThrow({ where: { chapter: { courseId: theirsPublic.id } }, orderBy: { order: "asc" } });
    await db.section.update({ where: { id: section.id }, data: { title: `Halving the ${tag} list` } });
    const { caller } = await createTestCaller({ user: me });

    const results = await caller.course.search({ q: tag.toUpperCase() });
    const ids = results.map((r) => r.courseId);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(theirsPublic.id);
    expect(ids).not.toContain(theirsPrivate.id);
    expect(results[0]).toMatchObject({ kind: "course", courseId: mine.id });

    const [hit] = await caller.course.search({ q: `halving ${tag}` });
    expect(hit).toEqual({
      kind: "section",
      courseId: theirsPublic.id,
      courseTitle: theirsPublic.title,
      title: `Halving the ${tag} list`,
      href: `/course/${theirsPublic.id}?t=${section.timeStart}`,
    });
    expect(await caller.course.search({ q: `halving ${tag} nowhere` })).toEqual([]);
    // LIKE's wildcards are plain characters in a query.
    expect(await caller.course.search({ q: "%" })).toEqual([]);
  });

  test("words under three letters match the start of a word; longer ones anywhere", async () => {
    const me = await createUser(db);
    const tag = `zq${uniqueSuffix()}`.slice(0, 12);
    const halving = await createCourse(db, { userId: me.id, title: `Halving lists ${tag}` });
    const alpha = await createCourse(db, { userId: me.id, title: `Alpha ${tag}` });
    const found = async (q: string) => (await searchCourses(db, { userId: me.id, query: `${tag} ${q}` })).map((hit) => hit.courseId);

    expect(await found("ha")).toEqual([halving.id]);
    expect(await found("lph")).toEqual([alpha.id]);
    expect(await found("HA LI")).toEqual([halving.id]);
    expect(await found("al")).toEqual([alpha.id]);
    expect(searchPatterns("ha 50%_x").words).toEqual(["% ha%", "%50\\%\\_x%"]);
  });

  test("a word in more public titles than are read still ranks titles that start with the query, then the learner's own", async () => {
    const [me, other] = [await createUser(db), await createUser(db)];
    const tag = `zq${uniqueSuffix()}`.slice(0, 12);
    // 150 public courses of another learner that hold the tag mid-title, then two that rank higher.
    await getPool().query(
      `WITH course AS (
         INSERT INTO "Course" ("userId", title, description, topic, complexity, status, engine, "isPublic", "updatedAt")
         SELECT $1, 'Public course ' || g || ' on ' || $2, 'seeded', 'seeded', 'beginner', 'ready', 'offline', true, now() FROM generate_series(1, 150) AS g
         RETURNING id),
       chapter AS (INSERT INTO "Chapter" ("courseId", title, "order") SELECT id, 'Chapter 1', 1 FROM course RETURNING id)
       INSERT INTO "Section" ("chapterId", title, "order", content, "timeStart") SELECT id, 'Section 1', 1, 'Seeded content', 0 FROM chapter`,
      [other.id, tag],
    );
    const startsWith = await createCourse(db, { userId: other.id, isPublic: true, title: `${tag} from the start` });
    const mine = await createCourse(db, { userId: me.id, title: `My notes on ${tag}` });

    const results = await searchCourses(db, { userId: me.id, query: tag });
    expect(results).toHaveLength(8);
    expect(results.slice(0, 2).map((hit) => hit.courseId)).toEqual([startsWith.id, mine.id]);
    expect(results.slice(2).every((hit) => hit.title.startsWith("Public course "))).toBe(true);
  });

  test("the searched title expressions are the ones the trigram and prefix indexes hold", async () => {
    const client = await getPool().connect();
    try {
      await client.query("BEGIN");
      // A test database is too small for the planner to choose an index by itself.
      await client.query("SET LOCAL enable_seqscan = off");
      for (const table of ["Course", "Chapter", "Section"]) {
        const { words } = searchPatterns("binary se");
        const title = searchable("t.title");
        const { rows } = await client.query<{ "QUERY PLAN": string }>(
          `EXPLAIN SELECT t.id FROM "${table}" t WHERE ${title} LIKE $1 AND ${title} LIKE $2`,
          words,
        );
        expect(rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain(`Bitmap Index Scan on "${table}_title_search_idx"`);
        const prefix = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN SELECT t.id FROM "${table}" t WHERE lower(t.title) LIKE $1 LIMIT 10`, [
          searchPatterns("binary se").prefix,
        ]);
        expect(prefix.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain(`"${table}_title_prefix_idx"`);
      }
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});
