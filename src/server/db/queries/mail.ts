import { randomUUID } from "node:crypto";

import type { SqlClient } from "../sql-transaction";
import { execute, queryRows } from "./run";

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

/** A message queued for sending, in the caller's transaction (Prisma's or a SqlTransaction); its id. */
export async function insertMailMessage(tx: SqlClient, message: OutboxMessage): Promise<string> {
  const id = randomUUID();
  await execute(
    tx,
    `INSERT INTO "MailMessage" (id, "userId", kind, "toAddress", subject, text, html, headers, "messageId")
      VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`,
    [id, message.userId, message.kind, message.toAddress, message.subject, message.text, message.html, JSON.stringify(message.headers), message.messageId],
  );
  return id;
}

/** A claimed row: what the sender needs to send it, and which attempt this is (from 1). */
export type ClaimedMail = {
  id: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
  attempts: number;
  createdAt: Date;
};

/**
 * Takes up to `limit` due messages for this sender until its lease ends: ones another sender took
 * and did not finish (it crashed or lost its database) first, then queued ones whose time has come,
 * oldest first. SKIP LOCKED lets two senders claim at once without ever taking the same row. Each
 * kind is read in the order of the (status, nextAttemptAt) index, so a claim reads only the rows it
 * takes: one query with both kinds OR-ed sorted every due row, 160 ms a claim with 100,000 queued
 * (a reminder pass), for 50 rows.
 */
const CLAIM_SQL = `UPDATE "MailMessage" m SET status = 'sending', attempts = m.attempts + 1,
    "leaseUntil" = now() + $2 * interval '1 millisecond'
  FROM (
    WITH expired AS (
      SELECT id FROM "MailMessage" WHERE status = 'sending' AND "leaseUntil" < now()
      ORDER BY "nextAttemptAt" LIMIT $1 FOR UPDATE SKIP LOCKED
    ), due AS (
      SELECT id FROM "MailMessage" WHERE status = 'queued' AND "nextAttemptAt" <= now()
      ORDER BY "nextAttemptAt" LIMIT ($1 - (SELECT count(*) FROM expired)) FOR UPDATE SKIP LOCKED
    )
    SELECT id FROM expired UNION ALL SELECT id FROM due
  ) AS claimed
  WHERE m.id = claimed.id
  RETURNING m.id::text AS id, m."toAddress", m.subject, m.text, m.html, m.headers, m."messageId", m.attempts, m."createdAt"`;

export function claimDueMail(db: SqlClient, { limit, leaseMs }: { limit: number; leaseMs: number }): Promise<ClaimedMail[]> {
  return queryRows<ClaimedMail>(db, CLAIM_SQL, [limit, leaseMs]);
}

/**
 * The server accepted them: they are never sent again. Each only while this sender's claim (that
 * attempt) holds. One statement for the messages accepted while the previous one ran.
 */
export async function markMailSent(db: SqlClient, messages: readonly { id: string; attempts: number }[]): Promise<void> {
  await execute(
    db,
    `UPDATE "MailMessage" m SET status = 'sent', "sentAt" = now(), "leaseUntil" = NULL, "lastError" = NULL
      FROM unnest($1::uuid[], $2::int[]) AS s(id, attempts)
      WHERE m.id = s.id AND m.status = 'sending' AND m.attempts = s.attempts`,
    [messages.map((m) => m.id), messages.map((m) => m.attempts)],
  );
}

/** An attempt failed: queued again after `retryInMs`, or failed for good when `retryInMs` is null. */
export async function recordMailFailure(
  db: SqlClient,
  { id, attempts, error, retryInMs }: { id: string; attempts: number; error: string; retryInMs: number | null },
): Promise<void> {
  await execute(
    db,
    `UPDATE "MailMessage" SET status = CASE WHEN $4::int IS NULL THEN 'failed'::"MailStatus" ELSE 'queued'::"MailStatus" END,
        "nextAttemptAt" = CASE WHEN $4::int IS NULL THEN "nextAttemptAt" ELSE now() + $4::int * interval '1 millisecond' END,
        "leaseUntil" = NULL, "lastError" = left($3, 2000)
      WHERE id = $1::uuid AND status = 'sending' AND attempts = $2`,
    [id, attempts, error, retryInMs],
  );
}

/** When the next queued message is due, in milliseconds from now (null: none queued). */
export async function msUntilNextMail(db: SqlClient): Promise<number | null> {
  const [row] = await queryRows<{ ms: number | null }>(
    db,
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(CASE WHEN status = 'sending' THEN "leaseUntil" ELSE "nextAttemptAt" END) - now())) * 1000)::int AS ms
      FROM "MailMessage" WHERE status IN ('queued', 'sending')`,
  );
  return row?.ms ?? null;
}
