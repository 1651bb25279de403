import { TRPCClientError } from "@trpc/client";
import superjson from "superjson";
import { describe, expect, test } from "vitest";

import { APP_ERRORS } from "~/server/errors";

import { caught } from "../../test/client-errors";
import { createCourseCraftClient, isCourseCraftError, MAX_BATCH_ITEMS } from ".";
import { cookieHeaderOf, trpcUrlOf } from "./create-client";
import { APP_ERROR_CODE_BY_TRPC_CODE, HTTP_STATUS_BY_APP_ERROR_CODE } from "./errors";

/** One procedure call as the fake server saw it. */
type Call = { method: string; path: string; input: unknown; headers: Headers };
type Reply = { data: unknown } | { error: { code: string; httpStatus: number; message: string; retryAfter?: number } } | { raw: Response };

const TRPC_NUMBER: Record<string, number> = { UNAUTHORIZED: -32001, FORBIDDEN: -32003, NOT_FOUND: -32004, TOO_MANY_REQUESTS: -32029 };

/**
 * A fake of the app's tRPC endpoint: decodes batched GET and POST requests as httpBatchLink and
 * httpLink send them, asks `answer` for each call and encodes the replies with superjson.
 */
function fakeServer(answer: (call: Call) => Reply, { setCookie }: { setCookie?: (call: Call) => string | null } = {}) {
  const calls: Call[] = [];
  const requests: { url: URL; method: string; headers: Headers }[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    requests.push({ url, method, headers });
    const paths = url.pathname.replace(/^\/api\/trpc\//, "").split(",");
    const batched = url.searchParams.get("batch") === "1";
    const rawInput: unknown =
      method === "GET" ? JSON.parse(url.searchParams.get("input") ?? "{}") : JSON.parse(typeof init?.body === "string" ? init.body : "{}");
    const inputs = paths.map((_, index) => {
      const encoded = batched ? (rawInput as Record<string, unknown>)[String(index)] : rawInput;
      return encoded === undefined ? undefined : superjson.deserialize(encoded as never);
    });
    const replies = paths.map((path, index) => {
      const call = { method, path, input: inputs[index], headers };
      calls.push(call);
      return { call, reply: answer(call) };
    });
    const raw = replies.find(({ reply }) => "raw" in reply);
    if (raw && "raw" in raw.reply) return Promise.resolve(raw.reply.raw);
    const bodies = replies.map(({ reply }) => {
      if ("data" in reply) return { result: { data: superjson.serialize(reply.data) } };
      if ("error" in reply) {
        const { code, httpStatus, message, retryAfter } = reply.error;
        const shape = { message, code: TRPC_NUMBER[code] ?? -32600, data: { code, httpStatus, path: "x", retryAfter } };
        return { error: superjson.serialize(shape) };
      }
      return {};
    });
    const statuses = replies.map(({ reply }) => ("error" in reply ? reply.error.httpStatus : 200));
    const status = statuses.every((value) => value === statuses[0]) ? statuses[0]! : 207;
    const responseHeaders = new Headers({ "content-type": "application/json" });
    const cookie = setCookie?.(replies[0]!.call);
    if (cookie) responseHeaders.append("set-cookie", cookie);
    return Promise.resolve(new Response(JSON.stringify(batched ? bodies : bodies[0]), { status, headers: responseHeaders }));
  };
  return { fetch, calls, requests };
}

const course = { id: 7, title: "Binary search", description: null, thumbnailUrl: null, complexity: "beginner" as const, createdAt: "2026-01-01T00:00:00.000Z" };
const BASE = "http://localhost:3000";

describe("the address", () => {
  test("the app's origin, with or without a slash or /api/trpc", () => {
    expect(trpcUrlOf("http://localhost:3000")).toBe("http://localhost:3000/api/trpc");
    expect(trpcUrlOf("http://localhost:3000/")).toBe("http://localhost:3000/api/trpc");
    expect(trpcUrlOf("https://app.example/api/trpc/")).toBe("https://app.example/api/trpc");
  });

  test("calls go to <url>/api/trpc/<path>, batched", async () => {
    const server = fakeServer(() => ({ data: [course] }));
    const client = createCourseCraftClient({ url: `${BASE}/`, fetch: server.fetch });
    await client.course.mine.query();
    expect(server.requests[0]!.url.origin + server.requests[0]!.url.pathname).toBe(`${BASE}/api/trpc/course.mine`);
    expect(server.requests[0]!.url.searchParams.get("batch")).toBe("1");
  });
});

describe("auth headers", () => {
  test("a personal API token is sent as a Bearer token, and no cookie", async () => {
    const server = fakeServer(() => ({ data: [course] }));
    const client = createCourseCraftClient({ url: BASE, auth: { kind: "token", token: "cc_pat_abc123" }, fetch: server.fetch });
    expect(await client.course.mine.query()).toEqual([course]);
    const { headers } = server.requests[0]!;
    expect(headers.get("authorization")).toBe("Bearer cc_pat_abc123");
    expect(headers.get("cookie")).toBeNull();
  });

  test("a session cookie is sent as the Cookie header; a bare token gets the app's cookie name", async () => {
    const server = fakeServer(() => ({ data: [course] }));
    await createCourseCraftClient({ url: BASE, auth: { kind: "cookie", value: "next-auth.session-token=tok1" }, fetch: server.fetch }).course.mine.query();
    await createCourseCraftClient({ url: BASE, auth: { kind: "cookie", value: "tok2" }, fetch: server.fetch }).course.mine.query();
    expect(server.requests.map((request) => request.headers.get("cookie"))).toEqual(["next-auth.session-token=tok1", "next-auth.session-token=tok2"]);
    expect(server.requests[0]!.headers.get("authorization")).toBeNull();
    expect(cookieHeaderOf("tok3", "https://app.example")).toBe("__Secure-next-auth.session-token=tok3");
  });

  test("no Origin is sent (the mutation guard lets a script's request through), and the time zone is", async () => {
    const server = fakeServer(() => ({ data: { success: true } }));
    const client = createCourseCraftClient({
      url: BASE,
      auth: { kind: "token", token: "t" },
      timeZone: "Europe/Paris",
      headers: { "x-request-id": "r1" },
      fetch: server.fetch,
    });
    await client.auth.logout.mutate();
    const { headers, method } = server.requests[0]!;
    expect(method).toBe("POST");
    expect(headers.get("origin")).toBeNull();
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("x-time-zone")).toBe("Europe/Paris");
    expect(headers.get("x-request-id")).toBe("r1");
  });

  test("password: signs in once through auth.login, then sends the session cookie it was given", async () => {
    const server = fakeServer((call) => (call.path === "auth.login" ? { data: { id: 1, username: "ada" } } : { data: [course] }), {
      setCookie: (call) => (call.path === "auth.login" ? "next-auth.session-token=minted; Path=/; HttpOnly; SameSite=Lax" : null),
    });
    const client = createCourseCraftClient({ url: BASE, auth: { kind: "password", username: "ada", password: "correct horse" }, fetch: server.fetch });
    await Promise.all([client.course.mine.query(), client.progress.mine.query()]);
    await client.course.mine.query();
    expect(server.calls.map((call) => call.path)).toEqual(["auth.login", "course.mine", "progress.mine", "course.mine"]);
    expect(server.calls[0]).toMatchObject({ method: "POST", input: { username: "ada", password: "correct horse" } });
    expect(server.requests[0]!.headers.get("cookie")).toBeNull();
    // The two concurrent queries went in one request, with the cookie.
    expect(server.requests.length).toBe(3);
    expect(server.requests.slice(1).map((request) => request.headers.get("cookie"))).toEqual([
      "next-auth.session-token=minted",
      "next-auth.session-token=minted",
    ]);
  });

  test("password: a refused session (401) signs in again and retries once", async () => {
    let logins = 0;
    const server = fakeServer(
      (call) => {
        if (call.path === "auth.login") return { data: { id: 1 } };
        const cookie = call.headers.get("cookie");
        return cookie === "next-auth.session-token=s2"
          ? { data: [course] }
          : { error: { code: "UNAUTHORIZED", httpStatus: 401, message: "Please sign in to continue" } };
      },
      { setCookie: (call) => (call.path === "auth.login" ? `next-auth.session-token=s${++logins}; Path=/` : null) },
    );
    const client = createCourseCraftClient({ url: BASE, auth: { kind: "password", username: "ada", password: "pw" }, fetch: server.fetch });
    expect(await client.course.mine.query()).toEqual([course]);
    expect(server.calls.map((call) => call.path)).toEqual(["auth.login", "course.mine", "auth.login", "course.mine"]);
  });

  test("password: calls refused at once share one new sign-in", async () => {
    let logins = 0;
    const server = fakeServer(
      (call) => {
        if (call.path === "auth.login") return { data: { id: 1 } };
        return call.headers.get("cookie") === "next-auth.session-token=s2"
          ? { data: call.path === "auth.logout" ? { success: true } : [course] }
          : { error: { code: "UNAUTHORIZED", httpStatus: 401, message: "Please sign in to continue" } };
      },
      { setCookie: (call) => (call.path === "auth.login" ? `next-auth.session-token=s${++logins}; Path=/` : null) },
    );
    // A network that takes a moment, so that both requests are out before either answer is back.
    const slowFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return server.fetch(input, init);
    };
    const client = createCourseCraftClient({ url: BASE, auth: { kind: "password", username: "ada", password: "pw" }, fetch: slowFetch });
    // A query and a mutation: two requests, both refused with the first session.
    await Promise.all([client.course.mine.query(), client.auth.logout.mutate()]);
    expect(server.calls.filter((call) => call.path === "auth.login")).toHaveLength(2);
    expect(server.calls.filter((call) => call.path !== "auth.login").map((call) => call.headers.get("cookie"))).toEqual([
      "next-auth.session-token=s1",
      "next-auth.session-token=s1",
      "next-auth.session-token=s2",
      "next-auth.session-token=s2",
    ]);
  });

  test("password: a wrong password fails the call with the server's message, and nothing else is sent", async () => {
    const server = fakeServer((call) =>
      call.path === "auth.login" ? { error: { code: "UNAUTHORIZED", httpStatus: 401, message: "Invalid username or password" } } : { data: [] },
    );
    const client = createCourseCraftClient({ url: BASE, auth: { kind: "password", username: "ada", password: "nope" }, fetch: server.fetch });
    const error = await caught(client.course.mine.query());
    expect(error).toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401, message: "Invalid username or password", trpcCode: "UNAUTHORIZED" });
    expect(server.calls.map((call) => call.path)).toEqual(["auth.login"]);
    // The next call tries to sign in again rather than remembering the failure.
    await caught(client.course.mine.query());
    expect(server.calls.map((call) => call.path)).toEqual(["auth.login", "auth.login"]);
  });

  test("a cleared cookie (logout) is not sent again", async () => {
    const server = fakeServer((call) => (call.path === "auth.logout" ? { data: { success: true } } : { data: [] }), {
      setCookie: (call) => (call.path === "auth.logout" ? "next-auth.session-token=; Path=/; Max-Age=0" : null),
    });
    const client = createCourseCraftClient({ url: BASE, auth: { kind: "cookie", value: "tok" }, fetch: server.fetch });
    await client.auth.logout.mutate();
    await client.course.mine.query();
    expect(server.requests.map((request) => request.headers.get("cookie"))).toEqual(["next-auth.session-token=tok", null]);
  });
});

