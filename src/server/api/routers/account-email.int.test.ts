/**
 * The address (change, verify, send again) and forgotten passwords through the tRPC caller and
 * the REST paths, with the mails read from a real SMTP server in the test process.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { ACCOUNT_MESSAGES } from "~/lib/rules/account";
import { startMailSender, type MailSender } from "~/server/mail/sender";
import { createMailTransport } from "~/server/mail/transport";
import { LIMITS } from "~/server/rate-limit";
import { createLinkToken } from "~/server/services/auth/email-links";

import { callerFromResponse, createTestCaller, randomIp } from "../../../../test/caller";
import { db } from "../../../../test/db";
import { expectTRPCError } from "../../../../test/expect";
import { startFakeSmtp, type FakeSmtp } from "../../../../test/fakes/smtp";
import { createUser, DEFAULT_PASSWORD, uniqueSuffix } from "../../../../test/factories";
import { restCall } from "../../../../test/http";

let smtp: FakeSmtp;
let sender: MailSender;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  sender = startMailSender(db, { transport: createMailTransport({ smtpUrl: smtp.url, from: "CourseCraft <no-reply@test>" }), loop: false });
});
afterAll(async () => {
  await sender.stop();
  await smtp.stop();
});

/** Sends what is queued (the request queues the reset link after answering: wait for it) and returns the link's token in the mail to `to`. */
async function linkTokenSentTo(to: string, page: "verify-email" | "reset-password"): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    await sender.drain();
    const mail = [...smtp.received].reverse().find((m) => m.envelopeTo.includes(to) && (m.parsed.text ?? "").includes(`/${page}?token=`));
    if (mail) {
      expect(mail.parsed.html).toContain(`/${page}?token=`);
      expect(mail.parsed.messageId).toMatch(/^<.+@.+>$/);
      expect(mail.parsed.date).toBeInstanceOf(Date);
      return new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.parsed.text ?? "")![1]!;
    }
    if (Date.now() > deadline) throw new Error(`no ${page} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the address", () => {
  test("PATCH /api/user/email → 202, unverified; its link verifies it; the earlier address's links no longer work", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    const first = `first_${uniqueSuffix()}@example.com`;
    const second = `second_${uniqueSuffix()}@example.com`;
    expect(await caller.auth.changeEmail({ email: first })).toEqual({ email: first, verified: false });
    const firstToken = await linkTokenSentTo(first, "verify-email");
    expect((await restCall("PATCH", "/api/user/email", { json: { email: second } })).status).toBe(401);
    const changed = await caller.auth.changeEmail({ email: second });
    expect(changed).toEqual({ email: second, verified: false });
    const secondToken = await linkTokenSentTo(second, "verify-email");

    await expectTRPCError(caller.auth.verifyEmail({ token: firstToken }), "BAD_REQUEST", ACCOUNT_MESSAGES.invalidLink);
    expect(await caller.auth.emailState()).toEqual({ email: second, verified: false });
    expect(await caller.auth.verifyEmail({ token: secondToken })).toEqual({ email: second, verified: true });
    expect(await caller.auth.emailState()).toEqual({ email: second, verified: true });
    await expectTRPCError(caller.auth.verifyEmail({ token: secondToken }), "BAD_REQUEST", ACCOUNT_MESSAGES.invalidLink);
    // Changing it again makes it unverified.
    await caller.auth.changeEmail({ email: first });
    expect(await caller.auth.emailState()).toEqual({ email: first, verified: false });
  });

  test("an address another account has verified → 409 on change; one only typed by another account may be taken", async () => {
    const owner = await createUser(db, { email: `owned_${uniqueSuffix()}@example.com`, emailVerifiedAt: new Date() });
    const typed = await createUser(db, { email: `typed_${uniqueSuffix()}@example.com` });
    const { caller } = await createTestCaller({ user: await createUser(db) });
    await expectTRPCError(caller.auth.changeEmail({ email: owner.email!.toUpperCase() }), "CONFLICT", ACCOUNT_MESSAGES.emailTaken);
    await expect(caller.auth.changeEmail({ email: typed.email! })).resolves.toEqual({ email: typed.email, verified: false });
  });

  test("only a verified address gets mail beyond its verification: verifiedAddressOf", async () => {
    const { verifiedAddressOf } = await import("~/server/services/auth/email-address");
    const unverified = await createUser(db);
    const verified = await createUser(db, { emailVerifiedAt: new Date() });
    expect(await verifiedAddressOf(db, unverified.id)).toBeNull();
    expect(await verifiedAddressOf(db, verified.id)).toBe(verified.email);
  });

  test("send the link again: a new link that works; refused when verified; rate-limited with Retry-After", async () => {
    const user = await createUser(db);
    const { caller } = await createTestCaller({ user });
    expect(await caller.auth.resendVerification()).toEqual({ email: user.email, verified: false });
    const token = await linkTokenSentTo(user.email!, "verify-email");
    for (let i = 1; i < LIMITS.verificationMailsPerUser.points; i++) await caller.auth.resendVerification();
    const limited = await expectTRPCError(caller.auth.resendVerification(), "TOO_MANY_REQUESTS");
    expect(limited.message).toBe(LIMITS.verificationMailsPerUser.message);
    await caller.auth.verifyEmail({ token });
    await expectTRPCError(caller.auth.resendVerification(), "CONFLICT", ACCOUNT_MESSAGES.alreadyVerified);
  });

  test("with an API token, changing the address or sending the link is refused (403): a stolen token cannot take over the account", async () => {
    const user = await createUser(db);
    const { createApiTokenRow, bearer } = await import("../../../../test/factories");
    const { token } = await createApiTokenRow(db, user.id);
    const result = await restCall("PATCH", "/api/user/email", { headers: bearer(token), json: { email: `stolen_${uniqueSuffix()}@example.com` } });
    expect(result.status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
});

describe("forgot password", () => {
  test("the same 202 body whether or not an account matches, in about the same time", async () => {
    const accounts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createUser(db, { email: `enum${i}_${uniqueSuffix()}@example.com`, emailVerifiedAt: new Date() })),
    );
    const ask = (identifier: string) => restCall("POST", "/api/auth/password-reset", { json: { identifier }, headers: { "x-forwarded-for": randomIp() } });
    // Warm both paths once.
    await ask(`nobody_${uniqueSuffix()}`);
    await ask(accounts[0]!.username);
    const times = { match: [] as number[], none: [] as number[] };
    const bodies = new Set<string>();
    for (const [i, account] of accounts.slice(1).entries()) {
      for (const [kind, identifier] of [
        ["match", i % 2 ? account.email! : account.username],
        ["none", i % 2 ? `nobody_${uniqueSuffix()}@example.com` : `nobody_${uniqueSuffix()}`],
      ] as const) {
        const started = performance.now();
        const result = await ask(identifier);
        times[kind].push(performance.now() - started);
        expect(result.status).toBe(202);
        bodies.add(result.text);
      }
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({ accepted: true, message: ACCOUNT_MESSAGES.resetAccepted });
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const difference = Math.abs(median(times.match) - median(times.none));
    console.info(`password reset: median ${median(times.match).toFixed(1)} ms with an account, ${median(times.none).toFixed(1)} ms without`);
    // The same statements run either way; what is left is the noise of a shared machine.
    expect(difference).toBeLessThan(Math.max(15, 0.5 * median(times.none)));
  });

  test("a verified address gets a 30-minute link; it sets the password once, ends every other session and signs this browser in", async () => {
    const email = `reset_${uniqueSuffix()}@example.com`;
    const user = await createUser(db, { email, emailVerifiedAt: new Date() });
    const { caller: elsewhere } = await createTestCaller({ user });
    const { caller: visitor } = await createTestCaller({ headers: { host: "learn.example.test" } });
    expect(await visitor.auth.requestPasswordReset({ identifier: user.username.toUpperCase() })).toMatchObject({ accepted: true });
    const token = await linkTokenSentTo(email, "reset-password");
    const mail = [...smtp.received].reverse().find((m) => m.envelopeTo.includes(email))!;
    expect(mail.parsed.text).toContain(`http://learn.example.test/reset-password?token=${token}`);
    expect(mail.parsed.subject).toBe("Set a new password for CourseCraft");
    const row = await db.emailToken.findFirstOrThrow({ where: { userId: user.id, purpose: "reset" }, orderBy: { id: "desc" } });
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(29 * 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1_000);

    const { caller: browser, resHeaders } = await createTestCaller();
    const signedIn = await browser.auth.confirmPasswordReset({ token, password: "my new password" });
    expect(signedIn).toMatchObject({ id: user.id, username: user.username });
    const { caller: fresh } = await callerFromResponse(resHeaders);
    expect(await fresh.auth.me()).toMatchObject({ id: user.id });
    await expectTRPCError(elsewhere.auth.me(), "UNAUTHORIZED");
    await expect(createTestCaller().then(({ caller }) => caller.auth.login({ username: user.username, password: "my new password" }))).resolves.toMatchObject({
      id: user.id,
    });
    await expectTRPCError(
      createTestCaller().then(({ caller }) => caller.auth.login({ username: user.username, password: DEFAULT_PASSWORD })),
      "UNAUTHORIZED",
    );
    await expectTRPCError(browser.auth.confirmPasswordReset({ token, password: "again a password" }), "BAD_REQUEST", ACCOUNT_MESSAGES.invalidLink);
  });

  test("an unverified address gets nothing; a changed address voids the reset link", async () => {
    const unverified = await createUser(db, { email: `unv_${uniqueSuffix()}@example.com` });
    const { caller } = await createTestCaller();
    await caller.auth.requestPasswordReset({ identifier: unverified.email! });
    await caller.auth.requestPasswordReset({ identifier: unverified.username });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.emailToken.count({ where: { userId: unverified.id, purpose: "reset" } })).toBe(0);

    const email = `moved_${uniqueSuffix()}@example.com`;
    const user = await createUser(db, { email, emailVerifiedAt: new Date() });
    await caller.auth.requestPasswordReset({ identifier: email });
    const token = await linkTokenSentTo(email, "reset-password");
    await db.user.update({ where: { id: user.id }, data: { email: `elsewhere_${uniqueSuffix()}@example.com` } });
    await expectTRPCError(caller.auth.confirmPasswordReset({ token, password: "a new password" }), "BAD_REQUEST", ACCOUNT_MESSAGES.addressChanged);
  });

  test("rate limits: per client address and per account, 429 with Retry-After", async () => {
    const user = await createUser(db, { email: `limit_${uniqueSuffix()}@example.com`, emailVerifiedAt: new Date() });
    const { caller } = await createTestCaller();
    for (let i = 0; i < LIMITS.passwordResetPerAccount.points; i++) {
      const { caller: fromElsewhere } = await createTestCaller();
      await fromElsewhere.auth.requestPasswordReset({ identifier: i % 2 ? user.username : user.email! });
    }
    const perAccount = await expectTRPCError(caller.auth.requestPasswordReset({ identifier: user.username }), "TOO_MANY_REQUESTS");
    expect(perAccount.message).toBe(LIMITS.passwordResetPerAccount.message);

    const ip = randomIp();
    for (let i = 0; i < LIMITS.passwordResetPerIp.points; i++) {
      const result = await restCall("POST", "/api/auth/password-reset", {
        json: { identifier: `nobody_${uniqueSuffix()}` },
        headers: { "x-forwarded-for": ip },
      });
      expect(result.status).toBe(202);
    }
    const limited = await restCall("POST", "/api/auth/password-reset", {
      json: { identifier: `nobody_${uniqueSuffix()}` },
      headers: { "x-forwarded-for": ip },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("links from one address: a class verifying at once is not stopped; links that fail are, with Retry-After", async () => {
    const { points, message } = LIMITS.emailLinkFailuresPerIp;
    const ip = randomIp();
    const learners = await Promise.all(Array.from({ length: points + 10 }, (_, i) => createUser(db, { email: `pupil_${i}_${uniqueSuffix()}@school.example` })));
    const tokens = await Promise.all(
      learners.map((learner) => createLinkToken(db, { userId: learner.id, purpose: "verify", email: learner.email!, ttlMs: 60 * 60_000 })),
    );
    const verified = await Promise.all(tokens.map((token) => restCall("POST", "/api/user/email/verify", { json: { token }, ip })));
    expect(verified.map((result) => result.status)).toEqual(tokens.map(() => 200));
    expect(await db.user.count({ where: { id: { in: learners.map((learner) => learner.id) }, emailVerifiedAt: { not: null } } })).toBe(learners.length);

    for (let i = 0; i < points; i++) {
      expect((await restCall("POST", "/api/user/email/verify", { json: { token: `wrong${i}`.padEnd(43, "x") }, ip })).status).toBe(400);
    }
    const refused = await restCall("POST", "/api/user/email/verify", { json: { token: "one-more".padEnd(43, "x") }, ip });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(message);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
