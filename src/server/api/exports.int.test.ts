/**
 * The two downloads (GET /api/courses/{id}/export?format=markdown, GET /api/cards/export?format=
 * anki|tsv) through the route table on a real database: what the files hold (the learner's own
 * notes and cards only, every moment a link to the video), the attachment headers, the
 * visibility rule, the bad formats, and the Anki package opened back with SQLite.
 */
import { unzipSync, strFromU8 } from "fflate";
import initSqlJs from "sql.js";
import { describe, expect, test } from "vitest";

import { sessionTokenFor } from "../../../test/caller";
import { db } from "../../../test/db";
import { courseWithTranscript, createCourse, createUser } from "../../../test/factories";
import { createCardRow, createNoteRow } from "../../../test/factories/study-rows";
import { apiRequest, expectNoLeak } from "../../../test/http";

import { serveApiRoute } from "./routes";

type Caller = Parameters<typeof sessionTokenFor>[0];

async function get(path: string, user?: Caller) {
  const sessionToken = user === undefined ? undefined : await sessionTokenFor(user);
  const response = await serveApiRoute(apiRequest("GET", path, { sessionToken }));
  return response;
}

async function learnerWithCourse(isPublic = false) {
  const [owner, learner] = [await createUser(db), await createUser(db)];
  const course = await courseWithTranscript(db, owner.id, isPublic, { title: "Tri fusion: ça marche / «vite»!" });
  const video = (await db.course.findUniqueOrThrow({ where: { id: course.id }, select: { videoId: true } })).videoId!;
  return { owner, learner, course, video };
}

describe("GET /api/courses/{id}/export?format=markdown", () => {
  test("the outline with times, the content, and the caller's own notes and cards, each moment a link to the video; an ASCII attachment name", async () => {
    const { owner, learner, course, video } = await learnerWithCourse(true);
    await createNoteRow(db, {
      userId: owner.id,
      courseId: course.id,
      timeSeconds: 65,
      text: "Merging needs **two** pointers\nand a buffer.",
      quote: "Merging walks both halves",
    });
    await createNoteRow(db, { userId: owner.id, courseId: course.id, timeSeconds: 5, text: "Intro" });
    await createNoteRow(db, { userId: learner.id, courseId: course.id, timeSeconds: 10, text: "someone else's private note" });
    await createCardRow(db, { userId: owner.id, courseId: course.id, front: "What does merging take?", back: "The smaller element", timeSeconds: 130 });
    await createCardRow(db, { userId: learner.id, courseId: course.id, front: "someone else's card", back: "hidden" });

    const response = await get(`/api/courses/${course.id}/export?format=markdown&t=123`, owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="tri-fusion-ca-marche-vite.md"');
    const text = await response.text();
    const link = (s: number) => `https://www.youtube.com/watch?v=${video}&t=${s}s`;
    expect(text).toMatch(/^# Tri fusion: ça marche \/ «vite»!\n/);
    expect(text).toContain(`## Outline\n\n1. Chapter 1\n   - [0:00](${link(0)}) Section 1.1\n   - [1:00](${link(60)}) Section 1.2\n`);
    expect(text).toContain(`#### Section 1.2 ([1:00](${link(60)}))\n\nContent of section 1.2\n`);
    expect(text).toContain(
      `## My notes\n\n- [0:05](${link(5)}) Intro\n- [1:05](${link(65)}) Merging needs **two** pointers\n  and a buffer.\n  > Merging walks both halves\n`,
    );
    expect(text).toContain(`- **Q:** What does merging take?\n  **A:** The smaller element\n  Rewatch at [2:10](${link(130)})`);
    expect(text).not.toContain("someone else");

    // Another learner of the public course gets the course with their own notes only.
    const theirs = await (await get(`/api/courses/${course.id}/export?format=markdown`, learner)).text();
    expect(theirs).toContain(`- [0:10](${link(10)}) someone else's private note`);
    expect(theirs).not.toContain("Intro");
    expect(theirs).not.toContain("What does merging take?");
  });

  test("a course without a video: plain times and empty sections say so", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id, title: "日本語" });
    const response = await get(`/api/courses/${course.id}/export?format=markdown`, me);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="course.md"');
    const text = await response.text();
    expect(text).toContain("   - 0:00 Section 1.1");
    expect(text).not.toContain("youtube.com");
    expect(text).toContain("No notes yet.");
    expect(text).toContain("No cards yet.");
  });

  test("refusals: another's private course 404, a bad or missing format 400, anonymous 401, as JSON", async () => {
    const { owner, learner, course } = await learnerWithCourse(false);
    const cases: [string, Caller | undefined, number, RegExp][] = [
      [`/api/courses/${course.id}/export?format=markdown`, learner, 404, /Course Not Found/],
      [`/api/courses/${course.id}/export?format=pdf`, owner, 400, /format must be one of: markdown/],
      [`/api/courses/${course.id}/export`, owner, 400, /format/],
      [`/api/courses/0/export?format=markdown`, owner, 400, /id must be positive/],
      [`/api/courses/abc/export?format=markdown`, owner, 400, /id must be a number/],
      [`/api/courses/${course.id}/export?format=markdown`, undefined, 401, /sign in/],
    ];
    for (const [path, user, status, message] of cases) {
      const response = await get(path, user);
      const body = await response.text();
      expect(response.status, path).toBe(status);
      expect(response.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(JSON.parse(body).message, path).toMatch(message);
      expectNoLeak(body);
    }
  });
});

