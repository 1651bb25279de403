import type { Db, DbClient } from "../client";
import type { SqlClient } from "../sql-transaction";
import { execute, queryRows, utcParam } from "./run";

/** Reminder settings, digests and push subscriptions (docs/features/reminders.md). */

export type ReminderSettingsRow = { email: boolean; push: boolean; hour: number; kinds: string[] };

export function findReminderSettings(db: DbClient, userId: number): Promise<ReminderSettingsRow | null> {
  return db.reminderSettings.findUnique({ where: { userId }, select: { email: true, push: true, hour: true, kinds: true } });
}

/** Saves the settings and the learner's time zone together. */
export async function saveReminderSettings(
  db: Db,
  { userId, settings, timeZone }: { userId: number; settings: ReminderSettingsRow; timeZone: string },
): Promise<void> {
  await db.$transaction([
    db.reminderSettings.upsert({ where: { userId }, create: { userId, ...settings }, update: settings, select: { userId: true } }),
    db.user.update({ where: { id: userId }, data: { timeZone }, select: { id: true } }),
  ]);
}

/** Turns one channel off (the one-click unsubscribe); false when the learner has no settings. */
export async function turnReminderChannelOff(db: DbClient, { userId, channel }: { userId: number; channel: "email" | "push" }): Promise<boolean> {
  const { count } = await db.reminderSettings.updateMany({ where: { userId }, data: { [channel]: false } });
  return count > 0;
}

export type DigestCandidateRow = {
  userId: number;
  localDay: string;
  kinds: string[];
  /** The address when the e-mail channel is on and the address verified, else null. */
  emailTo: string | null;
  byPush: boolean;
  dueCards: number;
  streakDays: number;
  assignments: number;
};

/**
 * The learners whose reminder hour is the hour it is at $1 in their time zone, with a channel that
 * can reach them and no digest yet for their local day, and what there is to tell each: cards due
 * at $1; the streak that ends tonight (consecutive days with learning up to yesterday, 0 when they
 * studied today); assignments of their classes due within $2 hours. Learners with nothing to say
 * are left out.
 */
const DIGEST_CANDIDATES_SQL = `
  WITH due AS (
    SELECT s."userId", s.kinds,
           CASE WHEN s.email AND u."emailVerifiedAt" IS NOT NULL THEN u.email END AS "emailTo",
           s.push AND EXISTS (SELECT 1 FROM "PushSubscription" p WHERE p."userId" = s."userId") AS "byPush",
           ($1::timestamptz AT TIME ZONE u."timeZone")::date AS today
    FROM "ReminderSettings" s JOIN "User" u ON u.id = s."userId"
    WHERE (s.email OR s.push) AND s.hour = extract(hour FROM $1::timestamptz AT TIME ZONE u."timeZone")
  ), told AS (
    SELECT d."userId", d.today::text AS "localDay", d.kinds, d."emailTo", d."byPush",
      CASE WHEN 'due-cards' = ANY (d.kinds)
        THEN (SELECT count(*)::int FROM "Card" c WHERE c."userId" = d."userId" AND c.due <= ${utcParam("$1")}) ELSE 0 END AS "dueCards",
      CASE WHEN 'streak' = ANY (d.kinds) THEN (
        SELECT count(*)::int FROM (
          SELECT day, row_number() OVER (ORDER BY day DESC) AS n
          FROM (SELECT DISTINCT e."localDate" AS day FROM "ActivityEvent" e
                WHERE e."userId" = d."userId" AND e."localDate" <= d.today AND e."localDate" > d.today - 400) days
        ) ranked WHERE day + (n - 1)::int = d.today - 1) ELSE 0 END AS "streakDays",
      CASE WHEN 'assignments' = ANY (d.kinds) THEN (
        SELECT count(*)::int FROM "ClassMember" m JOIN "Assignment" a ON a."classId" = m."classId"
        WHERE m."userId" = d."userId" AND a."dueAt" > ${utcParam("$1")} AND a."dueAt" <= ${utcParam("$1")} + make_interval(hours => $2::int)) ELSE 0 END AS assignments
    FROM due d
    WHERE (d."emailTo" IS NOT NULL OR d."byPush")
      AND NOT EXISTS (SELECT 1 FROM "ReminderDigest" r WHERE r."userId" = d."userId" AND r."localDay" = d.today::text)
  )
  SELECT * FROM told WHERE "dueCards" > 0 OR "streakDays" > 0 OR assignments > 0
  ORDER BY "userId"`;

