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
import { AppError } from "~/server/errors";
import { consumeLimit, LIMITS, resetLimit } from "~/server/rate-limit";

import { toPublicUser, usernameKey } from "./users";

export type SignedIn = { user: PublicUser; sessionVersion: number };

/** Wrong username and wrong password get this same answer. */
const INVALID_CREDENTIALS = "Invalid username or password";

export async function registerUser(db: DbClient, input: z.output<typeof registerInput>, clientIp: string): Promise<SignedIn> {
  await consumeLimit(LIMITS.registerPerIp, clientIp);
  const key = usernameKey(input.username);
  const [usernameTaken, emailTaken] = await Promise.all([findUserIdByUsernameKey(db, key), findVerifiedEmailOwner(db, input.email)]);
  if (usernameTaken) throw new AppError("CONFLICT", "Username is already taken");
  if (emailTaken) throw new AppError("CONFLICT", "An account with this email already exists");

  const passwordHash = await hashPassword(input.password);
  try {
    const user = await createPasswordUser(db, { username: input.username, usernameKey: key, email: input.email, passwordHash });
    return { user: toPublicUser(user), sessionVersion: user.sessionVersion };
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, the loser gets a 409.
    if ((error as { code?: string }).code === "P2002") throw new AppError("CONFLICT", "Username or email is already taken");
    throw error;
  }
}

export async function loginUser(db: DbClient, input: z.output<typeof loginInput>, clientIp: string): Promise<SignedIn> {
  const key = usernameKey(input.username);
  await consumeLimit(LIMITS.loginPerIp, clientIp);
  // Counted before the password is checked, so parallel guesses cannot all get through;
  // a successful login clears the count.
  await consumeLimit(LIMITS.loginAttemptsPerUsername, key);

  const user = await findLoginUser(db, key);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  await resetLimit(LIMITS.loginAttemptsPerUsername, key);
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
  if (!user.passwordHash) throw new AppError("CONFLICT", "This account signs in with Google and has no password");
  // A stolen cookie must not allow unlimited guesses of the current password.
  await consumeLimit(LIMITS.passwordChangePerUser, String(userId));
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError("FORBIDDEN", "Current password is incorrect");
  return replacePassword(db, { userId, passwordHash: await hashPassword(input.newPassword) });
}
