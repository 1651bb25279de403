import { randomUUID } from "node:crypto";

import { env } from "~/env";
import { insertMailMessage } from "~/server/db/queries/mail";
import type { SqlClient } from "~/server/db/sql-transaction";

/** One e-mail to queue: a plain-text and an HTML part, and any headers beyond the usual ones. */
export type MailToQueue = {
  /** The learner it is for (null: none, or an account since deleted). */
  userId: number | null;
  /** What it is ("verify-email", "password-reset", "reminder-digest"), for the log and the tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

/**
 * Queues an e-mail in the outbox, inside the caller's transaction when it has one (a message is
 * queued exactly when what it announces is saved). Its Message-ID is fixed here, so every attempt
 * to send it carries the same one. Returns the outbox row's id.
 */
export function queueMail(tx: SqlClient, mail: MailToQueue): Promise<string> {
  return insertMailMessage(tx, {
    userId: mail.userId,
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? {},
    messageId: `<${randomUUID()}@${messageIdDomain()}>`,
  });
}

/** The domain of Message-IDs: the app's public host, else a name of its own. */
function messageIdDomain(): string {
  try {
    return env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).hostname : "coursecraft.localhost";
  } catch {
    return "coursecraft.localhost";
  }
}
