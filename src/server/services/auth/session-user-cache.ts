import type { PublicUser } from "~/lib/schemas/auth";
import type { DbClient } from "~/server/db";
import { listen } from "~/server/db/listen";
import { poolOf } from "~/server/db/sql";

/**
 * The signed-in users this process has checked, by id, with the session version they were
 * checked against: every API request starts with that check, and on this machine a database
 * round trip costs more CPU than the rest of a small request. Stale answers would undo logout
 * and password changes, so an entry lives only while the process hears every change: a
 * trigger on "User" (migration user_changed_notify) sends NOTIFY user_changed with the id
 * when the session version or a public field changes or the user is deleted, and the entry is
 * dropped. While the LISTEN connection is down nothing is served from here, and everything is
 * forgotten when it comes back. A lookup that started before a change arrived is not kept
 * (the generation check), and entries expire after a minute regardless.
 */
const CHANNEL = "user_changed";
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

type Claims = { userId: number; sessionVersion: number };
type Entry = { sessionVersion: number; user: PublicUser; expiresAtMs: number };

export class SessionUserCache {
  private readonly entries = new Map<number, Entry>();
  private live = false;
  /** Bumped by every eviction: a lookup remembers its result only if none happened meanwhile. */
  private generation = 0;

  get isLive(): boolean {
    return this.live;
  }

  /** The user for these claims if known to be current; undefined means "ask the database". */
  get(claims: Claims): PublicUser | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(claims.userId);
    if (!entry || entry.sessionVersion !== claims.sessionVersion || entry.expiresAtMs <= Date.now()) return undefined;
    return entry.user;
  }

  /** Call before asking the database; pass the result to remember(). */
  startLookup(): number {
    return this.generation;
  }

  remember(claims: Claims, user: PublicUser, lookup: number): void {
    if (!this.live || lookup !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(claims.userId, { sessionVersion: claims.sessionVersion, user, expiresAtMs: Date.now() + TTL_MS });
  }

  evict(userId: number): void {
    this.generation += 1;
    this.entries.delete(userId);
  }

  setLive(live: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.live = live;
  }
}

const caches = new WeakMap<object, SessionUserCache>();

/** The cache of a registered client, listening from its first use; null inside a transaction. */
export function sessionUserCacheFor(db: DbClient): SessionUserCache | null {
  const known = caches.get(db);
  if (known) return known;
  const pool = poolOf(db);
  if (!pool) return null;
  const cache = new SessionUserCache();
  listen(pool, CHANNEL, { onMessage: (payload) => cache.evict(Number(payload)), onLive: (live) => cache.setLive(live) });
  caches.set(db, cache);
  return cache;
}

/**
 * Drops the user from this process's cache at once, after a change to what it holds: the
 * NOTIFY reaches every process a moment after the commit, and the caller's next request may
 * come sooner than that.
 */
export function forgetSessionUser(db: DbClient, userId: number): void {
  caches.get(db)?.evict(userId);
}
