import type { PublicUser } from "~/lib/schemas/auth";
import type { DbClient } from "~/server/db";
import { existingNotifiedCache, type NotifiedCache, notifiedCacheFor } from "~/server/db/notified-cache";

/**
 * The signed-in users this process has checked, by id, with the session version they were
 * checked against: every API request starts with that check, and on this machine a database
 * round trip costs more CPU than the rest of a small request. Stale answers would undo logout
 * and password changes, so entries live only while the process hears every change (see
 * NotifiedCache): a trigger on "User" (migration user_changed_notify) sends NOTIFY user_changed
 * with the id when the session version or a public field changes or the user is deleted.
 * Entries expire after a minute regardless.
 */
export type SessionUserEntry = { sessionVersion: number; user: PublicUser };

const options = { channel: "user_changed", ttlMs: 60_000, maxEntries: 10_000 };

export function sessionUserCacheFor(db: DbClient): NotifiedCache<SessionUserEntry> | null {
  return notifiedCacheFor<SessionUserEntry>(db, options);
}

/**
 * Drops the user from this process's cache at once, after a change to what it holds: the
 * NOTIFY reaches every process a moment after the commit, and the caller's next request may
 * come sooner than that.
 */
export function forgetSessionUser(db: DbClient, userId: number): void {
  existingNotifiedCache(db, options.channel)?.evict(userId);
}
