import { cleanLearnerText, toStorableText } from "~/lib/schemas/common";
import type { PublicUser } from "~/lib/schemas/auth";
import type { DbClient } from "~/server/db";
import { findUserIdByUsernameKey, selectSessionUser } from "~/server/db/queries/auth";

/** The case- and width-insensitive form of a username, unique across users. */
export function usernameKey(username: string): string {
  return username.normalize("NFKC").trim().toLowerCase();
}

export function toPublicUser(user: PublicUser): PublicUser {
  return { id: user.id, username: user.username, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

/**
 * The signed-in user for a session, or null when the session was revoked or the user is gone.
 * Runs on every signed-in request as one raw statement on the pool (see db/queries/run.ts; on
 * this machine a Prisma findUnique costs ~3.8 ms of CPU, the same statement through pg ~0.3 ms).
 * It is never answered from memory: a logout or a password change on any process or instance
 * must end the session on the very next request everywhere.
 */
export async function findSessionUser(db: DbClient, claims: { userId: number; sessionVersion: number }): Promise<PublicUser | null> {
  const row = await selectSessionUser(db, claims);
  return row ? toPublicUser(row) : null;
}

/** Picks a free username for an account created through Google, based on its name or e-mail. */
export async function availableUsername(db: DbClient, base: string): Promise<string> {
  const cleaned =
    base
      .normalize("NFKC")
      .replace(/[^A-Za-z0-9_.-]/g, "")
      .slice(0, 24) || "learner";
  const stem = cleaned.length >= 3 ? cleaned : `${cleaned}user`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? stem : `${stem}${Math.floor(1000 + Math.random() * 9000)}`;
    const taken = await findUserIdByUsernameKey(db, usernameKey(candidate));
    if (!taken) return candidate;
  }
  return `${stem.slice(0, 16)}${Date.now().toString(36)}`;
}

/**
 * A name an identity provider gives (Google, a school's LMS) as the app shows it (the public
 * achievements card among others): cleaned like the names learners type here, so a name holding
 * U+202E does not display reversed; at most 100 characters; null when nothing visible is left.
 */
export function displayNameFrom(name: string): string | null {
  const cleaned = cleanLearnerText(toStorableText(name), "one-line");
  return cleaned === "" ? null : Array.from(cleaned).slice(0, 100).join("");
}
