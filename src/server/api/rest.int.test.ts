/**
 * The documented REST paths through handleRest: real Request → Response, including the HTTP
 * guards, the status codes and the JSON error bodies a client sees. Every response body is
 * checked for stack traces, hashes, SQL and database URLs (test/http.ts `expectNoLeak`).
 */
import { describe, expect, test } from "vitest";

import { decodeSessionToken } from "~/server/auth/session";
import { LIMITS } from "~/server/rate-limit";

import { randomIp, sessionTokenFor } from "../../../test/caller";
import { db } from "../../../test/db";
import { createCourse, createUser, DEFAULT_PASSWORD, uniqueSuffix } from "../../../test/factories";
import { expectNoLeak, restCall, sessionTokenOf, STACK_TRACE } from "../../../test/http";

type UserJson = { id: number; username: string; email: string | null; displayName: string | null; photoURL: string | null };
type ErrorJson = { message: string; code: string; issues?: unknown };

const newAccount = () => {
  const username = `rest_${uniqueSuffix()}`;
  return { username, email: `${username}@example.com`, password: "password123" };
};

function expectErrorBody(json: unknown, status: number, message?: string | RegExp) {
  expect(json).toMatchObject({ message: expect.any(String) as string, code: expect.any(String) as string });
  const body = json as ErrorJson & { data?: { httpStatus?: number } };
  if (body.data?.httpStatus !== undefined) expect(body.data.httpStatus).toBe(status);
  if (typeof message === "string") expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

describe("the leak detector", () => {
  test("catches a real stack trace, and passes ordinary text", () => {
    expect(new Error("boom").stack).toMatch(STACK_TRACE);
    expect(() => expectNoLeak(JSON.stringify({ message: String(new Error("x").stack) }))).toThrow();
    expect(() => expectNoLeak(JSON.stringify({ message: "Invalid username or password", at: "at home" }))).not.toThrow();
  });
});

describe("POST /api/register", () => {
  test("200 with the user JSON and a session cookie", async () => {
    const account = newAccount();
    const { status, json, headers } = await restCall<UserJson>("POST", "/api/register", { json: { ...account, confirmPassword: account.password } });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(json).toEqual({ id: expect.any(Number) as number, username: account.username, email: account.email, displayName: null, photoURL: null });
    expect(headers.getSetCookie()).toEqual([expect.stringMatching(/^next-auth\.session-token=.+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/)]);
  });

  test("409 for a username taken in another case", async () => {
    const account = newAccount();
    expect((await restCall("POST", "/api/register", { json: account })).status).toBe(200);
    const { status, json, headers } = await restCall("POST", "/api/register", { json: { ...newAccount(), username: account.username.toUpperCase() } });
    expect(status).toBe(409);
    expectErrorBody(json, 409, "Username is already taken");
    expect(headers.getSetCookie()).toEqual([]);
  });

  test("400 naming the problem for bad input: mismatch, NUL, unknown field, wrong types, short password", async () => {
    // `message` is the first issue, phrased for a person; every issue stays in `issues`.
    const before = await db.user.count();
    const cases: [unknown, string | RegExp][] = [
      [{ ...newAccount(), confirmPassword: "not-the-same" }, "Passwords do not match"],
      [{ ...newAccount(), username: "nul\u0000user" }, "Username must not contain NUL characters"],
      [{ ...newAccount(), isAdmin: true }, /isAdmin/],
      [{ username: 42, email: [], password: {} }, "Username must be text"],
      [{ ...newAccount(), password: "short" }, "Password must be at least 8 characters"],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await restCall<ErrorJson & { issues: { message: string }[] }>("POST", "/api/register", { json: body });
      expect(status, JSON.stringify(body)).toBe(400);
      expectErrorBody(json, 400);
      const messages = json.issues.map((issue) => issue.message);
      if (typeof message === "string") {
        expect(messages).toContain(message);
        expect(json.message).toContain(message);
      } else {
        expect(messages.join(" | ")).toMatch(message);
        expect(json.message).toMatch(message);
      }
    }
    expect(await db.user.count()).toBe(before);
  });
});

describe("POST /api/login", () => {
  test("200 with the user JSON and a session cookie that GET /api/user accepts", async () => {
    const user = await createUser(db);
    const login = await restCall<UserJson>("POST", "/api/login", { json: { username: user.username, password: DEFAULT_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json).toEqual({ id: user.id, username: user.username, email: user.email, displayName: user.displayName, photoURL: user.photoURL });
    const token = sessionTokenOf(login.response);
    expect(await decodeSessionToken(token ?? "")).toEqual({ userId: user.id, sessionVersion: 0 });

    const me = await restCall<UserJson>("GET", "/api/user", { sessionToken: token });
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(user.id);
  });

  test("401 with one message for a wrong password and an unknown username", async () => {
    const user = await createUser(db);
    const wrong = await restCall("POST", "/api/login", { json: { username: user.username, password: "wrong-password" } });
    const unknown = await restCall("POST", "/api/login", { json: { username: "no_such_user", password: "wrong-password" } });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expectErrorBody(wrong.json, 401, "Invalid username or password");
    expect((unknown.json as ErrorJson).message).toBe((wrong.json as ErrorJson).message);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  test("400, not 500, for a body that is not valid JSON", async () => {
    for (const body of ["{bad json", "", "null", "[1,2]", '"string"', "1e999999"]) {
      const { status, json } = await restCall("POST", "/api/login", { body, headers: { "content-type": "application/json" } });
      expect(status, body).toBe(400);
      expectErrorBody(json, 400);
    }
  });

  test("400 for an unknown field and for NUL in the username", async () => {
    const unknownField = await restCall("POST", "/api/login", { json: { username: "alice", password: "password123", remember: true } });
    expect(unknownField.status).toBe(400);
    expectErrorBody(unknownField.json, 400);
    expect(JSON.stringify(unknownField.json)).toContain("remember");

    const nul = await restCall("POST", "/api/login", { json: { username: "ali\u0000ce", password: "password123" } });
    expect(nul.status).toBe(400);
    expectErrorBody(nul.json, 400);
  });

  test("400 for deeply nested JSON", async () => {
    const depth = 50_000;
    const body = `{"username":${"[".repeat(depth)}${"]".repeat(depth)},"password":"password123"}`;
    const { status } = await restCall("POST", "/api/login", { body, headers: { "content-type": "application/json" } });
    expect(status).toBe(400);
  });

  test("413 for a body over 1 MB", async () => {
    const body = JSON.stringify({ username: "alice", password: "x".repeat(1024 * 1024 + 10) });
    const { status, json } = await restCall("POST", "/api/login", { body, headers: { "content-type": "application/json" } });
    expect(status).toBe(413);
    expectErrorBody(json, 413, "Request body is larger than 1 MB");
  });

  test("403 for a cross-site Origin; same origin passes", async () => {
    const user = await createUser(db);
    const credentials = { username: user.username, password: DEFAULT_PASSWORD };
    const crossSite = await restCall("POST", "/api/login", { json: credentials, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expectErrorBody(crossSite.json, 403, "Cross-site requests are not allowed");
    expect(crossSite.headers.getSetCookie()).toEqual([]);

    const fetchMeta = await restCall("POST", "/api/login", { json: credentials, headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchMeta.status).toBe(403);

    const sameOrigin = await restCall("POST", "/api/login", { json: credentials, headers: { origin: "http://localhost" } });
    expect(sameOrigin.status).toBe(200);
  });

  test("415 for a text/plain body (what a cross-site form can send)", async () => {
    const user = await createUser(db);
    const body = JSON.stringify({ username: user.username, password: DEFAULT_PASSWORD });
    const plain = await restCall("POST", "/api/login", { body, headers: { "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
    expectErrorBody(plain.json, 415);
    const form = await restCall("POST", "/api/login", { body: `username=${user.username}`, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
  });

  test("429 carries a Retry-After header (per-username failures from rotating IPs)", async () => {
    const user = await createUser(db);
    for (let i = 0; i < LIMITS.loginAttemptsPerUsername.points; i++) {
      const { status } = await restCall("POST", "/api/login", { json: { username: user.username, password: `guess-${i}` }, ip: randomIp() });
      expect(status).toBe(401);
    }
    const limited = await restCall("POST", "/api/login", { json: { username: user.username, password: DEFAULT_PASSWORD }, ip: randomIp() });
    expect(limited.status).toBe(429);
    expectErrorBody(limited.json, 429, LIMITS.loginAttemptsPerUsername.message);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.loginAttemptsPerUsername.durationSeconds);
    expect(limited.headers.getSetCookie()).toEqual([]);

    // Positive control: a non-limited response has no Retry-After.
    const other = await createUser(db);
    const ok = await restCall("POST", "/api/login", { json: { username: other.username, password: DEFAULT_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("retry-after")).toBeNull();
  });
});

describe("GET /api/user", () => {
  test("401 JSON {message} without a cookie; 200 with one", async () => {
    const anonymous = await restCall("GET", "/api/user");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toMatch(/^application\/json/);
    expectErrorBody(anonymous.json, 401, "Please sign in to continue");

    const user = await createUser(db);
    const signedIn = await restCall<UserJson>("GET", "/api/user", { sessionToken: await sessionTokenFor(user) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toEqual({ id: user.id, username: user.username, email: user.email, displayName: user.displayName, photoURL: user.photoURL });
  });

  test("401 for a garbage cookie", async () => {
    const { status } = await restCall("GET", "/api/user", { sessionToken: "not.a.real.token.value" });
    expect(status).toBe(401);
  });

  test("401, not 500, for a cookie with a malformed %-escape", async () => {
    const { status } = await restCall("GET", "/api/user", { headers: { cookie: "next-auth.session-token=%E0%A4%A" } });
    expect(status).toBe(401);
  });

  test("whatever the status, a malformed cookie never leaks internals", async () => {
    const { json, status } = await restCall("GET", "/api/user", { headers: { cookie: "next-auth.session-token=%E0%A4%A" } });
    expect([401, 500]).toContain(status);
    if (status === 500) expectErrorBody(json, 500, "Internal server error");
  });
});

describe("POST /api/logout", () => {
  test("200, clears the cookie, and the old cookie is refused afterwards", async () => {
    const user = await createUser(db);
    const token = await sessionTokenFor(user);
    expect((await restCall("GET", "/api/user", { sessionToken: token })).status).toBe(200);

    const logout = await restCall("POST", "/api/logout", { sessionToken: token });
    expect(logout.status).toBe(200);
    expect(logout.json).toEqual({ success: true });
    expect(logout.headers.getSetCookie()).toEqual([expect.stringMatching(/^next-auth\.session-token=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/)]);

    const replay = await restCall("GET", "/api/user", { sessionToken: token });
    expect(replay.status).toBe(401);
    expectErrorBody(replay.json, 401);
  });

  test("403 cross-site: a foreign page cannot sign the user out", async () => {
    const user = await createUser(db);
    const token = await sessionTokenFor(user);
    const { status } = await restCall("POST", "/api/logout", { sessionToken: token, headers: { origin: "https://evil.example" } });
    expect(status).toBe(403);
    expect((await restCall("GET", "/api/user", { sessionToken: token })).status).toBe(200);
  });
});

describe("POST /api/auth/google", () => {
  test("returns the session's user and ignores who the body claims to be; 401 when signed out", async () => {
    const user = await createUser(db);
    const victim = await createUser(db);
    const body = { uid: String(victim.id), email: victim.email, displayName: "Impostor" };
    const signedIn = await restCall<UserJson>("POST", "/api/auth/google", { sessionToken: await sessionTokenFor(user), json: body });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ id: user.id, email: user.email });

    const anonymous = await restCall("POST", "/api/auth/google", { json: body });
    expect(anonymous.status).toBe(401);
  });
});

describe("GET /api/courses", () => {
  test("200 for your own userId, 403 for another user's", async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const mine = await createCourse(db, { userId: me.id });
    await createCourse(db, { userId: other.id, title: "Secret course" });
    const token = await sessionTokenFor(me);

    const own = await restCall<{ id: number }[]>("GET", `/api/courses?userId=${me.id}`, { sessionToken: token });
    expect(own.status).toBe(200);
    expect(own.json.map((course) => course.id)).toEqual([mine.id]);

    const foreign = await restCall("GET", `/api/courses?userId=${other.id}`, { sessionToken: token });
    expect(foreign.status).toBe(403);
    expectErrorBody(foreign.json, 403, "You can only access your own data");
    expect(foreign.text).not.toContain("Secret course");
  });

  test("400 for a non-numeric, negative or out-of-range userId; 401 anonymous", async () => {
    const me = await createUser(db);
    const token = await sessionTokenFor(me);
    for (const value of ["abc", "-1", "0", "1.5", "99999999999", "1e3x"]) {
      const { status, json } = await restCall("GET", `/api/courses?userId=${value}`, { sessionToken: token });
      expect(status, value).toBe(400);
      expectErrorBody(json, 400);
    }
    expect((await restCall("GET", `/api/courses?userId=${me.id}`)).status).toBe(401);
  });
});

describe("GET /api/courses/user", () => {
  test("200 with the caller's courses; text round-trips exactly through JSON", async () => {
    const me = await createUser(db);
    const title = "🧪 \u202Eevil <script>alert('x')</script> مرحبا e\u0301";
    await createCourse(db, { userId: me.id, title });
    const { status, json } = await restCall<{ title: string }[]>("GET", "/api/courses/user", { sessionToken: await sessionTokenFor(me) });
    expect(status).toBe(200);
    expect(json.map((course) => course.title)).toEqual([title]);
    expect((await restCall("GET", "/api/courses/user")).status).toBe(401);
  });
});

describe("GET /api/progress/user", () => {
  test("200 with [] for a new user; 401 anonymous", async () => {
    const me = await createUser(db);
    const { status, json } = await restCall("GET", "/api/progress/user", { sessionToken: await sessionTokenFor(me) });
    expect(status).toBe(200);
    expect(json).toEqual([]);
    expect((await restCall("GET", "/api/progress/user")).status).toBe(401);
  });
});

describe("undocumented paths", () => {
  test("404 JSON for a path that is not in the API; a documented one answers (positive control)", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin"],
      ["GET", "/api/users"],
      ["POST", "/api/user"],
      ["DELETE", "/api/user"],
      ["GET", "/api/../etc/passwd"],
    ] as const) {
      const { status, json } = await restCall(method, path, method === "GET" ? {} : { json: {} });
      expect(status, `${method} ${path}`).toBe(404);
      expectErrorBody(json, 404);
    }
    expect((await restCall("GET", "/api/user")).status).toBe(401);
  });
});
