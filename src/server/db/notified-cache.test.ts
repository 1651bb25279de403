import { afterEach, describe, expect, test, vi } from "vitest";

import { NotifiedCache } from "./notified-cache";

const ada = { name: "ada", tags: ["x"] };

function liveCache() {
  const cache = new NotifiedCache<typeof ada>({ ttlMs: 60_000, maxEntries: 3 });
  cache.setLive(true);
  return cache;
}

describe("NotifiedCache", () => {
  afterEach(() => vi.useRealTimers());

  test("remembers a value by key", () => {
    const cache = liveCache();
    cache.remember(1, ada, cache.startLookup());
    expect(cache.get(1)).toEqual(ada);
    expect(cache.get(2)).toBeUndefined();
  });

  test("serves nothing and keeps nothing while not listening; going down or up forgets everything", () => {
    const cache = new NotifiedCache<typeof ada>({ ttlMs: 60_000, maxEntries: 3 });
    cache.remember(1, ada, cache.startLookup());
    expect(cache.get(1)).toBeUndefined();
    cache.setLive(true);
    cache.remember(1, ada, cache.startLookup());
    cache.setLive(false);
    expect(cache.get(1)).toBeUndefined();
    cache.setLive(true);
    expect(cache.get(1)).toBeUndefined();
  });

  test("an eviction drops the key, and a lookup that began before any eviction is not kept", () => {
    const cache = liveCache();
    cache.remember(1, ada, cache.startLookup());
    cache.evict(1);
    expect(cache.get(1)).toBeUndefined();

    const lookup = cache.startLookup();
    cache.evict(99); // a change announced while the database answered: the answer may be stale
    cache.remember(1, ada, lookup);
    expect(cache.get(1)).toBeUndefined();
  });

  test("entries expire after the TTL, and the oldest goes first past maxEntries", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = liveCache();
    for (const key of [1, 2, 3, 4]) cache.remember(key, { ...ada, name: String(key) }, cache.startLookup());
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(4)?.name).toBe("4");
    vi.setSystemTime(Date.now() + 59_000);
    expect(cache.get(2)?.name).toBe("2");
    vi.setSystemTime(Date.now() + 2_000);
    expect(cache.get(2)).toBeUndefined();
  });

  test("values are frozen all the way down: callers share them", () => {
    const cache = liveCache();
    cache.remember(1, { name: "ada", tags: ["x"] }, cache.startLookup());
    const value = cache.get(1)!;
    expect(() => value.tags.push("y")).toThrow(TypeError);
    expect(() => Object.assign(value, { name: "eve" })).toThrow(TypeError);
  });
});
