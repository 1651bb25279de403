/**
 * What a client sees when a service fails unexpectedly, and what the log records: a generic
 * 500 body (no stack, SQL or paths), known database errors mapped to 4xx by the one error
 * middleware, and a structured log line without secrets.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

vi.hoisted(() => {
  // Runs before the imports below read the environment: this file asserts on error logs.
  process.env.LOG_LEVEL = "error";
});

import type * as ListCoursesModule from "~/server/services/course/list-courses";
import { listUserCourses } from "~/server/services/course/list-courses";

import { createTestCaller, sessionTokenFor } from "../../../test/caller";
import { db } from "../../../test/db";
import { expectTRPCError } from "../../../test/expect";
import { createUser } from "../../../test/factories";
import { expectNoLeak, readBody, rest, restCall, trpcCall } from "../../../test/http";

vi.mock("~/server/services/course/list-courses", async (importOriginal) => {
  const original = await importOriginal<typeof ListCoursesModule>();
  return { ...original, listUserCourses: vi.fn(original.listUserCourses) };
});

const internalError = () =>
  Object.assign(
    new Error(
      `Invalid \`prisma.course.findMany()\` invocation: SELECT "passwordHash" FROM "User" at /work/main/src/server/services/course/list-courses.ts:8:3`,
    ),
    {
      code: "P1001",
    },
  );

let stderr: string[] = [];
beforeEach(() => {
  stderr = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(listUserCourses).mockReset();
});

describe("an unexpected error", () => {
  test("GET /api/courses/user → 500 with a generic body; the log has the error but no secrets", async () => {
    const user = await createUser(db);
    const token = await sessionTokenFor(user);
    vi.mocked(listUserCourses).mockRejectedValue(internalError());

    const { status, json, text } = await restCall("GET", "/api/courses/user", { sessionToken: token, headers: { "x-request-id": "req-500-test" } });
    expect(status).toBe(500);
    expect(json).toMatchObject({ message: "Internal server error", code: "INTERNAL_SERVER_ERROR" });
    expect(text).not.toMatch(/prisma|SELECT|list-courses|passwordHash/);

    const lines = stderr
      .join("")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.level === "error")).toBe(true);
    expect(JSON.stringify(lines)).toContain("course.mine");
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  test("over tRPC the 500 body is generic too", async () => {
    const user = await createUser(db);
    vi.mocked(listUserCourses).mockRejectedValue(internalError());
    const { status, text } = await trpcCall("GET", "/api/trpc/course.mine", { sessionToken: await sessionTokenFor(user) });
    expect(status).toBe(500);
    expect(text).toContain("Internal server error");
    expect(text).not.toMatch(/prisma|SELECT|list-courses/);
  });

  test("positive control: without the fault the same call answers 200", async () => {
    const user = await createUser(db);
    const { status, json } = await restCall("GET", "/api/courses/user", { sessionToken: await sessionTokenFor(user) });
    expect(status).toBe(200);
    expect(json).toEqual([]);
  });
});

describe("known database errors are mapped by the error middleware", () => {
  test.each([
    ["P2002", "CONFLICT", 409],
    ["P2025", "NOT_FOUND", 404],
    ["22021", "BAD_REQUEST", 400],
  ] as const)("%s → %s (%i)", async (code, trpcCode, httpStatus) => {
    const user = await createUser(db);
    vi.mocked(listUserCourses).mockRejectedValue(Object.assign(new Error("database said no"), { code }));
    const { caller } = await createTestCaller({ user });
    await expectTRPCError(caller.course.mine(), trpcCode);

    // Raw, not restCall: the failure is injected where the path could never meet it, so its status is not one the document lists.
    const response = await rest("GET", "/api/courses/user", { sessionToken: await sessionTokenFor(user) });
    const { text } = await readBody(response);
    expect(response.status).toBe(httpStatus);
    expectNoLeak(text);
    expect(text).not.toContain("database said no");
    // A mapped error is the caller's fault or a known race: not logged as a failure.
    expect(stderr.join("")).toBe("");
  });
});
