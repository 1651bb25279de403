import type { DbClient } from "../client";

/**
 * The mail outbox (MailMessage): every e-mail is a row before it is sent, so a restart loses none
 * and the sender (server/mail) can retry one the mail server refused.
 */

export type OutboxMessage = {
  userId: number | null;
  kind: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
};

/** A message queued for sending; its id. */
export async function insertMailMessage(tx: DbClient, message: OutboxMessage): Promise<string> {
  const row = await tx.mailMessage.create({ data: message, select: { id: true } });
  return row.id;
}
