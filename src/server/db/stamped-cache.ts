import { type DbClient, poolOf } from "./client";

/**
 * Values read from the database, kept in this process with the stamp they were read at: a value
 * is served only to a caller that has just read the same stamp from the database, in a statement
 * it needed anyway (the one that decides access). So a write that has answered is seen by the next
 * read on every process and instance, with no announcement to wait for; the cache saves the
 * expensive read, never the check. At most `maxEntries` are kept, the least recently used out
 * first. Values are frozen, since every caller shares them.
 */
export class StampedCache<Value> {
  private readonly entries = new Map<number, { stamp: string; value: Value }>();

  constructor(private readonly maxEntries: number) {}

  get(key: number, stamp: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== stamp) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: number, stamp: string, value: Value): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { stamp, value: deepFreeze(value) });
  }
}

const caches = new WeakMap<object, Map<string, StampedCache<unknown>>>();

/** The cache `name` of a client registered with its pool; null inside a transaction, whose reads may not commit. */
export function stampedCacheFor<Value>(db: DbClient, name: string, maxEntries: number): StampedCache<Value> | null {
  if (!poolOf(db)) return null;
  const byName = caches.get(db) ?? new Map<string, StampedCache<unknown>>();
  caches.set(db, byName);
  const known = byName.get(name) ?? new StampedCache<unknown>(maxEntries);
  byName.set(name, known);
  return known as StampedCache<Value>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
