import { mkdir, rename, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";

import { env } from "~/env";
import { logger } from "~/server/logger";

/** One outbox row as it leaves: both parts, the Message-ID fixed when it was queued, and its extra headers. */
type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  date: Date;
};

export type MailTransport = {
  readonly kind: "smtp" | "eml";
  /** Resolves once the server accepted the message (SMTP 250) or the file is written; throws otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export type TransportOptions = { smtpUrl?: string; from?: string; outboxDir?: string };

/** The From of every message: MAIL_FROM, else no-reply at the public host. */
function defaultFrom(): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  let host = "localhost";
  try {
    if (env.NEXTAUTH_URL) host = new URL(env.NEXTAUTH_URL).hostname;
  } catch {
    // NEXTAUTH_URL is validated as a URL; keep the fallback anyway.
  }
  return `CourseCraft <no-reply@${host}>`;
}

function outboxDirectory(): string {
  return path.resolve(env.DATA_DIR, "outbox");
}

function mailOptions(mail: OutgoingMail, from: string): Mail.Options {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    headers: mail.headers,
    // Nothing in a message is read from the disk or the network, whatever a template contains.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** SMTP (pooled) when a URL is given or SMTP_URL is set; otherwise .eml files in DATA_DIR/outbox. */
export function createMailTransport(options: TransportOptions = {}): MailTransport {
  const from = options.from ?? defaultFrom();
  const smtpUrl = options.smtpUrl ?? env.SMTP_URL;
  return smtpUrl ? smtpTransport(smtpUrl, from) : emlTransport(options.outboxDir ?? outboxDirectory(), from);
}

function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const host = url.hostname;
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const transporter = nodemailer.createTransport({
    pool: true,
    host,
    port,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    maxConnections: 5,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(secure ? {} : { getSocket: (_options: unknown, callback: SocketCallback) => connectWithoutNagle({ host, port, timeoutMs: 10_000 }, callback) }),
  });
  return {
    kind: "smtp",
    async send(mail) {
      const info = await transporter.sendMail(mailOptions(mail, from));
      if (info.rejected.length > 0) throw new Error(`the server refused ${info.rejected.length} recipient(s)`);
    },
    close: () => transporter.close(),
  };
}

type SocketCallback = (error: Error | null, socket: { connection: net.Socket } | false) => void;

/**
 * The pool's connections with Nagle's algorithm off. nodemailer 7 leaves it on, so a command
 * written while the previous write is unacknowledged waits for the server's delayed ACK (40 ms on
 * Linux) on every message: about 50 ms a message sent one after another on loopback, 4 ms without it.
 * nodemailer 10 turns it off itself; drop this with that upgrade, which waits for next-auth 4 (its
 * optional peer asks for nodemailer ^7). The socket is connected here and handed over; nodemailer
 * runs the SMTP session on it (STARTTLS included). An implicit-TLS connection (smtps:) is left to it.
 * (A plain socket given as `socket` instead is ignored by nodemailer 7's pool: only `connection` is.)
 */
function connectWithoutNagle({ host, port, timeoutMs }: { host: string; port: number; timeoutMs: number }, callback: SocketCallback): void {
  const socket = net.connect({ host, port });
  let settled = false;
  const fail = (error: Error) => {
    socket.destroy();
    if (!settled) callback(error, false);
    settled = true;
  };
  socket.setTimeout(timeoutMs, () => fail(new Error(`Connection timeout to ${host}:${port}`)));
  socket.once("error", fail);
  socket.once("connect", () => {
    socket.off("error", fail);
    socket.setTimeout(0);
    socket.setNoDelay(true);
    settled = true;
    callback(null, { connection: socket });
  });
}

function emlTransport(directory: string, from: string): MailTransport {
  let made: Promise<unknown> | null = null;
  return {
    kind: "eml",
    async send(mail) {
      made ??= mkdir(directory, { recursive: true });
      await made;
      const raw = await new MailComposer(mailOptions(mail, from)).compile().build();
      const stamp = mail.date.toISOString().replace(/[:.]/g, "-");
      const file = path.join(directory, `${stamp}-${mail.id}.eml`);
      // Written whole under another name first, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, raw);
      await rename(`${file}.tmp`, file);
      logger.info("mail written to the outbox directory (SMTP_URL is not set)", { file, to: mail.to, subject: mail.subject });
    },
    close() {},
  };
}
