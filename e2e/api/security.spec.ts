/**
 * The security checks against the production server (`npm run test:security` runs these with
 * the integration tests on guards, sessions, rate limits, error bodies, logs and prompt
 * injection): cookie flags, revocation on logout and password change, login brute force with a
 * rotated X-Forwarded-For, cross-site mutations (with an API token too), the security headers, and error bodies that
 * carry no stack trace, SQL or secret.
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";

import { expect, registerViaApi, test, uniqueUser } from "../fixtures";

const STACK_TRACE = /\bat .+\.(js|ts|mjs|tsx):\d+|node_modules|\/work\//;
const SQL = /\bSELECT\b|\bINSERT INTO\b|\bUPDATE\b .* \bSET\b|relation "|prisma\.|\bP\d{4}\b/;
/** Secrets the e2e servers are configured with (playwright.config.ts). */
const SECRETS = /e2e-secret|whsec_e2e_secret|sk_test_|NEXTAUTH_SECRET/;
/** The failed logins one username gets before it is locked (src/server/rate-limit.ts). */
const LOGIN_FAILURES_PER_USERNAME = 10;

/** tRPC over HTTP as the browser sends it (superjson: the input under `json`). */
const trpcMutation = (request: APIRequestContext, path: string, input: unknown, headers: Record<string, string> = {}) =>
  request.post(`/api/trpc/${path}`, { data: { json: input }, headers });

function sessionCookie(response: APIResponse): string {
  const header = response.headersArray().find(({ name, value }) => name.toLowerCase() === "set-cookie" && value.startsWith("next-auth.session-token="));
  expect(header, "a session cookie").toBeDefined();
  return header!.value;
}

async function expectCleanError(response: APIResponse) {
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.status()).toBeLessThan(500);
  const body = await response.text();
  expect(body).not.toMatch(STACK_TRACE);
  expect(body).not.toMatch(SQL);
  expect(body).not.toMatch(SECRETS);
}

test("the session cookie is HttpOnly, SameSite=Lax, on the whole site, and expires", async ({ playwright, baseURL }) => {
  const client = await playwright.request.newContext({ baseURL });
  const user = uniqueUser("cookie");
  const cookie = sessionCookie(await client.post("/api/register", { data: { username: user.username, email: user.email, password: user.password } }));
  expect(cookie).toMatch(/;\s*HttpOnly/i);
  expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
  // A bounded lifetime: 30 days at most.
  const maxAge = Number(/;\s*Max-Age=(\d+)/i.exec(cookie)?.[1]);
  expect(maxAge).toBeGreaterThan(0);
  expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
  expect(cookie).not.toMatch(/;\s*Domain=/i);
  await client.dispose();
});

test("logout and a password change revoke every earlier cookie", async ({ playwright, baseURL }) => {
  const user = uniqueUser("revoke");
  const first = await playwright.request.newContext({ baseURL });
  const firstCookie = sessionCookie(await first.post("/api/register", { data: { username: user.username, email: user.email, password: user.password } })).split(
    ";",
  )[0]!;
  const second = await playwright.request.newContext({ baseURL });
  const secondCookie = sessionCookie(await second.post("/api/login", { data: { username: user.username, password: user.password } })).split(";")[0]!;

  // A password change in the second browser signs the first one out; the second gets a new cookie.
  const newPassword = "a brand new passphrase";
  const changed = await trpcMutation(second, "auth.changePassword", { currentPassword: user.password, newPassword });
  expect(changed.status(), await changed.text()).toBe(200);
  const replayFirst = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: firstCookie } });
  expect((await replayFirst.get("/api/user")).status()).toBe(401);
  const replaySecondOld = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: secondCookie } });
  expect((await replaySecondOld.get("/api/user")).status()).toBe(401);
  expect((await second.get("/api/user")).status()).toBe(200);

  // Logout revokes the cookie the second browser holds now.
  const current = (await second.storageState()).cookies.find((cookie) => cookie.name === "next-auth.session-token")!;
  expect((await second.post("/api/logout")).status()).toBe(200);
  const replayCurrent = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `${current.name}=${current.value}` } });
  expect((await replayCurrent.get("/api/user")).status()).toBe(401);
  for (const context of [first, second, replayFirst, replaySecondOld, replayCurrent]) await context.dispose();
});

test("login brute force is limited per account, however X-Forwarded-For rotates", async ({ playwright, baseURL }) => {
  const user = await registerViaApi(await playwright.request.newContext({ baseURL }), uniqueUser("brute"));
  const attacker = await playwright.request.newContext({ baseURL });
  const statuses: number[] = [];
  for (let attempt = 0; attempt < LOGIN_FAILURES_PER_USERNAME + 2; attempt += 1) {
    const response = await attacker.post("/api/login", {
      data: { username: user.username, password: `guess ${attempt}` },
      headers: { "x-forwarded-for": `203.0.113.${attempt + 1}` },
    });
    statuses.push(response.status());
    await expectCleanError(response);
  }
  expect(statuses.slice(0, LOGIN_FAILURES_PER_USERNAME)).toEqual(Array(LOGIN_FAILURES_PER_USERNAME).fill(401));
  expect(statuses.slice(LOGIN_FAILURES_PER_USERNAME)).toEqual([429, 429]);
  // Locked: even the right password waits, and the answer says for how long.
  const locked = await attacker.post("/api/login", { data: { username: user.username, password: user.password } });
  expect(locked.status()).toBe(429);
  expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
  await attacker.dispose();
});

