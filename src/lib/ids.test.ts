import { expect, test } from "vitest";

import { MAX_DATABASE_ID, parseIdParam } from "./ids";

test("parseIdParam takes a positive whole number that fits the column, nothing else", () => {
  expect(parseIdParam("42")).toBe(42);
  expect(parseIdParam(String(MAX_DATABASE_ID))).toBe(MAX_DATABASE_ID);
  for (const raw of ["0", "-1", "1.5", "1e3", "0x10", " 4", "4 ", "", "abc", String(MAX_DATABASE_ID + 1), "99999999999"]) expect(parseIdParam(raw)).toBeNull();
});
