/**
 * /api/trpc through handleTrpc (the fetch adapter the React client talks to): batch cap,
 * guards, superjson envelopes, the person-readable error message and Retry-After.
 */
import { describe, expect, test } from "vitest";

import { decodeSessionToken } from "~/server/auth/session";
import { LIMITS } from "~/server/rate-limit";

import { randomIp, sessionTokenFor } from "../../../test/caller";
import { db } from "../../../test/db";
import { createUser, DEFAULT_PASSWORD, uniqueSuffix } from "../../../test/factories";
import { sessionTokenOf, trpcCall } from "../../../test/http";

import { MAX_TRPC_BATCH } from "~/lib/api-limits";

type TrpcError = { error: { json: { message: string; code: number; data: { code: string; httpStatus: number; retryAfter?: number | null } } } };
type TrpcResult<T> = { result: { data: { json: T } } };

const batchPath = (procedures: string[]) => `/api/trpc/${procedures.join(",")}?batch=1`;
const batchQuery = (procedures: string[]) => `${batchPath(procedures)}&input=${encodeURIComponent(JSON.stringify({}))}`;
const rateLimitRows = async () => Number((await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM rate_limits`))[0]?.n ?? 0);

describe("batching", () => {
  test(`a batch of ${MAX_TRPC_BATCH} calls works; ${MAX_TRPC_BATCH + 1} → 400`, async () => {
    expect(MAX_TRPC_BATCH).toBe(10);
    const ok = await trpcCall<unknown[]>("GET", batchQuery(Array.from({ length: MAX_TRPC_BATCH }, () => "auth.session")));
    expect(ok.status).toBe(200);
    expect(ok.json).toHaveLength(MAX_TRPC_BATCH);

    const tooWide = await trpcCall<TrpcError>("GET", batchQuery(Array.from({ length: MAX_TRPC_BATCH + 1 }, () => "auth.session")));
    expect(tooWide.status).toBe(400);
    expect(tooWide.json.error.json.data.code).toBe("BAD_REQUEST");
  });

  test("a wide batch of logins is refused before any of them runs (no walking around rate limits)", async () => {
    const user = await createUser(db);
    const before = await rateLimitRows();
    const calls = Array.from({ length: MAX_TRPC_BATCH + 1 }, () => "auth.login");
    const body = Object.fromEntries(calls.map((_, i) => [String(i), { json: { username: user.username, password: `guess-${i}` } }]));
    const { status } = await trpcCall("POST", batchPath(calls), { json: body });
    expect(status).toBe(400);
    expect(await rateLimitRows()).toBe(before);

    // Positive control: a batch within the cap runs every call.
    const two = ["auth.login", "auth.login"];
    const okBody = {
      0: { json: { username: user.username, password: "wrong-password" } },
      1: { json: { username: user.username, password: DEFAULT_PASSWORD } },
    };
    const batch = await trpcCall<unknown[]>("POST", batchPath(two), { json: okBody });
    expect(batch.json).toHaveLength(2);
    expect(await rateLimitRows()).toBeGreaterThan(before);
  });
});

describe("mutations over HTTP", () => {
  test("POST auth.register → 200 with a superjson result and a session cookie", async () => {
    const username = `trpc_${uniqueSuffix()}`;
    const response = await trpcCall<TrpcResult<{ id: number; username: string }>>("POST", "/api/trpc/auth.register", {
      json: { json: { username, email: `${username}@example.com`, password: "password123" } },
    });
    expect(response.status).toBe(200);
    expect(response.json.result.data.json.username).toBe(username);
    const token = sessionTokenOf(response.response);
    expect(await decodeSessionToken(token ?? "")).toEqual({ userId: response.json.result.data.json.id, sessionVersion: 0 });

    const me = await trpcCall<TrpcResult<{ username: string }>>("GET", "/api/trpc/auth.me", { sessionToken: token });
    expect(me.json.result.data.json.username).toBe(username);
  });

  test("a validation error carries the person-readable message", async () => {
    const response = await trpcCall<TrpcError>("POST", "/api/trpc/auth.register", {
      json: { json: { username: "someone", email: "someone@example.com", password: "password123", confirmPassword: "password124" } },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.json.message).toBe("Passwords do not match");
  });

  test("cross-site Origin → 403 and text/plain → 415; nothing is written", async () => {
    const before = await db.user.count();
    const body = JSON.stringify({ json: { username: `x_${uniqueSuffix()}`, email: `x${uniqueSuffix()}@example.com`, password: "password123" } });
    const crossSite = await trpcCall("POST", "/api/trpc/auth.register", {
      body,
      headers: { "content-type": "application/json", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const plain = await trpcCall("POST", "/api/trpc/auth.register", { body, headers: { "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
    expect(await db.user.count()).toBe(before);
  });

  test("a mutation cannot be triggered with GET (e.g. an <img> tag)", async () => {
    const user = await createUser(db);
    const token = await sessionTokenFor(user);
    const { status } = await trpcCall("GET", `/api/trpc/auth.logout?input=${encodeURIComponent(JSON.stringify({ json: null }))}`, { sessionToken: token });
    expect(status).toBe(405);
    const me = await trpcCall("GET", "/api/trpc/auth.me", { sessionToken: token });
    expect(me.status).toBe(200);
  });

  test("429 over tRPC carries Retry-After and data.retryAfter", async () => {
    const user = await createUser(db);
    for (let i = 0; i < LIMITS.loginAttemptsPerUsername.points; i++) {
      const { status } = await trpcCall("POST", "/api/trpc/auth.login", {
        json: { json: { username: user.username, password: `guess-${i}` } },
        ip: randomIp(),
      });
      expect(status).toBe(401);
    }
    const limited = await trpcCall<TrpcError>("POST", "/api/trpc/auth.login", { json: { json: { username: user.username, password: DEFAULT_PASSWORD } } });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(limited.json.error.json.data.retryAfter).toBe(retryAfter);
  });
});

describe("queries over HTTP", () => {
  test("auth.session: null anonymous, the user with a cookie; responses are not cached", async () => {
    const user = await createUser(db);
    const anonymous = await trpcCall<TrpcResult<null>>("GET", "/api/trpc/auth.session");
    expect(anonymous.status).toBe(200);
    expect(anonymous.json.result.data.json).toBeNull();
    expect(anonymous.headers.get("cache-control")).toBe("no-store");

    const signedIn = await trpcCall<TrpcResult<{ id: number }>>("GET", "/api/trpc/auth.session", { sessionToken: await sessionTokenFor(user) });
    expect(signedIn.json.result.data.json.id).toBe(user.id);
  });

  test("an unknown procedure → 404", async () => {
    const { status } = await trpcCall("GET", "/api/trpc/admin.listUsers");
    expect(status).toBe(404);
  });
});
