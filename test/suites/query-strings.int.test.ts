/**
 * Old clients send a cache-buster with every call (spec section 7: "a timestamp query
 * parameter"). Every documented GET path must answer exactly as it does without one, whatever
 * the key is called, while the query keys a path does read stay strictly validated and bodies
 * stay strict. The table is checked against the OpenAPI document, so a new GET path needs a row.
 */
import { beforeAll, describe, expect, test } from "vitest";

import { listActiveChallenges } from "~/server/services/gamification/challenges";
import { startRegeneration } from "~/server/services/editing/regenerate";
import { startCourseGeneration } from "~/server/services/generation/start-generation";

import { sessionTokenFor } from "../caller";
import { db } from "../db";
import { courseWithTranscript, createProgress, createUser, DEFAULT_PASSWORD } from "../factories";
import { createQuiz, createQuizCourse } from "../factories/quiz";
import { createClassRow } from "../factories/classes";
import { createEditableCourse, type EditableCourse } from "../factories/editing";
import { createNoteRow } from "../factories/study-rows";
import { documentedOperations, routeCall } from "../http";

type World = {
  userId: number;
  username: string;
  token: string;
  courseId: number;
  sectionId: number;
  chatCourseId: number;
  jobId: string;
  classId: number;
  classCode: string;
  /** A course edited once (version 2): its history has two versions. */
  edited: EditableCourse;
  /** A regeneration of one of its sections, queued. */
  regenerationJobId: string;
};

/** Every documented GET path, as a learner's browser calls it (some already carry a query). */
const GET_PATHS: Record<string, (w: World) => string> = {
  "GET /user": () => "/api/user",
  // issue 45, mail
  "GET /user/email": () => "/api/user/email",
  "GET /user/reminders": () => "/api/user/reminders",
  "GET /push/vapid-public-key": () => "/api/push/vapid-public-key",
  "GET /courses/user": () => "/api/courses/user",
  "GET /courses": (w) => `/api/courses?userId=${w.userId}`,
  "GET /courses/{id}": (w) => `/api/courses/${w.courseId}`,
  "GET /recommendations": () => "/api/recommendations?limit=5",
  "GET /courses/{id}/related": (w) => `/api/courses/${w.courseId}/related`,
  "GET /progress/user": () => "/api/progress/user",
  "GET /courses/{id}/progress": (w) => `/api/courses/${w.courseId}/progress?userId=${w.userId}`,
  "GET /sections/{id}/quiz": (w) => `/api/sections/${w.sectionId}/quiz`,
  "GET /courses/{id}/chat": (w) => `/api/courses/${w.chatCourseId}/chat?userId=${w.userId}`,
  "GET /streaks/{userId}": (w) => `/api/streaks/${w.userId}`,
  "GET /users/{userId}/badges": (w) => `/api/users/${w.userId}/badges`,
  "GET /challenges/active": () => "/api/challenges/active",
  "GET /users/{userId}/challenges": (w) => `/api/users/${w.userId}/challenges`,
  "GET /subscription/course-limit": () => "/api/subscription/course-limit",
  "GET /subscription": () => "/api/subscription",
  "GET /review/queue": () => "/api/review/queue",
  "GET /mastery": () => "/api/mastery",
  "GET /courses/{id}/concepts": (w) => `/api/courses/${w.chatCourseId}/concepts`,
  "GET /courses/{id}/transcript": (w) => `/api/courses/${w.chatCourseId}/transcript`,
  "GET /courses/{id}/notes": (w) => `/api/courses/${w.chatCourseId}/notes`,
  "GET /courses/{id}/export": (w) => `/api/courses/${w.courseId}/export?format=markdown`,
  "GET /cards/export": (w) => `/api/cards/export?format=tsv&courseId=${w.courseId}`,
  "GET /generation-jobs/{jobId}": (w) => `/api/generation-jobs/${w.jobId}`,
  "GET /classes": () => "/api/classes",
  "GET /classes/{id}": (w) => `/api/classes/${w.classId}`,
  "GET /classes/{id}/assignments": (w) => `/api/classes/${w.classId}/assignments`,
  "GET /classes/{id}/dashboard": (w) => `/api/classes/${w.classId}/dashboard`,
  "GET /classes/{id}/export": (w) => `/api/classes/${w.classId}/export?format=csv`,
  "GET /assignments": () => "/api/assignments",
  "GET /classes/join/{code}": (w) => `/api/classes/join/${w.classCode}`,
  "GET /courses/{id}/versions": (w) => `/api/courses/${w.edited.id}/versions`,
  "GET /courses/{id}/versions/{version}": (w) => `/api/courses/${w.edited.id}/versions/1`,
  "GET /regenerations/{jobId}": (w) => `/api/regenerations/${w.regenerationJobId}`,
};

