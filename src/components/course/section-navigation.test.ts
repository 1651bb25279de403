import { describe, expect, it } from "vitest";

import {
  flattenSections,
  formatTime,
  initialSectionId,
  neighbours,
  openingPoint,
  parseStartAt,
  progressPercent,
  sectionAtTime,
  sectionCrossed,
  sectionStatus,
  startSeconds,
  type PlayerChapter,
} from "./section-navigation";

const section = (id: number, order: number, timeStart: number) => ({ id, title: `Section ${id}`, order, content: "", timeStart });
// Given out of order on purpose: the player sorts by chapter order, then section order.
const chapters: PlayerChapter[] = [
  { id: 20, title: "Second", order: 2, sections: [section(4, 2, 300), section(3, 1, 200)] },
  { id: 10, title: "First", order: 1, sections: [section(1, 1, 0), section(2, 2, 90)] },
];
const flat = flattenSections(chapters);

describe("flattenSections", () => {
  it("lists sections in reading order with their chapter and index", () => {
    expect(flat.map((s) => [s.id, s.chapterId, s.index])).toEqual([
      [1, 10, 0],
      [2, 10, 1],
      [3, 20, 2],
      [4, 20, 3],
    ]);
  });

  it("handles an empty course", () => {
    expect(flattenSections([])).toEqual([]);
    expect(flattenSections([{ id: 1, title: "x", order: 1, sections: [] }])).toEqual([]);
  });
});

describe("neighbours", () => {
  it("gives the previous and next sections across chapters", () => {
    expect(neighbours(flat, 2)).toMatchObject({ previous: { id: 1 }, next: { id: 3 }, isLast: false });
    expect(neighbours(flat, 1)).toMatchObject({ previous: null, next: { id: 2 } });
    expect(neighbours(flat, 4)).toMatchObject({ previous: { id: 3 }, next: null, isLast: true });
  });

  it("has none for an unknown section", () => {
    expect(neighbours(flat, 99)).toEqual({ previous: null, next: null, isLast: false });
    expect(neighbours(flat, null)).toEqual({ previous: null, next: null, isLast: false });
  });
});

describe("initialSectionId", () => {
  it("resumes at the saved section, else the first", () => {
    expect(initialSectionId(flat, 3)).toBe(3);
    expect(initialSectionId(flat, null)).toBe(1);
    expect(initialSectionId(flat, undefined)).toBe(1);
    // A section of another course (or one since removed) is not resumed.
    expect(initialSectionId(flat, 999)).toBe(1);
    expect(initialSectionId([], 3)).toBeNull();
  });
});

describe("startSeconds", () => {
  it("defaults to 0", () => {
    expect(startSeconds(null)).toBe(0);
    expect(startSeconds({ timeStart: -5 })).toBe(0);
    expect(startSeconds({ timeStart: Number.NaN })).toBe(0);
    expect(startSeconds({ timeStart: 42 })).toBe(42);
  });
});

describe("sectionAtTime", () => {
  it("is the last section started at or before the time", () => {
    expect(sectionAtTime(flat, 0)?.id).toBe(1);
    expect(sectionAtTime(flat, 89.9)?.id).toBe(1);
    expect(sectionAtTime(flat, 90)?.id).toBe(2);
    expect(sectionAtTime(flat, 250)?.id).toBe(3);
    expect(sectionAtTime(flat, 10_000)?.id).toBe(4);
  });

  it("is the first section before any start, and null without sections", () => {
    const late = flattenSections([{ id: 1, title: "c", order: 1, sections: [section(7, 1, 30), section(8, 2, 60)] }]);
    expect(sectionAtTime(late, 5)?.id).toBe(7);
    expect(sectionAtTime([], 5)).toBeNull();
  });
});

describe("sectionCrossed", () => {
  it("follows the video forward over a section start", () => {
    expect(sectionCrossed(flat, 89, 90)?.id).toBe(2);
    expect(sectionCrossed(flat, 89, 91)?.id).toBe(2);
    // A jump over several starts lands in the section playing now.
    expect(sectionCrossed(flat, 10, 250)?.id).toBe(3);
  });

  it("ignores playing within a section, seeks backwards and the first reading", () => {
    expect(sectionCrossed(flat, 91, 95)).toBeNull();
    expect(sectionCrossed(flat, 250, 20)).toBeNull();
    expect(sectionCrossed(flat, 90, 90)).toBeNull();
    expect(sectionCrossed(flat, null, 95)).toBeNull();
  });
});

describe("progressPercent", () => {
  it("is completed over all sections of the course, rounded", () => {
    expect(progressPercent(flat, [])).toBe(0);
    expect(progressPercent(flat, [1])).toBe(25);
    expect(progressPercent(flat.slice(0, 3), [1])).toBe(33);
    expect(progressPercent(flat.slice(0, 3), [1, 2])).toBe(67);
    expect(progressPercent(flat, [1, 2, 3, 4])).toBe(100);
  });

  it("ignores ids that are not sections of the course and duplicates", () => {
    expect(progressPercent(flat, [1, 1, 99])).toBe(25);
    expect(progressPercent([], [1])).toBe(0);
  });
});

describe("sectionStatus", () => {
  it("marks current first, then done, else not started", () => {
    const done = new Set([1, 2]);
    expect(sectionStatus(2, 2, done)).toBe("current");
    expect(sectionStatus(1, 2, done)).toBe("done");
    expect(sectionStatus(3, 2, done)).toBe("not-started");
  });
});

describe("formatTime", () => {
  it("formats seconds as a clock", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(65.7)).toBe("1:05");
    expect(formatTime(3725)).toBe("1:02:05");
    expect(formatTime(-3)).toBe("0:00");
  });
});

describe("parseStartAt and openingPoint", () => {
  it("reads whole seconds from ?t= and nothing else", () => {
    expect(parseStartAt("65")).toBe(65);
    expect(parseStartAt("0")).toBe(0);
    for (const bad of [undefined, "", "-5", "1.5", "1e3", "abc", "999999", ["65"]]) expect(parseStartAt(bad)).toBeNull();
  });

  it("opens a linked moment in the section playing then, else the saved section at its start", () => {
    expect(openingPoint(flat, 1, 250)).toEqual({ sectionId: 3, seconds: 250 });
    expect(openingPoint(flat, 4, 10)).toEqual({ sectionId: 1, seconds: 10 });
    expect(openingPoint(flat, 3, null)).toEqual({ sectionId: 3, seconds: 200 });
    expect(openingPoint(flat, 99, null)).toEqual({ sectionId: 1, seconds: 0 });
    expect(openingPoint([], null, 30)).toEqual({ sectionId: null, seconds: 0 });
  });
});
