import { describe, expect, test } from "vitest";

import { moveActive, searchOptions } from "./search-options";

describe("the header search list", () => {
  test("results say where they are, and the last option creates a course on the topic", () => {
    const options = searchOptions("binary search", [
      { kind: "course", courseId: 1, courseTitle: "Binary search", title: "Binary search", href: "/course/1" },
      { kind: "section", courseId: 2, courseTitle: "Algorithms", title: "Binary search step by step", href: "/course/2?t=65" },
    ]);
    expect(options.map((o) => [o.label, o.detail, o.href])).toEqual([
      ["Binary search", "Course", "/course/1"],
      ["Binary search step by step", "Section in Algorithms", "/course/2?t=65"],
      ["Create a course on “binary search”", null, "/create-course?topic=binary+search"],
    ]);
  });

  test("nothing found: only the offer to create, saying so; no topic: no list", () => {
    expect(searchOptions("graph theory", [])).toEqual([
      { key: "create", label: "Create a course on “graph theory”", detail: "No matching courses yet", href: "/create-course?topic=graph+theory" },
    ]);
    expect(searchOptions("", [])).toEqual([]);
  });

  test("arrows move around the list", () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