const BUSTERS = [(ms: number) => `t=${ms}`, (ms: number) => `_=${ms}`, (ms: number) => `timestamp=${ms}`, (ms: number) => `v=${ms}&cb=x`];
const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

let w: World;

beforeAll(async () => {
  const user = await createUser(db, { username: `busters_${Date.now().toString(36)}` });
  const { course, sections } = await createQuizCourse(db, { userId: user.id, title: "Cache busters", description: "About cache busters", topic: "caching" });
  await createQuiz(db, sections[0]!.id);
  await createProgress(db, { userId: user.id, courseId: course.id, currentSectionId: sections[0]!.id, completedSectionIds: [sections[0]!.id] });
  const chatCourse = await courseWithTranscript(db, user.id, false, { title: "Chat busters", description: "About chat", topic: "chat" });
  await db.chatMessage.create({ data: { userId: user.id, courseId: chatCourse.id, role: "user", content: "What is a cache?" } });
  await createNoteRow(db, { userId: user.id, courseId: chatCourse.id, timeSeconds: 5, text: "Caches **trade** memory for time" });
  const job = await startCourseGeneration(db, user.id, { topic: "http caching", complexity: "beginner", additionalInstructions: null });
  await listActiveChallenges(db);
  const classroom = await createClassRow(db, { ownerId: user.id, name: "Cache busters class" });
  const edited = await createEditableCourse(db, { userId: user.id, title: "Busters to edit" });
  const token = await sessionTokenFor(user);
  const renamed = await routeCall("PATCH", `/api/courses/${edited.id}`, { sessionToken: token, json: { title: "Busters, edited", version: 1 } });
  expect(renamed.json).toEqual({ courseId: edited.id, version: 2 });
  const regeneration = await startRegeneration(db, { userId: user.id, id: edited.sectionIds[1]!, version: 2 });
  w = {
    regenerationJobId: regeneration.jobId,
    edited: { ...edited, version: 2 },
    classId: classroom.id,
    classCode: classroom.inviteCode,
    userId: user.id,
    username: user.username,
    token,
    courseId: course.id,
    sectionId: sections[0]!.id,
    chatCourseId: chatCourse.id,
    jobId: job.id,
  };
});

// Through the route table, as production dispatches: the downloads are rows of their own.
const get = (path: string) => routeCall("GET", path, { sessionToken: w.token });

describe("a cache-buster changes nothing on a documented GET path", () => {
  test("every documented GET path has a row", () => {
    const documentedGets = documentedOperations().filter((operation) => operation.startsWith("GET "));
    expect(Object.keys(GET_PATHS).sort()).toEqual(documentedGets.sort());
  });

  for (const [key, pathOf] of Object.entries(GET_PATHS)) {
    test(key, async () => {
      const path = pathOf(w);
      const plain = await get(path);
      expect(plain.status, `${key}: ${plain.text.slice(0, 200)}`).toBe(200);
      for (const buster of BUSTERS) {
        const busted = await get(withQuery(path, buster(Date.now())));
        expect({ status: busted.status, body: busted.json ?? busted.text }, `${key} with ${buster(0)}`).toEqual({
          status: plain.status,
          body: plain.json ?? plain.text,
        });
      }
      // The buster first, and a key repeated: still the same answer.
      const first = await get(path.includes("?") ? path.replace("?", `?t=${Date.now()}&`) : withQuery(path, "t=1&t=2"));
      expect({ status: first.status, body: first.json ?? first.text }).toEqual({ status: plain.status, body: plain.json ?? plain.text });
    });
  }
});

