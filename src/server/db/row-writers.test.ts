import { describe, expect, test } from "vitest";

import { RowWriters } from "./row-writers";

/** A write that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("RowWriters", () => {
  test("runs at most `limit` writers of one key at once, the rest in arrival order; other keys do not wait", async () => {
    const writers = new RowWriters(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const writes = gates.map((g, index) =>
      writers.run("a", async () => {
        started.push(index);
        most = Math.max(most, (running += 1));
        await g.opened;
        running -= 1;
        return index;
      }),
    );
    await expect(writers.run("b", () => Promise.resolve("other key"))).resolves.toBe("other key");
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(writers.pending("a")).toBe(5);

    gates[1]!.open();
    await writes[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    await expect(Promise.all(writes)).resolves.toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(writers.pending("a")).toBe(0);
  });

  test("a failed write gives its slot to the next one and rejects only its own caller", async () => {
    const writers = new RowWriters(1);
    const failing = writers.run("a", () => Promise.reject(new Error("constraint")));
    const next = writers.run("a", () => Promise.resolve("written"));
    await expect(failing).rejects.toThrow("constraint");
    await expect(next).resolves.toBe("written");
    expect(writers.pending("a")).toBe(0);
  });

  test("a write that throws before its first await is a rejection too", async () => {
    const writers = new RowWriters(1);
    const throwing = writers.run("a", () => {
      throw new Error("bad input");
    });
    await expect(throwing).rejects.toThrow("bad input");
    await expect(writers.run("a", () => Promise.resolve(1))).resolves.toBe(1);
  });
});
