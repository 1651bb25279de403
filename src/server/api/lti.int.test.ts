/**
 * LTI 1.3 launches end to end through the route table, against a fake platform with its own keys
 * (test/fakes/lms.ts): login initiation, the launch's checks, the account and the class a launch
 * makes, and what is refused (401, nothing created).
 */
import { createLocalJWKSet, jwtVerify, SignJWT, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

vi.hoisted(() => {
  // Read by src/env.ts: the fake platform is on http://127.0.0.1.
  process.env.LTI_ALLOW_HTTP_PLATFORMS = "1";
});

import { LTI_MESSAGES } from "~/lib/rules/lti";
import { decodeSessionToken } from "~/server/auth/session";
import { LTI_CLAIM } from "~/server/lti/claims";
import { COOLDOWN_MS } from "~/server/lti/platform-keys";
import { rotateToolKey, toolSigningKey } from "~/server/lti/tool-keys";
import { COURSE_ID_PARAMETER } from "~/server/services/lti/accept-launch";
import { registerPlatform } from "~/server/services/lti/register-platform";

import { sessionTokenFromSetCookie } from "../../../test/caller";
import { db } from "../../../test/db";
import { createCourse, uniqueSuffix } from "../../../test/factories";
import { type FakeLms, INSTRUCTOR, LEARNER, startFakeLms } from "../../../test/fakes/lms";
import { apiRequest, ORIGIN } from "../../../test/http";
import { ltiLaunch, ltiLogin } from "../../../test/lti";

import { serveApiRoute } from "./routes";

let lms: FakeLms;
beforeAll(async () => {
  lms = await startFakeLms();
  await registerPlatform(db, lms.registration);
});
afterAll(() => lms.close());

const login = (params: Record<string, string> = {}) => ltiLogin(lms, params);
const launch = (form: Record<string, string>) => ltiLaunch(lms, form);

/** A whole launch: a login, then the platform's id_token for it with `claims`. */
async function launchWith(claims: Record<string, unknown>) {
  const { state, nonce } = await login();
  return launch({ state, id_token: await lms.idToken(nonce, claims) });
}

const countOf = async () => ({
  users: await db.user.count(),
  identities: await db.ltiIdentity.count(),
  classes: await db.class.count(),
  launches: await db.ltiLaunch.count(),
});

describe("login initiation", () => {
  test("redirects to the platform's authorization URL with everything LTI 1.3 asks for, and keeps the state and nonce", async () => {
    const { response, authorize, state, nonce } = await login({ lti_message_hint: "message-7" });
    expect(response.status).toBe(302);
    expect(authorize?.origin + authorize!.pathname).toBe(lms.registration.authUrl);
    expect(Object.fromEntries(authorize!.searchParams)).toEqual({
      scope: "openid",
      response_type: "id_token",
      response_mode: "form_post",
      prompt: "none",
      client_id: lms.clientId,
      redirect_uri: `${ORIGIN}/api/lti/launch`,
      login_hint: "hint-1",
      lti_message_hint: "message-7",
      state,
      nonce,
    });
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(nonce).not.toBe(state);
    expect(await db.ltiLogin.findUnique({ where: { state } })).toMatchObject({ nonce, usedAt: null });
  });

  test("by POST as well; an unknown issuer, another client id, a missing login_hint or a target elsewhere → 400, nothing kept", async () => {
    const posted = await serveApiRoute(
      apiRequest("POST", "/api/lti/login", {
        body: new URLSearchParams({ iss: lms.issuer, login_hint: "h", target_link_uri: `${ORIGIN}/` }).toString(),
        headers: { host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded", origin: lms.issuer },
      }),
    );
    expect(posted.status).toBe(302);
    const before = await db.ltiLogin.count();
    const refused: Record<string, string>[] = [
      { iss: "https://unknown.example" },
      { client_id: "someone-else" },
      { login_hint: "" },
      { target_link_uri: "https://evil.example/launch" },
    ];
    for (const params of refused) {
      const { response } = await login(params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
    }
    expect(await db.ltiLogin.count()).toBe(before);
  });
});

describe("launch", () => {
  test("a learner's first launch makes one account (named from the claims, no e-mail) and signs them in; the context waits for its teacher", async () => {
    const sub = `learner-${uniqueSuffix()}`;
    const response = await launchWith({ sub, name: "Grace \u202EHopper", email: "grace@school.example" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/classes");
    const claims = await decodeSessionToken(sessionTokenFromSetCookie(response.headers)!);
    const user = await db.user.findUniqueOrThrow({ where: { id: claims!.userId }, select: { id: true, displayName: true, email: true, passwordHash: true } });
    expect(user).toMatchObject({ displayName: "Grace Hopper", email: null, passwordHash: null });
    expect(await db.ltiIdentity.findUnique({ where: { issuer_subject: { issuer: lms.issuer, subject: sub } } })).toMatchObject({ userId: user.id });
    // Again: the same account.
    const again = await launchWith({ sub });
    expect((await decodeSessionToken(sessionTokenFromSetCookie(again.headers)!))!.userId).toBe(user.id);
  });

  test("the first Instructor's launch makes the context's class (they own it) and seats the learners who launched before", async () => {
    const context = { id: `ctx-${uniqueSuffix()}`, title: "Chemistry 7B" };
    const learner = await launchWith({ sub: `l-${uniqueSuffix()}`, [LTI_CLAIM.context]: context });
    const learnerId = (await decodeSessionToken(sessionTokenFromSetCookie(learner.headers)!))!.userId;
    const teacher = await launchWith({ sub: `t-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR] });
    const teacherId = (await decodeSessionToken(sessionTokenFromSetCookie(teacher.headers)!))!.userId;
    const made = await db.class.findFirstOrThrow({ where: { ltiContexts: { some: { contextId: context.id } } }, include: { members: true } });
    expect(teacher.headers.get("location")).toBe(`/classes/${made.id}`);
    expect(made).toMatchObject({ name: "Chemistry 7B", ownerId: teacherId });
    expect(made.members.map(({ userId, role }) => ({ userId, role })).sort((a, b) => a.userId - b.userId)).toEqual(
      [
        { userId: learnerId, role: "member" },
        { userId: teacherId, role: "owner" },
      ].sort((a, b) => a.userId - b.userId),
    );
    // A second instructor joins as a teacher; a learner's later launch as a member.
    const second = await launchWith({ sub: `t2-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR] });
    const secondId = (await decodeSessionToken(sessionTokenFromSetCookie(second.headers)!))!.userId;
    expect(await db.classMember.findUnique({ where: { classId_userId: { classId: made.id, userId: secondId } } })).toMatchObject({ role: "teacher" });
  });

  test("a resource link naming the teacher's own private course assigns it to the class once; the learner lands on it and may see it", async () => {
    const context = { id: `ctx-${uniqueSuffix()}`, title: "Physics" };
    const teacherSub = `t-${uniqueSuffix()}`;
    const first = await launchWith({ sub: teacherSub, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR] });
    const teacherId = (await decodeSessionToken(sessionTokenFromSetCookie(first.headers)!))!.userId;
    const course = await createCourse(db, { userId: teacherId, isPublic: false, status: "ready" });
    const custom = { [LTI_CLAIM.custom]: { [COURSE_ID_PARAMETER]: String(course.id) } };
    const teacherLaunch = await launchWith({ sub: teacherSub, [LTI_CLAIM.context]: context, [LTI_CLAIM.roles]: [INSTRUCTOR], ...custom });
    expect(teacherLaunch.headers.get("location")).toBe(`/course/${course.id}`);
    const learnerLaunch = await launchWith({ sub: `l-${uniqueSuffix()}`, [LTI_CLAIM.context]: context, ...custom });
    expect(learnerLaunch.headers.get("location")).toBe(`/course/${course.id}`);
    expect(await db.assignment.count({ where: { courseId: course.id } })).toBe(1);
    const page = await serveApiRoute(apiRequest("GET", `/api/courses/${course.id}`, { sessionToken: sessionTokenFromSetCookie(learnerLaunch.headers) }));
    expect(page.status).toBe(200);
  });

  test("a link naming someone else's private course assigns nothing (a platform cannot share it)", async () => {
    const stranger = await createCourse(db, { isPublic: false, status: "ready" });
    const context = { id: `ctx-${uniqueSuffix()}` };
    const response = await launchWith({
      sub: `t-${uniqueSuffix()}`,
      [LTI_CLAIM.context]: context,
      [LTI_CLAIM.roles]: [INSTRUCTOR],
      [LTI_CLAIM.custom]: { coursecraft_course_id: String(stranger.id) },
    });
    expect(response.status).toBe(303);
    expect(await db.assignment.count({ where: { courseId: stranger.id } })).toBe(0);
    const page = await serveApiRoute(apiRequest("GET", `/api/courses/${stranger.id}`, { sessionToken: sessionTokenFromSetCookie(response.headers) }));
    expect(page.status).toBe(404);
  });

  test("a deep linking request goes to the picker of its launch", async () => {
    const response = await launchWith({
      sub: `t-${uniqueSuffix()}`,
      [LTI_CLAIM.messageType]: "LtiDeepLinkingRequest",
      [LTI_CLAIM.roles]: [INSTRUCTOR],
      [LTI_CLAIM.deepLinkingSettings]: { deep_link_return_url: `${lms.issuer}/deep-link-return`, data: "opaque-7" },
    });
    expect(response.status).toBe(303);
    const launchId = /^\/lti\/deep-link\/([\w-]{36})$/.exec(response.headers.get("location") ?? "")?.[1];
    expect(launchId).toBeDefined();
    const stored = await db.ltiLaunch.findUniqueOrThrow({ where: { id: launchId } });
    expect(stored.claims).toMatchObject({ [LTI_CLAIM.deepLinkingSettings]: { data: "opaque-7" } });
  });

  test("a platform that rotates its keys is followed: an unknown key id makes the tool read the JWKS again", async () => {
    const key = await lms.rotate();
    // Past the cooldown that keeps forged key ids from making the tool fetch the set again and again.
    await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS + 100));
    const { state, nonce } = await login();
    const fetches = lms.jwksFetches();
    const response = await launch({ state, id_token: await lms.idToken(nonce, { sub: `r-${uniqueSuffix()}` }, { key }) });
    expect(response.status).toBe(303);
    expect(lms.jwksFetches()).toBe(fetches + 1);
  });
});

describe("refused launches: 401 with a plain page, nothing created", () => {
  async function expectRefused(response: Response, before: Awaited<ReturnType<typeof countOf>>) {
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await countOf()).toEqual(before);
  }

  test("a replayed id_token (the same state), and the same token with a fresh state (another nonce)", async () => {
    const { state, nonce } = await login();
    const token = await lms.idToken(nonce, { sub: `replay-${uniqueSuffix()}` });
    expect((await launch({ state, id_token: token })).status).toBe(303);
    const before = await countOf();
    await expectRefused(await launch({ state, id_token: token }), before);
    const fresh = await login();
    await expectRefused(await launch({ state: fresh.state, id_token: token }), before);
  });

  test("expired, issued in the future, wrong audience, several audiences without azp, unknown deployment, wrong version or message type", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, (nonce: string) => Promise<string>][] = [
      ["expired", (nonce) => lms.idToken(nonce, {}, { issuedAt: now - 3600, expiresIn: 600 })],
      ["from the future", (nonce) => lms.idToken(nonce, {}, { issuedAt: now + 3600 })],
      ["wrong aud", (nonce) => lms.idToken(nonce, {}, { audience: "another-tool" })],
      ["aud list without azp", (nonce) => lms.idToken(nonce, {}, { audience: [lms.clientId, "another-tool"] })],
      ["unknown deployment", (nonce) => lms.idToken(nonce, { [LTI_CLAIM.deploymentId]: "deployment-9" })],
      ["version 1.1", (nonce) => lms.idToken(nonce, { [LTI_CLAIM.version]: "1.1.0" })],
      ["unknown message type", (nonce) => lms.idToken(nonce, { [LTI_CLAIM.messageType]: "LtiSubmissionReviewRequest" })],
      ["resource link without resource_link", (nonce) => lms.idToken(nonce, { [LTI_CLAIM.resourceLink]: undefined })],
      ["a huge claim", (nonce) => lms.idToken(nonce, { name: "x".repeat(5_000) })],
      ["roles not a list", (nonce) => lms.idToken(nonce, { [LTI_CLAIM.roles]: LEARNER })],
    ];
    for (const [name, make] of cases) {
      const before = await countOf();
      const { state, nonce } = await login();
      const response = await launch({ state, id_token: await make(nonce) });
      expect(response.status, name).toBe(401);
      expect(await countOf(), name).toEqual(before);
    }
  });

  test("a signature from another key, alg none, a malformed token, an unknown state, no state", async () => {
    const before = await countOf();
    const stranger = await lms.strangerKey();
    const first = await login();
    await expectRefused(
      await launch({ state: first.state, id_token: await lms.idToken(first.nonce, {}, { key: { ...stranger, kid: stranger.kid } }) }),
      before,
    );
    const second = await login();
    const [header, payload] = (await lms.idToken(second.nonce)).split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    await expectRefused(await launch({ state: second.state, id_token: none }), before);
    const third = await login();
    await expectRefused(await launch({ state: third.state, id_token: `${header}.not-base64!.x` }), before);
    await expectRefused(await launch({ state: "never-issued", id_token: await lms.idToken(third.nonce) }), before);
    await expectRefused(await launch({ id_token: await lms.idToken(third.nonce) }), before);
  });

  test("not a form, or a form too large → 415 / 413", async () => {
    const json = await serveApiRoute(apiRequest("POST", "/api/lti/launch", { json: { state: "s", id_token: "t" }, headers: { origin: lms.issuer } }));
    expect(json.status).toBe(415);
    const big = await launch({ state: "s", id_token: "x".repeat(70_000) });
    expect(big.status).toBe(413);
  });
});

