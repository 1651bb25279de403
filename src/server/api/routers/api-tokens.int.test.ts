/**
 * Personal API tokens on a real PostgreSQL: creating, listing and revoking them through the tRPC
 * caller, and authenticating with `Authorization: Bearer` through the real HTTP entry points
 * (handleRest, handleTrpc): revoked and expired tokens refused at once, the session-only actions
 * refused to a token, the cookie ignored next to a token, the origin check, lastUsedAt, and the
 * per-address limit on failed tokens.
 */
import { describe, expect, test } from "vitest";

import { hashApiToken } from "~/server/auth/api-token";
import { LIMITS } from "~/server/rate-limit";

import { createTestCaller, randomIp, sessionTokenFor } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError } from "../../../../test/expect";
import { bearer, createApiTokenRow, createCourse, createUser } from "../../../../test/factories";
import { restCall, trpcCall } from "../../../../test/http";
import { API_TOKEN_MESSAGES, MAX_ACTIVE_API_TOKENS } from "~/lib/rules/api-tokens";

const DAY_MS = 86_400_000;

async function learnerWithCaller() {
  const user = await createUser(db);
  const { caller } = await createTestCaller({ user });
  return { user, caller };
}

describe("apiTokens.create / list / revoke", () => {
  test("create answers the secret once; only its SHA-256 is stored; the list shows name, prefix and dates, never the secret", async () => {
    const { user, caller } = await learnerWithCaller();
    const before = Date.now();
    const created = await caller.apiTokens.create({ name: "  nightly export  ", expiresInDays: 30 });

    expect(created.token).toMatch(/^cc_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({ name: "nightly export", prefix: created.token.slice(0, 11), lastUsedAt: null, expired: false });
    const expiresAt = Date.parse(created.apiToken.expiresAt!);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    const row = await db.apiToken.findUniqueOrThrow({ where: { id: created.apiToken.id } });
    expect(row).toMatchObject({ userId: user.id, tokenHash: hashApiToken(created.token), revokedAt: null });
    expect(JSON.stringify(row)).not.toContain(created.token.slice(11));

    const never = await caller.apiTokens.create({ name: "forever", expiresInDays: null });
    expect(never.apiToken.expiresAt).toBeNull();
    const list = await caller.apiTokens.list();
    expect(list.map((token) => token.name)).toEqual(["forever", "nightly export"]);
    expect(JSON.stringify(list)).not.toContain(created.token.slice(11));
    expect(JSON.stringify(list)).not.toContain(never.token.slice(11));
  });

  test("names and expiries out of range are refused with a clear message, and nothing is stored", async () => {
    const { user, caller } = await learnerWithCaller();
    await expectValidationError(caller.apiTokens.create({ name: "   ", expiresInDays: 7 }), "Please give the token a name");
    await expectValidationError(caller.apiTokens.create({ name: "x".repeat(101), expiresInDays: 7 }), "Name must be at most 100 characters");
    await expectValidationError(caller.apiTokens.create({ name: "nul\u0000", expiresInDays: 7 }), "Name must not contain NUL characters");
    await expectValidationError(caller.apiTokens.create({ name: "past", expiresInDays: 0 }), "The expiry must be at least 1 day in the future");
    await expectValidationError(caller.apiTokens.create({ name: "past", expiresInDays: -3 }), "The expiry must be at least 1 day in the future");
    await expectValidationError(caller.apiTokens.create({ name: "far", expiresInDays: 366 }), "The expiry must be at most 365 days");
    await expectValidationError(caller.apiTokens.create({ name: "half", expiresInDays: 1.5 }), "expiresInDays must be a whole number of days");
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(0);
    // Positive control: 100 characters, emoji and right-to-left text are kept exactly.
    const name = `${"é".repeat(90)}🚀 עברית`;
    expect((await caller.apiTokens.create({ name, expiresInDays: 365 })).apiToken.name).toBe(name);
  });

  test(`at most ${MAX_ACTIVE_API_TOKENS} active tokens; revoked and expired ones do not count`, async () => {
    const { user, caller } = await learnerWithCaller();
    for (let i = 0; i < MAX_ACTIVE_API_TOKENS - 1; i++) await createApiTokenRow(db, user.id, { name: `t${i}` });
    await createApiTokenRow(db, user.id, { name: "revoked", revokedAt: new Date() });
    await createApiTokenRow(db, user.id, { name: "expired", expiresAt: new Date(Date.now() - 1000) });
    await caller.apiTokens.create({ name: "the twentieth", expiresInDays: null });
    await expectTRPCError(caller.apiTokens.create({ name: "one too many", expiresInDays: null }), "CONFLICT", API_TOKEN_MESSAGES.limit);
    expect(await db.apiToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(MAX_ACTIVE_API_TOKENS + 1);

    // The list shows the expired one (marked), not the revoked one.
    const list = await caller.apiTokens.list();
    expect(list).toHaveLength(MAX_ACTIVE_API_TOKENS + 1);
    expect(list.filter((token) => token.expired).map((token) => token.name)).toEqual(["expired"]);

    await caller.apiTokens.revoke({ id: list[0]!.id });
    await caller.apiTokens.create({ name: "after a revoke", expiresInDays: 7 });
  });

  test("revoke: one's own token once; again, unknown or another learner's → 404 and nothing changes", async () => {
    const { user, caller } = await learnerWithCaller();
    const other = await createUser(db);
    const mine = await createApiTokenRow(db, user.id);
    const theirs = await createApiTokenRow(db, other.id);

    await expectTRPCError(caller.apiTokens.revoke({ id: theirs.row.id }), "NOT_FOUND", API_TOKEN_MESSAGES.notFound);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: theirs.row.id } })).revokedAt).toBeNull();
    await expectTRPCError(caller.apiTokens.revoke({ id: 2_147_483_647 }), "NOT_FOUND", API_TOKEN_MESSAGES.notFound);

    expect(await caller.apiTokens.revoke({ id: mine.row.id })).toEqual({ success: true });
    const revokedAt = (await db.apiToken.findUniqueOrThrow({ where: { id: mine.row.id } })).revokedAt;
    expect(revokedAt).toBeInstanceOf(Date);
    await expectTRPCError(caller.apiTokens.revoke({ id: mine.row.id }), "NOT_FOUND", API_TOKEN_MESSAGES.notFound);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: mine.row.id } })).revokedAt).toEqual(revokedAt);
    expect(await caller.apiTokens.list()).toEqual([]);
  });

  test("anonymous callers get 401", async () => {
    const { caller } = await createTestCaller();
    await expectTRPCError(caller.apiTokens.list(), "UNAUTHORIZED");
    await expectTRPCError(caller.apiTokens.create({ name: "x", expiresInDays: null }), "UNAUTHORIZED");
    await expectTRPCError(caller.apiTokens.revoke({ id: 1 }), "UNAUTHORIZED");
  });
});

