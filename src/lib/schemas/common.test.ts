import { describe, expect, test } from "vitest";

import { countSchema, idSchema } from "./common";

describe("idSchema", () => {
  test("takes a positive whole number, as a JSON number or as the digits a path or query sends", () => {
    expect(idSchema.parse(7)).toBe(7);
    expect(idSchema.parse("7")).toBe(7);
    expect(idSchema.parse("2147483647")).toBe(2_147_483_647);
  });

  test("converts nothing else: booleans, arrays, hex, exponents, signs and fractions are refused", () => {
    for (const value of [
      true,
      false,
      [7],
      ["7"],
      null,
      {},
      "0x10",
      "1e3",
      "-1",
      "+1",
      " 7",
      "7.0",
      "",
      1.5,
      0,
      -1,
      "0",
      "2147483648",
      2_147_483_648,
      Number.NaN,
      Infinity,
    ]) {
      expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe("countSchema", () => {
  test("a whole number within its range, from JSON or a query string", () => {
    const limit = countSchema("limit", 1, 12);
    expect(limit.parse("3")).toBe(3);
    expect(limit.parse(12)).toBe(12);
    expect(limit.safeParse(13).error?.issues[0]?.message).toBe("limit must be at most 12");
    expect(limit.safeParse(true).error?.issues[0]?.message).toBe("limit must be a number");
  });
});
