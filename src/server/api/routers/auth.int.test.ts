/**
 * The auth router through createTestCaller on a real PostgreSQL: registration, login, rate
 * limits, sessions and their revocation. Every denial is paired with a positive control.
 */
import type { TRPCError } from "@trpc/server";
import { describe, expect, test } from "vitest";

import { decodeSessionToken } from "~/server/auth/session";
import { consumeLimit, LIMITS } from "~/server/rate-limit";

import { callerFromResponse, createTestCaller, randomIp, sessionTokenFromSetCookie } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError, expectValidationError, retryAfterSecondsOf, tally } from "../../../../test/expect";
import { createUser, DEFAULT_PASSWORD, uniqueSuffix } from "../../../../test/factories";

const registration = (overrides: Partial<{ username: string; email: string; password: string; confirmPassword: string }> = {}) => {
  const username = overrides.username ?? `new_${uniqueSuffix()}`;
  return { username, email: `${username.toLowerCase()}@example.com`, password: "password123", ...overrides };
};

const PUBLIC_USER_KEYS = ["displayName", "email", "id", "photoURL", "username"];

describe("auth.register", () => {
  test("creates the user, returns only public fields and sets the session cookie", async () => {
    const { caller, resHeaders } = await createTestCaller();
    const user = await caller.auth.register(registration({ username: "Grace_Hopper", email: "Grace@Example.COM" }));

    expect(Object.keys(user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(user).toMatchObject({ username: "Grace_Hopper", email: "grace@example.com", displayName: null, photoURL: null });
    const cookie = resHeaders.getSetCookie();
    expect(cookie).toHaveLength(1);
    expect(cookie[0]).toMatch(/^next-auth\.session-token=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);

    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    expect(row.usernameKey).toBe("grace_hopper");
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain("password123");

    // The cookie signs this browser in.
    const { caller: browser } = await callerFromResponse(resHeaders);
    expect(await browser.auth.me()).toEqual(user);
  });

  test("a username taken in another case → CONFLICT, nothing written", async () => {
    const { caller } = await createTestCaller();
    await caller.auth.register(registration({ username: "MixedCase", email: "first@example.com" }));
    const before = await db.user.count();

    const { caller: other, resHeaders } = await createTestCaller();
    await expectTRPCError(other.auth.register(registration({ username: "mixedcase", email: "second@example.com" })), "CONFLICT", "Username is already taken");
    await expectTRPCError(other.auth.register(registration({ username: "MIXEDCASE", email: "third@example.com" })), "CONFLICT");
    expect(await db.user.count()).toBe(before);
    expect(resHeaders.getSetCookie()).toEqual([]);

    // Positive control: a different name from the same client works.
    await expect(other.auth.register(registration({ username: "mixedcase2", email: "second@example.com" }))).resolves.toMatchObject({ username: "mixedcase2" });
  });

  test("an e-mail verified by another account, in any case → CONFLICT; one only typed by another account belongs to nobody yet", async () => {
    const { caller } = await createTestCaller();
    const email = `dup_${uniqueSuffix()}@example.com`;
    const first = await caller.auth.register(registration({ email }));
    await expect(caller.auth.register(registration({ email: email.toUpperCase() }))).resolves.toMatchObject({ email });
    await db.user.update({ where: { id: first.id }, data: { emailVerifiedAt: new Date() } });
    await expectTRPCError(caller.auth.register(registration({ email: email.toUpperCase() })), "CONFLICT", "An account with this email already exists");
    expect(await db.user.count({ where: { email } })).toBe(2);
  });

  test("10 concurrent registrations of one username → exactly 1 succeeds, no duplicate rows", async () => {
    const name = `race_${uniqueSuffix()}`;
    const callers = await Promise.all(Array.from({ length: 10 }, () => createTestCaller()));
    const results = await Promise.allSettled(
      callers.map(({ caller }, i) =>
        caller.auth.register(registration({ username: i % 2 ? name.toUpperCase() : name, email: `racer${i}_${name}@example.com` })),
      ),
    );
    const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason as TRPCError] : []));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(failures.map((error) => error.code)).toEqual(Array(9).fill("CONFLICT"));
    // The race was real: the losers passed the "is it taken?" check and the unique index stopped them.
    expect(failures.some((error) => error.message === "Username or email is already taken")).toBe(true);
    expect(await db.user.count({ where: { usernameKey: name.toLowerCase() } })).toBe(1);
  });

  test("10 concurrent registrations naming an address verified elsewhere → all CONFLICT, nothing written", async () => {
    const email = `shared_${uniqueSuffix()}@example.com`;
    await db.user.update({ where: { id: (await createUser(db, { email })).id }, data: { emailVerifiedAt: new Date() } });
    const callers = await Promise.all(Array.from({ length: 10 }, () => createTestCaller()));
    const outcome = await tally(callers.map(({ caller }) => caller.auth.register(registration({ email }))));
    expect(outcome).toEqual({ CONFLICT: 10 });
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  test(`registration per address: a burst of ${LIMITS.registerBurstPerIp.points} accounts at once, then TOO_MANY_REQUESTS with a retry time`, async () => {
    const { points, message, durationSeconds } = LIMITS.registerBurstPerIp;
    const { caller } = await createTestCaller({ headers: { "x-forwarded-for": randomIp() } });
    const extra = 5;
    const outcome = await tally(Array.from({ length: points + extra }, () => caller.auth.register(registration())));
    expect(outcome).toEqual({ OK: points, TOO_MANY_REQUESTS: extra });

    const error = await expectTRPCError(caller.auth.register(registration()), "TOO_MANY_REQUESTS", message);
    expect(retryAfterSecondsOf(error)).toBeGreaterThan(0);
    expect(retryAfterSecondsOf(error)).toBeLessThanOrEqual(durationSeconds);

    // Positive control: another address can still register.
    const { caller: elsewhere } = await createTestCaller();
    await expect(elsewhere.auth.register(registration())).resolves.toMatchObject({ id: expect.any(Number) as number });
  });

  test(`registration per address: at most ${LIMITS.registerPerIp.points} an hour, however the bursts are spread`, async () => {
    const { points, message, durationSeconds } = LIMITS.registerPerIp;
    const ip = randomIp();
    // Earlier bursts of the hour: every point but 10 of the hourly ceiling is spent.
    for (let i = 0; i < points - 10; i++) await consumeLimit(LIMITS.registerPerIp, ip);
    const { caller } = await createTestCaller({ headers: { "x-forwarded-for": ip } });
    const outcome = await tally(Array.from({ length: 15 }, () => caller.auth.register(registration())));
    expect(outcome).toEqual({ OK: 10, TOO_MANY_REQUESTS: 5 });
    const error = await expectTRPCError(caller.auth.register(registration()), "TOO_MANY_REQUESTS", message);
    expect(retryAfterSecondsOf(error)).toBeGreaterThan(10 * 60);
    expect(retryAfterSecondsOf(error)).toBeLessThanOrEqual(durationSeconds);
  });

  test("stored text round-trips exactly: e-mail and a password with emoji, bidi override and HTML", async () => {
    const password = "😀 \u202Egnp.exe <script>alert('x')</script> مرحبا \u200F🏳️‍🌈";
    const email = "o'brien+tag_<b>@sub.example.co.uk".replace("<b>", "b");
    const { caller } = await createTestCaller();
    const user = await caller.auth.register(registration({ username: "roundtrip", email, password, confirmPassword: password }));
    expect(user.email).toBe(email);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, username: true } });
    expect(stored).toEqual({ email, username: "roundtrip" });

    const { caller: login } = await createTestCaller();
    await expect(login.auth.login({ username: "roundtrip", password })).resolves.toEqual(user);
    // The same text without the invisible override is a different password.
    await expectTRPCError(login.auth.login({ username: "roundtrip", password: password.replace("\u202E", "") }), "UNAUTHORIZED");
  });

  test("bad input → BAD_REQUEST with a readable message, nothing written", async () => {
    const { caller } = await createTestCaller();
    const before = await db.user.count();
    await expectValidationError(caller.auth.register({ ...registration(), confirmPassword: "different1" }), "Passwords do not match");
    await expectValidationError(caller.auth.register({ ...registration(), username: "nul\u0000name" }), "Username must not contain NUL characters");
    await expectValidationError(caller.auth.register({ ...registration(), password: "lone\uD800surrogate" }), "Password contains an invalid character");
    // @ts-expect-error -- an unknown field, refused by .strict()
    await expectValidationError(caller.auth.register({ ...registration(), role: "admin" }), /role/);
    expect(await db.user.count()).toBe(before);
  });
});

