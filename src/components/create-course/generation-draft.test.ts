import { describe, expect, it } from "vitest";

import { parseDraft } from "./generation-draft";

describe("parseDraft", () => {
  it("reads a stored draft", () => {
    const draft = { topic: "binary search", complexity: "advanced", additionalInstructions: "Use Python" };
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
    expect(parseDraft(JSON.stringify({ topic: "sql", complexity: "beginner" }))).toEqual({ topic: "sql", complexity: "beginner", additionalInstructions: "" });
  });

  it("refuses anything else", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("not json")).toBeNull();
    expect(parseDraft("42")).toBeNull();
    expect(parseDraft(JSON.stringify({ topic: "sql", complexity: "expert" }))).toBeNull();
    expect(parseDraft(JSON.stringify({ topic: 3, complexity: "beginner" }))).toBeNull();
  });
});
