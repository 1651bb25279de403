/**
 * The API entry scripts/serve.mjs uses in production (direct.ts): which requests the route
 * table gives it and which it leaves to Next, and real HTTP through it: statuses, bodies, cookies, security headers, body limits.
 */
import { readdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative, sep } from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { OFFLINE_NOTE } from "~/server/services/chat/offline-answer";

import { sessionCookieHeader, sessionTokenFor } from "../../../test/caller";
import { db } from "../../../test/db";
import { courseWithTranscript, createCourse, createUser, uniqueSuffix } from "../../../test/factories";
import { expectNoLeak } from "../../../test/http";

import { handleChatStream } from "./chat-stream";
import { serveApiDirectly } from "./direct";
import { asResponse } from "./api-request";
import { answerRest, handleTrpc } from "./handlers";
import { apiHandlerFor } from "./routes";
import { handleStripeWebhook } from "./stripe-webhook";
import { handleApiDocs, handleHealth, handleOpenApiDocument, handlePanel } from "./system-routes";

const LEFT_TO_NEXT = 599;

describe("the route table", () => {
  const apiDir = join(process.cwd(), "src/app/api");
  const routeFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? routeFiles(join(dir, entry.name)) : entry.name === "route.ts" ? [relative(apiDir, dir).split(sep).join("/")] : [],
    );

  test("Next has five API route files: the table's catch-all, its static paths under /api/auth, and next-auth", () => {
    expect(routeFiles(apiDir).sort()).toEqual(["[...path]", "auth/[...nextauth]", "auth/google", "auth/password-reset", "auth/password-reset/confirm"]);
  });

  test.each([
    ["POST", "/api/courses/12/progress", answerRest],
    ["GET", "/api/courses/1", answerRest],
    ["GET", "/api/healthy", answerRest],
    ["POST", "/api/courses/12/chat/stream", handleChatStream],
    ["POST", "/api/webhooks/stripe", handleStripeWebhook],
    ["GET", "/api/trpc/course.byId", handleTrpc],
    ["POST", "/api/trpc/course.byId,progress.save", handleTrpc],
    ["POST", "/api/auth/google", answerRest],
    ["POST", "/api/auth/password-reset", answerRest],
    ["POST", "/api/auth/password-reset/confirm", answerRest],
    ["GET", "/api/health", handleHealth],
    ["GET", "/api/openapi.json", handleOpenApiDocument],
    ["GET", "/api/docs", handleApiDocs],
    ["GET", "/api/panel", handlePanel],
  ] as const)("%s %s", (method, path, handler) => {
    expect(apiHandlerFor(method, path)).toBe(handler);
  });

  test("next-auth and pages are left to Next", () => {
    expect(apiHandlerFor("GET", "/api/auth/session")).toBeNull();
    expect(apiHandlerFor("POST", "/api/auth/callback/google")).toBeNull();
    expect(apiHandlerFor("HEAD", "/api/auth/session")).toBeNull();
    expect(apiHandlerFor("GET", "/course/1")).toBeNull();
    expect(apiHandlerFor("GET", "/apiary")).toBeNull();
    expect(apiHandlerFor("GET", "/api")).toBeNull();
  });
});

describe("methods", () => {
  const answer = async (method: string, path: string) => asResponse(await apiHandlerFor(method, path)!(new Request(`http://localhost${path}`, { method })));

  test.each([
    ["GET", "/api/courses/generate-from-topic", "POST"],
    ["GET", "/api/Courses/Generate-From-Topic/", "POST"],
    ["PUT", "/api/courses/generate-from-topic", "POST"],
    ["GET", "/api/courses/12/chat/stream", "POST"],
    ["DELETE", "/api/courses/12/progress", "GET, HEAD, POST"],
    ["POST", "/api/courses/12", "GET, HEAD, PATCH"],
    ["PATCH", "/api/cards/3", "DELETE"],
    ["POST", "/api/courses/user", "GET, HEAD"],
    ["GET", "/api/auth/google", "POST"],
    ["POST", "/api/health", "GET, HEAD"],
    ["DELETE", "/api/cards/export", "GET, HEAD"],
    ["PUT", "/api/trpc/course.byId", "GET, HEAD, POST"],
    ["GET", "/api/webhooks/stripe", "POST"],
  ])("%s %s → 405, Allow: %s (never the validation of another path)", async (method, path, allow) => {
    const response = await answer(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(await response.json()).toEqual({ code: "METHOD_NOT_SUPPORTED", message: `${method} is not allowed on this path; it answers ${allow}` });
  });

  test.each([
    ["/api/courses/12", "GET, HEAD, PATCH"],
    ["/api/courses/12/chat", "GET, HEAD, POST"],
    ["/api/notes/4", "PATCH, DELETE"],
    ["/api/trpc/course.byId", "GET, HEAD, POST"],
    ["/api/courses/12/export", "GET, HEAD"],
  ])("OPTIONS %s → 204 with only its methods: %s", async (path, allow) => {
    const response = await answer("OPTIONS", path);
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe(allow);
  });

  test("a path nobody serves is a 404 whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE", "OPTIONS", "HEAD"]) expect((await answer(method, "/api/no/such/path")).status, method).toBe(404);
  });
});

