import { describe, expect, it } from "vitest";

import { BatchedLookup } from "./batched-lookup";

/** A read whose statements are answered by hand, recording the keys and the state each one saw. */
function manualRead() {
  const statements: { keys: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  let state = "before";
  const read = (keys: number[]) =>
    new Promise<(string | undefined)[]>((resolve, reject) => {
      const seen = state;
      statements.push({ keys, answer: () => resolve(keys.map((key) => (key < 0 ? undefined : `${seen}:${key}`))), fail: reject });
    });
  return { read, statements, write: (next: string) => (state = next) };
}

/** After the statement that returned has let every waiting request join the next. */
const nextTurn = async () => {
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe("BatchedLookup", () => {
  it("sends a lone request at once, and the requests that come while it is on its way together in the next statement", async () => {
    const { read, statements } = manualRead();
    const lookup = new BatchedLookup(read, String);
    const first = lookup.load(1);
    expect(statements.map((statement) => statement.keys)).toEqual([[1]]);
    const later = [lookup.load(2), lookup.load(3), lookup.load(2), lookup.load(-1)];
    expect(statements).toHaveLength(1);
    statements[0]!.answer();
    expect(await first).toBe("before:1");
    await nextTurn();
    expect(statements.map((statement) => statement.keys)).toEqual([[1], [2, 3, -1]]);
    statements[1]!.answer();
    expect(await Promise.all(later)).toEqual(["before:2", "before:3", "before:2", undefined]);
  });

  it("never answers a request with a statement sent before it arrived: a write that answered first is seen", async () => {
    const { read, statements, write } = manualRead();
    const lookup = new BatchedLookup(read, String);
    const early = lookup.load(7);
    write("after");
    const late = lookup.load(7);
    statements[0]!.answer();
    expect(await early).toBe("before:7");
    await nextTurn();
    statements[1]!.answer();
    expect(await late).toBe("after:7");
  });

  it("fails every request of a failed statement, and the next statement still goes", async () => {
    const { read, statements } = manualRead();
    const lookup = new BatchedLookup(read, String);
    const first = lookup.load(1);
    const second = [lookup.load(2), lookup.load(3)];
    statements[0]!.answer();
    await first;
    await nextTurn();
    statements[1]!.fail(new Error("connection lost"));
    await expect(Promise.all(second)).rejects.toThrow("connection lost");
    const third = lookup.load(4);
    await nextTurn();
    statements[2]!.answer();
    expect(await third).toBe("before:4");
  });

  it("splits a burst larger than one statement takes", async () => {
    const { read, statements } = manualRead();
    const lookup = new BatchedLookup(read, String);
    const first = lookup.load(0);
    const burst = Array.from({ length: 300 }, (_, index) => lookup.load(index + 1));
    statements[0]!.answer();
    await first;
    for (let index = 1; index < 3; index += 1) {
      await nextTurn();
      statements[index]!.answer();
      await nextTurn();
    }
    expect(await Promise.all(burst)).toHaveLength(300);
    expect(statements.map((statement) => statement.keys.length)).toEqual([1, 256, 44]);
  });
});