describe("Authorization: Bearer", () => {
  test("authenticates REST and tRPC calls as the token's learner", async () => {
    const user = await createUser(db);
    await createCourse(db, { userId: user.id, title: "Bearer course" });
    const { token } = await createApiTokenRow(db, user.id);

    const me = await restCall("GET", "/api/user", { headers: bearer(token) });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: user.id, username: user.username });
    const courses = await restCall<{ title: string }[]>("GET", "/api/courses/user", { headers: bearer(token) });
    expect(courses.status).toBe(200);
    expect(courses.text).toContain("Bearer course");
    const session = await trpcCall<{ result: { data: { json: { id: number } } } }>("GET", "/api/trpc/auth.session", { headers: bearer(token) });
    expect(session.status).toBe(200);
    expect(session.json.result.data.json.id).toBe(user.id);
    // Any case of the scheme, as RFC 9110 says.
    expect((await restCall("GET", "/api/user", { headers: { authorization: `bearer ${token}` } })).status).toBe(200);
  });

  test("a revoked token is refused at once; an expired, unknown or malformed one too, never as anonymous", async () => {
    const { user, caller } = await learnerWithCaller();
    const { token, apiToken } = await caller.apiTokens.create({ name: "to revoke", expiresInDays: null });
    expect((await restCall("GET", "/api/user", { headers: bearer(token) })).status).toBe(200);
    await caller.apiTokens.revoke({ id: apiToken.id });
    const revoked = await restCall("GET", "/api/user", { headers: bearer(token) });
    expect([revoked.status, revoked.json.message]).toEqual([401, API_TOKEN_MESSAGES.revoked]);

    const expiring = await createApiTokenRow(db, user.id, { expiresAt: new Date(Date.now() + 60_000) });
    expect((await restCall("GET", "/api/courses/user", { headers: bearer(expiring.token) })).status).toBe(200);
    await db.apiToken.update({ where: { id: expiring.row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await restCall("GET", "/api/courses/user", { headers: bearer(expiring.token) });
    expect([expired.status, expired.json.message]).toEqual([401, API_TOKEN_MESSAGES.expired]);

    for (const value of [`cc_pat_${"A".repeat(43)}`, "not-a-token", "", `${token}x`]) {
      const refused = await restCall("GET", "/api/user", { headers: { authorization: `Bearer ${value}` } });
      expect([refused.status, refused.json.message], value).toEqual([401, API_TOKEN_MESSAGES.invalid]);
    }
    // A public procedure that reads the caller does not fall back to "signed out".
    const session = await trpcCall<{ error: { json: { message: string } } }>("GET", "/api/trpc/auth.session", { headers: bearer(token) });
    expect([session.status, session.json.error.json.message]).toEqual([401, API_TOKEN_MESSAGES.revoked]);
    // Another scheme is no token: the request is simply not signed in (or signed in by its cookie).
    expect((await restCall("GET", "/api/user", { headers: { authorization: "Basic dXNlcjpwYXNz" } })).status).toBe(401);
  });

  test("a token cannot create or revoke tokens, change the password, sign out or touch billing (403), and writes nothing", async () => {
    const user = await createUser(db, { couponPremiumUntil: null });
    const { token, row } = await createApiTokenRow(db, user.id);
    await db.coupon.create({ data: { code: "TOKENCOUPON", premiumDays: 30, maxRedemptions: 5 } });
    const before = { user: await db.user.findUniqueOrThrow({ where: { id: user.id } }), tokens: await db.apiToken.count() };

    const calls: [string, string, unknown][] = [
      ["POST", "/api/trpc/apiTokens.create", { json: { name: "minted", expiresInDays: null } }],
      ["POST", "/api/trpc/apiTokens.revoke", { json: { id: row.id } }],
      ["POST", "/api/trpc/auth.changePassword", { json: { currentPassword: user.password, newPassword: "a new password" } }],
      ["POST", "/api/trpc/auth.logout", { json: {} }],
      ["POST", "/api/trpc/subscription.redeemCoupon", { json: { code: "TOKENCOUPON" } }],
      ["POST", "/api/trpc/subscription.createCheckout", { json: {} }],
      ["POST", "/api/trpc/subscription.portal", { json: {} }],
    ];
    for (const [method, path, json] of calls) {
      const result = await trpcCall<{ error: { json: { message: string } } }>(method, path, { headers: bearer(token), json });
      expect([result.status, result.json.error.json.message], path).toEqual([403, API_TOKEN_MESSAGES.sessionOnly]);
    }
    for (const [method, path, json] of [
      ["POST", "/api/coupons/redeem", { code: "TOKENCOUPON" }],
      ["POST", "/api/subscription/create-checkout", undefined],
      ["POST", "/api/subscription/portal", undefined],
      ["POST", "/api/logout", undefined],
    ] as const) {
      const result = await restCall(method, path, { headers: bearer(token), json });
      expect([result.status, result.json.message], path).toEqual([403, API_TOKEN_MESSAGES.sessionOnly]);
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before.user);
    expect(await db.apiToken.count()).toBe(before.tokens);
    expect(await db.couponRedemption.count({ where: { userId: user.id } })).toBe(0);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: row.id } })).revokedAt).toBeNull();
    // Reading is allowed: the plan, and the token list (names and prefixes only).
    expect((await restCall("GET", "/api/subscription", { headers: bearer(token) })).status).toBe(200);
    const list = await trpcCall("GET", "/api/trpc/apiTokens.list", { headers: bearer(token) });
    expect(list.status).toBe(200);
    expect(list.text).toContain(row.prefix);
    expect(list.text).not.toContain(token);
  });

  test("a bearer call with no cookie may come from another origin; one with a cookie may not", async () => {
    const user = await createUser(db);
    const { token } = await createApiTokenRow(db, user.id);
    const foreign = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const share = await trpcCall<{ result: { data: { json: { cardId: string } } } }>("POST", "/api/trpc/gamification.shareAchievements", {
      headers: { ...foreign, ...bearer(token) },
      json: {},
    });
    expect(share.status, share.text).toBe(200);
    const { cardId } = share.json.result.data.json;
    expect(cardId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).achievementCardId).toBe(cardId);

    // The cookie cannot ride along: the origin check applies to any request carrying one.
    const withCookie = await trpcCall("POST", "/api/trpc/gamification.stopSharingAchievements", {
      headers: { ...foreign, ...bearer(token) },
      sessionToken: await sessionTokenFor(user),
      json: {},
    });
    expect(withCookie.status).toBe(403);
    expect(withCookie.json).toMatchObject({ message: "Cross-site requests are not allowed" });
    const cookieOnly = await trpcCall("POST", "/api/trpc/gamification.stopSharingAchievements", {
      headers: foreign,
      sessionToken: await sessionTokenFor(user),
      json: {},
    });
    expect(cookieOnly.status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).achievementCardId).toBe(cardId);
  });

  test("with both a cookie and a token, only the token counts", async () => {
    const cookieUser = await createUser(db);
    const tokenUser = await createUser(db);
    const { token, row } = await createApiTokenRow(db, tokenUser.id);
    const sessionToken = await sessionTokenFor(cookieUser);

    const me = await restCall("GET", "/api/user", { headers: bearer(token), sessionToken });
    expect(me.json).toMatchObject({ id: tokenUser.id });
    // A token-authenticated call with the browser's cookie is still a token call: no password change.
    const change = await trpcCall("POST", "/api/trpc/auth.changePassword", {
      headers: bearer(token),
      sessionToken,
      json: { currentPassword: tokenUser.password, newPassword: "a new password" },
    });
    expect(change.status).toBe(403);

    await db.apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    const revoked = await restCall("GET", "/api/user", { headers: bearer(token), sessionToken });
    expect([revoked.status, revoked.json.message]).toEqual([401, API_TOKEN_MESSAGES.revoked]);
    // Positive control: the cookie alone signs its own learner in.
    expect((await restCall("GET", "/api/user", { sessionToken })).json).toMatchObject({ id: cookieUser.id });
  });

  test("lastUsedAt is written on use, at most once a minute", async () => {
    const user = await createUser(db);
    const { token, row } = await createApiTokenRow(db, user.id);
    const lastUsed = async () => (await db.apiToken.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt;
    expect(await lastUsed()).toBeNull();

    await restCall("GET", "/api/user", { headers: bearer(token) });
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    await restCall("GET", "/api/user", { headers: bearer(token) });
    expect(await lastUsed()).toEqual(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: twoMinutesAgo } });
    await restCall("GET", "/api/user", { headers: bearer(token) });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });

  test(`after ${LIMITS.apiTokenFailuresPerIp.points} failed tokens from one address, failures get 429 with a retry time, a valid token from there keeps working`, async () => {
    const user = await createUser(db);
    const { token } = await createApiTokenRow(db, user.id);
    const ip = randomIp();
    for (let i = 0; i < LIMITS.apiTokenFailuresPerIp.points; i++) {
      expect((await restCall("GET", "/api/user", { headers: bearer(`cc_pat_guess${i}`), ip })).status).toBe(401);
      // Interleaved successes neither count nor are refused.
      if (i % 10 === 0) expect((await restCall("GET", "/api/user", { headers: bearer(token), ip })).status).toBe(200);
    }
    const blocked = await restCall("GET", "/api/user", { headers: bearer("cc_pat_one-more-guess"), ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.json.message).toBe(LIMITS.apiTokenFailuresPerIp.message);
    const valid = await restCall("GET", "/api/user", { headers: bearer(token), ip });
    expect(valid.status).toBe(200);
    expect(valid.json).toMatchObject({ id: user.id });
    // A revoked token is a failure like any other: refused with 429 from this address.
    await db.apiToken.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    expect((await restCall("GET", "/api/user", { headers: bearer(token), ip })).status).toBe(429);
  });
});
