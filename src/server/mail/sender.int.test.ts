/**
 * The outbox and its sender against a real SMTP server in the test process (smtp-server; each
 * message parsed with mailparser), and the keyless .eml default.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { simpleParser } from "mailparser";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createDbClient } from "~/server/db/client";
import { claimDueMail } from "~/server/db/queries/mail";

import { callerFromResponse, createTestCaller } from "../../../test/caller";
import { db } from "../../../test/db";
import { startFakeSmtp, type FakeSmtp } from "../../../test/fakes/smtp";
import { createUser, uniqueSuffix } from "../../../test/factories";
import { queueMail } from "./outbox";
import { startMailSender } from "./sender";
import { createMailTransport } from "./transport";

const FROM = "CourseCraft <no-reply@coursecraft.test>";

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
});

async function queue(to: string, extra: Partial<Parameters<typeof queueMail>[1]> = {}) {
  const id = await queueMail(db, { userId: null, kind: "test", to, subject: "Hello <you>", text: "Plain words", html: "<p>HTML words</p>", ...extra });
  return db.mailMessage.findUniqueOrThrow({ where: { id } });
}

/** A sender on SMTP that never sleeps long; drained by hand. */
function smtpSender(options: Parameters<typeof startMailSender>[1] = {}, client = db) {
  return startMailSender(client, { transport: createMailTransport({ smtpUrl: smtp.url, from: FROM }), loop: false, ...options });
}

