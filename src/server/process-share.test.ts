import { describe, expect, test } from "vitest";

import { processShare } from "./process-share";

describe("processShare", () => {
  test("an instance's budget is divided among its server processes, never multiplied", () => {
    expect(processShare(2, 1, 1)).toBe(2);
    expect(processShare(2, 1, 2)).toBe(1);
    expect(processShare(10, 2, 2)).toBe(5);
    expect(processShare(6, 1, 4)).toBe(1);
  });

  test("each process keeps its minimum however many there are", () => {
    expect(processShare(2, 1, 8)).toBe(1);
    expect(processShare(10, 2, 16)).toBe(2);
  });

  test("one process by default (tests, development)", () => {
    expect(processShare(10)).toBe(10);
  });
});
