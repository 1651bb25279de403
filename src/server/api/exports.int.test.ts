/**
 * The two downloads (GET /api/courses/{id}/export?format=markdown, GET /api/cards/export?format=
 * anki|tsv) through the route table on a real database: what the files hold (the learner's own
 * notes and cards only, every moment a link to the video), the attachment headers, the
 * visibility rule, the bad formats, and the Anki package opened back with SQLite; what a learner
 * wrote never runs (no formula in the TSV, no HTML, image or script link in the Markdown, HTML
 * escaped in the deck); and the per-learner rate limit of each download.
 */
import { unzipSync, strFromU8 } from "fflate";
import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import initSqlJs from "sql.js";
import { describe, expect, test } from "vitest";

import { LIMITS } from "~/server/rate-limit";
import { NOTES_MARKDOWN_BUDGET } from "~/server/services/export/export-course";

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

/** What a CommonMark reader (GitHub, Obsidian, VS Code) would run or fetch in a Markdown file: raw HTML, images, definitions, links that are not http(s)/mailto. */
function liveMarkup(markdown: string): string[] {
  const found: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === "html") found.push(`html ${node.value}`);
    if (node.type === "image" || node.type === "imageReference" || node.type === "definition") found.push(node.type);
    if (node.type === "link" && !/^(?:https?:\/\/|mailto:)/i.test(node.url)) found.push(`link ${node.url}`);
    if ("children" in node) node.children.forEach(walk);
  };
  walk(fromMarkdown(markdown));
  return found;
}