test("cross-site mutations are refused on REST and tRPC, signed in or not", async ({ page }) => {
  await registerViaApi(page.request);
  const evil = { origin: "https://evil.example" };
  const attempts = [
    page.request.post("/api/logout", { headers: evil }),
    page.request.post("/api/courses/generate-from-topic", { headers: evil, data: { topic: "binary search", complexity: "beginner" } }),
    trpcMutation(page.request, "auth.logout", null, evil),
    page.request.post("/api/logout", { headers: { "sec-fetch-site": "cross-site" } }),
    page.request.post("/api/login", { headers: { "content-type": "text/plain" }, data: "username=a&password=b" }),
  ];
  for (const response of await Promise.all(attempts)) {
    expect([403, 415]).toContain(response.status());
    await expectCleanError(response);
  }
  // Nothing happened: still signed in.
  expect((await page.request.get("/api/user")).status()).toBe(200);
});

test("forged proxy headers do not make a foreign origin this site's on the production server (TRUST_PROXY unset)", async ({ page }) => {
  await registerViaApi(page.request);
  const created = await page.request.post("/api/courses/generate-from-topic", { data: { topic: "binary search", complexity: "beginner" } });
  expect(created.status(), await created.text()).toBe(200);
  const { course } = (await created.json()) as { course: { id: number } };
  const forgeries: Record<string, string>[] = [
    { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-port": "443" },
    { forwarded: "host=evil.example;proto=https" },
  ];
  for (const forged of forgeries) {
    const headers = { origin: "https://evil.example", ...forged };
    for (const response of [
      await trpcMutation(page.request, "course.setSharing", { id: course.id, isPublic: true }, headers),
      await page.request.post("/api/logout", { headers }),
    ]) {
      expect(response.status(), JSON.stringify(forged)).toBe(403);
      expect(await response.json()).toMatchObject({ message: "Cross-site requests are not allowed" });
    }
  }
  expect((await page.request.get("/api/user")).status()).toBe(200);
  const shared = await page.request.get(`/api/courses/${course.id}`);
  expect(shared.status()).toBe(200);
  expect(((await shared.json()) as { course: { isPublic: boolean } }).course.isPublic).toBe(false);
});

test("an API token does not let a cross-site request ride the cookie; a cookieless token call is its own learner's", async ({ page, playwright, baseURL }) => {
  await registerViaApi(page.request);
  const created = await trpcMutation(page.request, "apiTokens.create", { name: "security check", expiresInDays: 7 });
  expect(created.status(), await created.text()).toBe(200);
  const { token } = ((await created.json()) as { result: { data: { json: { token: string } } } }).result.data.json;
  const evil = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
  // The browser's cookie plus a bearer header, from another site: refused before anything runs.
  for (const response of [
    await page.request.post("/api/logout", { headers: { ...evil, authorization: `Bearer ${token}` } }),
    await trpcMutation(page.request, "auth.logout", null, { ...evil, authorization: "Bearer cc_pat_forged" }),
  ]) {
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ message: "Cross-site requests are not allowed" });
  }
  expect((await page.request.get("/api/user")).status()).toBe(200);
  // Without a cookie the token is the only credential: it passes the origin check, and cannot sign anyone out.
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const logout = await script.post("/api/logout", { headers: evil });
  expect(logout.status()).toBe(403);
  expect(await logout.json()).toMatchObject({ message: "This action needs a signed-in browser session, not an API token." });
  await expectCleanError(logout);
  expect((await page.request.get("/api/user")).status()).toBe(200);
  await script.dispose();
});

test("pages and API answers carry the security headers; the CSP lets the YouTube player run", async ({ request }) => {
  for (const path of ["/", "/auth", "/api/user", "/api/health", "/no/such/page"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toMatch(/script-src [^;]*https:\/\/www\.youtube\.com/);
    expect(csp, path).toMatch(/frame-src [^;]*https:\/\/www\.youtube\.com/);
    expect(csp, path).not.toContain("'unsafe-eval'");
    expect(csp, path).toContain("object-src 'none'");
    // Served over plain http here: HSTS is only sent when NEXTAUTH_URL is https (unit-tested in security-headers).
    expect(headers["strict-transport-security"], path).toBeUndefined();
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
});

test("a forged or foreign LTI frame cookie frames nothing: X-Frame-Options DENY and frame-ancestors 'none' (src/proxy.ts)", async ({ request }) => {
  const signedElsewhere = `${Buffer.from(JSON.stringify({ u: 1, o: ["https://evil.example"], e: Date.now() + 3_600_000 })).toString("base64url")}.c2lnbmF0dXJl`;
  for (const cookie of [`coursecraft-lti-frame=${signedElsewhere}`, "coursecraft-lti-frame=junk"])
    for (const path of ["/", "/how-it-works", "/no/such/page"]) {
      const headers = (await request.get(path, { headers: { cookie } })).headers();
      expect(headers["x-frame-options"], `${path} ${cookie}`).toBe("DENY");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], path).not.toContain("evil.example");
    }
});

test("error answers carry no stack trace, SQL or secret", async ({ page }) => {
  await registerViaApi(page.request);
  const attempts = [
    page.request.get("/api/courses/2147483648"),
    page.request.get("/api/courses/abc"),
    page.request.get("/api/courses/999999999"),
    page.request.post("/api/courses/999999999/progress", { data: { sectionId: 1, completed: true } }),
    page.request.post("/api/coupons/redeem", { data: { code: "' OR 1=1; --" } }),
    page.request.post("/api/courses/generate-from-topic", { data: { topic: "", complexity: "expert" } }),
    page.request.post("/api/login", { headers: { "content-type": "application/json" }, data: '{"username":' }),
    page.request.get("/api/trpc/course.byId?input=%7B%22json%22%3A%7B%22id%22%3A%22x%22%7D%7D"),
    page.request.get("/api/streaks/1"),
  ];
  for (const response of await Promise.all(attempts)) await expectCleanError(response);
});
