/**
 * A real SMTP server in the test process (the `smtp-server` package): it receives what the mail
 * sender sends and parses each message with `mailparser`. `reject` makes it refuse messages with a
 * 451 until turned off; `stop` closes it (a server that is down).
 */
import type { AddressInfo } from "node:net";

import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

type ReceivedMail = { parsed: ParsedMail; raw: string; envelopeTo: string[] };

export type FakeSmtp = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary error (451). */
  reject: boolean;
  /** The next message to `address` (or any, when omitted) beyond those already received. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const state: { reject: boolean } = { reject: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // stop() is a server going down: a client's idle pooled connection is dropped, not waited for (30 s by default).
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.reject) {
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        void simpleParser(raw).then((parsed) => {
          received.push({ parsed, raw, envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
          for (const wake of waiters) wake();
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    get reject() {
      return state.reject;
    },
    set reject(value: boolean) {
      state.reject = value;
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
