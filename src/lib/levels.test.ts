import { describe, expect, it } from "vitest";

import { levelFor, MAX_LEVEL, progressToNextLevel } from "./levels";

describe("levelFor", () => {
  it("gains a level every two courses started, up to level 5", () => {
    expect([0, 1, 2, 3, 4, 7, 8, 9, 50].map(levelFor)).toEqual([1, 1, 2, 2, 3, 4, 5, 5, 5]);
    expect(levelFor(8)).toBe(MAX_LEVEL);
  });
});

describe("progressToNextLevel", () => {
  it("is half way after one course of the two a level takes", () => {
    expect([0, 1, 2, 3, 6, 7].map(progressToNextLevel)).toEqual([0, 50, 0, 50, 0, 50]);
  });

  it("is full at the top level", () => {
    expect(progressToNextLevel(8)).toBe(100);
    expect(progressToNextLevel(9)).toBe(100);
  });
});