describe("batching", () => {
  test(`at most ${MAX_BATCH_ITEMS} calls a request, as the server allows`, async () => {
    const server = fakeServer((call) => ({ data: { course: { ...course, id: (call.input as { id: number }).id }, chapters: [] } }));
    const client = createCourseCraftClient({ url: BASE, fetch: server.fetch });
    const details = await Promise.all(Array.from({ length: 12 }, (_, index) => client.course.byId.query({ id: index + 1 })));
    expect(details.map((detail) => detail.course.id)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(server.requests.map((request) => request.url.pathname.split(",").length)).toEqual([10, 2]);
  });
});

describe("typed errors", () => {
  const failWith = (reply: Reply) => createCourseCraftClient({ url: BASE, fetch: fakeServer(() => reply).fetch });

  test("the AppError code, HTTP status and message of a tRPC error", async () => {
    const error = await caught(failWith({ error: { code: "NOT_FOUND", httpStatus: 404, message: "Course not found" } }).course.byId.query({ id: 1 }));
    expect(error).toMatchObject({ code: "NOT_FOUND", httpStatus: 404, message: "Course not found", retryAfter: undefined });
    // Still a TRPCClientError, with the server's data.
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(error.data?.httpStatus).toBe(404);
    expect(error.name).toBe("CourseCraftError");
  });

  test("retryAfter of a rate-limited call", async () => {
    const error = await caught(failWith({ error: { code: "TOO_MANY_REQUESTS", httpStatus: 429, message: "Slow down", retryAfter: 30 } }).course.mine.query());
    expect(error).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429, retryAfter: 30 });
  });

  test("tRPC's UNPROCESSABLE_CONTENT is the AppError code UNPROCESSABLE; a 500 is INTERNAL_SERVER_ERROR", async () => {
    const unprocessable = await caught(failWith({ error: { code: "UNPROCESSABLE_CONTENT", httpStatus: 422, message: "No" } }).course.mine.query());
    expect(unprocessable).toMatchObject({ code: "UNPROCESSABLE", trpcCode: "UNPROCESSABLE_CONTENT", httpStatus: 422 });
    const internal = await caught(
      failWith({ error: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, message: "Internal server error" } }).course.mine.query(),
    );
    expect(internal).toMatchObject({ code: "INTERNAL_SERVER_ERROR", httpStatus: 500, message: "Internal server error" });
  });

  test("a refusal of the HTTP guards (plain JSON, not a tRPC answer)", async () => {
    const raw = Response.json({ message: "Cross-site requests are not allowed", code: "FORBIDDEN" }, { status: 403 });
    const error = await caught(failWith({ raw }).auth.logout.mutate());
    expect(error).toMatchObject({ code: "FORBIDDEN", httpStatus: 403, message: "Cross-site requests are not allowed", trpcCode: null });
  });

  test("a proxy's error page", async () => {
    const raw = new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway", headers: { "content-type": "text/html" } });
    const error = await caught(failWith({ raw }).course.mine.query());
    expect(error).toMatchObject({ code: "INTERNAL_SERVER_ERROR", httpStatus: 502, message: "The server answered HTTP 502 Bad Gateway", retryAfter: undefined });
    const busy = new Response("busy", { status: 503, headers: { "retry-after": "5" } });
    expect(await caught(failWith({ raw: busy }).course.mine.query())).toMatchObject({ code: "SERVICE_UNAVAILABLE", httpStatus: 503, retryAfter: 5 });
  });

  test("no answer at all", async () => {
    const client = createCourseCraftClient({
      url: BASE,
      fetch: () => Promise.reject(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:3000") })),
    });
    const error = await caught(client.course.mine.query());
    expect(error).toMatchObject({ code: "NETWORK_ERROR", httpStatus: null });
    expect(error.message).toContain("ECONNREFUSED");
  });

  test("isCourseCraftError narrows only the client's errors", () => {
    expect(isCourseCraftError(new Error("x"))).toBe(false);
    expect(isCourseCraftError(new TRPCClientError("x"))).toBe(false);
  });

  test("the client's copy of the AppError table matches the server's", () => {
    const fromServer = Object.entries(APP_ERRORS).map(([code, { status, trpc }]) => [code, status, trpc]);
    const fromClient = Object.entries(HTTP_STATUS_BY_APP_ERROR_CODE).map(([code, status]) => [
      code,
      status,
      Object.entries(APP_ERROR_CODE_BY_TRPC_CODE).find(([, appCode]) => appCode === code)?.[0],
    ]);
    expect(fromClient).toEqual(fromServer);
  });
});
