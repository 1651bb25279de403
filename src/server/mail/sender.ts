import type { DbClient } from "~/server/db/client";
import { claimDueMail, type ClaimedMail, markMailSent, msUntilNextMail, recordMailFailure } from "~/server/db/queries/mail";
import { startPollLoop } from "~/server/jobs/poll-loop";
import { logger } from "~/server/logger";

import { createMailTransport, type MailTransport } from "./transport";

/**
 * The mail sender: runs in every server process and drains the outbox (MailMessage). A row is
 * claimed (status `sending`, a lease) with SKIP LOCKED, so two processes never send one message
 * at once; it is marked `sent` right after the server accepts it (with the others accepted while
 * the previous mark ran, in one statement). The one window for a duplicate is a crash between
 * the server's 250 and that commit: the lease then expires and another sender sends it again,
 * with the same Message-ID, which lets the receiving side drop the copy.
 *
 * A failed attempt is recorded (attempts, lastError) and retried after 30 s, 1, 2, 4, 8, 16 and
 * 32 min (each ±20 %): the 8th failed attempt, about an hour after the first, marks it `failed`.
 */
const MAIL_MAX_ATTEMPTS = 8;
const BASE_RETRY_MS = 30_000;
const LEASE_MS = 2 * 60_000;
const POLL_MS = 10_000;
const BATCH = 50;

export type MailSenderOptions = {
  transport?: MailTransport;
  maxAttempts?: number;
  /** The first retry's delay; each later one doubles it. */
  baseRetryMs?: number;
  leaseMs?: number;
  /** The longest wait between two looks at the outbox when nothing wakes the sender. */
  pollMs?: number;
  batch?: number;
  /** Messages handed to the transport at once (its pool's connections). */
  concurrency?: number;
  /** false: no loop of its own, only `drain` when called (tests, the bench). */
  loop?: boolean;
};

export type MailSender = {
  transport: MailTransport;
  /** Look at the outbox now (a message was just queued in this process). */
  wake(): void;
  /** Sends what is due now, until nothing is; the number of messages sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

export function retryDelayMs(attempt: number, base = BASE_RETRY_MS, random = Math.random): number {
  const delay = base * 2 ** Math.max(0, attempt - 1);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

export function startMailSender(db: DbClient, options: MailSenderOptions = {}): MailSender {
  const transport = options.transport ?? createMailTransport();
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const batch = options.batch ?? BATCH;
  const concurrency = options.concurrency ?? 5;
  // The lanes' accepted messages are marked together: one commit for those accepted while the previous one ran.
  const markSent = coalescing((messages: { id: string; attempts: number }[]) => markMailSent(db, messages));

  /** Sends one message; once the server accepted it, answers its mark as sent (running: the lane goes on meanwhile), else null. */
  async function sendOne(mail: ClaimedMail): Promise<{ marked: Promise<void> } | null> {
    try {
      await transport.send({
        id: mail.id,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.headers,
        date: new Date(),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryInMs = mail.attempts >= maxAttempts ? null : retryDelayMs(mail.attempts, options.baseRetryMs);
      await recordMailFailure(db, { id: mail.id, attempts: mail.attempts, error: message, retryInMs });
      logger.warn(retryInMs === null ? "mail failed for good" : "mail not sent, will retry", {
        id: mail.id,
        attempt: mail.attempts,
        retryInMs,
        error: message,
      });
      return null;
    }
    return { marked: markSent({ id: mail.id, attempts: mail.attempts }) };
  }

  /** Sends the claimed messages on `concurrency` lanes; answers how many were accepted and marked sent. */
  async function sendBatch(mails: ClaimedMail[]): Promise<number> {
    let next = 0;
    const marks: Promise<void>[] = [];
    const markFailures: Error[] = [];
    const lanes = Array.from({ length: Math.min(concurrency, mails.length) }, async () => {
      while (next < mails.length) {
        const accepted = await sendOne(mails[next++]!);
        // Handled at once (a rejection waiting for Promise.all would be reported as unhandled).
        if (accepted)
          marks.push(
            accepted.marked.catch((error: unknown) => {
              markFailures.push(error instanceof Error ? error : new Error(String(error)));
            }),
          );
      }
    });
    await Promise.all(lanes);
    await Promise.all(marks);
    if (markFailures[0]) throw markFailures[0];
    return marks.length;
  }

  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const mails = await claimDueMail(db, { limit: batch, leaseMs });
      if (mails.length === 0) return sent;
      const batchSent = await sendBatch(mails);
      sent += batchSent;
      // A failure ends the pass: the loop waits until the next attempt is due.
      if (batchSent < mails.length) return sent;
    }
  }

  const loop = startPollLoop({ name: "mail sender", pollMs, enabled: options.loop !== false, pass: drain, msUntilNext: () => msUntilNextMail(db) });

  return {
    transport,
    wake: loop.wake,
    drain,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}

/**
 * `flush` for many items at once: each item waits for the call that takes it, which takes every
 * item added while the previous call ran (none is held back while no call runs).
 */
function coalescing<T>(flush: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  async function run() {
    running = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await flush(group.map((entry) => entry.item));
        for (const entry of group) entry.resolve();
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    running = false;
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void run();
    });
}

const globalForMail = globalThis as unknown as { mailSender?: MailSender };

/** Starts this process's mail sender once (instrumentation.ts, beside the generation worker). */
export function ensureMailSender(db: DbClient): MailSender {
  if (!globalForMail.mailSender) {
    globalForMail.mailSender = startMailSender(db);
    logger.info("mail sender started", { transport: globalForMail.mailSender.transport.kind });
  }
  return globalForMail.mailSender;
}

export async function stopMailSender(): Promise<void> {
  const sender = globalForMail.mailSender;
  delete globalForMail.mailSender;
  await sender?.stop();
}

/** Tells this process's sender that a message was queued (after the transaction that queued it). */
export function wakeMailSender(): void {
  globalForMail.mailSender?.wake();
}
