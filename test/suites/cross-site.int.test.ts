/**
 * Cross-site mutations with forged proxy headers. A browser on another site can send any
 * X-Forwarded-* or Forwarded header with fetch(); without TRUST_PROXY none of them may make its
 * Origin this site's. Every mutation (each documented REST operation, each route of the table,
 * each tRPC mutation) is sent with a learner's cookie, alone and beside an API token, from a
 * foreign Origin, once with each forgery: every one is the guard's 403 and nothing is written.
 * The positive controls: the same requests from the site's own origin, and a cookieless token
 * (no ambient credential), are not refused by the guard.
 */
import type { AnyTRPCProcedure } from "@trpc/server";
import { beforeAll, describe, expect, test } from "vitest";

import { appRouter } from "~/server/api/root";

import { sessionTokenFor } from "../caller";
import { db } from "../db";
import { bearer, createApiTokenRow, createCourse, createUser } from "../factories";
import { documentedOperations, ORIGIN, routeCall, trpcCall } from "../http";

const FOREIGN = "https://evil.example";
const REFUSAL = "Cross-site requests are not allowed";

/** Each names the foreign site as this one, the ways proxies (and forgers) say it. */
const FORGERIES: Record<string, Record<string, string>> = {
  "X-Forwarded-Host + Proto": { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
  "X-Forwarded-Host + Proto + Port": { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-port": "443" },
  "X-Forwarded-Host list": { "x-forwarded-host": "localhost, evil.example", "x-forwarded-proto": "http, https" },
  Forwarded: { forwarded: 'for=203.0.113.9;host="evil.example";proto=https' },
  "X-Forwarded-Proto + Port only": { "x-forwarded-proto": "https", "x-forwarded-port": "443" },
  "all of them": {
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-port": "443",
    forwarded: "host=evil.example;proto=https",
  },
};

const MUTATION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let courseId: number;
let cookie: string;
let token: string;

/** Every documented mutation, with its path parameters filled in with the learner's course (or 1). */
function restMutations(): { method: string; path: string }[] {
  return documentedOperations().flatMap((operation) => {
    const [method, template] = operation.split(" ") as [string, string];
    if (!MUTATION_METHODS.has(method)) return [];
    return [{ method, path: `/api${template.replace(/\{(\w+)\}/g, (_, name: string) => (name === "id" ? String(courseId) : "1"))}` }];
  });
}

function trpcMutations(): string[] {
  return Object.entries(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>)
    .filter(([, procedure]) => procedure._def.type === "mutation")
    .map(([path]) => path);
}

beforeAll(async () => {
  const user = await createUser(db);
  courseId = (await createCourse(db, { userId: user.id, isPublic: false })).id;
  cookie = await sessionTokenFor(user);
  token = (await createApiTokenRow(db, user.id)).token;
});

const credentials = (): Record<string, { sessionToken: string; headers?: Record<string, string> }> => ({
  cookie: { sessionToken: cookie },
  "token and cookie": { sessionToken: cookie, headers: bearer(token) },
});

describe("forged forwarded headers never make a foreign Origin this site's (TRUST_PROXY unset)", () => {
  test("the suite covers every mutation", () => {
    expect(restMutations().length).toBeGreaterThan(20);
    expect(trpcMutations().length).toBeGreaterThan(20);
    expect(trpcMutations()).toContain("course.setSharing");
  });

  for (const [forgery, forged] of Object.entries(FORGERIES)) {
    test(`REST and table routes, ${forgery}: 403`, async () => {
      for (const [auth, options] of Object.entries(credentials())) {
        for (const { method, path } of restMutations()) {
          const headers = { ...options.headers, ...forged, origin: FOREIGN };
          const result = await routeCall<{ message: string }>(method, path, { ...options, headers, json: {} });
          expect([result.status, result.json.message], `${method} ${path} by ${auth}`).toEqual([403, REFUSAL]);
        }
      }
    });

    test(`tRPC mutations, ${forgery}: 403`, async () => {
      for (const [auth, options] of Object.entries(credentials())) {
        for (const path of trpcMutations()) {
          const headers = { ...options.headers, ...forged, origin: FOREIGN };
          const result = await trpcCall<{ message: string }>("POST", `/api/trpc/${path}`, { ...options, headers, json: { json: {} } });
          expect([result.status, result.json.message], `${path} by ${auth}`).toEqual([403, REFUSAL]);
        }
      }
    });
  }

  test("the request that made a private course public is refused, and the course stays private", async () => {
    for (const forged of Object.values(FORGERIES)) {
      const headers = { ...forged, origin: FOREIGN };
      const result = await trpcCall("POST", "/api/trpc/course.setSharing", { sessionToken: cookie, headers, json: { json: { id: courseId, isPublic: true } } });
      expect(result.status).toBe(403);
    }
    expect((await db.course.findUniqueOrThrow({ where: { id: courseId } })).isPublic).toBe(false);
  });

  test("positive controls: the site's own Origin, and a cookieless token from anywhere, pass the guard", async () => {
    const own = await trpcCall("POST", "/api/trpc/course.setSharing", {
      sessionToken: cookie,
      headers: { origin: ORIGIN, ...FORGERIES["all of them"] },
      json: { json: { id: courseId, isPublic: true } },
    });
    expect(own.status).toBe(200);
    expect((await db.course.findUniqueOrThrow({ where: { id: courseId } })).isPublic).toBe(true);

    const scripted = await trpcCall("POST", "/api/trpc/course.setSharing", {
      headers: { ...bearer(token), origin: FOREIGN, ...FORGERIES["all of them"] },
      json: { json: { id: courseId, isPublic: false } },
    });
    expect(scripted.status).toBe(200);
    for (const { method, path } of restMutations()) {
      const result = await routeCall<{ message?: string }>(method, path, { headers: { ...bearer(token), origin: FOREIGN }, json: {} });
      expect(result.json?.message, `${method} ${path}`).not.toBe(REFUSAL);
    }
  });
});
