/**
 * The deep-linking picker (lti.picker) through a tRPC caller, after a real launch from the fake
 * platform (test/fakes/lms.ts), and the framing a launch grants: the cookie it sets makes the
 * session's pages frameable by the platform's registered origins, and by nobody else.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

vi.hoisted(() => {
  // Read by src/env.ts: the fake platform is on http://127.0.0.1.
  process.env.LTI_ALLOW_HTTP_PLATFORMS = "1";
});

import { LTI_FRAME_COOKIE, LTI_MESSAGES } from "~/lib/rules/lti";
import { decodeSessionToken } from "~/server/auth/session";
import { LTI_CLAIM } from "~/server/lti/claims";
import { framedPageHeaders } from "~/server/lti/frame-cookie";
import { registerPlatform } from "~/server/services/lti/register-platform";

import { createTestCaller, sessionCookieHeader, sessionTokenFromSetCookie } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { createCourse, uniqueSuffix } from "../../../../test/factories";
import { type FakeLms, INSTRUCTOR, startFakeLms } from "../../../../test/fakes/lms";
import { expectTRPCError } from "../../../../test/expect";
import { ltiLaunch, ltiLogin } from "../../../../test/lti";

let lms: FakeLms;
beforeAll(async () => {
  lms = await startFakeLms();
  await registerPlatform(db, lms.registration);
});
afterAll(() => lms.close());

async function launchWith(claims: Record<string, unknown>) {
  const { state, nonce } = await ltiLogin(lms);
  return ltiLaunch(lms, { state, id_token: await lms.idToken(nonce, claims) });
}

/** A teacher's deep linking launch: their caller, user id, launch id and the launch's answer. */
async function deepLinkingLaunch(context = { id: `ctx-${uniqueSuffix()}`, title: "Geography 9" }) {
  const response = await launchWith({
    sub: `dl-${uniqueSuffix()}`,
    [LTI_CLAIM.messageType]: "LtiDeepLinkingRequest",
    [LTI_CLAIM.roles]: [INSTRUCTOR],
    [LTI_CLAIM.context]: context,
    [LTI_CLAIM.deepLinkingSettings]: { deep_link_return_url: `${lms.issuer}/deep-link-return` },
  });
  const sessionToken = sessionTokenFromSetCookie(response.headers)!;
  const userId = (await decodeSessionToken(sessionToken))!.userId;
  const launchId = response.headers.get("location")!.split("/").at(-1)!;
  const { caller } = await createTestCaller({ sessionToken });
  return { caller, userId, launchId, response, sessionToken };
}

