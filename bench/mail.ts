/**
 * Sending the outbox through a local SMTP server (the `smtp-server` package on loopback, in this
 * process): N queued messages (a plain-text and an HTML part each, like a verification mail) are
 * drained by the mail sender over nodemailer's pool (5 connections), from the claim with SKIP
 * LOCKED to `sent`. Goal (issue 45): ≥ 100 messages/s. The .eml outbox (no SMTP_URL) is
 * measured beside it, without a target.
 *
 *   npm run bench:mail [-- --messages 1000]
 *
 * Database: BENCH_DATABASE_URL (a throwaway database is created there and dropped), else an
 * embedded PostgreSQL in a temp folder.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";
import { SMTPServer } from "smtp-server";

import { createDbClient } from "~/server/db/client";
import { queueMail } from "~/server/mail/outbox";
import { startMailSender } from "~/server/mail/sender";
import { verifyEmailMail } from "~/server/mail/templates";
import { createMailTransport } from "~/server/mail/transport";

import { openDatabase } from "./lib/app";
import { arg } from "./lib/args";
import { recordFigure } from "./lib/figures";

const BENCH = "mail";
const MESSAGES = Number(arg("--messages") ?? 1000);
const TARGET_PER_SECOND = 100;

async function queueAll(db: ReturnType<typeof createDbClient>, tag: string): Promise<void> {
  for (let i = 0; i < MESSAGES; i += 1) {
    const content = verifyEmailMail({ username: `learner_${i}`, link: `https://coursecraft.example/verify-email?token=${"x".repeat(43)}` });
    await queueMail(db, { userId: null, kind: "bench", to: `learner_${tag}_${i}@example.com`, ...content });
  }
}

async function main() {
  const database = await openDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 6 });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const outboxDir = mkdtempSync(join(tmpdir(), "bench-outbox-"));
  try {
    const db = createDbClient(pool);
    let allMet = true;
    for (const kind of ["smtp", "eml"] as const) {
      await queueAll(db, kind);
      const transport = createMailTransport(kind === "smtp" ? { smtpUrl: `smtp://127.0.0.1:${port}` } : { outboxDir });
      const sender = startMailSender(db, { transport, loop: false });
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const sent = await sender.drain();
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      // This process's CPU (the sender, nodemailer, and the SMTP server itself): what a message costs on a core of its own.
      const cpuMsPerMessage = (cpu.user + cpu.system) / 1000 / MESSAGES;
      await sender.stop();
      const perSecond = Math.round(sent / seconds);
      const delivered = kind === "smtp" ? received : readdirSync(outboxDir).length;
      if (sent !== MESSAGES || delivered !== MESSAGES) throw new Error(`${kind}: ${sent} marked sent, ${delivered} delivered of ${MESSAGES}`);
      const ok = kind === "smtp" ? perSecond >= TARGET_PER_SECOND : undefined;
      if (ok === false) allMet = false;
      console.log(
        `${kind === "smtp" ? "SMTP (pooled, loopback)" : ".eml outbox"}: ${MESSAGES} messages in ${seconds.toFixed(2)} s = ${perSecond} messages/s; ` +
          `${cpuMsPerMessage.toFixed(2)} ms of this process's CPU per message (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
      );
      recordFigure({
        bench: BENCH,
        name: kind === "smtp" ? `outbox → local SMTP server, pooled (${MESSAGES} messages)` : `outbox → .eml files (${MESSAGES} messages)`,
        value: perSecond,
        unit: "messages/s",
        ...(kind === "smtp" ? { target: `≥ ${TARGET_PER_SECOND} messages/s`, ok } : {}),
      });
    }
    if (!allMet) process.exitCode = 1;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(outboxDir, { recursive: true, force: true });
    await pool.end();
    await database.close();
  }
}

await main();