export function selectDigestCandidates(db: DbClient, { now, horizonHours }: { now: Date; horizonHours: number }): Promise<DigestCandidateRow[]> {
  return queryRows<DigestCandidateRow>(db, DIGEST_CANDIDATES_SQL, [now.toISOString(), horizonHours], "digest-candidates");
}

/**
 * Claims each learner's local day: the rows inserted now, not those another pass inserted first
 * (ON CONFLICT DO NOTHING). Inside the transaction that queues the mail, so a day is claimed
 * exactly when its digest is queued.
 */
export async function claimDigestDays(tx: SqlClient, claims: readonly { userId: number; localDay: string; summary: unknown }[]): Promise<{ userId: number }[]> {
  if (!claims.length) return [];
  return queryRows<{ userId: number }>(
    tx,
    `INSERT INTO "ReminderDigest" ("userId", "localDay", summary)
     SELECT * FROM unnest($1::int[], $2::text[], $3::jsonb[])
     ON CONFLICT ("userId", "localDay") DO NOTHING
     RETURNING "userId"`,
    [claims.map((c) => c.userId), claims.map((c) => c.localDay), claims.map((c) => JSON.stringify(c.summary))],
  );
}

export type DigestMailRow = {
  userId: number;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
};

/**
 * Queues the digests of one batch in the outbox (MailMessage, as queueMail writes one row) in one
 * statement: a pass queues thousands, and one Prisma create each costs more than the whole pass may.
 */
export async function insertDigestMails(tx: SqlClient, mails: readonly DigestMailRow[]): Promise<number> {
  if (!mails.length) return 0;
  return execute(
    tx,
    `INSERT INTO "MailMessage" (id, "userId", kind, "toAddress", subject, text, html, headers, "messageId", "nextAttemptAt", "createdAt")
     SELECT gen_random_uuid(), m."userId", 'reminder-digest', m."toAddress", m.subject, m.text, m.html, m.headers, m."messageId",
            now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[])
          AS m("userId", "toAddress", subject, text, html, headers, "messageId")`,
    [
      mails.map((m) => m.userId),
      mails.map((m) => m.toAddress),
      mails.map((m) => m.subject),
      mails.map((m) => m.text),
      mails.map((m) => m.html),
      mails.map((m) => JSON.stringify(m.headers)),
      mails.map((m) => m.messageId),
    ],
  );
}

/* ------------------------------------------------------------------------ push subscriptions */

export type PushSubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string };

export function countPushSubscriptions(db: DbClient, userId: number): Promise<number> {
  return db.pushSubscription.count({ where: { userId } });
}

/**
 * Stores the browser's subscription for the learner. An endpoint is one browser's: subscribing it
 * again (another learner signed in on that browser) moves it to this learner with its new keys.
 */
export async function upsertPushSubscription(
  db: DbClient,
  { userId, endpoint, p256dh, auth }: { userId: number; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db.pushSubscription.upsert({
    where: { endpoint },
    create: { userId, endpoint, p256dh, auth },
    update: { userId, p256dh, auth },
    select: { id: true },
  });
}

export async function deletePushSubscription(db: DbClient, { userId, endpoint }: { userId: number; endpoint: string }): Promise<number> {
  const { count } = await db.pushSubscription.deleteMany({ where: { userId, endpoint } });
  return count;
}

export function listPushSubscriptions(db: DbClient, userId: number): Promise<PushSubscriptionRow[]> {
  return db.pushSubscription.findMany({ where: { userId }, select: { id: true, endpoint: true, p256dh: true, auth: true }, orderBy: { id: "asc" } });
}

/** The push service said the subscription is gone (404/410). */
export async function deletePushSubscriptionById(db: DbClient, id: number): Promise<void> {
  await execute(db, `DELETE FROM "PushSubscription" WHERE id = $1`, [id]);
}

export async function markPushDelivered(db: DbClient, id: number, at: Date): Promise<void> {
  await execute(db, `UPDATE "PushSubscription" SET "lastSuccessAt" = ${utcParam("$2")} WHERE id = $1`, [id, at.toISOString()]);
}