describe("over HTTP", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (!serveApiDirectly(req, res)) res.writeHead(LEFT_TO_NEXT).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);

  test("GET a course: 200 with its JSON and the site's security headers", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id, chapters: 2, sectionsPerChapter: 2 });
    const response = await send(`/api/courses/${course.id}`, { headers: { cookie: sessionCookieHeader(await sessionTokenFor(me)) } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { course: { id: number; isOwner: boolean }; chapters: unknown[] };
    expect(body.course).toMatchObject({ id: course.id, isOwner: true });
    expect(body.chapters).toHaveLength(2);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("HEAD answers as GET does, status and headers, without a body", async () => {
    const me = await createUser(db);
    const course = await createCourse(db, { userId: me.id });
    const cookie = { cookie: sessionCookieHeader(await sessionTokenFor(me)) };
    for (const [path, headers, status] of [
      ["/api/user", {}, 401],
      ["/api/no/such/path", {}, 404],
      ["/api/courses/generate-from-topic", {}, 405],
      [`/api/courses/${course.id}`, cookie, 200],
      [`/api/courses/${course.id}/export?format=markdown`, cookie, 200],
      ["/api/health", {}, 200],
      ["/api/courses/abc", cookie, 400],
    ] as const) {
      const [get, head] = [await send(path, { headers }), await send(path, { method: "HEAD", headers })];
      expect([get.status, head.status], path).toEqual([status, status]);
      // Connection management is the hop's own (Node closes after a HEAD that undici sends): the rest must be the GET's.
      const comparable = (response: Response) => [...response.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name));
      expect(comparable(head), path).toEqual(comparable(get));
      expect(head.headers.get("content-length"), path).toBe(String((await get.arrayBuffer()).byteLength));
      expect(head.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect((await head.arrayBuffer()).byteLength, path).toBe(0);
    }
  });

  test("signed out → 401; another user's private course → 404", async () => {
    const [owner, other] = [await createUser(db), await createUser(db)];
    const course = await createCourse(db, { userId: owner.id });
    expect((await send(`/api/courses/${course.id}`)).status).toBe(401);
    const hidden = await send(`/api/courses/${course.id}`, { headers: { cookie: sessionCookieHeader(await sessionTokenFor(other)) } });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ message: "Course Not Found" });
  });

  test("POST /api/register: the body arrives, and the session cookie comes back", async () => {
    const username = `direct_${uniqueSuffix()}`;
    const response = await send("/api/register", {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: "password123", confirmPassword: "password123" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username });
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^next-auth\.session-token=.+; HttpOnly/)]);
  });

  test("POST /api/courses/{id}/chat/stream: the reply is piped as server-sent events, with the security headers", async () => {
    const me = await createUser(db);
    const course = await courseWithTranscript(db, me.id);
    const response = await send(`/api/courses/${course.id}/chat/stream`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie: sessionCookieHeader(await sessionTokenFor(me)) },
      body: JSON.stringify({ content: "How does merging two sorted halves work?" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const events = (await response.text()).split("\n\n").filter(Boolean);
    expect(events.at(-1)).toBe("data: [DONE]");
    const deltas = events
      .slice(0, -1)
      .map((event) => JSON.parse(event.slice("data: ".length)) as { type: string; delta?: string })
      .filter((e) => e.type === "text-delta");
    expect(deltas.map((e) => e.delta).join("")).toContain(OFFLINE_NOTE);
  });

  test("a tRPC call goes through the tRPC handler", async () => {
    const response = await send("/api/trpc/course.byId?input=" + encodeURIComponent(JSON.stringify({ json: { id: 1 } })));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { json: { message: "Please sign in to continue" } } });
  });

  test("refusals: a body over 1 MiB → 413, a foreign Origin → 403, never a stack trace", async () => {
    const big = await send("/api/register", {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: `{"username":"${"a".repeat(1_100_000)}"}`,
    });
    expect(big.status).toBe(413);
    const foreign = await send("/api/register", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: "{}",
    });
    expect(foreign.status).toBe(403);
    for (const response of [big, foreign]) expectNoLeak(await response.text());
  });

  /** A raw request whose body is written in the given pieces (chunked: no Content-Length). */
  function sendInPieces(path: string, pieces: string[]) {
    return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: base } }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      });
      req.on("error", reject);
      for (const piece of pieces) req.write(piece);
      req.end();
    });
  }

  test("a body in several pieces arrives whole; past 1 MiB without a Content-Length it is 413 and the connection closes", async () => {
    const username = `pieces_${uniqueSuffix()}`;
    const json = JSON.stringify({ username, email: `${username}@example.com`, password: "password123" });
    const whole = await sendInPieces("/api/register", [json.slice(0, 5), json.slice(5, 20), json.slice(20)]);
    expect(whole.status).toBe(200);
    expect(JSON.parse(whole.body)).toMatchObject({ username });

    const tooBig = await sendInPieces("/api/register", ['{"username":"', "a".repeat(600_000), "a".repeat(600_000), '"}']);
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "Request body is larger than 1 MB" });
    expect(tooBig.connection).toBe("close");
  });

  test("a body declared over 1 MiB (up to 8 MiB) is read to its end before the 413, so the client can finish sending", async () => {
    const body = JSON.stringify({ username: "x", password: "p".repeat(1_100_000) });
    const answer = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request(
        `${base}/api/register`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: base } },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(answer).toEqual({ status: 413, connection: "keep-alive" });
  });

  test("next-auth and pages are left to Next", async () => {
    for (const path of ["/api/auth/session", "/course/1", "/"]) expect((await send(path)).status, path).toBe(LEFT_TO_NEXT);
  });

  test("a Host header no URL can carry still gets an answer", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/api/courses/1`, { headers: { host: "bad host[" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(401);
  });
});
