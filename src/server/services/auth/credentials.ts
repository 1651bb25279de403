import type { z } from "zod";

import type { changePasswordInput, loginInput, PublicUser, registerInput } from "~/lib/schemas/auth";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import type { DbClient } from "~/server/db";
import {
  bumpSessionVersion,
  createPasswordUser,
  findLoginUser,
  findPasswordHash,
  findVerifiedEmailOwner,
  findUserIdByUsernameKey,
  replacePassword,
} from "~/server/db/queries/auth";
import { inSqlTransaction } from "~/server/db/sql-transaction";
import { AppError } from "~/server/errors";
import { logger } from "~/server/logger";
import { wakeMailSender } from "~/server/mail/sender";
import { consumeLimit, LIMITS, refundLimit, resetLimit } from "~/server/rate-limit";

import { queueVerificationMail } from "./email-address";
import { toPublicUser, usernameKey } from "./users";

export type SignedIn = { user: PublicUser; sessionVersion: number };

/** Wrong username and wrong password get this same answer. */
const INVALID_CREDENTIALS = "Invalid username or password";

/** Creates the account and sends a link to verify its address (`origin`: the site's, for the link). */
export async function registerUser(db: DbClient, input: z.output<typeof registerInput>, clientIp: string, origin: string): Promise<SignedIn> {
  await consumeLimit(LIMITS.registerBurstPerIp, clientIp);
  await consumeLimit(LIMITS.registerPerIp, clientIp);
  const key = usernameKey(input.username);
  const [usernameTaken, emailTaken] = await Promise.all([findUserIdByUsernameKey(db, key), findVerifiedEmailOwner(db, input.email)]);
  if (usernameTaken) throw new AppError("CONFLICT", "Username is already taken");
  if (emailTaken) throw new AppError("CONFLICT", "An account with this email already exists");

  const passwordHash = await hashPassword(input.password);
  try {
    const user = await createPasswordUser(db, { username: input.username, usernameKey: key, email: input.email, passwordHash });
    await sendFirstVerificationMail(db, { id: user.id, username: user.username, email: input.email }, origin);
    return { user: toPublicUser(user), sessionVersion: user.sessionVersion };
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, the loser gets a 409.
    if ((error as { code?: string }).code === "P2002") throw new AppError("CONFLICT", "Username or email is already taken");
    throw error;
  }
}

/** The account exists either way: a link that could not be queued is asked for again from /account. */
async function sendFirstVerificationMail(db: DbClient, user: { id: number; username: string; email: string }, origin: string): Promise<void> {
  try {
    await inSqlTransaction(db, (tx) => queueVerificationMail(tx, user, { origin }));
    wakeMailSender();
  } catch (error) {
    logger.error("verification mail not queued at registration", { userId: user.id, error: String(error) });
  }
}

/**
 * Only failures count: each attempt holds a point per address and per account before the password
 * is checked, so parallel guesses cannot all get through; a success gives the address its point
 * back and clears the account's failures. An attempt refused for the account keeps its address
 * point: a script guessing one account is guessing from that address too.
 */
export async function loginUser(db: DbClient, input: z.output<typeof loginInput>, clientIp: string): Promise<SignedIn> {
  const key = usernameKey(input.username);
  await consumeLimit(LIMITS.loginFailuresPerIp, clientIp);
  await consumeLimit(LIMITS.loginAttemptsPerUsername, key);

  const user = await findLoginUser(db, key);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  await Promise.all([refundLimit(LIMITS.loginFailuresPerIp, clientIp), resetLimit(LIMITS.loginAttemptsPerUsername, key)]);
  return { user: toPublicUser(user), sessionVersion: user.sessionVersion };
}

/** Revokes every session cookie issued to the user so far. */
export async function revokeSessions(db: DbClient, userId: number): Promise<number> {
  return bumpSessionVersion(db, userId);
}

/** Changes the password and revokes every earlier session; returns the new session version. */
export async function changePassword(db: DbClient, userId: number, input: z.output<typeof changePasswordInput>): Promise<number> {
  const user = await findPasswordHash(db, userId);
  if (!user) throw new AppError("UNAUTHORIZED", "Please sign in again");
  if (!user.passwordHash) throw new AppError("CONFLICT", "This account signs in with Google, the school's sign-in or its LMS, and has no password");
  // A stolen cookie must not allow unlimited guesses of the current password.
  await consumeLimit(LIMITS.passwordChangePerUser, String(userId));
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError("FORBIDDEN", "Current password is incorrect");
  return replacePassword(db, { userId, passwordHash: await hashPassword(input.newPassword) });
}
