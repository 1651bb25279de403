import { describe, expect, it } from "vitest";

import { courseDescription, DESCRIPTION_FALLBACK, interestLine, recommendationsState } from "./recommendations";

describe("recommendationsState", () => {
  it("is loading until the query settles", () => {
    expect(recommendationsState({ isPending: true, isError: false })).toBe("loading");
  });

  it("is empty when there is nothing to recommend, or the query failed", () => {
    expect(recommendationsState({ isPending: false, isError: false, data: [] })).toBe("empty");
    expect(recommendationsState({ isPending: false, isError: true })).toBe("empty");
  });

  it("is ready with at least one course", () => {
    expect(recommendationsState({ isPending: false, isError: false, data: [{ id: 1 }] })).toBe("ready");
  });
});

describe("interestLine", () => {
  it("names the course's complexity", () => {
    expect(interestLine("beginner")).toBe("Based on your interest in beginner content");
    expect(interestLine("advanced")).toBe("Based on your interest in advanced content");
  });
});

describe("courseDescription", () => {
  it("keeps a description", () => {
    expect(courseDescription("Sorted arrays, halved.")).toBe("Sorted arrays, halved.");
  });

  it("falls back when there is none", () => {
    expect(courseDescription(null)).toBe(DESCRIPTION_FALLBACK);
    expect(courseDescription("  ")).toBe(DESCRIPTION_FALLBACK);
    expect(DESCRIPTION_FALLBACK).toBe("Learn more about this topic with our structured learning path");
  });
});
