import { expect, test } from "vitest";

import { LOCK_SPACES } from "./locks";

test("every lock space has a key of its own (two uses sharing one would block each other)", () => {
  const keys = Object.values(LOCK_SPACES);
  expect(new Set(keys).size).toBe(keys.length);
});