describe("auth.login", () => {
  test("the right password signs in and sets a cookie; username is case-insensitive", async () => {
    const user = await createUser(db, { username: "Ada_Lovelace" });
    const { caller, resHeaders } = await createTestCaller();
    const result = await caller.auth.login({ username: "ada_lovelace", password: DEFAULT_PASSWORD });
    expect(result).toEqual({ id: user.id, username: "Ada_Lovelace", email: user.email, displayName: user.displayName, photoURL: user.photoURL });
    expect(await decodeSessionToken(sessionTokenFromSetCookie(resHeaders) ?? "")).toEqual({ userId: user.id, sessionVersion: 0 });
    const { caller: browser } = await callerFromResponse(resHeaders);
    expect((await browser.auth.me()).id).toBe(user.id);
  });

  test("a wrong password and an unknown username get the same UNAUTHORIZED answer, and no cookie", async () => {
    await createUser(db, { username: "known_user" });
    const { caller: a, resHeaders: aHeaders } = await createTestCaller();
    const { caller: b, resHeaders: bHeaders } = await createTestCaller();
    const wrongPassword = await expectTRPCError(a.auth.login({ username: "known_user", password: "wrong-password" }), "UNAUTHORIZED");
    const unknownUser = await expectTRPCError(b.auth.login({ username: "nobody_here", password: "wrong-password" }), "UNAUTHORIZED");
    expect(wrongPassword.message).toBe("Invalid username or password");
    expect(unknownUser.message).toBe(wrongPassword.message);
    expect(aHeaders.getSetCookie()).toEqual([]);
    expect(bHeaders.getSetCookie()).toEqual([]);
  });

  test("a Google-only account (no password) cannot sign in with any password", async () => {
    await createUser(db, { username: "google_only", password: null });
    const { caller } = await createTestCaller();
    await expectTRPCError(caller.auth.login({ username: "google_only", password: "decoy password that matches nothing" }), "UNAUTHORIZED");
  });

  test(`per-username limit: ${LIMITS.loginAttemptsPerUsername.points} failures from rotating IPs, then TOO_MANY_REQUESTS even with the right password`, async () => {
    const user = await createUser(db, { username: "targeted" });
    for (let i = 0; i < LIMITS.loginAttemptsPerUsername.points; i++) {
      const { caller } = await createTestCaller({ headers: { "x-forwarded-for": randomIp() } });
      await expectTRPCError(caller.auth.login({ username: i % 2 ? "TARGETED" : "targeted", password: `guess-${i}` }), "UNAUTHORIZED");
    }
    const { caller } = await createTestCaller({ headers: { "x-forwarded-for": randomIp() } });
    const error = await expectTRPCError(
      caller.auth.login({ username: "targeted", password: DEFAULT_PASSWORD }),
      "TOO_MANY_REQUESTS",
      LIMITS.loginAttemptsPerUsername.message,
    );
    const retryAfter = retryAfterSecondsOf(error);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.loginAttemptsPerUsername.durationSeconds);

    // Positive control: another account is not affected.
    const other = await createUser(db);
    await expect(caller.auth.login({ username: other.username, password: DEFAULT_PASSWORD })).resolves.toMatchObject({ id: other.id });
    expect(user.id).not.toBe(other.id);
  });

  test("a successful login resets the failure count", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller();
    for (let i = 0; i < LIMITS.loginAttemptsPerUsername.points - 1; i++) {
      await expectTRPCError(caller.auth.login({ username: user.username, password: `nope-${i}` }), "UNAUTHORIZED");
    }
    await caller.auth.login({ username: user.username, password: DEFAULT_PASSWORD });
    for (let i = 0; i < LIMITS.loginAttemptsPerUsername.points - 1; i++) {
      await expectTRPCError(caller.auth.login({ username: user.username, password: `again-${i}` }), "UNAUTHORIZED");
    }
    await expect(caller.auth.login({ username: user.username, password: DEFAULT_PASSWORD })).resolves.toMatchObject({ id: user.id });
  });

  test(`per-address limit: ${LIMITS.loginFailuresPerIp.points} failed sign-ins across accounts, then TOO_MANY_REQUESTS with a retry time, even with the right password`, async () => {
    const { points, message, durationSeconds } = LIMITS.loginFailuresPerIp;
    const user = await createUser(db);
    const ip = randomIp();
    const { caller } = await createTestCaller({ headers: { "x-forwarded-for": ip } });
    // Different unknown usernames, so only the address's counter fills up; run them concurrently.
    const outcome = await tally(Array.from({ length: points }, (_, i) => caller.auth.login({ username: `ghost_${i}`, password: "whatever1" })));
    expect(outcome).toEqual({ UNAUTHORIZED: points });
    const error = await expectTRPCError(caller.auth.login({ username: user.username, password: DEFAULT_PASSWORD }), "TOO_MANY_REQUESTS", message);
    expect(retryAfterSecondsOf(error)).toBeGreaterThan(0);
    expect(retryAfterSecondsOf(error)).toBeLessThanOrEqual(durationSeconds);

    // Positive control: the same user from another address signs in.
    const { caller: elsewhere } = await createTestCaller();
    await expect(elsewhere.auth.login({ username: user.username, password: DEFAULT_PASSWORD })).resolves.toMatchObject({ id: user.id });
  });

  test("a class behind one address: successful sign-ins never count against it, failures do", async () => {
    const { points } = LIMITS.loginFailuresPerIp;
    const learners = await Promise.all(Array.from({ length: 40 }, () => createUser(db)));
    const { caller } = await createTestCaller({ headers: { "x-forwarded-for": randomIp() } });
    // Failures from mistyping and strangers leave 50 points, more than the class signing in at once holds.
    const left = 50;
    await tally(Array.from({ length: points - left }, (_, i) => caller.auth.login({ username: `typo_${i}`, password: "whatever1" })));
    // The whole class signs in at once, twice over: every sign-in succeeds...
    for (let round = 0; round < 2; round++) {
      const signedIn = await tally(learners.map((learner) => caller.auth.login({ username: learner.username, password: DEFAULT_PASSWORD })));
      expect(signedIn).toEqual({ OK: learners.length });
    }
    // ...and took nothing: the address still has exactly its 50 failures left.
    const failures = await tally(Array.from({ length: left }, (_, i) => caller.auth.login({ username: `late_typo_${i}`, password: "whatever1" })));
    expect(failures).toEqual({ UNAUTHORIZED: left });
    await expectTRPCError(caller.auth.login({ username: learners[0]!.username, password: DEFAULT_PASSWORD }), "TOO_MANY_REQUESTS");
  });

  test("concurrent attempts cannot exceed the per-address limit", async () => {
    const { caller } = await createTestCaller();
    const attempts = LIMITS.loginFailuresPerIp.points + 15;
    const outcome = await tally(Array.from({ length: attempts }, (_, i) => caller.auth.login({ username: `crowd_${i}`, password: "whatever1" })));
    expect(outcome).toEqual({ UNAUTHORIZED: LIMITS.loginFailuresPerIp.points, TOO_MANY_REQUESTS: 15 });
  });
});

