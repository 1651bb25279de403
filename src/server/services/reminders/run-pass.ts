import { env } from "~/env";
import { ASSIGNMENT_HORIZON_HOURS, digestText, REMINDER_KINDS, type ReminderChannel, type ReminderKind } from "~/lib/rules/reminders";
import { randomUUID } from "node:crypto";

import type { Db } from "~/server/db/client";
import { claimDigestDays, type DigestCandidateRow, type DigestMailRow, insertDigestMails, selectDigestCandidates } from "~/server/db/queries/reminders";
import { inSqlTransaction } from "~/server/db/sql-transaction";
import { logger } from "~/server/logger";

import { sendPushToLearner } from "./send-push";
import { unsubscribeToken } from "./unsubscribe-token";

/** Learners claimed and queued in one transaction. */
const BATCH = 500;
/** Pushes in flight at once. */
const PUSH_CONCURRENCY = 16;

export type PassResult = { candidates: number; digests: number; mails: number; pushes: number };

const siteOrigin = () => (env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).origin : "http://localhost:3000");
/** As queueMail (server/mail/outbox.ts) makes them: fixed when queued, on the app's public host. */
const messageId = () => `<${randomUUID()}@${env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).hostname : "coursecraft.localhost"}>`;

const unsubscribeUrl = (userId: number, channel: ReminderChannel) =>
  `${siteOrigin()}/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, channel))}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function digestMail(row: DigestCandidateRow, kinds: ReminderKind[]) {
  const { title, lines } = digestText(row, kinds);
  const review = `${siteOrigin()}/review`;
  const unsubscribe = unsubscribeUrl(row.userId, "email");
  const text = [...lines, "", `Open CourseCraft: ${review}`, "", `Stop these e-mails: ${unsubscribe}`, ""].join("\n");
  const html = `<!doctype html><html><body>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(review)}">Open CourseCraft</a></p>
<p style="font-size:12px;color:#555"><a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a></p>
</body></html>`;
  return {
    title,
    lines,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * One reminder pass as of `now`: the learners at their reminder hour with something to say and no
 * digest yet today (their local day) get one. Each day is claimed (ReminderDigest, ON CONFLICT DO
 * NOTHING) in the transaction that queues the mail (one statement a batch, rows as queueMail writes
 * them), so passes running at once in several
 * processes or instances send one digest per learner and day; pushes go out after the commit.
 */
export async function runReminderPass(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<PassResult> {
  const candidates = await selectDigestCandidates(db, { now, horizonHours: ASSIGNMENT_HORIZON_HOURS });
  const result: PassResult = { candidates: candidates.length, digests: 0, mails: 0, pushes: 0 };
  for (let start = 0; start < candidates.length; start += BATCH) {
    const batch = candidates.slice(start, start + BATCH);
    const claimed = await inSqlTransaction(db, async (tx) => {
      const summaries = batch.map((row) => {
        const kinds = REMINDER_KINDS.filter((kind) => row.kinds.includes(kind));
        const channels = [...(row.emailTo ? ["email"] : []), ...(row.byPush ? ["push"] : [])];
        const counts = { dueCards: row.dueCards, streakDays: row.streakDays, assignments: row.assignments };
        return { userId: row.userId, localDay: row.localDay, summary: { kinds, channels, counts } };
      });
      const won = new Set((await claimDigestDays(tx, summaries)).map((claim) => claim.userId));
      const ours = batch.filter((row) => won.has(row.userId));
      const mails: DigestMailRow[] = ours.flatMap((row) => {
        if (!row.emailTo) return [];
        const mail = digestMail(
          row,
          REMINDER_KINDS.filter((kind) => row.kinds.includes(kind)),
        );
        return [
          { userId: row.userId, toAddress: row.emailTo, subject: mail.title, text: mail.text, html: mail.html, headers: mail.headers, messageId: messageId() },
        ];
      });
      result.mails += await insertDigestMails(tx, mails);
      return ours;
    });
    result.digests += claimed.length;
    result.pushes += await pushDigests(
      db,
      claimed.filter((row) => row.byPush),
    );
  }
  if (result.digests) logger.info("reminder pass", { at: now.toISOString(), ...result });
  return result;
}

async function pushDigests(db: Db, rows: DigestCandidateRow[]): Promise<number> {
  let sent = 0;
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      const { title, lines } = digestText(
        row,
        REMINDER_KINDS.filter((kind) => row.kinds.includes(kind)),
      );
      try {
        const outcomes = await sendPushToLearner(db, { userId: row.userId, message: { title, body: lines.join(" "), url: "/review" } });
        if (outcomes.includes("sent")) sent += 1;
      } catch (error) {
        logger.warn("reminder push failed", { userId: row.userId, error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, rows.length) }, worker));
  return sent;
}
