import type pg from "pg";

import { poolOf } from "./client";

/** Keys per statement at most: a burst larger than this is answered by several statements. */
const MAX_KEYS_PER_STATEMENT = 256;

type Waiting<Key, Row> = { key: Key; resolve: (row: Row | undefined) => void; reject: (error: unknown) => void };

/**
 * A lookup that runs on every request (the session check, course access), answered for many
 * requests by one statement: a request that arrives while the lookup's statement is on its way
 * waits for the next one, sent as soon as that one returns, with every key that came meanwhile.
 * At rest a request still gets a statement of its own at once; under load one statement answers
 * many, which spares the app and the database the per-statement cost.
 *
 * A request never joins a statement sent before it arrived, so every answer is read after its
 * request came: a write that has answered is seen by every later request, on every process.
 */
export class BatchedLookup<Key, Row> {
  private waiting: Waiting<Key, Row>[] = [];
  private sending = false;

  /**
   * `read` answers a list of distinct keys in one statement, a row (or undefined) per key, in
   * order; `keyText` says when two keys are the same.
   */
  constructor(
    private readonly read: (keys: Key[]) => Promise<(Row | undefined)[]>,
    private readonly keyText: (key: Key) => string,
  ) {}

  load(key: Key): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.send();
    });
  }

  private send(): void {
    if (this.sending || this.waiting.length === 0) return;
    this.sending = true;
    const batch = this.takeBatch();
    const keys = [...batch.values()].map((waiters) => waiters[0]!.key);
    this.read(keys)
      .then(
        (rows) => [...batch.values()].forEach((waiters, index) => waiters.forEach((waiter) => waiter.resolve(rows[index]))),
        (error: unknown) => batch.forEach((waiters) => waiters.forEach((waiter) => waiter.reject(error))),
      )
      .finally(() => {
        // The next statement waits for the requests that reached this process meanwhile to have
        // their turn, so that it carries them all.
        setImmediate(() => {
          this.sending = false;
          this.send();
        });
      });
  }

  /** The waiting requests, grouped by key, up to the statement's number of keys. */
  private takeBatch(): Map<string, Waiting<Key, Row>[]> {
    const batch = new Map<string, Waiting<Key, Row>[]>();
    let taken = 0;
    for (const waiter of this.waiting) {
      const text = this.keyText(waiter.key);
      const same = batch.get(text);
      if (same) same.push(waiter);
      else if (batch.size < MAX_KEYS_PER_STATEMENT) batch.set(text, [waiter]);
      else break;
      taken += 1;
    }
    this.waiting = this.waiting.slice(taken);
    return batch;
  }
}

/**
 * A statement answering many keys at once: it takes one int array per key field, in `fields`'
 * order, reads them with `unnest(…) WITH ORDINALITY AS k(…, position)` and returns each found
 * key's row with its `position` (from 1).
 */
export type BatchedStatement<Key> = { name: string; text: string; fields: readonly (keyof Key & string)[] };

/**
 * The lookup of `statement` on the pool behind `db`, made on first use; null for a transaction
 * client, whose reads belong to its transaction and are made one by one.
 */
export function batchedLookupFor<Key extends Record<string, number>, Row>(db: object, statement: BatchedStatement<Key>): BatchedLookup<Key, Row> | null {
  const pool = poolOf(db);
  if (!pool) return null;
  const byName = lookups.get(pool) ?? new Map<string, BatchedLookup<never, unknown>>();
  lookups.set(pool, byName);
  let lookup = byName.get(statement.name) as BatchedLookup<Key, Row> | undefined;
  if (!lookup) byName.set(statement.name, (lookup = lookupOn<Key, Row>(pool, statement)) as unknown as BatchedLookup<never, unknown>);
  return lookup;
}

const lookups = new WeakMap<pg.Pool, Map<string, BatchedLookup<never, unknown>>>();

function lookupOn<Key extends Record<string, number>, Row>(pool: pg.Pool, { name, text, fields }: BatchedStatement<Key>): BatchedLookup<Key, Row> {
  const read = async (keys: Key[]) => {
    const values = fields.map((field) => keys.map((key) => key[field]));
    const { rows } = await pool.query<Row & { position: number }>({ name, text, values });
    const found = new Map(rows.map(({ position, ...row }) => [position, row as Row]));
    return keys.map((_, index) => found.get(index + 1));
  };
  return new BatchedLookup(read, (key) => fields.map((field) => key[field]).join(":"));
}
