/**
 * The typed client against the app's real handlers (serveApiRoute: the route table, HTTP guards,
 * tRPC, the session cookie) on the test database, in process: `fetch` hands each request to the
 * route table instead of a socket.
 */
import { describe, expect, test } from "vitest";

import { serveApiRoute } from "~/server/api/routes";

import { randomIp } from "../../test/caller";
import { caught } from "../../test/client-errors";
import { db } from "../../test/db";
import { createCourse, createProgress, createUser, DEFAULT_PASSWORD } from "../../test/factories";

import { createCourseCraftClient, type CourseCraftAuth } from ".";

const ORIGIN = "http://localhost";

/** A client whose requests go straight to the route table, from one address of its own (rate limits are per address). */
function clientFor(auth?: CourseCraftAuth) {
  const ip = randomIp();
  const requests: Request[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    request.headers.set("x-forwarded-for", ip);
    requests.push(request);
    return serveApiRoute(request);
  };
  return { client: createCourseCraftClient({ url: ORIGIN, auth, fetch, timeZone: "UTC" }), requests };
}

async function learnerWithCourses() {
  const user = await createUser(db);
  const started = await createCourse(db, { userId: user.id, chapters: 2, sectionsPerChapter: 2 });
  const notStarted = await createCourse(db, { userId: user.id });
  const sections = started.chapters.flatMap((chapter) => chapter.sections);
  await createProgress(db, { userId: user.id, courseId: started.id, currentSectionId: sections[1]!.id, completedSectionIds: [sections[0]!.id] });
  return { user, started, notStarted, sections };
}

describe("createCourseCraftClient on the app's handlers", () => {
  test("password sign-in, then typed queries in one batch and a mutation (no Origin header: the guard lets it through)", async () => {
    const { user, started, notStarted, sections } = await learnerWithCourses();
    const { client, requests } = clientFor({ kind: "password", username: user.username, password: DEFAULT_PASSWORD });

    const [courses, progress] = await Promise.all([client.course.mine.query(), client.progress.mine.query()]);
    expect(courses.map((course) => course.id).sort()).toEqual([started.id, notStarted.id].sort());
    expect(progress).toEqual([
      { courseId: started.id, userId: user.id, currentSectionId: sections[1]!.id, completedSections: [sections[0]!.id], totalSections: 4 },
    ]);
    // One sign-in, then both queries in one request.
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(["/api/trpc/auth.login", "/api/trpc/course.mine,progress.mine"]);
    expect(requests.every((request) => request.headers.get("origin") === null)).toBe(true);

    const detail = await client.course.byId.query({ id: notStarted.id });
    expect(detail.course.isOwner).toBe(true);
    const updated = await client.progress.update.mutate({ id: started.id, completedSectionId: sections[1]!.id });
    expect(updated.completedSections).toEqual([sections[0]!.id, sections[1]!.id]);
  });

  test("a wrong password: UNAUTHORIZED, 401, the server's message", async () => {
    const user = await createUser(db);
    const { client } = clientFor({ kind: "password", username: user.username, password: "not the password" });
    expect(await caught(client.course.mine.query())).toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401, message: "Invalid username or password" });
  });

  test("a session cookie; another learner's private course is NOT_FOUND; signed out is UNAUTHORIZED", async () => {
    const { user } = await learnerWithCourses();
    const stranger = await createCourse(db);
    // The cookie a password client was given, reused by a cookie client.
    const { client: signIn, requests } = clientFor({ kind: "password", username: user.username, password: DEFAULT_PASSWORD });
    await signIn.auth.me.query();
    const cookie = requests[1]!.headers.get("cookie")!;
    expect(cookie).toMatch(/^next-auth\.session-token=/);

    const { client } = clientFor({ kind: "cookie", value: cookie });
    expect((await client.auth.me.query()).id).toBe(user.id);
    expect(await caught(client.course.byId.query({ id: stranger.id }))).toMatchObject({ code: "NOT_FOUND", httpStatus: 404, message: "Course Not Found" });

    const { client: anonymous } = clientFor();
    expect(await anonymous.auth.session.query()).toBeNull();
    expect(await caught(anonymous.course.mine.query())).toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401 });
  });

  test("bad input: BAD_REQUEST with the readable message", async () => {
    const { user } = await learnerWithCourses();
    const { client } = clientFor({ kind: "password", username: user.username, password: DEFAULT_PASSWORD });
    // The type says number; the schema (positive ids) is checked on the server.
    const error = await caught(client.course.byId.query({ id: -1 }));
    expect(error).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400 });
    expect(error.message).toBe("id must be positive");
  });

  test("a revoked session (logout elsewhere): the password client signs in again by itself", async () => {
    const { user } = await learnerWithCourses();
    const { client, requests } = clientFor({ kind: "password", username: user.username, password: DEFAULT_PASSWORD });
    await client.course.mine.query();
    const { client: other } = clientFor({ kind: "password", username: user.username, password: DEFAULT_PASSWORD });
    await other.auth.logout.mutate(); // revokes every session of the user
    expect(await client.course.mine.query()).toHaveLength(2);
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      "/api/trpc/auth.login",
      "/api/trpc/course.mine",
      "/api/trpc/course.mine",
      "/api/trpc/auth.login",
      "/api/trpc/course.mine",
    ]);
  });

  test("rate-limited sign-ins: TOO_MANY_REQUESTS with retryAfter", async () => {
    const user = await createUser(db);
    const { client } = clientFor({ kind: "password", username: user.username, password: "wrong" });
    let error = await caught(client.auth.me.query());
    for (let attempt = 0; attempt < 12 && error.code === "UNAUTHORIZED"; attempt++) error = await caught(client.auth.me.query());
    expect(error).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429 });
    expect(error.retryAfter).toBeGreaterThan(0);
  });
});
