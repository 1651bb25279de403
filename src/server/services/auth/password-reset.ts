import { ACCOUNT_MESSAGES, RESET_LINK_TTL_MS } from "~/lib/rules/account";
import { hashPassword } from "~/server/auth/password";
import type { DbClient } from "~/server/db";
import { type AddressRow, findAccountForReset, findAddressOf, resetPassword, spendEmailTokens, useEmailToken } from "~/server/db/queries/email";
import { selectSessionUser } from "~/server/db/queries/auth";
import { inSqlTransaction } from "~/server/db/sql-transaction";
import { AppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { queueMail } from "~/server/mail/outbox";
import { wakeMailSender } from "~/server/mail/sender";
import { passwordResetMail } from "~/server/mail/templates";
import { consumeLimit, countingFailures, LIMITS } from "~/server/rate-limit";

import type { SignedIn } from "./credentials";
import { createLinkToken, hashLinkToken } from "./email-links";
import { toPublicUser, usernameKey } from "./users";

export type ResetAccepted = { accepted: true; message: string };

const ACCEPTED: ResetAccepted = { accepted: true, message: ACCOUNT_MESSAGES.resetAccepted };

/**
 * "Forgot password?": the same answer, after the same work (two rate-limit hits and one lookup),
 * whether or not an account matches. The link is made and queued after the answer, so how long
 * that takes tells nothing either. Only a verified address gets it.
 */
export async function requestPasswordReset(
  db: DbClient,
  { identifier }: { identifier: string },
  { clientIp, origin }: { clientIp: string; origin: string },
): Promise<ResetAccepted> {
  await consumeLimit(LIMITS.passwordResetPerIp, clientIp);
  const typed = identifier.trim();
  const account = await findAccountForReset(db, { usernameKey: usernameKey(typed), email: typed.toLowerCase() });
  await consumeLimit(LIMITS.passwordResetPerAccount, account ? `user:${account.id}` : `typed:${typed}`);
  if (account?.email && account.emailVerifiedAt) {
    void sendResetLink(db, account, account.email, origin).catch((error: unknown) => logger.error("password reset link not queued", { error: String(error) }));
  }
  return ACCEPTED;
}

async function sendResetLink(db: DbClient, account: AddressRow, email: string, origin: string): Promise<void> {
  await inSqlTransaction(db, async (tx) => {
    const token = await createLinkToken(tx, { userId: account.id, purpose: "reset", email, ttlMs: RESET_LINK_TTL_MS });
    const link = `${origin}/reset-password?token=${token}`;
    await queueMail(tx, { userId: account.id, kind: "password-reset", to: email, ...passwordResetMail({ username: account.username, link }) });
  });
  wakeMailSender();
}

/**
 * Sets the new password from a reset link: once, within 30 minutes, while the address it was
 * sent to is still the account's verified one. Every session before it ends (the session
 * version moves on) and every other reset link is spent; the caller signs this browser in.
 */
export async function confirmPasswordReset(db: DbClient, input: { token: string; password: string }, { clientIp }: { clientIp: string }): Promise<SignedIn> {
  return countingFailures(LIMITS.emailLinkFailuresPerIp, clientIp, () => setPasswordFromLink(db, input));
}

async function setPasswordFromLink(db: DbClient, input: { token: string; password: string }): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  const signedIn = await inSqlTransaction(db, async (tx) => {
    const used = await useEmailToken(tx, { tokenHash: hashLinkToken(input.token), purpose: "reset" });
    if (!used) throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.invalidLink);
    const account = await findAddressOf(tx, used.userId);
    if (!account || account.email !== used.email || !account.emailVerifiedAt) throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.addressChanged);
    await spendEmailTokens(tx, { userId: used.userId, purpose: "reset" });
    const sessionVersion = await resetPassword(tx, { userId: used.userId, passwordHash });
    return { userId: used.userId, sessionVersion };
  });
  const user = await selectSessionUser(db, signedIn);
  if (!user) throw new AppError("UNAUTHORIZED", "Please sign in again");
  return { user: toPublicUser(user), sessionVersion: signedIn.sessionVersion };
}