describe("lti.picker", () => {
  test("the teacher's finished courses and other learners' public ones, newest first; never a private, unfinished or foreign private one", async () => {
    const { caller, userId, launchId } = await deepLinkingLaunch();
    const older = await createCourse(db, { userId, title: `Rivers ${uniqueSuffix()}`, createdAt: new Date(Date.now() - 60_000) });
    const newer = await createCourse(db, { userId, title: `Mountains ${uniqueSuffix()}`, isPublic: true });
    const generating = await createCourse(db, { userId, status: "generating" });
    const shared = await createCourse(db, { isPublic: true, title: `Deserts ${uniqueSuffix()}` });
    const foreignPrivate = await createCourse(db, { isPublic: false });
    const sharedUnfinished = await createCourse(db, { isPublic: true, status: "failed" });

    const picker = await caller.lti.picker({ launchId });
    expect(picker.launch).toMatchObject({ id: launchId, state: "open", contextTitle: "Geography 9" });
    expect(picker.own.map((course) => course.id)).toEqual([newer.id, older.id]);
    expect(picker.own[1]).toMatchObject({ title: older.title, isPublic: false, language: "en" });
    const publicIds = picker.public.map((course) => course.id);
    expect(publicIds).toContain(shared.id);
    for (const hidden of [generating.id, foreignPrivate.id, sharedUnfinished.id, newer.id]) expect(publicIds).not.toContain(hidden);
  });

  test("words narrow both lists to titles holding every one (any order, any case)", async () => {
    const { caller, userId, launchId } = await deepLinkingLaunch();
    const word = `zq${uniqueSuffix()}`.toLowerCase();
    const own = await createCourse(db, { userId, title: `Volcanoes of ${word.toUpperCase()} island` });
    await createCourse(db, { userId, title: "Something else entirely" });
    const shared = await createCourse(db, { isPublic: true, title: `Island ${word} volcanoes` });
    const picker = await caller.lti.picker({ launchId, q: `${word} volcanoes` });
    expect(picker.own.map((course) => course.id)).toEqual([own.id]);
    expect(picker.public.map((course) => course.id)).toEqual([shared.id]);
    expect((await caller.lti.picker({ launchId, q: `${word} glaciers` })).own).toEqual([]);
  });

  test("another teacher's launch, a learner's resource link launch, an unknown launch → 404; signed out → 401", async () => {
    const first = await deepLinkingLaunch();
    const second = await deepLinkingLaunch();
    await expectTRPCError(second.caller.lti.picker({ launchId: first.launchId }), "NOT_FOUND", LTI_MESSAGES.launchNotFound);
    const resourceLink = await launchWith({ sub: `l-${uniqueSuffix()}` });
    const learnerToken = sessionTokenFromSetCookie(resourceLink.headers)!;
    const learnerLaunch = await db.ltiLaunch.findFirstOrThrow({ where: { userId: (await decodeSessionToken(learnerToken))!.userId } });
    const { caller: learner } = await createTestCaller({ sessionToken: learnerToken });
    await expectTRPCError(learner.lti.picker({ launchId: learnerLaunch.id }), "NOT_FOUND");
    await expectTRPCError(first.caller.lti.picker({ launchId: "00000000-0000-4000-8000-000000000000" }), "NOT_FOUND");
    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.lti.picker({ launchId: first.launchId }), "UNAUTHORIZED");
  });

  test("an expired launch and a used one say so, with no courses", async () => {
    const expired = await deepLinkingLaunch();
    await createCourse(db, { userId: expired.userId });
    await db.ltiLaunch.update({ where: { id: expired.launchId }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect(await expired.caller.lti.picker({ launchId: expired.launchId })).toMatchObject({ launch: { state: "expired" }, own: [], public: [] });
    const used = await deepLinkingLaunch();
    await db.ltiLaunch.update({ where: { id: used.launchId }, data: { usedAt: new Date() } });
    expect(await used.caller.lti.picker({ launchId: used.launchId })).toMatchObject({ launch: { state: "used" }, own: [], public: [] });
  });

  test("bad input: not a uuid, a long or unknown field → 400, nothing read", async () => {
    const { caller, launchId } = await deepLinkingLaunch();
    await expectTRPCError(caller.lti.picker({ launchId: "launch-1" }), "BAD_REQUEST");
    await expectTRPCError(caller.lti.picker({ launchId, q: "x".repeat(101) }), "BAD_REQUEST");
    await expectTRPCError(caller.lti.picker({ launchId, other: 1 } as never), "BAD_REQUEST");
  });
});

describe("framing", () => {
  const frameCookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${LTI_FRAME_COOKIE}=`));
  const pageHeaders = (frameCookie: string | undefined, sessionToken: string | null) =>
    framedPageHeaders(new Headers({ cookie: [frameCookie?.split(";")[0], sessionToken && sessionCookieHeader(sessionToken)].filter(Boolean).join("; ") }), {
      isProduction: true,
      now: new Date(),
    });

  test("a launch lets its platform frame the session's pages: the issuer's origin, or the origins registered for it", async () => {
    const { response, sessionToken } = await deepLinkingLaunch();
    const cookie = frameCookieOf(response);
    expect(cookie).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    const framed = await pageHeaders(cookie, sessionToken);
    expect(framed["Content-Security-Policy"]).toContain(`frame-ancestors ${lms.issuer};`);

    await registerPlatform(db, { ...lms.registration, frameOrigins: ["http://school.lms.test:8080", "http://other.lms.test"] });
    try {
      const again = await deepLinkingLaunch();
      const policy = (await pageHeaders(frameCookieOf(again.response), again.sessionToken))["Content-Security-Policy"];
      expect(policy).toContain("frame-ancestors http://school.lms.test:8080 http://other.lms.test;");
      expect(policy).not.toContain(lms.issuer);
    } finally {
      await registerPlatform(db, lms.registration);
    }
  });

  test("the cookie frames nothing for another session, none, or a launch that was refused", async () => {
    const { response } = await deepLinkingLaunch();
    const other = await deepLinkingLaunch();
    expect(await pageHeaders(frameCookieOf(response), other.sessionToken)).toEqual({ "X-Frame-Options": "DENY" });
    expect(await pageHeaders(frameCookieOf(response), null)).toEqual({ "X-Frame-Options": "DENY" });
    const { state } = await ltiLogin(lms);
    const refused = await ltiLaunch(lms, { state, id_token: "not.a.token" });
    expect(refused.status).toBe(401);
    expect(frameCookieOf(refused)).toBeUndefined();
  });

  test("frame origins are registered as origins: https, or http with LTI_ALLOW_HTTP_PLATFORMS, no path, no wildcard", async () => {
    const register = (frameOrigins: string[]) => registerPlatform(db, { ...lms.registration, clientId: `frames-${uniqueSuffix()}`, frameOrigins });
    expect((await register(["HTTPS://School.Example.EDU", "https://school.example.edu/"])).frameOrigins).toEqual(["https://school.example.edu"]);
    for (const bad of ["https://school.example.edu/courses", "https://*.example.edu", "javascript:alert(1)", "https://a.example?x=1", "ftp://a.example"])
      await expect(register([bad]), bad).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(register(Array.from({ length: 6 }, (_, i) => `https://lms${i}.example`))).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