describe("deep linking", () => {
  /** A teacher's deep linking launch from a context; answers their session and the launch's id. */
  async function deepLinkingLaunch() {
    const response = await launchWith({
      sub: `dl-${uniqueSuffix()}`,
      [LTI_CLAIM.messageType]: "LtiDeepLinkingRequest",
      [LTI_CLAIM.roles]: [INSTRUCTOR],
      [LTI_CLAIM.context]: { id: `ctx-${uniqueSuffix()}`, title: "History" },
      [LTI_CLAIM.deepLinkingSettings]: { deep_link_return_url: `${lms.issuer}/deep-link-return?x=1`, data: "opaque-data" },
    });
    const sessionToken = sessionTokenFromSetCookie(response.headers)!;
    const launchId = response.headers.get("location")!.split("/").at(-1)!;
    const userId = (await decodeSessionToken(sessionToken))!.userId;
    return { sessionToken, launchId, userId };
  }
  const pick = (sessionToken: string | null, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    serveApiRoute(apiRequest("POST", "/api/lti/deep-link", { json: body, sessionToken, headers: { host: new URL(ORIGIN).host, origin: ORIGIN, ...headers } }));

  test("the pick answers a form that posts a signed LtiDeepLinkingResponse to the platform, and assigns the course to the class with its due date", async () => {
    const { sessionToken, launchId, userId } = await deepLinkingLaunch();
    const course = await createCourse(db, { userId, status: "ready", isPublic: false, title: "The French Revolution" });
    const dueAt = "2027-01-15T17:00:00.000Z";
    const response = await pick(sessionToken, { launchId, courseId: course.id, dueAt });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain(`form-action ${lms.issuer}`);
    const page = await response.text();
    expect(page).toContain(`action="${lms.issuer}/deep-link-return?x=1"`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(page)![1]!;
    const jwks = (await (await serveApiRoute(apiRequest("GET", "/api/lti/jwks"))).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(jwks), { issuer: lms.clientId, audience: lms.issuer });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({
      [LTI_CLAIM.messageType]: "LtiDeepLinkingResponse",
      [LTI_CLAIM.version]: "1.3.0",
      [LTI_CLAIM.deploymentId]: lms.deploymentId,
      "https://purl.imsglobal.org/spec/lti-dl/claim/data": "opaque-data",
      "https://purl.imsglobal.org/spec/lti-dl/claim/content_items": [
        {
          type: "ltiResourceLink",
          title: "The French Revolution",
          url: `${ORIGIN}/api/lti/launch`,
          custom: { [COURSE_ID_PARAMETER]: String(course.id) },
          lineItem: { scoreMaximum: 100 },
          submission: { endDateTime: dueAt },
        },
      ],
    });
    const assignment = await db.assignment.findFirstOrThrow({ where: { courseId: course.id } });
    expect(assignment.dueAt?.toISOString()).toBe(dueAt);
    // A launch is answered once (a second answer would add a second link to the LMS): 409, still one assignment.
    const again = await pick(sessionToken, { launchId, courseId: course.id });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(LTI_MESSAGES.launchUsed);
    expect(await db.assignment.count({ where: { courseId: course.id } })).toBe(1);
  });

  test("another teacher's launch, an expired one, another learner's private course, a cross-site post, no session → 404, 404, 404, 403, 401; then the picker's form, answered once", async () => {
    const { sessionToken, launchId, userId } = await deepLinkingLaunch();
    const own = await createCourse(db, { userId, status: "ready" });
    const other = await deepLinkingLaunch();
    expect((await pick(other.sessionToken, { launchId, courseId: own.id })).status).toBe(404);
    const expired = await deepLinkingLaunch();
    await db.ltiLaunch.update({ where: { id: expired.launchId }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    expect((await pick(expired.sessionToken, { launchId: expired.launchId, courseId: own.id })).status).toBe(404);
    const stranger = await createCourse(db, { status: "ready", isPublic: false });
    expect((await pick(sessionToken, { launchId, courseId: stranger.id })).status).toBe(404);
    expect((await pick(sessionToken, { launchId, courseId: own.id }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await pick(null, { launchId, courseId: own.id })).status).toBe(401);
    expect((await pick(sessionToken, { launchId: "not-a-uuid", courseId: own.id })).status).toBe(400);
    expect(await db.assignment.count({ where: { courseId: stranger.id } })).toBe(0);
    expect(await db.ltiLaunch.findUniqueOrThrow({ where: { id: launchId } })).toMatchObject({ usedAt: null });

    const postForm = (fields: Record<string, string>) =>
      serveApiRoute(
        apiRequest("POST", "/api/lti/deep-link", {
          body: new URLSearchParams(fields).toString(),
          sessionToken,
          headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        }),
      );
    const form = await postForm({ launchId, courseId: String(own.id), dueAt: "", dueDay: "" });
    expect(form.status).toBe(200);
    // Framed by the platform (its issuer's origin, nothing registered) and the return URL's origin only.
    expect(form.headers.get("content-security-policy")).toContain(`frame-ancestors ${lms.issuer};`);
    // The form's refusals are pages with a way back to the list, not JSON.
    const again = await postForm({ launchId, courseId: String(own.id) });
    expect(again.status).toBe(409);
    expect(again.headers.get("content-type")).toMatch(/text\/html/);
    const page = await again.text();
    expect(page).toContain(LTI_MESSAGES.launchUsed);
    expect(page).toContain(`href="/lti/deep-link/${launchId}"`);
    expect((await db.ltiLaunch.findUniqueOrThrow({ where: { id: launchId } })).usedAt).not.toBeNull();
  });
});

describe("the tool's keys", () => {
  test("GET /api/lti/jwks publishes the signing key; a rotation publishes the next one before it signs", async () => {
    const first = (await (await serveApiRoute(apiRequest("GET", "/api/lti/jwks"))).json()) as { keys: { kid: string; kty: string; d?: string }[] };
    expect(first.keys.length).toBeGreaterThanOrEqual(1);
    expect(first.keys.every((key) => key.kty === "RSA" && key.d === undefined)).toBe(true);
    const signing = await toolSigningKey(db);
    expect(first.keys.map((key) => key.kid)).toContain(signing.kid);
    const { kid, signsFrom } = await rotateToolKey(db);
    const after = (await (await serveApiRoute(apiRequest("GET", "/api/lti/jwks"))).json()) as { keys: { kid: string }[] };
    expect(after.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([kid, ...first.keys.map((key) => key.kid)]));
    // The old key signs until the new one's time, then the new one; both are published meanwhile.
    expect((await toolSigningKey(db)).kid).toBe(signing.kid);
    const later = new Date(signsFrom.getTime() + 1_000);
    expect((await toolSigningKey(db, later)).kid).toBe(kid);
    const token = await new SignJWT({ hello: "platform" })
      .setProtectedHeader({ alg: signing.alg, kid: signing.kid })
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(signing.key);
    const { payload } = await jwtVerify(token, createLocalJWKSet(after as JSONWebKeySet));
    expect(payload.hello).toBe("platform");
  });
});
