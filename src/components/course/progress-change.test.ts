import { describe, expect, it } from "vitest";

import { applyProgressChange, completionOf } from "./progress-change";

const empty = { courseId: 3, userId: 9, currentSectionId: null, completedSections: [], totalSections: 4 };

describe("completionOf", () => {
  it("completes a section once", () => {
    expect(completionOf(new Set([1]), 2)).toEqual({ completedSectionId: 2 });
    expect(completionOf(new Set([1, 2]), 2)).toEqual({});
  });
});

describe("applyProgressChange", () => {
  it("starts from the empty record when there is none", () => {
    expect(applyProgressChange(null, { currentSectionId: 5 }, empty)).toEqual({ ...empty, currentSectionId: 5 });
    expect(applyProgressChange(undefined, { completedSectionId: 5 }, empty)).toEqual({ ...empty, completedSections: [5] });
  });

  it("adds a completed section once and moves the current one", () => {
    const record = { ...empty, currentSectionId: 1, completedSections: [1] };
    expect(applyProgressChange(record, { currentSectionId: 2, completedSectionId: 1 }, empty)).toEqual({ ...record, currentSectionId: 2 });
    expect(applyProgressChange(record, { currentSectionId: 3, completedSectionId: 2 }, empty)).toEqual({
      ...record,
      currentSectionId: 3,
      completedSections: [1, 2],
    });
  });

  it("keeps the current section when the change does not name one", () => {
    const record = { ...empty, currentSectionId: 4, completedSections: [] };
    expect(applyProgressChange(record, { completedSectionId: 4 }, empty)).toEqual({ ...record, completedSections: [4] });
  });
});