describe("GET /api/cards/export", () => {
  async function cardsFixture() {
    const { owner, learner, course, video } = await learnerWithCourse(false);
    const other = await createCourse(db, { userId: owner.id, title: "Second course" });
    await createCardRow(db, { userId: owner.id, courseId: course.id, front: "Tab\there", back: 'Line one\nsays "two" <b>bold</b> & more', timeSeconds: 65.7 });
    await createCardRow(db, { userId: owner.id, courseId: course.id, front: "Plain front", back: "Plain back", timeSeconds: null });
    await createCardRow(db, { userId: owner.id, courseId: other.id, front: "No video", back: "none", timeSeconds: 30 });
    const theirs = await courseWithTranscript(db, learner.id);
    await createCardRow(db, { userId: learner.id, courseId: theirs.id, front: "someone else's card", back: "hidden" });
    return { owner, learner, course, other, video };
  }

  test("format=tsv: Anki's header lines, then front, back and link, tab-separated and quoted where needed; only the caller's cards", async () => {
    const { owner, course, video } = await cardsFixture();
    const response = await get("/api/cards/export?format=tsv", owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/tab-separated-values; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="coursecraft-cards.tsv"');
    const text = await response.text();
    expect(text).toBe(
      [
        "#separator:tab",
        "#html:false",
        "#columns:Front\tBack\tLink",
        `"Tab\there"\t"Line one\nsays ""two"" <b>bold</b> & more"\thttps://www.youtube.com/watch?v=${video}&t=65s`,
        "Plain front\tPlain back\t",
        "No video\tnone\t",
        "",
      ].join("\n"),
    );
    const one = await (await get(`/api/cards/export?format=tsv&courseId=${course.id}`, owner)).text();
    expect(one).not.toContain("No video");
  });

  test("format=anki: an .apkg whose collection opens with SQLite: one note and card per card, fields escaped, the moment linked on the back, a deck per course", async () => {
    const { owner, course, video } = await cardsFixture();
    const response = await get(`/api/cards/export?format=anki&courseId=${course.id}`, owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/apkg");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="tri-fusion-ca-marche-vite-cards.apkg"');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["collection.anki2", "media"]);
    expect(strFromU8(files.media!)).toBe("{}");

    const SQL = await initSqlJs();
    const collection = new SQL.Database(files["collection.anki2"]);
    try {
      const rows = (sql: string) => {
        const [result] = collection.exec(sql);
        return result ? result.values : [];
      };
      const notes = rows("SELECT flds, sfld, mid, guid FROM notes ORDER BY id");
      expect(notes).toHaveLength(2);
      const fields = notes.map(([flds]) => String(flds).split("\x1f"));
      expect(fields[0]).toEqual([
        "Tab\there",
        "Line one<br>says &quot;two&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more",
        `<a href="https://www.youtube.com/watch?v=${video}&amp;t=65s">Rewatch at 1:05</a>`,
      ]);
      expect(fields[1]).toEqual(["Plain front", "Plain back", ""]);
      expect(notes[0]![1]).toBe("Tab\there");
      expect(new Set(notes.map((note) => note[3])).size).toBe(2);

      const cards = rows("SELECT c.nid, c.did, c.ord, c.type, c.queue FROM cards c JOIN notes n ON n.id = c.nid ORDER BY c.id");
      expect(cards).toHaveLength(2);
      expect(cards.every(([, , ord, type, queue]) => ord === 0 && type === 0 && queue === 0)).toBe(true);

      const [[models, decks, ver]] = rows("SELECT models, decks, ver FROM col") as [[string, string, number]];
      expect(ver).toBe(11);
      const model = Object.values(JSON.parse(models) as Record<string, { id: number; flds: { name: string }[]; tmpls: { afmt: string }[] }>)[0]!;
      expect(model.flds.map((f) => f.name)).toEqual(["Front", "Back", "Moment"]);
      expect(model.tmpls[0]!.afmt).toContain("{{Moment}}");
      expect(notes.every(([, , mid]) => mid === model.id)).toBe(true);
      const deckNames = Object.values(JSON.parse(decks) as Record<string, { id: number; name: string }>);
      const deck = deckNames.find((d) => d.name === "CourseCraft::Tri fusion: ça marche / «vite»!");
      expect(deck).toBeDefined();
      expect(cards.every(([, did]) => did === deck!.id)).toBe(true);
    } finally {
      collection.close();
    }

    // All courses: a deck for each, the other learner's card nowhere.
    const all = unzipSync(new Uint8Array(await (await get("/api/cards/export?format=anki", owner)).arrayBuffer()));
    const everything = new SQL.Database(all["collection.anki2"]);
    try {
      expect(everything.exec("SELECT count(*) FROM notes")[0]!.values[0]![0]).toBe(3);
      expect(JSON.stringify(everything.exec("SELECT flds FROM notes")[0]!.values)).not.toContain("someone else");
      expect(everything.exec("SELECT decks FROM col")[0]!.values[0]![0]).toContain("CourseCraft::Second course");
    } finally {
      everything.close();
    }
  });

  test("refusals: a bad or missing format 400, another's private courseId 404, anonymous 401; an empty export is a valid file", async () => {
    const { owner, learner, course } = await cardsFixture();
    const cases: [string, Caller | undefined, number, RegExp][] = [
      ["/api/cards/export?format=csv", owner, 400, /format must be one of: anki, tsv/],
      ["/api/cards/export", owner, 400, /format/],
      ["/api/cards/export?format=tsv&courseId=-3", owner, 400, /courseId|must be a number/],
      [`/api/cards/export?format=tsv&courseId=${course.id}`, learner, 404, /Course Not Found/],
      ["/api/cards/export?format=anki", undefined, 401, /sign in/],
    ];
    for (const [path, user, status, message] of cases) {
      const response = await get(path, user);
      expect(response.status, path).toBe(status);
      expect((await response.json()).message, path).toMatch(message);
    }
    const nobody = await createUser(db);
    expect(await (await get("/api/cards/export?format=tsv", nobody)).text()).toBe("#separator:tab\n#html:false\n#columns:Front\tBack\tLink\n");
    const empty = unzipSync(new Uint8Array(await (await get("/api/cards/export?format=anki", nobody)).arrayBuffer()));
    expect(Object.keys(empty)).toContain("collection.anki2");
  });
});
