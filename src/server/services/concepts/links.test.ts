import { describe, expect, it } from "vitest";

import { conceptLinks } from "./links";

const at = (...sectionIds: number[]) => sectionIds.map((sectionId) => ({ sectionId }));

describe("conceptLinks", () => {
  it("links concepts first explained in consecutive sections, in course order", () => {
    const links = conceptLinks(
      [
        { key: "sort", moments: at(30) },
        { key: "array", moments: at(10, 30) },
        { key: "merg", moments: at(20) },
      ],
      [10, 20, 30],
    );
    expect(links.filter((l) => l.kind === "before")).toEqual([
      { from: "array", to: "merg", kind: "before" },
      { from: "merg", to: "sort", kind: "before" },
    ]);
  });

  it("links concepts explained in one section once, whichever comes first", () => {
    const links = conceptLinks(
      [
        { key: "stack", moments: at(1, 2) },
        { key: "queue", moments: at(1, 2) },
      ],
      [1, 2],
    );
    expect(links).toEqual([{ from: "queue", to: "stack", kind: "with" }]);
  });

  it("skips sections that introduce nothing new and ignores moments outside the course", () => {
    const links = conceptLinks(
      [
        { key: "a", moments: at(1) },
        { key: "b", moments: at(3, 99) },
      ],
      [1, 2, 3],
    );
    expect(links).toEqual([{ from: "a", to: "b", kind: "before" }]);
  });

  it("gives nothing for no concepts", () => {
    expect(conceptLinks([], [1, 2])).toEqual([]);
  });
});
