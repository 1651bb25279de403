/** course.byId and GET /api/courses/{id}: the owner sees a course; others only once it is public. */
import pg from "pg";
import { describe, expect, test, vi } from "vitest";

import { createTestCaller, sessionTokenFor } from "../../../../test/caller";
import { db, getPool } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { addPlaylistVideos, createCourse, createUser, sectionsOf } from "../../../../test/factories";
import { createAssignmentRow, createClassRow } from "../../../../test/factories/classes";
import { restCall } from "../../../../test/http";
import { sqlFromElsewhere } from "../../../../test/notify";

import { createDbClient } from "~/server/db/client";
import { canSeeCourse, visibleToSql } from "~/server/db/queries/course-visibility";

import { getCourseOrThrow } from "./get-course";

describe("course.byId", () => {
  test("the owner gets chapters and sections in order with their times", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, { userId: owner.id, chapters: 2, sectionsPerChapter: 2, videoId: null });
    const { caller } = await createTestCaller({ user: owner });
    const detail = await caller.course.byId({ id: course.id });
    expect(detail.course).toMatchObject({ id: course.id, title: course.title, isOwner: true, isPublic: false, engine: "offline" });
    expect(detail.chapters.map((chapter) => chapter.order)).toEqual([1, 2]);
    const sections = detail.chapters.flatMap((chapter) => chapter.sections);
    expect(sections.map((section) => section.id)).toEqual(sectionsOf(course).map((section) => section.id));
    expect(sections.map((section) => section.timeStart)).toEqual([0, 60, 120, 180]);
  });

  test("another learner: NOT_FOUND while private, the course once public (not as owner)", async () => {
    const owner = await createUser(db);
    const stranger = await createUser(db);
    const course = await createCourse(db, { userId: owner.id });
    const { caller } = await createTestCaller({ user: stranger });
    await expectTRPCError(caller.course.byId({ id: course.id }), "NOT_FOUND", "Course Not Found");

    await db.course.update({ where: { id: course.id }, data: { isPublic: true } });
    const shared = await caller.course.byId({ id: course.id });
    expect(shared.course).toMatchObject({ id: course.id, isOwner: false, isPublic: true });
  });

  test("unfinished and unknown courses are NOT_FOUND, even for the owner; anonymous is UNAUTHORIZED", async () => {
    const owner = await createUser(db);
    const generating = await createCourse(db, { userId: owner.id, status: "generating", chapters: 0 });
    const failed = await createCourse(db, { userId: owner.id, status: "failed", chapters: 0, isPublic: true });
    const { caller } = await createTestCaller({ user: owner });
    await expectTRPCError(caller.course.byId({ id: generating.id }), "NOT_FOUND");
    await expectTRPCError(caller.course.byId({ id: failed.id }), "NOT_FOUND");
    await expectTRPCError(caller.course.byId({ id: 2_000_000_000 }), "NOT_FOUND");
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.course.byId({ id: generating.id }), "UNAUTHORIZED");
  });
});

describe("GET /api/courses/{id}", () => {
  test("200 for the owner, 404 for a stranger, 400 for a malformed id, and /api/courses/user still lists", async () => {
    const owner = await createUser(db);
    const stranger = await createUser(db);
    const course = await createCourse(db, { userId: owner.id });
    const ownerToken = await sessionTokenFor(owner);

    const ok = await restCall<{ course: { id: number }; chapters: unknown[] }>("GET", `/api/courses/${course.id}`, { sessionToken: ownerToken });
    expect(ok.status).toBe(200);
    expect(ok.json.course.id).toBe(course.id);
    expect(ok.json.chapters).toHaveLength(1);

    const hidden = await restCall<{ message: string }>("GET", `/api/courses/${course.id}`, { sessionToken: await sessionTokenFor(stranger) });
    expect(hidden.status).toBe(404);
    expect(hidden.json.message).toBe("Course Not Found");

    for (const bad of ["abc", "-1", "1.5", "99999999999"]) {
      expect((await restCall("GET", `/api/courses/${bad}`, { sessionToken: ownerToken })).status, bad).toBe(400);
    }
    const list = await restCall<{ id: number }[]>("GET", "/api/courses/user", { sessionToken: ownerToken });
    expect(list.status).toBe(200);
    expect(list.json.map((item) => item.id)).toEqual([course.id]);
  });
});

describe("the visibility rule", () => {
  test("its SQL form agrees with canSeeCourse for every status, owner, public flag and class share", async () => {
    const [me, other, teacher] = [await createUser(db), await createUser(db), await createUser(db)];
    const cases = [];
    for (const status of ["ready", "generating", "failed"] as const) {
      for (const isPublic of [true, false]) {
        for (const owner of [me, other]) {
          // Not assigned; assigned by its author to a class I am in; assigned by someone else to it.
          for (const share of ["none", "author", "teacher"] as const) {
            const course = await createCourse(db, { userId: owner.id, status, isPublic, chapters: status === "ready" ? 1 : 0 });
            if (share !== "none") {
              const sharer = share === "author" ? owner : teacher;
              const room = await createClassRow(db, { ownerId: sharer.id, members: sharer === me ? [] : [{ userId: me.id }] });
              await createAssignmentRow(db, { classId: room.id, courseId: course.id, assignedById: sharer.id });
            }
            const [row] = await db.$queryRawUnsafe<{ visible: boolean }[]>(
              `SELECT ${visibleToSql("c", "$1")} AS visible FROM "Course" c WHERE c.id = $2`,
              me.id,
              course.id,
            );
            const js = await canSeeCourse(db, { id: course.id, userId: owner.id, isPublic, status }, me.id);
            cases.push({ status, isPublic, mine: owner === me, share, sql: row?.visible, js });
          }
        }
      }
    }
    expect(cases.filter((c) => c.sql !== c.js)).toEqual([]);
    // Ready and mine (any flag, any share), or someone's public one (any share), or someone's private one their author assigned to my class.
    expect(cases.filter((c) => c.js)).toHaveLength(6 + 3 + 1);
    expect(cases.find((c) => c.js && !c.mine && !c.isPublic)).toMatchObject({ status: "ready", share: "author" });
  });
});

