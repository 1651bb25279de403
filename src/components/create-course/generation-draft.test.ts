import { describe, expect, it } from "vitest";

import { parseDraft } from "./generation-draft";

describe("parseDraft", () => {
  it("reads a stored draft", () => {
    const draft = { topic: "binary search", complexity: "advanced", additionalInstructions: "Use Python", language: "ja" };
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
    // Drafts saved before the language field, or with one the form does not offer: the browser's language is shown.
    const older = { topic: "sql", complexity: "beginner", additionalInstructions: "", language: null };
    expect(parseDraft(JSON.stringify({ topic: "sql", complexity: "beginner" }))).toEqual(older);
    expect(parseDraft(JSON.stringify({ topic: "sql", complexity: "beginner", language: "tlh" }))).toEqual(older);
  });

  it("refuses anything else", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("not json")).toBeNull();
    expect(parseDraft("42")).toBeNull();
    expect(parseDraft(JSON.stringify({ topic: "sql", complexity: "expert" }))).toBeNull();
    expect(parseDraft(JSON.stringify({ topic: 3, complexity: "beginner" }))).toBeNull();
  });
});
