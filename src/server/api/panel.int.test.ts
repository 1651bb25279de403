/**
 * /api/panel in production with TRPC_PANEL=1 (the tests run as production does: not development):
 * only for signed-in learners, listing every procedure by router; the calls it makes are the
 * learner's own through /api/trpc. Without the flag it is a 404 (test/suites/api-entries).
 */
import { describe, expect, test, vi } from "vitest";

vi.hoisted(() => {
  // Read by src/env.ts when the routes below are imported.
  process.env.TRPC_PANEL = "1";
});

import { bearer } from "../../../test/factories/api-token";
import { sessionTokenFor } from "../../../test/caller";
import { db } from "../../../test/db";
import { createCourse, createUser } from "../../../test/factories";
import { apiRequest, readBody } from "../../../test/http";

import { serveApiRoute } from "./routes";

const panel = async (options: Parameters<typeof apiRequest>[2] = {}) => {
  const response = await serveApiRoute(apiRequest("GET", "/api/panel", options));
  return { status: response.status, type: response.headers.get("content-type"), ...(await readBody(response)) };
};

describe("the tRPC panel in production with TRPC_PANEL=1", () => {
  test("a signed-out visitor is asked to sign in, and sees no procedure", async () => {
    const { status, type, text } = await panel();
    expect(status).toBe(401);
    expect(type).toMatch(/text\/html/);
    expect(text).toContain('<a href="/auth">Sign in</a>');
    expect(text).not.toContain("course.byId");
  });

  test("a signed-in learner gets every procedure, grouped by router, acting as themselves", async () => {
    const user = await createUser(db);
    const { status, text } = await panel({ sessionToken: await sessionTokenFor(user) });
    expect(status).toBe(200);
    expect(text).toContain(`Calls run as <strong>${user.username}</strong>`);
    expect(text).toMatch(/<h2 id="router-course">course<\/h2>/);
    expect(text).toContain('data-path="course.byId" data-type="query"');
    expect(text).toContain('data-path="progress.update" data-type="mutation"');
    expect(text).not.toContain("(development)");
  });

  test("what the panel calls is the learner's own tRPC API: their course, never another's private one", async () => {
    const [me, other] = [await createUser(db), await createUser(db)];
    const mine = await createCourse(db, { userId: me.id, title: "Panel course of mine" });
    const theirs = await createCourse(db, { userId: other.id, title: "Panel course of theirs" });
    const token = await sessionTokenFor(me);
    const call = (id: number) =>
      serveApiRoute(apiRequest("GET", `/api/trpc/course.byId?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`, { sessionToken: token }));
    const own = await call(mine.id);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Panel course of mine");
    const foreign = await call(theirs.id);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("Panel course of theirs");
  });

  test("a revoked or made-up API token is refused, not shown the panel", async () => {
    const { status, text } = await panel({ headers: bearer("cc_pat_not-a-real-token") });
    expect(status).toBe(401);
    expect(text).not.toContain("course.byId");
  });
});
