import { describe, expect, it } from "vitest";

import { GENERATION_STAGES } from "~/lib/schemas/generation";

import { clampProgress, engineNote, isJobActive, stageLabel } from "./generation-stage";

describe("stageLabel", () => {
  it("words every stage the server reports", () => {
    expect(GENERATION_STAGES.map((stage) => stageLabel(stage))).toEqual([
      "Waiting to start…",
      "Finding the best video…",
      "Reading the transcript…",
      "Structuring chapters…",
      "Writing sections…",
      "Saving your course…",
      "Your course is ready!",
    ]);
  });

  it("reads an unknown or missing stage as waiting", () => {
    expect(stageLabel("teleporting")).toBe("Waiting to start…");
    expect(stageLabel("toString")).toBe("Waiting to start…");
    expect(stageLabel(undefined)).toBe("Waiting to start…");
    expect(stageLabel(null)).toBe("Waiting to start…");
  });
});

describe("isJobActive", () => {
  it("is true only while the job can still change", () => {
    expect(isJobActive("queued")).toBe(true);
    expect(isJobActive("running")).toBe(true);
    expect(isJobActive("succeeded")).toBe(false);
    expect(isJobActive("failed")).toBe(false);
  });
});

describe("clampProgress", () => {
  it("keeps the bar within 0..100 whole percent", () => {
    expect(clampProgress(42)).toBe(42);
    expect(clampProgress(42.6)).toBe(43);
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(250)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(undefined)).toBe(0);
  });
});

describe("engineNote", () => {
  it("names the engine that built the course, and nothing for an unknown one", () => {
    expect(engineNote("llm")).toBe("Structured and written by the AI model.");
    expect(engineNote("offline")).toMatch(/offline engine/);
    expect(engineNote(null)).toBeUndefined();
    expect(engineNote("other")).toBeUndefined();
  });
});
