import { randomBytes } from "node:crypto";

import type { Prisma } from "~/generated/prisma/client";
import { hashPassword } from "~/server/auth/password";
import type { DbClient } from "~/server/db";
import { usernameKey } from "~/server/services/auth/users";

export const DEFAULT_PASSWORD = "correct horse battery staple";

// argon2id costs ~50 ms and 19 MiB: hash the default password once per test file.
let defaultHash: Promise<string> | null = null;
const hashFor = (password: string) => (password === DEFAULT_PASSWORD ? (defaultHash ??= hashPassword(DEFAULT_PASSWORD)) : hashPassword(password));

let sequence = 0;
/** Short, unique within a run and valid as a username (letters, digits, '_'). */
export function uniqueSuffix(): string {
  return `${(sequence++).toString(36)}${randomBytes(3).toString("hex")}`;
}

export type UserOverrides = Partial<Omit<Prisma.UserUncheckedCreateInput, "id" | "usernameKey" | "passwordHash">> & {
  /** Plain password to hash; null makes a Google-only account (no password). */
  password?: string | null;
};

/**
 * A user with every column filled. Returns the row (with its hash and session version) plus the
 * plain password, so tests can sign in through the API.
 */
export async function createUser(db: DbClient, overrides: UserOverrides = {}) {
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
  const username = fields.username ?? `user_${uniqueSuffix()}`;
  const user = await db.user.create({
    data: {
      email: `${username.toLowerCase()}@example.test`,
      displayName: `Learner ${username}`,
      photoURL: `https://images.example.test/${encodeURIComponent(username)}.png`,
      sessionVersion: 0,
      timeZone: "UTC",
      couponPremiumUntil: null,
      stripeCustomerId: null,
      achievementCardId: null,
      ...fields,
      username,
      usernameKey: usernameKey(username),
      passwordHash: password === null ? null : await hashFor(password),
    },
    omit: { passwordHash: false },
  });
  return { ...user, password };
}
