/**
 * The baseline the course API is compared with: plain node:http + pg, no framework, no auth,
 * serving the same course JSON and the same progress write. Run by bench/course-api.ts.
 *   DATABASE_URL=… PORT=… tsx bench/lib/baseline-server.ts
 */
import http from "node:http";

import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const USER_ID = Number(process.env.BASELINE_USER_ID ?? 1);

const COURSE_SQL = `
  SELECT json_build_object(
    'course', json_build_object('id', c.id, 'title', c.title, 'description', c.description, 'thumbnailUrl', c."thumbnailUrl",
                                'complexity', c.complexity, 'videoId', c."videoId", 'isPublic', c."isPublic", 'engine', c.engine, 'isOwner', c."userId" = $2),
    'chapters', (SELECT coalesce(json_agg(json_build_object('id', ch.id, 'title', ch.title, 'order', ch."order",
                  'sections', (SELECT coalesce(json_agg(json_build_object('id', s.id, 'title', s.title, 'order', s."order", 'content', s.content, 'timeStart', s."timeStart") ORDER BY s."order"), '[]')
                               FROM "Section" s WHERE s."chapterId" = ch.id)) ORDER BY ch."order"), '[]')
                 FROM "Chapter" ch WHERE ch."courseId" = c.id)) AS body
  FROM "Course" c WHERE c.id = $1 AND (c."userId" = $2 OR (c."isPublic" AND c.status = 'ready'))`;

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

http
  .createServer((req, res) => {
    const match = /^\/courses\/(\d+)(\/progress)?$/.exec(req.url ?? "");
    if (!match) return send(res, 404, { message: "not found" });
    const courseId = Number(match[1]);
    if (req.method === "GET" && !match[2]) {
      pool.query<{ body: unknown }>(COURSE_SQL, [courseId, USER_ID]).then(
        (result) => (result.rows[0] ? send(res, 200, result.rows[0].body) : send(res, 404, { message: "Course Not Found" })),
        () => send(res, 500, { message: "error" }),
      );
      return;
    }
    if (req.method === "POST" && match[2]) {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      req.on("end", () => {
        const body = JSON.parse(raw || "{}") as { currentSectionId?: number; completedSectionId?: number };
        void (async () => {
          try {
            await pool.query(
              `INSERT INTO "CourseProgress" ("userId", "courseId", "currentSectionId", "updatedAt") VALUES ($1, $2, $3, now())
               ON CONFLICT ("userId", "courseId") DO UPDATE SET "currentSectionId" = EXCLUDED."currentSectionId", "updatedAt" = now()`,
              [USER_ID, courseId, body.currentSectionId ?? null],
            );
            if (body.completedSectionId) {
              await pool.query(`INSERT INTO "SectionCompletion" ("userId", "sectionId", "courseId") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
                USER_ID,
                body.completedSectionId,
                courseId,
              ]);
            }
            const completed = await pool.query(`SELECT "sectionId" FROM "SectionCompletion" WHERE "userId" = $1 AND "courseId" = $2 ORDER BY "completedAt"`, [
              USER_ID,
              courseId,
            ]);
            send(res, 200, {
              courseId,
              userId: USER_ID,
              currentSectionId: body.currentSectionId ?? null,
              completedSections: completed.rows.map((row: { sectionId: number }) => row.sectionId),
            });
          } catch {
            send(res, 500, { message: "error" });
          }
        })();
      });
      return;
    }
    send(res, 405, { message: "method not allowed" });
  })
  .listen(Number(process.env.PORT ?? 3301), "127.0.0.1");