describe("the course tree kept per process", () => {
  test("a second read runs one one-row statement (access and stamp) and serves the kept tree; the rule still applies", async () => {
    const [owner, other] = [await createUser(db), await createUser(db)];
    const course = await createCourse(db, { userId: owner.id });
    const first = await getCourseOrThrow(db, { courseId: course.id, userId: owner.id });
    const queries = vi.spyOn(getPool(), "query");
    try {
      expect(await getCourseOrThrow(db, { courseId: course.id, userId: owner.id })).toBe(first);
      expect(queries).toHaveBeenCalledTimes(1);
      await expect(getCourseOrThrow(db, { courseId: course.id, userId: other.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(queries).toHaveBeenCalledTimes(2);
    } finally {
      queries.mockRestore();
    }
  });

  test("every kind of change made elsewhere is seen by the very next read, with no waiting", async () => {
    const [owner, other] = [await createUser(db), await createUser(db)];
    const course = await createCourse(db, { userId: owner.id, chapters: 2, sectionsPerChapter: 2 });
    await addPlaylistVideos(db, course.id, [300, 300]);
    // Another process: a client with a pool (and a kept tree) of its own.
    const otherPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    const elsewhere = createDbClient(otherPool);
    try {
      const read = (userId = owner.id) => getCourseOrThrow(db, { courseId: course.id, userId });
      await read();
      const [firstSection] = sectionsOf(course);
      const changes: [string, unknown[], (detail: Awaited<ReturnType<typeof read>>) => boolean][] = [
        [`UPDATE "Course" SET title = 'Renamed' WHERE id = $1`, [course.id], (d) => d.course.title === "Renamed"],
        [`UPDATE "Section" SET content = 'New words' WHERE id = $1`, [firstSection!.id], (d) => d.chapters[0]!.sections[0]!.content === "New words"],
        [`UPDATE "Chapter" SET title = 'Retitled' WHERE "courseId" = $1 AND "order" = 2`, [course.id], (d) => d.chapters[1]!.title === "Retitled"],
        [`INSERT INTO "Chapter" ("courseId", title, "order") VALUES ($1, 'Added', 3)`, [course.id], (d) => d.chapters.length === 3],
        [
          `UPDATE "CourseVideo" SET title = 'Video renamed' WHERE "courseId" = $1`,
          [course.id],
          (d) => d.course.videos.length === 2 && d.course.videos.every((v) => v.title === "Video renamed"),
        ],
        [`DELETE FROM "Section" WHERE id = $1`, [firstSection!.id], (d) => d.chapters[0]!.sections.length === 1],
      ];
      for (const [sql, values, seen] of changes) {
        await read();
        await getCourseOrThrow(elsewhere, { courseId: course.id, userId: owner.id });
        await sqlFromElsewhere(sql, values);
        expect(seen(await read()), sql).toBe(true);
        expect(seen(await getCourseOrThrow(elsewhere, { courseId: course.id, userId: owner.id })), `${sql} (another process)`).toBe(true);
      }
      await sqlFromElsewhere(`UPDATE "Course" SET "isPublic" = true WHERE id = $1`, [course.id]);
      expect((await read(other.id)).course.isPublic).toBe(true);
      await sqlFromElsewhere(`UPDATE "Course" SET "isPublic" = false WHERE id = $1`, [course.id]);
      await expect(read(other.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await sqlFromElsewhere(`DELETE FROM "Course" WHERE id = $1`, [course.id]);
      await expect(read()).rejects.toMatchObject({ code: "NOT_FOUND" });
    } finally {
      await elsewhere.$disconnect();
      await otherPool.end();
    }
  });

  test("a member removed from the class that shares a private course loses it on the next read", async () => {
    const [owner, member] = [await createUser(db), await createUser(db)];
    const course = await createCourse(db, { userId: owner.id });
    const room = await createClassRow(db, { ownerId: owner.id, members: [{ userId: member.id }] });
    await createAssignmentRow(db, { classId: room.id, courseId: course.id, assignedById: owner.id });
    expect((await getCourseOrThrow(db, { courseId: course.id, userId: member.id })).course.id).toBe(course.id);
    await sqlFromElsewhere(`DELETE FROM "ClassMember" WHERE "classId" = $1 AND "userId" = $2`, [room.id, member.id]);
    await expect(getCourseOrThrow(db, { courseId: course.id, userId: member.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("a course that is not ready is not served: once ready, it shows", async () => {
    const owner = await createUser(db);
    const course = await createCourse(db, { userId: owner.id, status: "generating", chapters: 0 });
    await expect(getCourseOrThrow(db, { courseId: course.id, userId: owner.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await db.chapter.create({ data: { courseId: course.id, title: "Only", order: 1, sections: { create: [{ title: "S", order: 1, content: "c" }] } } });
    await db.course.update({ where: { id: course.id }, data: { status: "ready" } });
    expect((await getCourseOrThrow(db, { courseId: course.id, userId: owner.id })).chapters).toHaveLength(1);
  });
});