describe("sessions", () => {
  test("auth.me with a session cookie returns the user; anonymous → UNAUTHORIZED", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    await expect(caller.auth.me()).resolves.toMatchObject({ id: user.id, username: user.username });

    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.auth.me(), "UNAUTHORIZED", "Please sign in to continue");
  });

  test("auth.session returns the user when signed in and null for anonymous", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    expect(await caller.auth.session()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      displayName: user.displayName,
      photoURL: user.photoURL,
    });
    const { caller: anonymous } = await createTestCaller();
    expect(await anonymous.auth.session()).toBeNull();
  });

  test("a garbage or foreign cookie counts as signed out", async () => {
    const user = await createUser(db);
    for (const sessionToken of ["garbage", "a.b.c.d.e", ""]) {
      const { caller } = await createTestCaller({ sessionToken });
      expect(await caller.auth.session()).toBeNull();
      await expectTRPCError(caller.auth.me(), "UNAUTHORIZED");
    }
    // A token for a user that does not exist.
    const { caller: ghost } = await createTestCaller({ user: { id: user.id + 10_000, sessionVersion: 0 } });
    expect(await ghost.auth.session()).toBeNull();
  });

  test("after logout the old cookie is refused (revocation), on every browser of that user", async () => {
    const user = await createUser(db);
    const { caller, sessionToken } = await createTestCaller({ user });
    const { caller: otherBrowser } = await createTestCaller({ user });
    await expect(caller.auth.me()).resolves.toMatchObject({ id: user.id });
    await expect(otherBrowser.auth.me()).resolves.toMatchObject({ id: user.id });

    const { caller: loggingOut, resHeaders } = await createTestCaller({ sessionToken: sessionToken ?? "" });
    await expect(loggingOut.auth.logout()).resolves.toEqual({ success: true });
    expect(resHeaders.getSetCookie()).toEqual([expect.stringMatching(/^next-auth\.session-token=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/)]);

    const { caller: replayed } = await createTestCaller({ sessionToken: sessionToken ?? "" });
    await expectTRPCError(replayed.auth.me(), "UNAUTHORIZED");
    expect(await replayed.auth.session()).toBeNull();
    const { caller: otherAgain } = await createTestCaller({ user: { id: user.id, sessionVersion: 0 } });
    await expectTRPCError(otherAgain.auth.me(), "UNAUTHORIZED");

    // Positive control: signing in again issues a cookie that works.
    const { caller: fresh, resHeaders: loginHeaders } = await createTestCaller();
    await fresh.auth.login({ username: user.username, password: DEFAULT_PASSWORD });
    const { caller: signedIn } = await callerFromResponse(loginHeaders);
    await expect(signedIn.auth.me()).resolves.toMatchObject({ id: user.id });
  });

  test("logout when signed out succeeds and changes nothing", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller();
    await expect(caller.auth.logout()).resolves.toEqual({ success: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(0);
  });

  test("changePassword revokes old cookies, the new cookie works, and only the new password signs in", async () => {
    const user = await createUser(db);
    const { caller, resHeaders, sessionToken } = await createTestCaller({ user });
    const { caller: otherBrowser } = await createTestCaller({ user });

    await expect(caller.auth.changePassword({ currentPassword: DEFAULT_PASSWORD, newPassword: "brand-new-password" })).resolves.toEqual({ success: true });

    const { caller: newCookie } = await callerFromResponse(resHeaders);
    await expect(newCookie.auth.me()).resolves.toMatchObject({ id: user.id });
    const { caller: oldCookie } = await createTestCaller({ sessionToken: sessionToken ?? "" });
    await expectTRPCError(oldCookie.auth.me(), "UNAUTHORIZED");
    await expectTRPCError(otherBrowser.auth.me(), "UNAUTHORIZED");

    const { caller: login } = await createTestCaller();
    await expectTRPCError(login.auth.login({ username: user.username, password: DEFAULT_PASSWORD }), "UNAUTHORIZED");
    await expect(login.auth.login({ username: user.username, password: "brand-new-password" })).resolves.toMatchObject({ id: user.id });
  });

  test("changePassword with a wrong current password → FORBIDDEN and revokes nothing", async () => {
    const user = await createUser(db);
    const { caller, resHeaders } = await createTestCaller({ user });
    await expectTRPCError(caller.auth.changePassword({ currentPassword: "not-my-password", newPassword: "brand-new-password" }), "FORBIDDEN");
    expect(resHeaders.getSetCookie()).toEqual([]);
    await expect(caller.auth.me()).resolves.toMatchObject({ id: user.id });

    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.auth.changePassword({ currentPassword: DEFAULT_PASSWORD, newPassword: "brand-new-password" }), "UNAUTHORIZED");
  });

  test("a Google-only account cannot change a password it does not have", async () => {
    const user = await createUser(db, { password: null });
    const { caller } = await createTestCaller({ user });
    await expectTRPCError(caller.auth.changePassword({ currentPassword: "anything", newPassword: "brand-new-password" }), "CONFLICT");
  });

  test("googleSync returns the session's user whatever the body claims; anonymous → UNAUTHORIZED", async () => {
    const user = await createUser(db);
    const victim = await createUser(db);
    const { caller } = await createTestCaller({ user });
    const result = await caller.auth.googleSync({ uid: String(victim.id), email: victim.email, displayName: "Someone else" });
    expect(result).toMatchObject({ id: user.id, email: user.email, displayName: user.displayName });

    const { caller: anonymous } = await createTestCaller();
    await expectTRPCError(anonymous.auth.googleSync({ uid: String(victim.id) }), "UNAUTHORIZED");
  });
});
