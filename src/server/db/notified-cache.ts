import { type DbClient, poolOf } from "./client";
import { listen } from "./listen";

/**
 * An in-process cache of rows that PostgreSQL announces changes to: a trigger sends NOTIFY on
 * `channel` with the key as payload when a row changes (on commit), and the entry is dropped.
 * It is only as good as what it hears, so:
 * - while the LISTEN connection is down it serves nothing, and it forgets everything when the
 *   connection comes back (announcements in between are lost);
 * - a lookup that began before any eviction is not kept (it may have read the old row): call
 *   startLookup() before asking the database and hand its value to remember();
 * - entries expire after `ttlMs` regardless, and at most `maxEntries` are kept, oldest out first.
 * Values are frozen, since every caller shares them.
 */
export type NotifiedCacheOptions = { channel: string; ttlMs: number; maxEntries: number };

export class NotifiedCache<Value> {
  private readonly entries = new Map<number, { value: Value; expiresAtMs: number }>();
  private live = false;
  private generation = 0;

  constructor(private readonly options: Pick<NotifiedCacheOptions, "ttlMs" | "maxEntries">) {}

  get isLive(): boolean {
    return this.live;
  }

  get(key: number): Value | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    return entry && entry.expiresAtMs > Date.now() ? entry.value : undefined;
  }

  startLookup(): number {
    return this.generation;
  }

  remember(key: number, value: Value, lookup: number): void {
    if (!this.live || lookup !== this.generation) return;
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value: deepFreeze(value), expiresAtMs: Date.now() + this.options.ttlMs });
  }

  evict(key: number): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  setLive(live: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.live = live;
  }
}

const caches = new WeakMap<object, Map<string, NotifiedCache<unknown>>>();

/** The cache on `options.channel` of a registered client, listening from its first use; null inside a transaction. */
export function notifiedCacheFor<Value>(db: DbClient, options: NotifiedCacheOptions): NotifiedCache<Value> | null {
  const byChannel = caches.get(db) ?? new Map<string, NotifiedCache<unknown>>();
  const known = byChannel.get(options.channel);
  if (known) return known as NotifiedCache<Value>;
  const pool = poolOf(db);
  if (!pool) return null;
  const cache = new NotifiedCache<Value>(options);
  listen(pool, options.channel, { onMessage: (payload) => cache.evict(Number(payload)), onLive: (live) => cache.setLive(live) });
  byChannel.set(options.channel, cache);
  caches.set(db, byChannel);
  return cache;
}

/** The already-created cache on `channel`, if any: for evicting right after a local change. */
export function existingNotifiedCache(db: DbClient, channel: string): NotifiedCache<unknown> | undefined {
  return caches.get(db)?.get(channel);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