describe("the .eml outbox (no SMTP_URL)", () => {
  test("each message is a complete RFC 5322 file in the outbox directory that mailparser reads", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    const sender = startMailSender(db, { transport: createMailTransport({ outboxDir: dir, from: FROM }), loop: false });
    try {
      const row = await queue(`eml_${uniqueSuffix()}@example.com`, { headers: { "X-Test": "yes" } });
      await sender.drain();
      const files = (await readdir(dir)).filter((file) => file.endsWith(".eml"));
      expect(files).toHaveLength(1);
      expect(files[0]).toContain(row.id);
      const parsed = await simpleParser(await readFile(path.join(dir, files[0]!)));
      expect(parsed.messageId).toBe(row.messageId);
      expect(parsed.date).toBeInstanceOf(Date);
      expect(parsed.subject).toBe("Hello <you>");
      expect(parsed.text?.trim()).toBe("Plain words");
      expect(parsed.html).toContain("<p>HTML words</p>");
      expect(parsed.headers.get("x-test")).toBe("yes");
      expect(parsed.from?.text).toContain("no-reply@coursecraft.test");
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    } finally {
      await sender.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the sender over SMTP", () => {
  test("a registration's verification mail: both parts, Message-ID, Date, and its link verifies the address", async () => {
    const sender = smtpSender();
    try {
      const username = `verify_${uniqueSuffix()}`;
      const email = `${username}@example.com`;
      const { caller: visitor, resHeaders } = await createTestCaller({ headers: { host: "app.example.test" } });
      const user = await visitor.auth.register({ username, email, password: "password123" });
      const { caller } = await callerFromResponse(resHeaders);
      await sender.drain();
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email));
      const row = await db.mailMessage.findFirstOrThrow({ where: { userId: user.id, kind: "verify-email" } });
      expect(mail.parsed.messageId).toBe(row.messageId);
      expect(mail.parsed.date).toBeInstanceOf(Date);
      expect(mail.raw).toMatch(/^Date: /m);
      expect(mail.parsed.subject).toBe("Confirm your email address for CourseCraft");
      expect(mail.parsed.text).toContain(username);
      expect(mail.parsed.html).toContain("Confirm my address");
      const link = /http:\/\/app\.example\.test\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? "");
      expect(link).not.toBeNull();
      expect(mail.parsed.html).toContain(link![0]);

      expect(await caller.auth.emailState()).toEqual({ email, verified: false });
      const { caller: anyone } = await createTestCaller();
      expect(await anyone.auth.verifyEmail({ token: link![1]! })).toEqual({ email, verified: true });
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeInstanceOf(Date);
    } finally {
      await sender.stop();
    }
  });

  test("what a learner typed is escaped in the HTML part", async () => {
    const sender = smtpSender();
    try {
      const user = await createUser(db, { username: `esc_${uniqueSuffix()}` });
      const email = `esc_${uniqueSuffix()}@example.com`;
      const { caller } = await createTestCaller({ user });
      await caller.auth.changeEmail({ email });
      await sender.drain();
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email));
      expect(mail.parsed.html).not.toMatch(/<script/i);
      expect(mail.parsed.html).toContain(user.username);
    } finally {
      await sender.stop();
    }
  });

  test("a refusing server, then a server that is down: each attempt recorded, retried with backoff, delivered once it is back", async () => {
    const sender = smtpSender({ baseRetryMs: 1 });
    try {
      const to = `retry_${uniqueSuffix()}@example.com`;
      const row = await queue(to);
      smtp.reject = true;
      await sender.drain();
      const refused = await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } });
      expect(refused).toMatchObject({ status: "queued", attempts: 1 });
      expect(refused.lastError).toMatch(/451|Try again later/);

      smtp.reject = false;
      const port = smtp.port;
      await smtp.stop();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await sender.drain();
      const down = await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } });
      expect(down).toMatchObject({ status: "queued", attempts: 2 });
      expect(down.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(down.nextAttemptAt.getTime()).toBeGreaterThan(refused.nextAttemptAt.getTime());

      smtp = await startFakeSmtp(port);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await sender.drain()).toBeGreaterThanOrEqual(1);
      await smtp.waitFor((m) => m.envelopeTo.includes(to));
      expect(smtp.received.filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    } finally {
      await sender.stop();
    }
  });

  test("after its last attempt a message is failed for good and not tried again", async () => {
    const sender = smtpSender({ baseRetryMs: 1, maxAttempts: 2 });
    try {
      const row = await queue(`giveup_${uniqueSuffix()}@example.com`);
      smtp.reject = true;
      await sender.drain();
      await new Promise((resolve) => setTimeout(resolve, 10));
      await sender.drain();
      smtp.reject = false;
      await sender.drain();
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "failed", attempts: 2 });
    } finally {
      smtp.reject = false;
      await sender.stop();
    }
  });

  test("a message left in `sending` by a crashed sender is taken again once its lease ends, with the same Message-ID", async () => {
    const sender = smtpSender();
    try {
      const to = `lease_${uniqueSuffix()}@example.com`;
      const row = await queue(to);
      await db.mailMessage.update({ where: { id: row.id }, data: { status: "sending", attempts: 1, leaseUntil: new Date(Date.now() + 60_000) } });
      await sender.drain();
      expect(smtp.received.some((m) => m.envelopeTo.includes(to))).toBe(false);
      await db.$executeRaw`UPDATE "MailMessage" SET "leaseUntil" = now() - interval '1 second' WHERE id = ${row.id}::uuid`;
      await sender.drain();
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
      expect(mail.parsed.messageId).toBe(row.messageId);
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await sender.stop();
    }
  });

  test("a claim takes the messages whose lease ended first, then the longest due, never more than its limit", async () => {
    const tag = uniqueSuffix();
    const rows = [];
    for (let i = 0; i < 7; i++) rows.push(await queue(`claim${i}_${tag}@example.com`));
    const [late1, late2, ...queued] = rows.map((row) => row.id) as [string, string, ...string[]];
    for (const id of [late1, late2])
      await db.$executeRaw`UPDATE "MailMessage" SET status = 'sending', attempts = 1, "leaseUntil" = now() - interval '1 second' WHERE id = ${id}::uuid`;
    for (const [i, id] of queued.entries())
      await db.$executeRaw`UPDATE "MailMessage" SET "nextAttemptAt" = now() - interval '1 year' + ${i} * interval '1 minute' WHERE id = ${id}::uuid`;
    try {
      const claimed = await claimDueMail(db, { limit: 4, leaseMs: 60_000 });
      expect(claimed.map((mail) => mail.id).sort()).toEqual([late1, late2, queued[0]!, queued[1]!].sort());
      expect(claimed.find((mail) => mail.id === late1)?.attempts).toBe(2);
      expect(await db.mailMessage.count({ where: { id: { in: rows.map((row) => row.id) }, status: "sending" } })).toBe(4);
    } finally {
      await db.mailMessage.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
    }
  });

  test("two senders (two processes' database clients) draining one outbox deliver each message exactly once", async () => {
    const tag = uniqueSuffix();
    const rows = await Promise.all(Array.from({ length: 60 }, (_, i) => queue(`pair${i}_${tag}@example.com`)));
    const otherPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    const other = createDbClient(otherPool);
    const first = smtpSender({ batch: 7 });
    const second = smtpSender({ batch: 7 }, other);
    try {
      const [a, b] = await Promise.all([first.drain(), second.drain()]);
      expect(a + b).toBe(60);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
      const mine = smtp.received.filter((m) => m.envelopeTo.some((address) => address.endsWith(`_${tag}@example.com`)));
      expect(mine).toHaveLength(60);
      expect(new Set(mine.map((m) => m.parsed.messageId)).size).toBe(60);
      expect(await db.mailMessage.count({ where: { id: { in: rows.map((row) => row.id) }, status: "sent", attempts: 1 } })).toBe(60);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await other.$disconnect();
      await otherPool.end();
    }
  });

  test("a queued message wakes a running sender at once", async () => {
    const sender = smtpSender({ loop: true, pollMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const to = `wake_${uniqueSuffix()}@example.com`;
      await queue(to);
      const started = Date.now();
      sender.wake();
      await smtp.waitFor((m) => m.envelopeTo.includes(to), 5_000);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await sender.stop();
    }
  });
});
