import { afterEach, describe, expect, test, vi } from "vitest";

import { SessionUserCache } from "./session-user-cache";

const ada = { id: 1, username: "ada", email: null, displayName: null, photoURL: null };
const claims = { userId: 1, sessionVersion: 3 };

function liveCache() {
  const cache = new SessionUserCache();
  cache.setLive(true);
  return cache;
}

describe("SessionUserCache", () => {
  afterEach(() => vi.useRealTimers());

  test("remembers a user for the same session version only", () => {
    const cache = liveCache();
    cache.remember(claims, ada, cache.startLookup());
    expect(cache.get(claims)).toEqual(ada);
    expect(cache.get({ userId: 1, sessionVersion: 2 })).toBeUndefined();
    expect(cache.get({ userId: 1, sessionVersion: 4 })).toBeUndefined();
    expect(cache.get({ userId: 2, sessionVersion: 3 })).toBeUndefined();
  });

  test("serves nothing and keeps nothing while not listening; going down or up forgets everything", () => {
    const cache = new SessionUserCache();
    cache.remember(claims, ada, cache.startLookup());
    expect(cache.get(claims)).toBeUndefined();
    cache.setLive(true);
    cache.remember(claims, ada, cache.startLookup());
    cache.setLive(false);
    expect(cache.get(claims)).toBeUndefined();
    cache.setLive(true);
    expect(cache.get(claims)).toBeUndefined();
  });

  test("an eviction drops the user, and a lookup that began before any eviction is not kept", () => {
    const cache = liveCache();
    cache.remember(claims, ada, cache.startLookup());
    cache.evict(1);
    expect(cache.get(claims)).toBeUndefined();

    const lookup = cache.startLookup();
    cache.evict(99); // a change announced while the database answered: the answer may be stale
    cache.remember(claims, ada, lookup);
    expect(cache.get(claims)).toBeUndefined();
  });

  test("entries expire after a minute", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = liveCache();
    cache.remember(claims, ada, cache.startLookup());
    vi.setSystemTime(Date.now() + 59_000);
    expect(cache.get(claims)).toEqual(ada);
    vi.setSystemTime(Date.now() + 2_000);
    expect(cache.get(claims)).toBeUndefined();
  });
});