/** Sends `path` as `user` until the limit answers, expecting `points` files first, then a 429 with Retry-After. */
async function expectRateLimited(
  path: string,
  user: Caller,
  { points, message, durationSeconds }: { points: number; message: string; durationSeconds: number },
) {
  for (let i = 0; i < points; i++) expect((await get(path, user)).status, `download ${i + 1}`).toBe(200);
  const limited = await get(path, user);
  expect(limited.status).toBe(429);
  const retryAfter = Number(limited.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(durationSeconds);
  expect(limited.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await limited.json()).toMatchObject({ code: "TOO_MANY_REQUESTS", message, retryAfter });
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

  test("what the learner wrote comes out inert: no HTML, no script or data link, no remote image, no definition; their plain Markdown stays", async () => {
    const { owner, course, video } = await learnerWithCourse();
    const notes = [
      "<script>alert(1)</script>",
      "[x](javascript:alert(1))",
      "Look <img src=x onerror=alert(1)> ![pixel](https://tracker.example/p.png) [ref] [data](data:text/html,x)\n\n[ref]: vbscript:msgbox(1)",
      "Keep *this* and [the paper](https://example.com/merge?a=1&b=2)\n\n- one\n- two",
    ];
    for (const [i, text] of notes.entries())
      await createNoteRow(db, { userId: owner.id, courseId: course.id, timeSeconds: 10 + i, text, quote: "<b>quoted</b>" });
    await createCardRow(db, {
      userId: owner.id,
      courseId: course.id,
      front: "<img src=x onerror=alert(2)>",
      back: "[y](javascript:alert(2)) *literal*",
      timeSeconds: 20,
    });

    const response = await get(`/api/courses/${course.id}/export?format=markdown`, owner);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(liveMarkup(text)).toEqual([]);
    expect(text).not.toMatch(/<(?:script|img|b)\b/i);
    expect(text).not.toContain("](javascript:");
    expect(text).not.toContain("![");
    const link = (s: number) => `https://www.youtube.com/watch?v=${video}&t=${s}s`;
    expect(text).toContain(`- [0:10](${link(10)}) &#x3C;script>alert(1)&#x3C;/script>\n  > &#x3C;b>quoted&#x3C;/b>\n`);
    expect(text).toContain(`- [0:11](${link(11)}) x\n`);
    expect(text).toContain(`- [0:12](${link(12)}) Look &#x3C;img src=x onerror=alert(1)> [pixel](https://tracker.example/p.png) ref data\n`);
    expect(text).toContain(`- [0:13](${link(13)}) Keep *this* and [the paper](https://example.com/merge?a=1&b=2)\n  - one\n  - two\n`);
    // Card faces are plain text, as the review page shows them.
    expect(text).toContain(`- **Q:** &#x3C;img src=x onerror=alert(2)>\n  **A:** \\[y]\\(javascript:alert(2)) \\*literal\\*\n  Rewatch at [0:20](${link(20)})`);
  });

  test("titles and the course's texts (a model's words) are plain text too; a time cited in the content is a moment", async () => {
    const { owner: me, course, video } = await learnerWithCourse();
    await db.course.update({
      where: { id: course.id },
      data: { title: "<script>alert(1)</script> *Course*", description: "![x](https://tracker.example/d.png)\n\n<iframe src=https://evil.example>" },
    });
    await db.chapter.updateMany({ where: { courseId: course.id }, data: { title: "[Chapter](javascript:alert(1))" } });
    await db.section.updateMany({
      where: { chapter: { courseId: course.id } },
      data: { title: "<img src=x onerror=alert(1)>", content: "Key points\n- [1:05] <script>x</script>\n\n[a]: javascript:alert(1)" },
    });
    const text = await (await get(`/api/courses/${course.id}/export?format=markdown`, me)).text();
    expect(liveMarkup(text)).toEqual([]);
    expect(text).toMatch(/^# &#x3C;script>alert\(1\)&#x3C;\/script> \\\*Course\\\*\n\n!\\\[x]\\\(https:\/\/tracker\.example\/d\.png\)\n\n&#x3C;iframe/);
    expect(text).toContain("1. \\[Chapter]\\(javascript:alert(1))\n");
    expect(text).toContain(`#### &#x3C;img src=x onerror=alert(1)> ([1:00](https://www.youtube.com/watch?v=${video}&t=60s))\n`);
    expect(text).toContain(
      `Key points\n\n- [1:05](https://www.youtube.com/watch?v=${video}&t=65s) &#x3C;script>x&#x3C;/script>\n\n\\[a]: javascript:alert(1)\n`,
    );
  });

  test(`notes past ${NOTES_MARKDOWN_BUDGET.toLocaleString("en-US")} characters of Markdown in one export are plain text, every word kept`, async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id });
    await createNoteRow(db, { userId: me.id, courseId: course.id, timeSeconds: 0, text: "**early**" });
    const long = `${"word ".repeat(999)}*end*`;
    // The last long note goes past the budget.
    for (let t = 1; (t - 1) * long.length <= NOTES_MARKDOWN_BUDGET; t++)
      await createNoteRow(db, { userId: me.id, courseId: course.id, timeSeconds: t, text: long });
    await createNoteRow(db, { userId: me.id, courseId: course.id, timeSeconds: 500, text: "**late** <b>\n\n[x](https://example.com)" });
    const text = await (await get(`/api/courses/${course.id}/export?format=markdown`, me)).text();
    expect(text).toContain("- 0:00 **early**\n");
    expect(text).toContain(" *end*\n");
    expect(text).toContain(" \\*end\\*\n");
    expect(text).toContain("- 8:20 \\*\\*late\\*\\* &#x3C;b>\n\n  \\[x]\\(https://example.com)\n");
    expect(liveMarkup(text)).toEqual([]);
  });

  test(`at most ${LIMITS.courseExportsPerUser.points} a minute per learner: the next is a 429 with Retry-After; another learner is not held up`, async () => {
    const { owner, learner, course } = await learnerWithCourse(true);
    await expectRateLimited(`/api/courses/${course.id}/export?format=markdown`, owner, LIMITS.courseExportsPerUser);
    expect((await get(`/api/courses/${course.id}/export?format=markdown`, learner)).status).toBe(200);
    // The cards download counts apart.
    expect((await get("/api/cards/export?format=tsv", owner)).status).toBe(200);
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
      expect((JSON.parse(body) as { message: string }).message, path).toMatch(message);
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

  test("format=tsv: a face that starts like a spreadsheet formula gets a leading ', whatever its quoting; no card line starts with # (an Anki header)", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id, title: "Formulas" });
    const faces: [string, string][] = [
      ['=HYPERLINK("http://x.example","y")', "@SUM(1+1)*cmd|' /C calc'!A0"],
      ["+1", "-2"],
      ["\t=1", " ＝1"],
      ["#html:true", "<img src=x onerror=alert(1)>"],
    ];
    for (const [front, back] of faces) await createCardRow(db, { userId: me.id, courseId: course.id, front, back, timeSeconds: null });
    const text = await (await get(`/api/cards/export?format=tsv&courseId=${course.id}`, me)).text();
    const lines = text.split("\n");
    expect(lines.slice(0, 3)).toEqual(["#separator:tab", "#html:false", "#columns:Front\tBack\tLink"]);
    // The must-hold: the cell of =HYPERLINK(…) does not start with "=" (quoted, it starts with the quote, then ').
    expect(lines[3]).toBe(`"'=HYPERLINK(""http://x.example"",""y"")"\t'@SUM(1+1)*cmd|' /C calc'!A0\t`);
    expect(lines[4]).toBe("'+1\t'-2\t");
    expect(lines[5]).toBe(`"'\t=1"\t' ＝1\t`);
    expect(lines[6]).toBe('"#html:true"\t<img src=x onerror=alert(1)>\t');
  });

  test(`at most ${LIMITS.cardExportsPerUser.points} a minute per learner (deck and TSV alike): the next is a 429 with Retry-After`, async () => {
    const { owner, course } = await cardsFixture();
    for (let i = 0; i < 3; i++) expect((await get(`/api/cards/export?format=anki&courseId=${course.id}`, owner)).status).toBe(200);
    await expectRateLimited("/api/cards/export?format=tsv", owner, { ...LIMITS.cardExportsPerUser, points: LIMITS.cardExportsPerUser.points - 3 });
    const deck = await get("/api/cards/export?format=anki", owner);
    expect(deck.status).toBe(429);
    expect(Number(deck.headers.get("retry-after"))).toBeGreaterThan(0);
    // The course download counts apart.
    expect((await get(`/api/courses/${course.id}/export?format=markdown`, owner)).status).toBe(200);
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
      expect(((await response.json()) as { message: string }).message, path).toMatch(message);
    }
    const nobody = await createUser(db);
    expect(await (await get("/api/cards/export?format=tsv", nobody)).text()).toBe("#separator:tab\n#html:false\n#columns:Front\tBack\tLink\n");
    const empty = unzipSync(new Uint8Array(await (await get("/api/cards/export?format=anki", nobody)).arrayBuffer()));
    expect(Object.keys(empty)).toContain("collection.anki2");
  });
});
