import { ACCOUNT_MESSAGES, VERIFY_LINK_TTL_MS } from "~/lib/rules/account";
import type { DbClient } from "~/server/db";
import { findAddressOf, markAddressVerified, replaceAddress, spendEmailTokens, useEmailToken } from "~/server/db/queries/email";
import { findVerifiedEmailOwner } from "~/server/db/queries/auth";
import { inSqlTransaction, type SqlClient } from "~/server/db/sql-transaction";
import { AppError } from "~/server/errors";
import { queueMail } from "~/server/mail/outbox";
import { wakeMailSender } from "~/server/mail/sender";
import { verifyEmailMail } from "~/server/mail/templates";
import { consumeLimit, countingFailures, LIMITS } from "~/server/rate-limit";

import { createLinkToken, hashLinkToken, isUniqueViolation } from "./email-links";

export type EmailState = { email: string | null; verified: boolean };

/**
 * The address a learner may be mailed at (reminders, resets): their address once verified, else
 * null. Only the verification mail itself goes to an address not verified yet.
 */
export async function verifiedAddressOf(db: SqlClient, userId: number): Promise<string | null> {
  const row = await findAddressOf(db, userId);
  return row?.email && row.emailVerifiedAt ? row.email : null;
}

export async function getEmailState(db: DbClient, userId: number): Promise<EmailState> {
  const row = await findAddressOf(db, userId);
  return { email: row?.email ?? null, verified: Boolean(row?.email && row.emailVerifiedAt) };
}

/** Queues the mail with a new 24-hour verification link for `email`, in the caller's transaction. */
export async function queueVerificationMail(tx: SqlClient, user: { id: number; username: string; email: string }, { origin }: { origin: string }) {
  const token = await createLinkToken(tx, { userId: user.id, purpose: "verify", email: user.email, ttlMs: VERIFY_LINK_TTL_MS });
  const link = `${origin}/verify-email?token=${token}`;
  await queueMail(tx, { userId: user.id, kind: "verify-email", to: user.email, ...verifyEmailMail({ username: user.username, link }) });
}

/** A new address: unverified, every earlier verify link spent, and a link to the new one sent. */
export async function changeEmail(db: DbClient, userId: number, { email }: { email: string }, { origin }: { origin: string }): Promise<EmailState> {
  const current = await findAddressOf(db, userId);
  if (!current) throw new AppError("UNAUTHORIZED", "Please sign in again");
  if (current.email === email && current.emailVerifiedAt) return { email, verified: true };
  const owner = await findVerifiedEmailOwner(db, email);
  if (owner && owner.id !== userId) throw new AppError("CONFLICT", ACCOUNT_MESSAGES.emailTaken);
  await consumeLimit(LIMITS.verificationMailsPerUser, String(userId));
  await inSqlTransaction(db, async (tx) => {
    await replaceAddress(tx, { userId, email });
    await spendEmailTokens(tx, { userId, purpose: "verify" });
    await queueVerificationMail(tx, { id: userId, username: current.username, email }, { origin });
  });
  wakeMailSender();
  return { email, verified: false };
}

/** "Send the link again": a new link to the address as it is (rate-limited). */
export async function resendVerification(db: DbClient, userId: number, { origin }: { origin: string }): Promise<EmailState> {
  const current = await findAddressOf(db, userId);
  if (!current) throw new AppError("UNAUTHORIZED", "Please sign in again");
  if (!current.email) throw new AppError("CONFLICT", ACCOUNT_MESSAGES.noAddress);
  if (current.emailVerifiedAt) throw new AppError("CONFLICT", ACCOUNT_MESSAGES.alreadyVerified);
  const email = current.email;
  await consumeLimit(LIMITS.verificationMailsPerUser, String(userId));
  await inSqlTransaction(db, (tx) => queueVerificationMail(tx, { id: userId, username: current.username, email }, { origin }));
  wakeMailSender();
  return { email, verified: false };
}

/**
 * Opens a verification link: once, within 24 hours, for the address it was sent to while that is
 * still the account's. When another account has verified the address meanwhile (or verifies it at
 * the same moment) the unique index refuses it: a 409, and the link stays unused.
 */
export async function verifyEmail(db: DbClient, { token }: { token: string }, { clientIp }: { clientIp: string }): Promise<EmailState> {
  return countingFailures(LIMITS.emailLinkFailuresPerIp, clientIp, () => markVerifiedFromLink(db, token));
}

async function markVerifiedFromLink(db: DbClient, token: string): Promise<EmailState> {
  try {
    return await inSqlTransaction(db, async (tx) => {
      const used = await useEmailToken(tx, { tokenHash: hashLinkToken(token), purpose: "verify" });
      if (!used) throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.invalidLink);
      if (!(await markAddressVerified(tx, used))) throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.addressChanged);
      return { email: used.email, verified: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", ACCOUNT_MESSAGES.emailTaken);
    throw error;
  }
}
