import { describe, expect, it } from "vitest";

import { COLUMN_GAP, layoutConceptMap, nearestInDirection, type MapLink } from "./map-layout";

describe("layoutConceptMap", () => {
  it("puts a concept in a column after every concept explained before it", () => {
    const links: MapLink[] = [
      { from: 1, to: 2, kind: "before" },
      { from: 2, to: 3, kind: "before" },
      { from: 1, to: 3, kind: "before" },
      { from: 3, to: 4, kind: "with" },
    ];
    const points = layoutConceptMap([1, 2, 3, 4], links);
    expect(points.get(1)!.x).toBe(0);
    expect(points.get(2)!.x).toBe(COLUMN_GAP);
    expect(points.get(3)!.x).toBe(2 * COLUMN_GAP);
    // Linked by "goes with" only: the same block, first column.
    expect(points.get(4)!.x).toBe(0);
  });

  it("lays out a cycle of 'before' links without looping, every concept once", () => {
    const links: MapLink[] = [
      { from: 1, to: 2, kind: "before" },
      { from: 2, to: 3, kind: "before" },
      { from: 3, to: 1, kind: "before" },
    ];
    const points = layoutConceptMap([1, 2, 3], links);
    expect(new Set([...points.values()].map((p) => p.x)).size).toBe(3);
  });

  it("gives 2,000 concepts distinct places quickly, links to concepts not shown ignored", () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => i + 1);
    const links: MapLink[] = [];
    for (let id = 1; id <= 2_000; id += 1) {
      if (id % 20 !== 0) links.push({ from: id, to: id + 1, kind: "before" });
      if (id % 7 === 0) links.push({ from: id, to: (id * 13) % 2_000 || 1, kind: "with" });
    }
    links.push({ from: 5, to: 99_999, kind: "before" });
    const started = performance.now();
    const points = layoutConceptMap(ids, links);
    expect(performance.now() - started).toBeLessThan(500);
    expect(points.size).toBe(2_000);
    expect(new Set([...points.values()].map((p) => `${p.x},${p.y}`)).size).toBe(2_000);
  });
});

describe("nearestInDirection", () => {
  const points = new Map([
    [1, { x: 0, y: 0 }],
    [2, { x: 100, y: 0 }],
    [3, { x: 100, y: 80 }],
    [4, { x: 0, y: 80 }],
    [5, { x: 60, y: 300 }],
  ]);

  it("moves to the nearest concept that way, staying on the row or column", () => {
    expect(nearestInDirection(points, 1, "right")).toBe(2);
    expect(nearestInDirection(points, 1, "down")).toBe(4);
    expect(nearestInDirection(points, 3, "left")).toBe(4);
    expect(nearestInDirection(points, 3, "up")).toBe(2);
    expect(nearestInDirection(points, 4, "down")).toBe(5);
  });

  it("answers null at the edge and for an unknown concept", () => {
    expect(nearestInDirection(points, 1, "left")).toBeNull();
    expect(nearestInDirection(points, 9, "right")).toBeNull();
  });
});