describe("what a path does read stays strict", () => {
  test("a bad value of a known key is still a 400, with or without a buster", async () => {
    for (const path of ["/api/courses?userId=abc&t=1", "/api/recommendations?limit=0&_=1", `/api/courses/${w.courseId}/progress?userId=-1&t=1`]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.json).toMatchObject({ code: "BAD_REQUEST" });
    }
  });

  test("another learner's userId is still refused behind a buster", async () => {
    const response = await get(`/api/courses?userId=${w.userId + 100_000}&t=${Date.now()}`);
    expect(response.status).toBe(403);
  });

  test("a path parameter cannot be overridden from the query", async () => {
    const response = await get(`/api/courses/${w.courseId}?id=999999&t=1`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ course: { id: w.courseId } });
  });

  test("DELETE /questions/{id} reads its version from the query strictly; a buster beside it changes nothing", async () => {
    const [question, other] = w.edited.questionIds as [number, number];
    const del = (query: string) => routeCall("DELETE", `/api/questions/${question}${query}`, { sessionToken: w.token });
    const inQuiz = async (id: number) => (await db.quizQuestion.findUniqueOrThrow({ where: { id }, select: { quizId: true } })).quizId !== null;
    // Missing, not a whole positive number, repeated (an array), or under another name: 400, naming the version.
    for (const query of [
      "",
      "?t=1",
      "?version=",
      "?version=abc&t=1",
      "?version=0",
      "?version=-1",
      "?version=1.5",
      "?version=0x2",
      "?version=2&version=2",
      "?Version=2",
    ]) {
      const response = await del(query);
      expect(response.status, query).toBe(400);
      expect(response.json.code, query).toBe("BAD_REQUEST");
      expect(String(response.json.message), query).toMatch(/version/);
    }
    // The key is read behind a buster: a stale version is still a 409 with the version now.
    const stale = await del(`?t=${Date.now()}&version=1`);
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "CONFLICT", data: { currentVersion: 2 } });
    expect(await inQuiz(question)).toBe(true);
    // The path's id wins over an id in the query: the question of the path is the one deleted.
    const deleted = await del(`?version=2&_=${Date.now()}&id=${other}&cb=x`);
    expect(deleted.status, deleted.text.slice(0, 200)).toBe(200);
    expect(deleted.json).toEqual({ courseId: w.edited.id, version: 3 });
    expect([await inQuiz(question), await inQuiz(other)]).toEqual([false, true]);
    w.edited.version = 3;
  });

  test("GET /courses/{id}/versions/{version}: the path's version cannot be overridden from the query", async () => {
    const response = await get(`/api/courses/${w.edited.id}/versions/1?version=2&t=1`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ version: 1, change: { kind: "generated" }, outline: { title: "Busters to edit" } });
  });

  test("a body still refuses a key it does not know; a buster in a POST's query changes nothing", async () => {
    const unknownInBody = await routeCall("POST", "/api/login", { json: { username: w.username, password: DEFAULT_PASSWORD, t: 1 } });
    expect(unknownInBody.status).toBe(400);
    expect(unknownInBody.json).toMatchObject({ message: "Unknown field: t" });
    const bustedPost = await routeCall("POST", `/api/login?t=${Date.now()}`, { json: { username: w.username, password: DEFAULT_PASSWORD } });
    expect(bustedPost.status).toBe(200);
  });
});
