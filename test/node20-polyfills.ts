/**
 * Node 20 only. vitest 5 declares Node ^22.12 and its reporter calls Map.groupBy / Object.groupBy
 * (and its watcher Promise.withResolvers), which Node 20 lacks: without these, the first failing
 * test crashes the reporter instead of being printed. Node 22 and 24 have all three built in, so
 * there this file is a no-op: vitest.config.ts loads it only on Node 20, and each polyfill below is
 * installed only where the runtime lacks the function, never over a built-in one. Delete it (and
 * its import in vitest.config.ts) when the project requires Node 22.
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;

if (typeof (Map as unknown as { groupBy?: GroupBy }).groupBy !== "function") {
  const groupBy: GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const groups = new Map<K, T[]>();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
  Object.defineProperty(Map, "groupBy", { value: groupBy, writable: true, configurable: true });
}

if (typeof (Object as unknown as { groupBy?: unknown }).groupBy !== "function") {
  const groupBy = <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) => {
    const groups: Record<PropertyKey, T[]> = Object.create(null) as Record<PropertyKey, T[]>;
    let index = 0;
    for (const item of items) (groups[key(item, index++)] ??= []).push(item);
    return groups;
  };
  Object.defineProperty(Object, "groupBy", { value: groupBy, writable: true, configurable: true });
}

if (typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers !== "function") {
  const withResolvers = <T>() => {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
  Object.defineProperty(Promise, "withResolvers", { value: withResolvers, writable: true, configurable: true });
}

export {};
