import { describe, expect, test } from "vitest";

import { AppError } from "~/server/errors";

import { MAX_PACKAGE_FIELD_CHARACTERS, PACKAGE_TOO_LARGE_MESSAGE, writeAnkiPackage } from "./anki-package";
import { DECK_BUSY_MESSAGE, DECK_BUSY_RETRY_SECONDS, MAX_CONCURRENT_DECK_BUILDS, withDeckBuildSlot } from "./build-slots";

/** A build that runs until released, recording when it started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("Anki deck builds", () => {
  test(`at most ${MAX_CONCURRENT_DECK_BUILDS} at once per process; the others wait their turn, first come first served`, async () => {
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const builds = gates.map((g, i) =>
      withDeckBuildSlot(1000 + i, async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await builds[1];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(builds)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  test("one per learner: a second deck while the first builds is a 429 with a retry time; after it, the next is built", async () => {
    const first = gate();
    const building = withDeckBuildSlot(7, () => first.opened);
    const refused = await withDeckBuildSlot(7, () => Promise.resolve("built")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS", message: DECK_BUSY_MESSAGE, retryAfterSeconds: DECK_BUSY_RETRY_SECONDS });
    // Another learner is not held up.
    expect(await withDeckBuildSlot(8, () => Promise.resolve("theirs"))).toBe("theirs");
    first.open();
    await building;
    expect(await withDeckBuildSlot(7, () => Promise.resolve("built"))).toBe("built");
  });

  test("a failed build frees its slot and the learner", async () => {
    await expect(withDeckBuildSlot(9, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await withDeckBuildSlot(9, () => Promise.resolve("again"))).toBe("again");
  });

  test("a package holding more field text than the bound is refused before anything is built", async () => {
    const big = "a".repeat(MAX_PACKAGE_FIELD_CHARACTERS / 2);
    const cards = [1, 2].map((n) => ({ key: `card-${n}`, deck: "CourseCraft::x", front: big, back: n === 2 ? "!" : "", moment: "" }));
    await expect(writeAnkiPackage(cards)).rejects.toMatchObject({ code: "UNPROCESSABLE", message: PACKAGE_TOO_LARGE_MESSAGE });
    const small = await writeAnkiPackage([{ ...cards[0]!, front: "small" }]);
    expect([...small.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]); // "PK\x03\x04": a zip archive
  });
});
